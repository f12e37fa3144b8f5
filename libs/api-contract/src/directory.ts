import { initContract } from '@ts-rest/core';
import { z } from 'zod';
import { guardedRouter } from './access.js';
import { CORE_BASE } from './crud.js';
import { dataBody, ErrorBodySchema } from './errors.js';

const c = initContract();
/** The directory connection is IAM's; the handlers also require an IAM administrator (403 otherwise). */
const IAM = { application: 'IAM' } as const;
const errors = { 400: ErrorBodySchema, 401: ErrorBodySchema, 403: ErrorBodySchema };

/** An LDAP attribute description (`mail`, `givenName`, `objectGUID`): letters, digits and hyphens. */
const attribute = z
  .string()
  .trim()
  .min(1, 'Required')
  .max(64, 'At most 64 characters.')
  .regex(
    /^[A-Za-z][A-Za-z0-9-]*$/,
    'An attribute name: letters, digits and hyphens, starting with a letter.',
  );

/** How the connection is protected: none (a lab only), StartTLS on ldap://, or TLS from the start on ldaps://. */
export const DIRECTORY_TLS_MODES = ['none', 'starttls', 'ldaps'] as const;
export type DirectoryTlsMode = (typeof DIRECTORY_TLS_MODES)[number];
export const DIRECTORY_TLS_LABELS: Readonly<Record<DirectoryTlsMode, string>> = {
  none: 'None (plain LDAP, for a test directory only)',
  starttls: 'StartTLS (ldap://, then TLS)',
  ldaps: 'LDAPS (ldaps://, TLS from the start)',
};

/** Which directory attribute fills which account field. `type` (the user's type) may be left empty. */
export const DirectoryMappingSchema = z.object({
  id: attribute.describe(
    'A stable unique id of the entry: entryUUID (OpenLDAP) or objectGUID (Active Directory)',
  ),
  email: attribute,
  firstName: attribute,
  lastName: attribute,
  type: z.union([attribute, z.literal('')]).default(''),
});
export type DirectoryMapping = z.infer<typeof DirectoryMappingSchema>;

export const DEFAULT_DIRECTORY_MAPPING: DirectoryMapping = {
  id: 'entryUUID',
  email: 'mail',
  firstName: 'givenName',
  lastName: 'sn',
  type: 'employeeType',
};

const dn = (label: string) =>
  z
    .string()
    .trim()
    .min(1, 'Required')
    .max(500, 'At most 500 characters.')
    .regex(/^[^=,]+=[^=]+/, `${label} is a distinguished name such as dc=example,dc=edu.`);

/** An LDAP filter: what a form field holds, in parentheses. */
const filter = (example: string) =>
  z
    .string()
    .trim()
    .min(1, 'Required')
    .max(1000, 'At most 1,000 characters.')
    .regex(/^\(.*\)$/, `An LDAP filter in parentheses, such as ${example}.`);

/**
 * Where an entry's groups are read: not at all, from the entry's `memberOf` (Active Directory, OpenLDAP with the
 * memberof overlay), or by searching the groups whose member attribute holds the entry's DN.
 */
export const DIRECTORY_GROUP_SOURCES = ['none', 'memberOf', 'search'] as const;
export type DirectoryGroupSource = (typeof DIRECTORY_GROUP_SOURCES)[number];
export const DIRECTORY_GROUP_SOURCE_LABELS: Readonly<Record<DirectoryGroupSource, string>> = {
  none: 'No group mapping',
  memberOf: "The entry's memberOf attribute (Active Directory, OpenLDAP memberof)",
  search: 'A group search (groups whose member attribute holds the entry)',
};

/** Directory group → IAM roles: a member of the group holds the roles. */
export const DirectoryGroupRuleSchema = z.object({
  groupDn: dn('The group'),
  roleIds: z
    .array(z.string().uuid('Choose a role from the list.'))
    .min(1, 'Choose at least one role.')
    .max(50, 'At most 50 roles.'),
});
export type DirectoryGroupRule = z.infer<typeof DirectoryGroupRuleSchema>;

/** The two spellings of one DN compare equal: attribute types and values without case, no spaces around , and =. */
export function normalDn(value: string): string {
  return value
    .split(/(?<!\\),/)
    .map((rdn) =>
      rdn
        .split(/(?<!\\)=/)
        .map((part) => part.trim())
        .join('='),
    )
    .join(',')
    .toLowerCase();
}

/** How the directory's groups grant IAM roles (decision 0064, amended): the source, where to search, the rules. */
export const DirectoryGroupsSchema = z
  .object({
    source: z.enum(DIRECTORY_GROUP_SOURCES).default('none'),
    /** For a group search: where groups are (empty: the base DN), which entries are groups, and their member attribute. */
    baseDn: z.union([dn('The group base DN'), z.literal('')]).default(''),
    filter: filter('(objectClass=groupOfNames)').default('(objectClass=groupOfNames)'),
    memberAttribute: attribute.default('member'),
    rules: z.array(DirectoryGroupRuleSchema).max(100, 'At most 100 group mappings.').default([]),
  })
  .superRefine((v, ctx) => {
    if (v.source === 'none' && v.rules.length)
      ctx.addIssue({ code: 'custom', path: ['source'], message: "Choose where the entries' groups are read." });
    const seen = new Set<string>();
    v.rules.forEach((rule, i) => {
      const key = normalDn(rule.groupDn);
      if (seen.has(key)) ctx.addIssue({ code: 'custom', path: ['rules', i, 'groupDn'], message: 'This group is mapped above already.' });
      seen.add(key);
    });
  });
export type DirectoryGroups = z.infer<typeof DirectoryGroupsSchema>;

