import { isIP } from 'node:net';
import type { ConnectionOptions } from 'node:tls';
import { Client, escapeFilter, InvalidCredentialsError, NoSuchObjectError, type Entry } from 'ldapts';
import { normalDn, type DirectoryGroups, type DirectoryMapping, type DirectoryTlsMode } from '@campus/api-contract';

/** What the application needs to reach the directory, the bind password already opened. */
export interface DirectorySettings {
  readonly url: string;
  readonly tls: DirectoryTlsMode;
  readonly caCertificate: string;
  readonly bindDn: string;
  readonly bindPassword: string;
  readonly baseDn: string;
  readonly userFilter: string;
  readonly mapping: DirectoryMapping;
  readonly groups: DirectoryGroups;
}

/** A person as the mapping reads their entry. */
export interface DirectoryPerson {
  readonly externalId: string;
  readonly dn: string;
  readonly email: string;
  readonly firstName: string;
  readonly lastName: string;
  readonly type: string | null;
  /** The DNs of the groups the entry is in, as the group source tells them (none when groups are not read). */
  readonly groups: readonly string[];
}

/** Operations wait this long for the directory; a sign-in should not hang on a directory that is down. */
const TIMEOUT_MS = 10_000;
/** Entries per page of a sync's search (Active Directory's default MaxPageSize is 1,000). */
const PAGE_SIZE = 500;

/** A directory failure whose message can be shown to an administrator (never a password, never a stack). */
export class DirectoryError extends Error {}

/** The host name of a directory address (the address itself when it does not parse). */
const hostOf = (url: string) => {
  try {
    return new URL(url).hostname;
  } catch {
    return url;
  }
};

function tlsOptionsOf(settings: DirectorySettings): ConnectionOptions {
  const host = hostOf(settings.url);
  // The certificate is always checked: against the CA given, else against the system's; and it must name `host`
  // (StartTLS too, whose socket is already open: `host` is what the name is checked against). An IP address is no
  // server name to send (RFC 6066).
  return {
    host,
    ...(isIP(host) ? {} : { servername: host }),
    rejectUnauthorized: true,
    ...(settings.caCertificate ? { ca: [settings.caCertificate] } : {}),
  };
}

/** What a refused certificate means, by Node's TLS error code. */
function certificateProblem(code: string, host: string, settings: Pick<DirectorySettings, 'caCertificate'>): string | undefined {
  if (code === 'ERR_TLS_CERT_ALTNAME_INVALID')
    return `The directory's certificate is not for ${host}: use the host name the certificate names in the address.`;
  if (code === 'CERT_HAS_EXPIRED') return "The directory's certificate has expired.";
  if (code === 'CERT_NOT_YET_VALID') return "The directory's certificate is not valid yet.";
  if (/SELF_SIGNED|UNABLE_TO_VERIFY|UNABLE_TO_GET_ISSUER|CERT_SIGNATURE_FAILURE|CERT_UNTRUSTED/.test(code))
    return settings.caCertificate
      ? "The directory's certificate is not signed by the CA certificate given."
      : "The directory's certificate is not signed by a CA this server trusts: give the directory's CA certificate.";
  if (/CERT|ERR_TLS|ERR_SSL/i.test(code)) return `The directory's TLS certificate was not accepted (${code}).`;
  return undefined;
}

/** Says what went wrong in an administrator's words. */
export function explain(error: unknown, settings: Pick<DirectorySettings, 'url' | 'caCertificate'>): string {
  if (error instanceof InvalidCredentialsError) return 'The directory refused the bind DN or its password.';
  if (error instanceof NoSuchObjectError) return 'The base DN does not exist in the directory.';
  const e = error as NodeJS.ErrnoException & { code?: string };
  const code = typeof e?.code === 'string' ? e.code : '';
  if (code === 'ECONNREFUSED' || code === 'ENOTFOUND' || code === 'EHOSTUNREACH') return `Nothing answers at ${settings.url}.`;
  const certificate = certificateProblem(code, hostOf(settings.url), settings);
  if (certificate) return certificate;
  const message = error instanceof Error ? error.message.split('\n')[0]!.slice(0, 200) : 'unknown error';
  if (/wrong version number|packet length too long|ECONNRESET|socket hang up/i.test(`${code} ${message}`))
    return `The directory at ${settings.url} did not answer TLS: check the address and the transport security.`;
  if (/timeout|timed out/i.test(message)) return `The directory did not answer within ${TIMEOUT_MS / 1000} seconds.`;
  return `The directory answered: ${message}`;
}

