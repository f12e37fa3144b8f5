import { createRequire } from 'node:module';
import { inflateRawSync } from 'node:zlib';
import { HttpError } from '../../../platform/http/errors.js';

// What arrives from a service provider is read here first, before samlify sees it (decision 0063): size limits on
// the encoded and the inflated message, no document type declaration at all (no entity can be expanded, internal
// or external), one root element of the expected kind, and at most one signature, which must sign that root. The
// last rule defeats XML signature wrapping: a valid signature moved under a forged root signs something else.

/** The longest encoded message taken (a real AuthnRequest is well under 4 KiB, a signed one under 8 KiB). */
export const MAX_ENCODED = 32 * 1024;
/** The longest XML taken once inflated or decoded. */
export const MAX_XML = 32 * 1024;

export const PROTOCOL_NS = 'urn:oasis:names:tc:SAML:2.0:protocol';
export const ASSERTION_NS = 'urn:oasis:names:tc:SAML:2.0:assertion';
const DSIG_NS = 'http://www.w3.org/2000/09/xmldsig#';

/** The few DOM members read here (xmldom's own types pull the browser's DOM library into the API's build). */
interface XmlNode {
  readonly nodeType: number;
  readonly parentNode: XmlNode | null;
  readonly firstChild: XmlNode | null;
  readonly nextSibling: XmlNode | null;
  readonly textContent: string | null;
}
export interface XmlElement extends XmlNode {
  readonly localName: string | null;
  readonly namespaceURI: string | null;
  getAttribute(name: string): string | null;
  getElementsByTagNameNS(ns: string, localName: string): { readonly length: number; item(i: number): XmlElement | null };
}
interface XmlDocument {
  readonly documentElement: XmlElement | null;
  getElementsByTagName(name: string): { readonly length: number; item(i: number): XmlElement | null };
  getElementsByTagNameNS(ns: string, localName: string): { readonly length: number; item(i: number): XmlElement | null };
}
type ErrorHandler = { warning: () => void; error: () => void; fatalError: () => void };
const { DOMParser } = createRequire(import.meta.url)('@xmldom/xmldom') as {
  DOMParser: new (options: { errorHandler: ErrorHandler }) => { parseFromString(xml: string, type: string): XmlDocument };
};

export const BAD_REQUEST = 'This sign-in request could not be read. Start again from the application.';

export interface SamlMessage {
  readonly xml: string;
  readonly root: XmlElement;
  readonly kind: string;
  readonly id: string;
  readonly issuer: string;
  readonly issueInstant: Date;
  readonly destination: string | null;
  readonly isSigned: boolean;
  readonly attribute: (name: string) => string | null;
  /** The text of the root's first child element of that name (assertion namespace), e.g. `NameID`. */
  readonly childText: (localName: string, ns?: string) => string | null;
}

function refuse(message = BAD_REQUEST, status = 400): never {
  throw new HttpError(status, message);
}

/** The XML of a `SAMLRequest` as the binding carries it: deflated then base64 (Redirect), or base64 (POST). */
export function decodeSamlParameter(value: unknown, binding: 'redirect' | 'post'): string {
  if (typeof value !== 'string' || !value) refuse();
  if (value.length > MAX_ENCODED) refuse('This sign-in request is too large.', 413);
  if (!/^[A-Za-z0-9+/=\s_-]+$/.test(value)) refuse();
  const bytes = Buffer.from(value, 'base64');
  let xml: Buffer;
  if (binding === 'redirect') {
    try {
      xml = inflateRawSync(bytes, { maxOutputLength: MAX_XML });
    } catch (error) {
      if (error instanceof RangeError || (error as { code?: string }).code === 'ERR_BUFFER_TOO_LARGE')
        refuse('This sign-in request is too large.', 413);
      refuse();
    }
  } else {
    xml = bytes;
  }
  if (xml.length > MAX_XML) refuse('This sign-in request is too large.', 413);
  return xml.toString('utf8');
}