export const DEFAULT_DIRECTORY_GROUPS: DirectoryGroups = {
  source: 'none',
  baseDn: '',
  filter: '(objectClass=groupOfNames)',
  memberAttribute: 'member',
  rules: [],
};

/** The connection's fields, before the checks across fields (`refineDirectoryConnection`). */
export const DirectoryConnectionFieldsSchema = z.object({
  enabled: z.boolean(),
  url: z
    .string()
    .trim()
    .max(300, 'At most 300 characters.')
    .regex(
      /^ldaps?:\/\/[^\s/]+(:\d{1,5})?\/?$/i,
      'An address such as ldaps://ad.example.edu or ldap://ldap.example.edu:389.',
    ),
  tls: z.enum(DIRECTORY_TLS_MODES),
  caCertificate: z
    .string()
    .trim()
    .max(20_000, 'At most 20,000 characters.')
    .refine(
      (v) => v === '' || /-----BEGIN CERTIFICATE-----/.test(v),
      'A PEM certificate (-----BEGIN CERTIFICATE-----…).',
    )
    .default(''),
  bindDn: dn('The bind DN'),
  bindPassword: z.string().max(500, 'At most 500 characters.').default(''),
  baseDn: dn('The base DN'),
  userFilter: filter('(objectClass=inetOrgPerson)'),
  mapping: DirectoryMappingSchema,
  groups: DirectoryGroupsSchema.default(DEFAULT_DIRECTORY_GROUPS),
});

/** The transport and the address agree: LDAPS is an ldaps:// address and an ldaps:// address is LDAPS. */
export function refineDirectoryConnection(v: { url: string; tls: DirectoryTlsMode }, ctx: z.RefinementCtx): void {
  const secure = v.url.toLowerCase().startsWith('ldaps://');
  if (v.tls === 'ldaps' && !secure)
    ctx.addIssue({ code: 'custom', path: ['url'], message: 'LDAPS needs an ldaps:// address.' });
  if (v.tls !== 'ldaps' && secure)
    ctx.addIssue({ code: 'custom', path: ['tls'], message: 'An ldaps:// address is LDAPS.' });
}

/** The connection as the form sends it. An empty bind password keeps the saved one. */
export const DirectoryConnectionSchema = DirectoryConnectionFieldsSchema.superRefine(refineDirectoryConnection);
export type DirectoryConnection = z.infer<typeof DirectoryConnectionSchema>;

/** The last directory sync: its batch (Batch Management's view shows it) and how it stands. */
export const DirectorySyncSchema = z.object({
  batchId: z.string().uuid(),
  state: z.string(),
  summary: z.string(),
  createdAt: z.string(),
  finishedAt: z.string().nullable(),
});

/** The saved connection (never its password: only whether one is saved) and what it has done. */
export const DirectoryViewSchema = z.object({
  configured: z.boolean(),
  connection: z.object({
    enabled: z.boolean(),
    url: z.string(),
    tls: z.enum(DIRECTORY_TLS_MODES),
    caCertificate: z.string(),
    bindDn: z.string(),
    baseDn: z.string(),
    userFilter: z.string(),
    mapping: DirectoryMappingSchema,
    groups: DirectoryGroupsSchema,
  }),
  hasBindPassword: z.boolean(),
  updatedAt: z.string().nullable(),
  /** Accounts the directory owns, and how many of them are deactivated because their entry is gone. */
  accounts: z.object({ linked: z.number().int(), removed: z.number().int() }),
  lastSync: DirectorySyncSchema.nullable(),
});
export type DirectoryView = z.infer<typeof DirectoryViewSchema>;

/** What "Test connection" found: a failure is an answer too, with the directory's reason in plain words. */
export const DirectoryTestResultSchema = z.object({
  ok: z.boolean(),
  message: z.string(),
  /** Entries the user filter matched (at most the sample size). */
  entries: z.number().int(),
  /** A few of them as the mapping reads them, to check the mapping before saving. */
  sample: z.array(
    z.object({
      email: z.string(),
      firstName: z.string(),
      lastName: z.string(),
      type: z.string(),
      /** The IAM roles the group mapping gives the entry, by name. */
      roles: z.array(z.string()),
    }),
  ),
});
export type DirectoryTestResult = z.infer<typeof DirectoryTestResultSchema>;

/** Directory federation (LDAP / Active Directory) in IAM settings (decision 0064). */
export const directoryContract = c.router(
  guardedRouter({
    getDirectory: {
      method: 'GET',
      path: `${CORE_BASE}/directory`,
      responses: { 200: dataBody(DirectoryViewSchema), ...errors },
      metadata: IAM,
      summary: 'The directory connection and its accounts (IAM administrators)',
    },
    saveDirectory: {
      method: 'PUT',
      path: `${CORE_BASE}/directory`,
      body: DirectoryConnectionSchema,
      responses: { 200: dataBody(DirectoryViewSchema), ...errors },
      metadata: IAM,
      summary:
        'Save the directory connection (IAM administrators; the bind password is sealed, audited without it)',
    },
    testDirectory: {
      method: 'POST',
      path: `${CORE_BASE}/directory/test`,
      body: DirectoryConnectionSchema,
      responses: { 200: dataBody(DirectoryTestResultSchema), ...errors },
      metadata: IAM,
      summary:
        'Bind with the connection as given (the saved password when none is given) and read a few entries',
    },
    syncDirectory: {
      method: 'POST',
      path: `${CORE_BASE}/directory/sync`,
      body: z.object({}).strict().default({}),
      responses: {
        202: dataBody(z.object({ batchId: z.string().uuid(), message: z.string() })),
        ...errors,
        409: ErrorBodySchema,
      },
      metadata: IAM,
      summary: 'Start a directory sync now as a batch (IAM administrators)',
    },
  }),
);
export type DirectoryContract = typeof directoryContract;