/** A connected client, with StartTLS done when asked for; the caller binds and unbinds. */
async function connect(settings: DirectorySettings): Promise<Client> {
  const client = new Client({
    url: settings.url,
    timeout: TIMEOUT_MS,
    connectTimeout: TIMEOUT_MS,
    ...(settings.tls === 'ldaps' ? { tlsOptions: tlsOptionsOf(settings) } : {}),
  });
  if (settings.tls === 'starttls') {
    try {
      await client.startTLS(tlsOptionsOf(settings));
    } catch (error) {
      // A refused certificate leaves the plain connection open: close it.
      await client.unbind().catch(() => undefined);
      throw error;
    }
  }
  return client;
}

/** Runs `work` on a client bound as the service account, and always closes it. */
async function asService<T>(settings: DirectorySettings, work: (client: Client) => Promise<T>): Promise<T> {
  const client = await connect(settings);
  try {
    await client.bind(settings.bindDn, settings.bindPassword);
    return await work(client);
  } finally {
    await client.unbind().catch(() => undefined);
  }
}

/** The memberOf attribute Active Directory keeps, and OpenLDAP's memberof overlay. */
const MEMBER_OF = 'memberOf';

function attributesOf(settings: Pick<DirectorySettings, 'mapping' | 'groups'>): string[] {
  const { mapping } = settings;
  return [
    mapping.id,
    mapping.email,
    mapping.firstName,
    mapping.lastName,
    ...(mapping.type ? [mapping.type] : []),
    ...(settings.groups.source === 'memberOf' ? [MEMBER_OF] : []),
  ];
}

function all(entry: Entry, attribute: string): string[] {
  const key = Object.keys(entry).find((k) => k.toLowerCase() === attribute.toLowerCase());
  const value = key ? entry[key] : undefined;
  const list = value === undefined ? [] : Array.isArray(value) ? value : [value];
  return list.map((v) => (Buffer.isBuffer(v) ? v.toString('utf8') : String(v)));
}

function first(entry: Entry, attribute: string): string {
  // Attribute names come back in the directory's spelling: match them without regard to case.
  const key = Object.keys(entry).find((k) => k.toLowerCase() === attribute.toLowerCase());
  const value = key ? entry[key] : undefined;
  const one = Array.isArray(value) ? value[0] : value;
  if (one === undefined) return '';
  if (Buffer.isBuffer(one)) return one.toString('hex');
  return String(one).trim();
}

/** The entry as an account, or null when it lacks the id or the email (it cannot become one). */
export function personOf(entry: Entry, settings: Pick<DirectorySettings, 'mapping' | 'groups'>): DirectoryPerson | null {
  const { mapping } = settings;
  const externalId = first(entry, mapping.id);
  const email = first(entry, mapping.email).toLowerCase();
  if (!externalId || !email) return null;
  return {
    externalId,
    dn: entry.dn,
    email,
    firstName: first(entry, mapping.firstName).slice(0, 100) || email.split('@')[0]!.slice(0, 100),
    lastName: first(entry, mapping.lastName).slice(0, 100) || '-',
    type: mapping.type ? first(entry, mapping.type).slice(0, 100) || null : null,
    groups: settings.groups.source === 'memberOf' ? all(entry, MEMBER_OF) : [],
  };
}

function searchOptions(settings: DirectorySettings, filter: string, sizeLimit = 0) {
  // Binary ids (Active Directory's objectGUID) come back as bytes and are kept as hex.
  return {
    scope: 'sub' as const,
    filter,
    attributes: attributesOf(settings),
    explicitBufferAttributes: [settings.mapping.id].filter((a) => /guid|sid/i.test(a)),
    sizeLimit,
  };
}

/** Where groups are searched: the group base DN, else the base DN. */
const groupBaseOf = (settings: DirectorySettings) => settings.groups.baseDn || settings.baseDn;

/** The groups under the group base, matching the group filter, whose member attribute holds `dn`. */
async function groupsHolding(client: Client, settings: DirectorySettings, dn: string): Promise<string[]> {
  const { filter, memberAttribute } = settings.groups;
  const { searchEntries } = await client.search(groupBaseOf(settings), {
    scope: 'sub',
    filter: `(&${filter}${escapeFilter`(${memberAttribute}=${dn})`})`,
    attributes: ['1.1'],
  });
  return searchEntries.map((e) => e.dn);
}

