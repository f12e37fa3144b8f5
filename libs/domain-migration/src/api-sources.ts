import { z } from 'zod';

/** How an API source is signed in to: nothing, `Authorization: Bearer <secret>`, or a named header carrying it. */
export const API_AUTH_KINDS = ['none', 'bearer', 'header'] as const;
export type ApiAuthKind = (typeof API_AUTH_KINDS)[number];
export const API_AUTH_LABELS: Record<ApiAuthKind, string> = { none: 'None', bearer: 'Bearer token', header: 'Header' };

/**
 * How an API source pages its rows: one answer; a page number; an offset; a cursor the answer names for the next
 * request; or the `Link` header's `rel="next"` address.
 */
export const API_PAGINATIONS = ['none', 'page', 'offset', 'cursor', 'link'] as const;
export type ApiPagination = (typeof API_PAGINATIONS)[number];
export const API_PAGINATION_LABELS: Record<ApiPagination, string> = {
  none: 'One request',
  page: 'Page number',
  offset: 'Offset',
  cursor: 'Cursor in the answer',
  link: 'Link header',
};

/** Rows a page may ask for at most, and the default. */
export const API_PAGE_SIZE_MAX = 1000;
export const API_PAGE_SIZE_DEFAULT = 100;

const required = 'Please fillup required fields.';
const PARAM = /^[A-Za-z0-9_.[\]-]{1,64}$/;
const PATH = /^[A-Za-z0-9_$-]+(\.[A-Za-z0-9_$-]+)*$/;
/** Header names an API source may not set: the request's own framing and addressing. */
const RESERVED_HEADERS = new Set(['host', 'content-length', 'transfer-encoding', 'connection', 'cookie', 'accept-encoding', 'upgrade', 'te', 'trailer', 'keep-alive', 'proxy-authorization']);

const optionalName = (pattern: RegExp, message: string) =>
  z
    .string()
    .trim()
    .max(128, 'At most 128 characters.')
    .default('')
    .refine((v) => v === '' || pattern.test(v), message);

/** An `http://` or `https://` address without user name or password, at most 2000 characters. */
export const ApiBaseUrlSchema = z
  .string({ required_error: required })
  .trim()
  .min(1, required)
  .max(2000, 'At most 2000 characters.')
  .superRefine((value, ctx) => {
    let url: URL;
    try {
      url = new URL(value);
    } catch {
      ctx.addIssue({ code: z.ZodIssueCode.custom, message: 'Enter an http:// or https:// address.' });
      return;
    }
    if (url.protocol !== 'http:' && url.protocol !== 'https:') ctx.addIssue({ code: z.ZodIssueCode.custom, message: 'Enter an http:// or https:// address.' });
    else if (url.username || url.password) ctx.addIssue({ code: z.ZodIssueCode.custom, message: 'Put the credentials in the authentication fields, not in the address.' });
    else if (url.hash) ctx.addIssue({ code: z.ZodIssueCode.custom, message: 'Remove the #fragment from the address.' });
  });

/** The fields of a saved REST source, as the person fills them in. */
const ApiSourceFieldsSchema = z.object({
  name: z.string({ required_error: required }).trim().min(1, required).max(100, 'At most 100 characters.'),
  baseUrl: ApiBaseUrlSchema,
  authKind: z.enum(API_AUTH_KINDS, { errorMap: () => ({ message: 'Choose None, Bearer token or Header.' }) }).default('none'),
  authHeader: optionalName(/^[A-Za-z0-9-]{1,64}$/, 'Enter a header name such as X-Api-Key.'),
  secret: z.string().max(4000, 'At most 4000 characters.').default(''),
  pagination: z.enum(API_PAGINATIONS, { errorMap: () => ({ message: 'Choose how the source pages its rows.' }) }).default('none'),
  pageParam: optionalName(PARAM, 'Enter a query parameter name such as page.'),
  sizeParam: optionalName(PARAM, 'Enter a query parameter name such as limit.'),
  pageSize: z.coerce
    .number({ invalid_type_error: `Enter a number from 1 to ${API_PAGE_SIZE_MAX}.` })
    .int(`Enter a number from 1 to ${API_PAGE_SIZE_MAX}.`)
    .min(1, `Enter a number from 1 to ${API_PAGE_SIZE_MAX}.`)
    .max(API_PAGE_SIZE_MAX, `Enter a number from 1 to ${API_PAGE_SIZE_MAX}.`)
    .default(API_PAGE_SIZE_DEFAULT),
  nextPath: optionalName(PATH, 'Enter a path into the answer such as meta.next_cursor.'),
  rowsPath: optionalName(PATH, 'Enter a path into the answer such as data, or leave it empty for a list.'),
  cursorField: optionalName(PATH, 'Enter a field of the rows such as updated_at.'),
  sinceParam: optionalName(PARAM, 'Enter a query parameter name such as updated_since.'),
});

