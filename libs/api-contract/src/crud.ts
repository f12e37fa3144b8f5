import { initContract, type AppRoute } from '@ts-rest/core';
import { z } from 'zod';
import { createSchemaOf, recordSchemaOf, updateSchemaOf, type AnyEntity } from '@campus/domain-core';
import { dataBody, ErrorBodySchema, listBody } from './errors.js';
import { listQuerySchemaFor } from './list-query.js';

const c = initContract();

/** Base path of the core API (spec §7). */
export const CORE_BASE = '/core/v1.0';

/** `academic-years` → `AcademicYears`. */
function pascal(text: string): string {
  return text
    .split(/[^A-Za-z0-9]+/)
    .filter(Boolean)
    .map((w) => w[0]!.toUpperCase() + w.slice(1))
    .join('');
}

/** `campuses` → `campus`, `academic-years` → `academic-year`, `courses` → `course`. */
export function singularOf(resource: string): string {
  if (/ies$/.test(resource)) return resource.replace(/ies$/, 'y');
  if (/(sses|shes|ches|xes|uses)$/.test(resource)) return resource.replace(/es$/, '');
  return resource.replace(/s$/, '');
}

/** Operation names of an entity's CRUD contract, verb + noun: `listCampuses`, `getCampus`, … */
export interface CrudOperationNames {
  readonly list: string;
  readonly get: string;
  readonly create: string;
  readonly update: string;
}

export function crudOperationNames(entity: Pick<AnyEntity, 'resource'>): CrudOperationNames {
  const plural = pascal(entity.resource);
  const singular = pascal(singularOf(entity.resource));
  return { list: `list${plural}`, get: `get${singular}`, create: `create${singular}`, update: `update${singular}` };
}

/** A resource's contract: four routes keyed by their verb + noun operation names. */
export type CrudContract = Record<string, AppRoute>;

export const IdParamsSchema = z.object({ id: z.string().max(64) });

const errors = {
  400: ErrorBodySchema,
  401: ErrorBodySchema,
  403: ErrorBodySchema,
} as const;

/**
 * The CRUD contract of one entity, built from its descriptor: list, get, create and update (`PUT` takes any
 * subset of the writable fields, so the spec's state change `{ isActive | status, modifiedById }` is an update).
 * There is no delete: records are switched off through their state field.
 */
export function crudContract(entity: AnyEntity): CrudContract {
  let contract = contracts.get(entity);
  if (!contract) {
    contract = buildCrudContract(entity);
    contracts.set(entity, contract);
  }
  return contract;
}

/** Contracts are built once per descriptor: clients are made per request and ask for them each time. */
const contracts = new WeakMap<AnyEntity, CrudContract>();

function buildCrudContract(entity: AnyEntity): CrudContract {
  const names = crudOperationNames(entity);
  const record = recordSchemaOf(entity);
  const path = `${CORE_BASE}/${entity.resource}`;
  const routes: CrudContract = {
    [names.list]: {
      method: 'GET',
      path,
      query: listQuerySchemaFor(entity),
      responses: { 200: listBody(record), ...errors },
      summary: `List ${entity.pluralLabel.toLowerCase()}`,
      description: `Search with search=field:value (comma-separated), free text with q, page, limit (at most 100) and sort=field|-field.`,
      metadata: { resource: entity.resource, application: entity.application, operation: 'list' },
    },
    [names.get]: {
      method: 'GET',
      path: `${path}/:id`,
      pathParams: IdParamsSchema,
      responses: { 200: dataBody(record), ...errors, 404: ErrorBodySchema },
      summary: `Get a ${entity.label.toLowerCase()}`,
      metadata: { resource: entity.resource, application: entity.application, operation: 'get' },
    },
    [names.create]: {
      method: 'POST',
      path,
      body: createSchemaOf(entity),
      responses: { 201: dataBody(record), ...errors, 404: ErrorBodySchema, 409: ErrorBodySchema },
      summary: `Create a ${entity.label.toLowerCase()}`,
      metadata: { resource: entity.resource, application: entity.application, operation: 'create' },
    },
    [names.update]: {
      method: 'PUT',
      path: `${path}/:id`,
      pathParams: IdParamsSchema,
      body: updateSchemaOf(entity),
      responses: { 200: dataBody(record), ...errors, 404: ErrorBodySchema, 409: ErrorBodySchema },
      summary: `Update a ${entity.label.toLowerCase()} or change its ${entity.state.kind}`,
      metadata: { resource: entity.resource, application: entity.application, operation: 'update' },
    },
  };
  return c.router(routes) as CrudContract;
}
