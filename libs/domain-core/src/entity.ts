import { z } from 'zod';
import type { ApplicationCode } from './applications.js';
import { fieldSchema, type FieldDescriptor } from './fields.js';
import { canTransition, type StatusLifecycle } from './lifecycle.js';

/** How a record is switched on and off: an `isActive` flag, or a `status` with a lifecycle (spec §4). */
export type StateDescriptor = { readonly kind: 'isActive' } | { readonly kind: 'status'; readonly lifecycle: StatusLifecycle };

export type UniqueLabel = 'Code' | 'Name' | 'Email';

/** A field whose value must be unique; a clash names the holder by `messageField` (spec §5). */
export interface UniqueDescriptor<K extends string = string> {
  readonly field: K;
  /** The first word of the message `Code is existing in {x}.` (spec §5 names Code and Name; Email serves users). */
  readonly label: UniqueLabel;
  /** Unique among rows sharing these fields (e.g. a room name per campus); empty means globally. */
  readonly scope?: readonly K[];
}

/** The labels the clash messages of the fields most records are unique by start with (spec §5). */
const UNIQUE_LABELS = { code: 'Code', name: 'Name' } as const;

/**
 * The closing settings most records share: unique by none, some or all of `code` and `name` (in the order given),
 * named by their `name`, switched on and off by `isActive`.
 */
export function namedRecord<const K extends keyof typeof UNIQUE_LABELS = never>(...unique: readonly K[]) {
  return {
    unique: unique.map((field) => ({ field, label: UNIQUE_LABELS[field] })),
    displayField: 'name',
    state: { kind: 'isActive' },
  } as const;
}

/**
 * The closing settings of a record named by `displayField`, unique by the fields `unique` names (none when left out),
 * switched on and off by `isActive`.
 */
export function recordNamedBy<const D extends string, const U extends readonly UniqueDescriptor[]>(displayField: D, ...unique: U) {
  return { unique, displayField, state: { kind: 'isActive' } } as const;
}

/** A cross-field rule: returns problems keyed by field, or nothing. */
export type EntityRule<T> = (value: T) => { field: string; message: string }[] | undefined;

export interface EntityDescriptor<F extends Record<string, FieldDescriptor> = Record<string, FieldDescriptor>> {
  /** API path segment under /core/v1.0, e.g. `campuses`. */
  readonly resource: string;
  /** Singular and plural labels, e.g. `Campus` / `Campuses`. */
  readonly label: string;
  readonly pluralLabel: string;
  readonly application: ApplicationCode;
  /**
   * The module of the application the entity belongs to (a module code, e.g. `HR_RECORDS`). A user whose roles in
   * the application grant modules uses only the entities of those modules; see `canUseModule` in domain-iam.
   */
  readonly module?: string;
  /** Console path of the list screen, e.g. `/app/campus-management/campuses`. */
  readonly consolePath: string;
  readonly fields: F;
  /** Columns of the list screen, in order. */
  readonly listColumns: readonly (keyof F & string)[];
  /** Fields `q` searches (case-insensitive prefix/contains). */
  readonly searchFields: readonly (keyof F & string)[];
  /** Fields the list may sort by, besides `createdAt` and `updatedAt`. */
  readonly sortFields: readonly (keyof F & string)[];
  /** Fields offered as list filters (`search=field:value`). */
  readonly filterFields: readonly (keyof F & string)[];
  readonly defaultSort: string;
  readonly unique: readonly UniqueDescriptor<keyof F & string>[];
  /** The field the uniqueness message names the holder by: `name` or `description`. */
  readonly displayField: keyof F & string;
  readonly state: StateDescriptor;
  /** Bulk-import template columns in the spec's order, where the spec gives one. */
  readonly template?: readonly string[];
  readonly rules?: readonly EntityRule<Record<string, unknown>>[];
  /** A valid create input for tests and demos; references are left out and chosen by the caller. */
  readonly sample: (suffix: string) => Record<string, unknown>;
}

/**
 * Declares an entity. Field names in columns, search, sort, filters and uniqueness are checked against `fields`
 * at compile time and again at load; the result is a plain `AnyEntity` that keeps the precise field types.
 */
export function defineEntity<const F extends Record<string, FieldDescriptor>>(
  d: EntityDescriptor<F>,
): Omit<AnyEntity, 'fields'> & { readonly fields: F } {
  const names = new Set(Object.keys(d.fields));
  const check = (list: readonly string[], what: string) => {
    for (const n of list) if (!names.has(n)) throw new Error(`${d.resource}: ${what} names unknown field ${n}.`);
  };
  check(d.listColumns, 'listColumns');
  check(d.searchFields, 'searchFields');
  check(d.sortFields, 'sortFields');
  check(d.filterFields, 'filterFields');
  check(
    d.unique.flatMap((u) => [u.field, ...(u.scope ?? [])]),
    'unique',
  );
  check([d.displayField], 'displayField');
  if (d.state.kind === 'status' && names.has('status')) throw new Error(`${d.resource}: status is the state field.`);
  if (d.state.kind === 'isActive' && names.has('isActive')) throw new Error(`${d.resource}: isActive is the state field.`);
  return d as unknown as Omit<AnyEntity, 'fields'> & { readonly fields: F };
}