/** The source's fields the person types (the secret, write-only, left out): the form's fields, in order. */
export const API_SOURCE_FIELDS = Object.keys(ApiSourceFieldsSchema.shape).filter((k) => k !== 'secret') as Exclude<keyof typeof ApiSourceFieldsSchema.shape, 'secret'>[];

/** A new source's values before anything is typed: the schema's defaults (no sign-in, one request, 100 rows a page). */
export const API_SOURCE_DEFAULTS = ApiSourceFieldsSchema.omit({ name: true, baseUrl: true, secret: true }).parse({});

/**
 * A saved REST source as the person fills it in. The secret is write-only: on an edit a blank secret keeps the
 * stored one. The parameter names a pagination style needs are required with it.
 */
export const ApiSourceInputSchema = ApiSourceFieldsSchema
  .strict()
  .superRefine((v, ctx) => {
    const need = (path: keyof typeof v, when: boolean) => {
      if (when && !v[path]) ctx.addIssue({ code: z.ZodIssueCode.custom, path: [path], message: required });
    };
    need('authHeader', v.authKind === 'header');
    if (v.authKind === 'header' && RESERVED_HEADERS.has(v.authHeader.toLowerCase()))
      ctx.addIssue({ code: z.ZodIssueCode.custom, path: ['authHeader'], message: 'Enter a header name such as X-Api-Key.' });
    need('pageParam', v.pagination === 'page' || v.pagination === 'offset' || v.pagination === 'cursor');
    need('nextPath', v.pagination === 'cursor');
    if (v.sinceParam && !v.cursorField)
      ctx.addIssue({ code: z.ZodIssueCode.custom, path: ['cursorField'], message: 'Enter the field the since parameter compares.' });
  });
export type ApiSourceInput = z.infer<typeof ApiSourceInputSchema>;

/** The value at a dotted path of a JSON answer (`data`, `meta.next`), or the answer itself for an empty path. */
export function valueAt(json: unknown, path: string): unknown {
  if (!path) return json;
  let at: unknown = json;
  for (const key of path.split('.')) {
    if (at === null || typeof at !== 'object' || Array.isArray(at)) return undefined;
    if (!Object.prototype.hasOwnProperty.call(at, key)) return undefined;
    at = (at as Record<string, unknown>)[key];
  }
  return at;
}

/**
 * One JSON row as cells by header: nested objects become dotted headers (`college.code`), lists their JSON text,
 * null an empty cell, numbers and booleans their text. Nesting deeper than eight levels is kept as JSON text.
 */
export function flattenRow(row: Record<string, unknown>): Record<string, string> {
  // Entries first, then one object: a field named `__proto__` stays a field (an own property), as JSON has it.
  const cells: [string, string][] = [];
  const walk = (value: unknown, prefix: string, depth: number) => {
    if (value === null || value === undefined) cells.push([prefix, '']);
    else if (Array.isArray(value)) cells.push([prefix, JSON.stringify(value)]);
    else if (typeof value === 'object') {
      if (depth >= 8) cells.push([prefix, JSON.stringify(value)]);
      else {
        const entries = Object.entries(value as Record<string, unknown>);
        if (!entries.length) cells.push([prefix, '']);
        for (const [k, v] of entries) walk(v, prefix ? `${prefix}.${k}` : k, depth + 1);
      }
    } else cells.push([prefix, String(value)]);
  };
  for (const [k, v] of Object.entries(row)) walk(v, k, 1);
  return Object.fromEntries(cells);
}

const NUMBER = /^-?\d+(\.\d+)?$/;

/**
 * Orders two cursor values: as numbers when both are numbers, else as text (ISO dates and times order as text).
 * Negative when `a` comes before `b`.
 */
export function compareCursor(a: string, b: string): number {
  if (NUMBER.test(a) && NUMBER.test(b)) return Number(a) - Number(b);
  return a < b ? -1 : a > b ? 1 : 0;
}

/** True when `host` (lower case, IPv6 without brackets) is named by one of the allow-list's patterns. */
export function hostAllowed(host: string, patterns: readonly string[]): boolean {
  const h = host.toLowerCase().replace(/^\[|\]$/g, '').replace(/\.$/, '');
  return patterns.some((p) => (p.startsWith('*.') ? h.endsWith(p.slice(1)) && h.length > p.length - 1 : h === p));
}