/** Reads a SAML protocol message of the expected kind (`AuthnRequest`, `LogoutRequest`), or refuses it. */
export function readSamlMessage(xml: string, expected: readonly string[]): SamlMessage {
  // No DTD, no entities: a document type declaration has no place in a SAML message (SAML core §1.3, bindings).
  if (/<!DOCTYPE|<!ENTITY|<!\[CDATA\[\s*<!/i.test(xml)) refuse('Document type declarations are not accepted.');
  let broken = false;
  const parser = new DOMParser({
    errorHandler: { warning: () => undefined, error: () => (broken = true), fatalError: () => (broken = true) },
  });
  const doc = parser.parseFromString(xml, 'text/xml');
  const root = doc?.documentElement;
  if (broken || !root) refuse();
  if (root.namespaceURI !== PROTOCOL_NS || !expected.includes(root.localName ?? '')) refuse();
  const id = root.getAttribute('ID');
  if (!id) refuse();
  // Every ID once: a second element with the signed ID is how a wrapped signature points at forged content.
  const ids = new Set<string>();
  const all = doc.getElementsByTagName('*');
  for (let i = 0; i < all.length; i++) {
    const element = all.item(i)!;
    for (const name of ['ID', 'Id', 'id']) {
      const value = element.getAttribute(name);
      if (value) {
        if (ids.has(value)) refuse();
        ids.add(value);
      }
    }
  }
  const signatures = doc.getElementsByTagNameNS(DSIG_NS, 'Signature');
  if (signatures.length > 1) refuse();
  if (signatures.length === 1) {
    const signature = signatures.item(0)!;
    if (signature.parentNode !== root) refuse();
    const references = signature.getElementsByTagNameNS(DSIG_NS, 'Reference');
    if (references.length !== 1 || references.item(0)!.getAttribute('URI') !== `#${id}`) refuse();
  }
  const childElement = (localName: string, ns = ASSERTION_NS) => {
    for (let node = root.firstChild; node; node = node.nextSibling)
      if (node.nodeType === 1 && (node as XmlElement).localName === localName && (node as XmlElement).namespaceURI === ns)
        return node as XmlElement;
    return null;
  };
  const childText = (localName: string, ns = ASSERTION_NS) => childElement(localName, ns)?.textContent?.trim() ?? null;
  const issuer = childText('Issuer');
  if (!issuer) refuse();
  const issueInstant = new Date(root.getAttribute('IssueInstant') ?? '');
  if (Number.isNaN(issueInstant.getTime())) refuse();
  return {
    xml,
    root,
    kind: root.localName!,
    id,
    issuer,
    issueInstant,
    destination: root.getAttribute('Destination') || null,
    isSigned: signatures.length === 1,
    attribute: (name) => root.getAttribute(name) || null,
    childText,
  };
}

/**
 * The signed part of a Redirect-binding query, byte for byte as it arrived (SAML bindings §3.4.4.1): the raw
 * `SAMLRequest`, `RelayState` and `SigAlg` pairs in that order.
 */
export function redirectOctetString(rawUrl: string, kind: 'SAMLRequest' | 'SAMLResponse' = 'SAMLRequest'): string {
  const query = rawUrl.includes('?') ? rawUrl.slice(rawUrl.indexOf('?') + 1) : '';
  const pairs = new Map<string, string>();
  for (const pair of query.split('&')) {
    const name = pair.split('=')[0]!;
    if (!pairs.has(name)) pairs.set(name, pair);
  }
  return [kind, 'RelayState', 'SigAlg']
    .map((name) => pairs.get(name))
    .filter((pair): pair is string => Boolean(pair))
    .join('&');
}

const ENTITIES: Record<string, string> = { '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&apos;' };
/** Text or an attribute value for XML. */
export const xmlEscape = (value: unknown) => String(value).replace(/[&<>"']/g, (c) => ENTITIES[c]!);
