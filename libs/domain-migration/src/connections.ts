import { z } from 'zod';

/** The spec's migration database types (§2). */
export const DB_KINDS = ['postgresql', 'mysql', 'mariadb'] as const;
export type DbKind = (typeof DB_KINDS)[number];
export const DB_KIND_LABELS: Record<DbKind, string> = { postgresql: 'PostgreSQL', mysql: 'MySQL', mariadb: 'MariaDB' };
export const DB_DEFAULT_PORTS: Record<DbKind, number> = { postgresql: 5432, mysql: 3306, mariadb: 3306 };

/** Rows a preview shows at most. */
export const PREVIEW_ROWS = 20;

const required = 'Please fillup required fields.';
const text = (max: number) => z.string({ required_error: required }).trim().min(1, required).max(max, `At most ${max} characters.`);

/** One or more PEM certificates, nothing else around them. */
const PEM_CERTIFICATES = /^(?:-----BEGIN CERTIFICATE-----[A-Za-z0-9+/=\s]+-----END CERTIFICATE-----\s*)+$/;
const PEM_MESSAGE = 'Paste the CA certificate in PEM form (-----BEGIN CERTIFICATE----- …).';

/**
 * A saved connection as the person fills it in. The password is write-only: on an edit a blank password keeps the
 * stored one. `tlsCa` is the certificate of the authority that signed the server's certificate, for a server whose
 * authority is a private one (a university's own); it is used only with TLS on, and is public, so stored as is.
 */
export const ConnectionInputSchema = z
  .object({
    name: text(100),
    kind: z.enum(DB_KINDS, { errorMap: () => ({ message: 'Choose PostgreSQL, MySQL or MariaDB.' }) }),
    host: text(255).regex(/^[A-Za-z0-9.:_\-[\]]*$/, 'Enter a host name or an address.'),
    port: z.coerce
      .number({ invalid_type_error: 'Enter a port from 1 to 65535.' })
      .int('Enter a port from 1 to 65535.')
      .min(1, 'Enter a port from 1 to 65535.')
      .max(65535, 'Enter a port from 1 to 65535.'),
    database: text(128),
    username: text(128),
    password: z.string().max(1000, 'At most 1000 characters.').default(''),
    tls: z.boolean().default(false),
    tlsCa: z
      .string()
      .trim()
      .max(20_000, 'At most 20000 characters.')
      .refine((pem) => pem === '' || PEM_CERTIFICATES.test(pem), PEM_MESSAGE)
      .default(''),
  })
  .strict();
export type ConnectionInput = z.infer<typeof ConnectionInputSchema>;

/** What to read from a connection: a table, or a read-only SELECT; an optional cursor column for incremental reads. */
export const DbSourceSchema = z
  .object({
    table: z.string().trim().max(200, 'At most 200 characters.').default(''),
    query: z.string().trim().max(20_000, 'At most 20000 characters.').default(''),
    cursorColumn: z.string().trim().max(128, 'At most 128 characters.').default(''),
  })
  .strict();
export type DbSource = z.infer<typeof DbSourceSchema>;

/** A table name as `name` or `schema.name`, each part a plain identifier. */
export const TABLE_NAME = /^[A-Za-z_][A-Za-z0-9_$]*(\.[A-Za-z_][A-Za-z0-9_$]*)?$/;
export const COLUMN_NAME = /^[A-Za-z_][A-Za-z0-9_$ ]*$/;

const FORBIDDEN =
  /\b(insert|update|delete|merge|upsert|replace|drop|alter|create|truncate|grant|revoke|call|exec|execute|copy|lock|unlock|into|outfile|dumpfile|load_file|load|handler|prepare|deallocate|set|reset|begin|commit|rollback|savepoint|vacuum|analyze|listen|notify|do|pg_sleep|sleep|benchmark|pg_read_file|pg_read_binary_file|pg_ls_dir|lo_import|lo_export|dblink|set_config|pg_terminate_backend|pg_cancel_backend|nextval|setval|get_lock)\b/i;

/**
 * Why a query is not one read-only SELECT, or null when it is: it must start with SELECT (or WITH … SELECT), be a
 * single statement, have no comments, and name no writing statement or side-effecting function outside its string
 * literals. The database is asked too: the query runs in a READ ONLY transaction with a statement timeout.
 */
export function readOnlySelectProblem(query: string): string | null {
  const trimmed = query.trim().replace(/;\s*$/, '');
  if (!trimmed) return required;
  // A backslash ends a string literal's quote in MySQL, MariaDB and PostgreSQL's E'…' strings, and is a plain
  // character in PostgreSQL's standard strings: the query is read both ways, and either reading must pass.
  const plain = trimmed.replace(/'(?:[^']|'')*'/g, "''");
  const escaped = trimmed.replace(/'(?:[^'\\]|''|\\[\s\S])*'/g, "''");
  return selectProblem(plain) ?? selectProblem(escaped);
}

/** `readOnlySelectProblem` of a query whose string literals are already emptied. */
function selectProblem(withoutStrings: string): string | null {
  const only = 'Only a read-only SELECT can be run.';
  const bare = withoutStrings.replace(/"(?:[^"]|"")*"/g, '""').replace(/`[^`]*`/g, '``');
  if (/--|\/\*|#/.test(bare)) return 'Remove the comments from the query.';
  if (bare.includes(';')) return 'Write one SELECT statement.';
  if (!/^\s*(select|with)\b/i.test(bare)) return only;
  if (FORBIDDEN.test(bare)) return only;
  return null;
}