export type AnyEntity = EntityDescriptor<Record<string, FieldDescriptor>>;

/**
 * The entity's sample with `id` in every required reference, as a caller would choose the record it points at (the
 * sample itself leaves references out).
 */
export function sampleWithReferences(entity: AnyEntity, suffix: string, id: string): Record<string, unknown> {
  const value: Record<string, unknown> = { ...entity.sample(suffix) };
  for (const [name, f] of Object.entries(entity.fields)) {
    if (f.kind === 'reference' && f.required) value[name] = id;
  }
  return value;
}

/** Name of the state field: `isActive` or `status`. */
export function stateFieldOf(entity: AnyEntity): 'isActive' | 'status' {
  return entity.state.kind;
}

function stateSchema(entity: AnyEntity): z.ZodTypeAny {
  if (entity.state.kind === 'isActive') return z.boolean();
  const values = entity.state.lifecycle.values.map((v) => v.value);
  return z.enum(values as [string, ...string[]], {
    errorMap: () => ({ message: `Choose one of: ${values.join(', ')}.` }),
  });
}

function applyRules(entity: AnyEntity, schema: z.ZodTypeAny): z.ZodTypeAny {
  if (!entity.rules?.length) return schema;
  return schema.superRefine((value, ctx) => {
    for (const rule of entity.rules ?? []) {
      for (const problem of rule(value as Record<string, unknown>) ?? []) {
        ctx.addIssue({ code: z.ZodIssueCode.custom, path: [problem.field], message: problem.message });
      }
    }
  });
}

function inputShape(entity: AnyEntity, mode: 'create' | 'update'): z.ZodRawShape {
  const shape: z.ZodRawShape = {};
  for (const [name, f] of Object.entries(entity.fields)) {
    if (f.readOnly) continue;
    if (mode === 'update' && f.createOnly) continue;
    shape[name] = fieldSchema(f);
  }
  shape[entity.state.kind] = stateSchema(entity).optional();
  shape.modifiedById = z.string().uuid().optional();
  return shape;
}

/**
 * An entity's schema built once and shared by every caller (routes, the contract, imports, forms): a zod schema is
 * immutable (its methods answer new schemas), and each one holds a few dozen bound methods, so building the same
 * schema for every caller cost the API megabytes of heap.
 */
function oncePerEntity<T>(build: (entity: AnyEntity) => T): (entity: AnyEntity) => T {
  const built = new WeakMap<AnyEntity, T>();
  return (entity) => {
    let schema = built.get(entity);
    if (schema === undefined) {
      schema = build(entity);
      built.set(entity, schema);
    }
    return schema;
  };
}

/** Create input: every writable field, required ones required, unknown fields rejected, rules applied. */
export const createSchemaOf = oncePerEntity((entity): z.ZodTypeAny => applyRules(entity, z.object(inputShape(entity, 'create')).strict()));

/**
 * Update input: any subset of the writable fields (including the state field alone, which is the spec's
 * state change `{ isActive | status, modifiedById }`). Cross-field rules run on the merged record server-side.
 */
export const updateSchemaOf = oncePerEntity((entity): z.ZodObject<z.ZodRawShape> => z.object(inputShape(entity, 'update')).partial().strict());

/** The record as the API returns it. */
export const recordSchemaOf = oncePerEntity((entity): z.ZodObject<z.ZodRawShape> => {
  const shape: z.ZodRawShape = {
    _id: z.string().uuid(),
    createdAt: z.string(),
    updatedAt: z.string(),
    modifiedById: z.string().uuid().nullable(),
    [entity.state.kind]: stateSchema(entity),
    /** Display labels of referenced records, keyed by the reference field. */
    _labels: z.record(z.string(), z.string()).optional(),
  };
  for (const [name, f] of Object.entries(entity.fields)) {
    if (f.writeOnly) continue;
    const s = fieldSchema(f);
    shape[name] = f.required ? s : s.nullable().optional();
  }
  return z.object(shape);
});

/** Runs the entity's cross-field rules on a whole record (used after merging an update). */
export function ruleProblems(entity: AnyEntity, value: Record<string, unknown>): { field: string; message: string }[] {
  return (entity.rules ?? []).flatMap((rule) => rule(value) ?? []);
}

/** Whether a status change is allowed by the entity's lifecycle (always true for `isActive`). */
export function isAllowedStateChange(entity: AnyEntity, from: unknown, to: unknown): boolean {
  if (entity.state.kind === 'isActive') return true;
  return canTransition(entity.state.lifecycle, String(from), String(to));
}

/** The value a new record's state field starts with. */
export function initialState(entity: AnyEntity): boolean | string {
  return entity.state.kind === 'isActive' ? true : entity.state.lifecycle.initial;
}

/** Message of a uniqueness clash, exactly as spec §5 words it. */
export function uniquenessMessage(label: UniqueLabel, holder: string): string {
  return `${label} is existing in ${holder}.`;
}
