import { type AnyEntity, codedValues, defineEntity, field, namedRecord } from '@campus/domain-core';
import { DB_KIND_LABELS, DB_KINDS } from './connections.js';
import { API_AUTH_KINDS, API_AUTH_LABELS, API_PAGE_SIZE_MAX, API_PAGINATION_LABELS, API_PAGINATIONS } from './api-sources.js';

/** Console path of a Data Migration screen. */
const migrationConsolePath = (screen: string): string => `/app/migrations/${screen}`;

/**
 * A saved database connection as a record of the generic handlers. Its secret (`password`) is write-only and
 * stored sealed by the API, never answered; the area's own routes take its input (`ConnectionInputSchema`).
 */
export const migrationConnectionEntity = defineEntity({
  resource: 'migration-connections',
  label: 'Connection',
  pluralLabel: 'Connections',
  application: 'DATA',
  consolePath: migrationConsolePath('databases'),
  fields: {
    name: field.text('Name', { required: true, max: 100 }),
    kind: field.enum('Type', codedValues(DB_KINDS.map((k) => [k, DB_KIND_LABELS[k]] as const)), { required: true }),
    host: field.text('Host', { required: true, max: 255 }),
    port: field.integer('Port', { required: true, min: 1, max: 65535 }),
    database: field.text('Database', { required: true, max: 128 }),
    username: field.text('User name', { required: true, max: 128 }),
    password: { ...field.password('Password'), max: 1000 },
    tls: field.boolean('Use TLS'),
    tlsCa: field.textarea('CA certificate', { max: 20_000 }),
  },
  listColumns: ['name', 'kind', 'host', 'database'],
  searchFields: ['name', 'host', 'database'],
  sortFields: ['name'],
  filterFields: ['kind'],
  defaultSort: 'name',
  ...namedRecord('name'),
  sample: (s) => ({ name: `Registrar ${s}`, kind: 'postgresql', host: '127.0.0.1', port: 5432, database: 'registrar', username: 'reader', password: '', tls: false, tlsCa: '' }),
});

/** A saved REST API source as a record of the generic handlers; its `secret` is write-only and stored sealed. */
export const migrationApiSourceEntity = defineEntity({
  resource: 'migration-api-sources',
  label: 'API source',
  pluralLabel: 'API sources',
  application: 'DATA',
  consolePath: migrationConsolePath('apis'),
  fields: {
    name: field.text('Name', { required: true, max: 100 }),
    baseUrl: { ...field.url('Address', { required: true }), max: 2000 },
    authKind: field.enum('Authentication', codedValues(API_AUTH_KINDS.map((k) => [k, API_AUTH_LABELS[k]] as const)), { required: true }),
    authHeader: field.text('Header name', { max: 128 }),
    secret: { ...field.password('Secret'), max: 4000 },
    pagination: field.enum('Paging', codedValues(API_PAGINATIONS.map((k) => [k, API_PAGINATION_LABELS[k]] as const)), { required: true }),
    pageParam: field.text('Page parameter', { max: 128 }),
    sizeParam: field.text('Size parameter', { max: 128 }),
    pageSize: field.integer('Rows a page', { required: true, min: 1, max: API_PAGE_SIZE_MAX }),
    nextPath: field.text('Next cursor path', { max: 128 }),
    rowsPath: field.text('Rows path', { max: 128 }),
    cursorField: field.text('Cursor field', { max: 128 }),
    sinceParam: field.text('Since parameter', { max: 128 }),
    /** What incremental reads remember: the highest value of the cursor field read, and when (written by reads). */
    lastCursor: field.text('Last cursor', { readOnly: true, max: 2000 }),
    cursorUpdatedAt: field.datetime('Cursor read at', { readOnly: true }),
  },
  listColumns: ['name', 'baseUrl', 'authKind', 'pagination'],
  searchFields: ['name', 'baseUrl'],
  sortFields: ['name'],
  filterFields: ['authKind', 'pagination'],
  defaultSort: 'name',
  ...namedRecord('name'),
  sample: (s) => ({ name: `Student system ${s}`, baseUrl: 'https://sis.example.edu/api/students', authKind: 'none', pagination: 'none', pageSize: 100 }),
});

/**
 * The records Data Migration keeps through the generic handlers on its own routes (`/migrations/connections`,
 * `/migrations/api-sources`); not in the entity registry, so they have no generic list screen or import template.
 */
export const migrationRecordEntities: readonly AnyEntity[] = [migrationConnectionEntity, migrationApiSourceEntity] as AnyEntity[];