/** The person with their groups read by a group search, when that is the group source. */
async function withSearchedGroups(client: Client, settings: DirectorySettings, person: DirectoryPerson): Promise<DirectoryPerson> {
  return settings.groups.source === 'search' ? { ...person, groups: await groupsHolding(client, settings, person.dn) } : person;
}

/**
 * For a sync with a group search: the members of each mapped group (read once per group, not once per person), as
 * normalized member DN → the groups' DNs; and the mapped groups the directory does not have (or not under the group
 * base, or not matching the group filter).
 */
async function mappedGroupMembers(client: Client, settings: DirectorySettings): Promise<{ members: Map<string, string[]>; missing: string[] }> {
  const members = new Map<string, string[]>();
  const missing: string[] = [];
  const base = normalDn(groupBaseOf(settings));
  const { filter, memberAttribute } = settings.groups;
  for (const rule of settings.groups.rules) {
    const key = normalDn(rule.groupDn);
    let found: Entry | undefined;
    if (key === base || key.endsWith(`,${base}`)) {
      try {
        [found] = (await client.search(rule.groupDn, { scope: 'base', filter, attributes: [memberAttribute] })).searchEntries;
      } catch (error) {
        if (!(error instanceof NoSuchObjectError)) throw error;
      }
    }
    if (!found) {
      missing.push(rule.groupDn);
      continue;
    }
    for (const member of all(found, memberAttribute)) {
      const dn = normalDn(member);
      members.set(dn, [...(members.get(dn) ?? []), rule.groupDn]);
    }
  }
  return { members, missing };
}

/** Binds as the service account and reads the first few entries the user filter matches, with their groups. */
export async function sampleEntries(settings: DirectorySettings, size: number): Promise<{ entries: number; people: DirectoryPerson[] }> {
  return asService(settings, async (client) => {
    // A size limit reached is the sample asked for: ldapts answers the entries it got.
    const { searchEntries } = await client.search(settings.baseDn, searchOptions(settings, settings.userFilter, size));
    const people: DirectoryPerson[] = [];
    for (const entry of searchEntries) {
      const person = personOf(entry, settings);
      if (person) people.push(await withSearchedGroups(client, settings, person));
    }
    return { entries: searchEntries.length, people };
  });
}

/**
 * Every entry the user filter matches, page by page, with their groups; entries without an id or email are counted
 * as skipped, and mapped groups the directory lacks are named.
 */
export async function allPeople(settings: DirectorySettings): Promise<{ people: DirectoryPerson[]; skipped: string[]; missingGroups: string[] }> {
  return asService(settings, async (client) => {
    const people: DirectoryPerson[] = [];
    const skipped: string[] = [];
    const pages = client.searchPaginated(settings.baseDn, { ...searchOptions(settings, settings.userFilter), paged: { pageSize: PAGE_SIZE } });
    for await (const page of pages) {
      for (const entry of page.searchEntries) {
        const person = personOf(entry, settings);
        if (person) people.push(person);
        else skipped.push(entry.dn);
      }
    }
    if (settings.groups.source !== 'search') return { people, skipped, missingGroups: [] };
    const { members, missing } = await mappedGroupMembers(client, settings);
    return { people: people.map((p) => ({ ...p, groups: members.get(normalDn(p.dn)) ?? [] })), skipped, missingGroups: missing };
  });
}

/** The entry whose email attribute is `email` under the user filter, with its groups: null when none or more than one. */
export async function findPerson(settings: DirectorySettings, email: string): Promise<DirectoryPerson | null> {
  const filter = `(&${settings.userFilter}${escapeFilter`(${settings.mapping.email}=${email})`})`;
  return asService(settings, async (client) => {
    const { searchEntries } = await client.search(settings.baseDn, searchOptions(settings, filter, 2));
    const person = searchEntries.length === 1 ? personOf(searchEntries[0]!, settings) : null;
    return person ? withSearchedGroups(client, settings, person) : null;
  });
}

/**
 * Whether `password` is the entry's: a simple bind as its DN. An empty password is refused here, before anything
 * is sent, because LDAP treats a bind with a DN and no password as an anonymous bind that succeeds (RFC 4513 §5.1.2).
 */
export async function passwordMatches(settings: DirectorySettings, dn: string, password: string): Promise<boolean> {
  if (!password) return false;
  const client = await connect(settings);
  try {
    await client.bind(dn, password);
    return true;
  } catch (error) {
    if (error instanceof InvalidCredentialsError) return false;
    throw error;
  } finally {
    await client.unbind().catch(() => undefined);
  }
}
