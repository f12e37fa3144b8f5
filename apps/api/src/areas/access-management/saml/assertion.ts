import { createHmac, randomBytes } from 'node:crypto';
import { SAML_NAME_ID_FORMATS, type SamlAttribute, type SamlNameIdFormat } from '@campus/api-contract';
import type { ApplicationAccess } from '../sso/access.js';
import { ASSERTION_NS, PROTOCOL_NS, xmlEscape } from './xml.js';

/** A user as one application sees them: the person, their roles and modules there, and whether they may sign in. */
export type SamlAccess = ApplicationAccess;

const URI = 'urn:oasis:names:tc:SAML:2.0:attrname-format:uri';
/** Each releasable attribute: its name on the wire (the OID of the eduPerson / inetOrgPerson schemas) and values. */
const ATTRIBUTES: Record<SamlAttribute, { name: string; values: (a: SamlAccess) => string[] }> = {
  mail: { name: 'urn:oid:0.9.2342.19200300.100.1.3', values: (a) => [a.email] },
  givenName: { name: 'urn:oid:2.5.4.42', values: (a) => [a.firstName] },
  sn: { name: 'urn:oid:2.5.4.4', values: (a) => [a.lastName] },
  displayName: {
    name: 'urn:oid:2.16.840.1.113730.3.1.241',
    values: (a) => [[a.firstName, a.middleName, a.lastName].filter(Boolean).join(' ')],
  },
  eduPersonPrincipalName: { name: 'urn:oid:1.3.6.1.4.1.5923.1.1.1.6', values: (a) => [a.email.toLowerCase()] },
  // The user's type: an account linked to an employee record is staff of the university; any other is an affiliate.
  eduPersonAffiliation: {
    name: 'urn:oid:1.3.6.1.4.1.5923.1.1.1.1',
    values: (a) => (a.isEmployee ? ['employee', 'member'] : ['affiliate']),
  },
  roles: { name: 'urn:campus:attribute:roles', values: (a) => a.roles },
  modules: { name: 'urn:campus:attribute:modules', values: (a) => a.modules },
};

/** The NameID for a user at one service provider. Persistent ids are pairwise: no two providers can link them. */
export function nameIdFor(format: SamlNameIdFormat, access: SamlAccess, entityId: string, secret: string): string {
  if (format === 'emailAddress') return access.email;
  if (format === 'persistent')
    return createHmac('sha256', secret).update(`saml-nameid|${entityId}|${access.userId}`).digest('base64url');
  return `_${randomBytes(20).toString('hex')}`;
}

export interface AssertionInput {
  readonly responseId: string;
  readonly assertionId: string;
  readonly issuer: string;
  readonly audience: string;
  readonly acsUrl: string;
  readonly inResponseTo: string | null;
  readonly nameIdFormat: SamlNameIdFormat;
  readonly nameId: string;
  readonly sessionIndex: string;
  readonly now: Date;
  /** How long the assertion may be used (SubjectConfirmationData and Conditions NotOnOrAfter). */
  readonly validForMs: number;
  readonly access: SamlAccess;
  readonly released: readonly SamlAttribute[];
}

