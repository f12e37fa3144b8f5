import type { ConnectionOptions } from 'node:tls';
import { Client, escapeFilter, InvalidCredentialsError, NoSuchObjectError, type Entry } from 'ldapts';
import type { DirectoryMapping, DirectoryTlsMode } from '@campus/api-contract';

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
}

/** A person as the mapping reads their entry. */
export interface DirectoryPerson {
  readonly externalId: string;
  readonly dn: string;
  readonly email: string;
  readonly firstName: string;
  readonly lastName: string;
  readonly type: string | null;
}

/** Operations wait this long for the directory; a sign-in should not hang on a directory that is down. */
const TIMEOUT_MS = 10_000;
/** Entries per page of a sync's search (Active Directory's default MaxPageSize is 1,000). */
const PAGE_SIZE = 500;

/** A directory failure whose message can be shown to an administrator (never a password, never a stack). */
export class DirectoryError extends Error {}

function tlsOptionsOf(settings: DirectorySettings): ConnectionOptions {
  const host = new URL(settings.url).hostname;
  // The certificate is always checked: against the CA given, else against the system's.
  return { servername: host, rejectUnauthorized: true, ...(settings.caCertificate ? { ca: [settings.caCertificate] } : {}) };
}

/** Says what went wrong in an administrator's words. */
export function explain(error: unknown, settings: Pick<DirectorySettings, 'url'>): string {
  if (error instanceof InvalidCredentialsError) return 'The directory refused the bind DN or its password.';
  if (error instanceof NoSuchObjectError) return 'The base DN does not exist in the directory.';
  const e = error as NodeJS.ErrnoException & { code?: string };
  const code = typeof e?.code === 'string' ? e.code : '';
  if (code === 'ECONNREFUSED' || code === 'ENOTFOUND' || code === 'EHOSTUNREACH') return `Nothing answers at ${settings.url}.`;
  if (/CERT|SELF_SIGNED|UNABLE_TO_VERIFY|ERR_TLS/i.test(code)) return `The directory's TLS certificate was not accepted (${code}).`;
  const message = error instanceof Error ? error.message.split('\n')[0]!.slice(0, 200) : 'unknown error';
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
  if (settings.tls === 'starttls') await client.startTLS(tlsOptionsOf(settings));
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

function attributesOf(mapping: DirectoryMapping): string[] {
  return [mapping.id, mapping.email, mapping.firstName, mapping.lastName, ...(mapping.type ? [mapping.type] : [])];
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
export function personOf(entry: Entry, mapping: DirectoryMapping): DirectoryPerson | null {
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
  };
}

function searchOptions(settings: DirectorySettings, filter: string, sizeLimit = 0) {
  // Binary ids (Active Directory's objectGUID) come back as bytes and are kept as hex.
  return {
    scope: 'sub' as const,
    filter,
    attributes: attributesOf(settings.mapping),
    explicitBufferAttributes: [settings.mapping.id].filter((a) => /guid|sid/i.test(a)),
    sizeLimit,
  };
}

/** Binds as the service account and reads the first few entries the user filter matches. */
export async function sampleEntries(settings: DirectorySettings, size: number): Promise<{ entries: number; people: DirectoryPerson[] }> {
  return asService(settings, async (client) => {
    // A size limit reached is the sample asked for: ldapts answers the entries it got.
    const { searchEntries } = await client.search(settings.baseDn, searchOptions(settings, settings.userFilter, size));
    return { entries: searchEntries.length, people: searchEntries.flatMap((e) => personOf(e, settings.mapping) ?? []) };
  });
}

/** Every entry the user filter matches, page by page; entries without an id or email are counted as skipped. */
export async function allPeople(settings: DirectorySettings): Promise<{ people: DirectoryPerson[]; skipped: string[] }> {
  return asService(settings, async (client) => {
    const people: DirectoryPerson[] = [];
    const skipped: string[] = [];
    const pages = client.searchPaginated(settings.baseDn, { ...searchOptions(settings, settings.userFilter), paged: { pageSize: PAGE_SIZE } });
    for await (const page of pages) {
      for (const entry of page.searchEntries) {
        const person = personOf(entry, settings.mapping);
        if (person) people.push(person);
        else skipped.push(entry.dn);
      }
    }
    return { people, skipped };
  });
}

/** The entry whose email attribute is `email` under the user filter: null when none or more than one. */
export async function findPerson(settings: DirectorySettings, email: string): Promise<DirectoryPerson | null> {
  const filter = `(&${settings.userFilter}${escapeFilter`(${settings.mapping.email}=${email})`})`;
  return asService(settings, async (client) => {
    const { searchEntries } = await client.search(settings.baseDn, searchOptions(settings, filter, 2));
    return searchEntries.length === 1 ? personOf(searchEntries[0]!, settings.mapping) : null;
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