/** The unsigned Response with its Assertion, ready for samlify to sign (and encrypt). Every value is escaped. */
export function responseXml(input: AssertionInput): string {
  const e = xmlEscape;
  const now = input.now.toISOString();
  const until = new Date(input.now.getTime() + input.validForMs).toISOString();
  const inResponseTo = input.inResponseTo ? ` InResponseTo="${e(input.inResponseTo)}"` : '';
  const attributes = input.released
    .map((key) => {
      const { name, values } = ATTRIBUTES[key];
      const list = values(input.access);
      if (!list.length) return '';
      return `<saml:Attribute Name="${e(name)}" NameFormat="${URI}" FriendlyName="${e(key)}">${list
        .map((v) => `<saml:AttributeValue xsi:type="xs:string">${e(v)}</saml:AttributeValue>`)
        .join('')}</saml:Attribute>`;
    })
    .join('');
  return (
    `<samlp:Response xmlns:samlp="${PROTOCOL_NS}" xmlns:saml="${ASSERTION_NS}" ID="${e(input.responseId)}" Version="2.0" IssueInstant="${now}" Destination="${e(input.acsUrl)}"${inResponseTo}>` +
    `<saml:Issuer>${e(input.issuer)}</saml:Issuer>` +
    `<samlp:Status><samlp:StatusCode Value="urn:oasis:names:tc:SAML:2.0:status:Success"/></samlp:Status>` +
    `<saml:Assertion xmlns:xsi="http://www.w3.org/2001/XMLSchema-instance" xmlns:xs="http://www.w3.org/2001/XMLSchema" ID="${e(input.assertionId)}" Version="2.0" IssueInstant="${now}">` +
    `<saml:Issuer>${e(input.issuer)}</saml:Issuer>` +
    `<saml:Subject><saml:NameID Format="${SAML_NAME_ID_FORMATS[input.nameIdFormat]}" SPNameQualifier="${e(input.audience)}">${e(input.nameId)}</saml:NameID>` +
    `<saml:SubjectConfirmation Method="urn:oasis:names:tc:SAML:2.0:cm:bearer"><saml:SubjectConfirmationData NotOnOrAfter="${until}" Recipient="${e(input.acsUrl)}"${inResponseTo}/></saml:SubjectConfirmation></saml:Subject>` +
    `<saml:Conditions NotBefore="${now}" NotOnOrAfter="${until}"><saml:AudienceRestriction><saml:Audience>${e(input.audience)}</saml:Audience></saml:AudienceRestriction></saml:Conditions>` +
    `<saml:AuthnStatement AuthnInstant="${now}" SessionIndex="${e(input.sessionIndex)}"><saml:AuthnContext><saml:AuthnContextClassRef>urn:oasis:names:tc:SAML:2.0:ac:classes:PasswordProtectedTransport</saml:AuthnContextClassRef></saml:AuthnContext></saml:AuthnStatement>` +
    (attributes ? `<saml:AttributeStatement>${attributes}</saml:AttributeStatement>` : '') +
    `</saml:Assertion></samlp:Response>`
  );
}

export interface LogoutRequestInput {
  readonly id: string;
  readonly issuer: string;
  readonly destination: string;
  readonly audience: string;
  readonly nameIdFormat: SamlNameIdFormat;
  readonly nameId: string;
  readonly sessionIndex: string;
  readonly now: Date;
  /** How long the service provider may act on it (NotOnOrAfter). */
  readonly validForMs: number;
}

/**
 * The LogoutRequest the identity provider sends a service provider during single logout (SAML core §3.7.1): the
 * NameID as the assertion gave it and the SessionIndex of that sign-in, so the provider ends exactly that session.
 */
export function logoutRequestXml(input: LogoutRequestInput): string {
  const e = xmlEscape;
  const until = new Date(input.now.getTime() + input.validForMs).toISOString();
  return (
    `<samlp:LogoutRequest xmlns:samlp="${PROTOCOL_NS}" xmlns:saml="${ASSERTION_NS}" ID="${e(input.id)}" Version="2.0" IssueInstant="${input.now.toISOString()}" Destination="${e(input.destination)}" NotOnOrAfter="${until}">` +
    `<saml:Issuer>${e(input.issuer)}</saml:Issuer>` +
    `<saml:NameID Format="${SAML_NAME_ID_FORMATS[input.nameIdFormat]}" SPNameQualifier="${e(input.audience)}">${e(input.nameId)}</saml:NameID>` +
    `<samlp:SessionIndex>${e(input.sessionIndex)}</samlp:SessionIndex>` +
    `</samlp:LogoutRequest>`
  );
}

export interface LogoutResponseInput {
  readonly id: string;
  readonly issuer: string;
  readonly destination: string;
  readonly inResponseTo: string;
  readonly now: Date;
  /** Some other service provider could not be reached or refused: the SAML `PartialLogout` second-level status. */
  readonly partial: boolean;
}

/** The LogoutResponse to the service provider that started single logout (SAML core §3.7.2). */
export function logoutResponseXml(input: LogoutResponseInput): string {
  const e = xmlEscape;
  const status = input.partial
    ? `<samlp:StatusCode Value="urn:oasis:names:tc:SAML:2.0:status:Success"><samlp:StatusCode Value="urn:oasis:names:tc:SAML:2.0:status:PartialLogout"/></samlp:StatusCode>`
    : `<samlp:StatusCode Value="urn:oasis:names:tc:SAML:2.0:status:Success"/>`;
  return (
    `<samlp:LogoutResponse xmlns:samlp="${PROTOCOL_NS}" xmlns:saml="${ASSERTION_NS}" ID="${e(input.id)}" Version="2.0" IssueInstant="${input.now.toISOString()}" Destination="${e(input.destination)}" InResponseTo="${e(input.inResponseTo)}">` +
    `<saml:Issuer>${e(input.issuer)}</saml:Issuer><samlp:Status>${status}</samlp:Status></samlp:LogoutResponse>`
  );
}
