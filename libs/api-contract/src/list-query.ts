import { z } from 'zod';
import { hasNul, NUL_MESSAGE, type AnyEntity, type FieldDescriptor } from '@campus/domain-core';

/** Page size when none is asked for, and the largest page the API serves (ARCHITECTURE §4). */
export const DEFAULT_LIMIT = 20;
export const MAX_LIMIT = 100;
/** Fields every list may sort by besides the entity's `sortFields`. */
export const BASE_SORT_FIELDS = ['createdAt', 'updatedAt'] as const;

/** The list query as it arrives: strings from the query string. */
export const ListQuerySchema = z
  .object({
    search: z
      .string()
      .max(1000, 'search is at most 1000 characters.')
      .refine((v) => !hasNul(v), `search: ${NUL_MESSAGE}`)
      .transform((v) => v.normalize('NFC'))
      .optional(),
    q: z
      .string()
      .trim()
      .max(200, 'q is at most 200 characters.')
      .refine((v) => !hasNul(v), `q: ${NUL_MESSAGE}`)
      .transform((v) => v.normalize('NFC'))
      .optional(),
    page: z.coerce
      .number({ invalid_type_error: 'page must be a number.' })
      .int('page must be a whole number.')
      .min(1, 'page starts at 1.')
      .max(1_000_000, 'page is at most 1000000.')
      .default(1),
    limit: z.coerce
      .number({ invalid_type_error: 'limit must be a number.' })
      .int('limit must be a whole number.')
      .min(1, 'limit is at least 1.')
      .max(MAX_LIMIT, `limit is at most ${MAX_LIMIT}.`)
      .default(DEFAULT_LIMIT),
    sort: z.string().max(100).optional(),
  })
  .strict();
export type ListQueryInput = z.input<typeof ListQuerySchema>;

/** One `field:value` pair of `search`, with the value converted to the field's type. */
export interface ListFilter {
  readonly field: string;
  readonly value: string | number | boolean;
}

export interface ListSort {
  readonly field: string;
  readonly direction: 'asc' | 'desc';
}

/** The list query after validation against one entity. */
export interface ListQuery {
  readonly filters: readonly ListFilter[];
  readonly q?: string;
  readonly page: number;
  readonly limit: number;
  readonly sort: ListSort;
}

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** Splits `field:value[,field:value…]`; the value runs to the next comma. */
export function parseSearch(search: string): { field: string; value: string }[] | { error: string } {
  const pairs: { field: string; value: string }[] = [];
  for (const part of search.split(',')) {
    if (part.trim() === '') continue;
    const colon = part.indexOf(':');
    if (colon <= 0) return { error: `Write search as field:value (got "${part.slice(0, 40)}").` };
    pairs.push({ field: part.slice(0, colon).trim(), value: part.slice(colon + 1).trim() });
  }
  return pairs;
}

/** Fields `search=` accepts for an entity: `_id`, the state field, filter, search and unique fields. */
export function searchableFieldsOf(entity: AnyEntity): string[] {
  return [
    ...new Set([
      '_id',
      entity.state.kind,
      ...entity.filterFields,
      ...entity.searchFields,
      ...entity.unique.map((u) => u.field),
    ]),
  ];
}

export function sortableFieldsOf(entity: AnyEntity): string[] {
  return [...new Set([...entity.sortFields, ...BASE_SORT_FIELDS])];
}

function coerceFilterValue(entity: AnyEntity, name: string, raw: string): ListFilter['value'] | { error: string } {
  if (name === '_id') return UUID.test(raw) ? raw : { error: '_id must be a record id (UUID).' };
  if (name === 'isActive' && entity.state.kind === 'isActive') {
    return raw === 'true' ? true : raw === 'false' ? false : { error: 'isActive must be true or false.' };
  }
  if (name === 'status' && entity.state.kind === 'status') {
    const values = entity.state.lifecycle.values.map((v) => String(v.value));
    return values.includes(raw) ? raw : { error: `status must be one of: ${values.join(', ')}.` };
  }
  const f: FieldDescriptor | undefined = entity.fields[name];
  if (!f) return { error: `Unknown field ${name}.` };
  switch (f.kind) {
    case 'boolean':
      return raw === 'true' ? true : raw === 'false' ? false : { error: `${name} must be true or false.` };
    case 'number':
    case 'integer': {
      const n = Number(raw);
      if (raw === '' || !Number.isFinite(n) || (f.kind === 'integer' && !Number.isInteger(n))) {
        return { error: `${name} must be a number.` };
      }
      return n;
    }
    case 'reference':
    case 'multi-reference':
      return UUID.test(raw) ? raw : { error: `${name} must be a record id (UUID).` };
    case 'enum':
    case 'multi-enum': {
      const option = f.options.find((o) => String(o.value) === raw);
      return option ? option.value : { error: `${name} must be one of: ${f.options.map((o) => o.value).join(', ')}.` };
    }
    case 'date':
      return /^\d{4}-\d{2}-\d{2}$/.test(raw) ? raw : { error: `${name} must be a date as yyyy-mm-dd.` };
    default:
      return raw.length > 200 ? { error: `${name} is at most 200 characters.` } : raw;
  }
}

/**
 * The list query schema for one entity: `search` may name only the entity's filter, search and unique fields,
 * `_id` and the state field; `sort` only its sort fields, `createdAt` and `updatedAt`. Anything else fails with
 * a message that lists what is allowed.
 */
export function listQuerySchemaFor(entity: AnyEntity) {
  const searchable = searchableFieldsOf(entity);
  const sortable = sortableFieldsOf(entity);
  return ListQuerySchema.transform((input, ctx): ListQuery => {
    const filters: ListFilter[] = [];
    if (input.search) {
      const pairs = parseSearch(input.search);
      if ('error' in pairs) {
        ctx.addIssue({ code: z.ZodIssueCode.custom, path: ['search'], message: pairs.error });
        return z.NEVER;
      }
      for (const { field, value } of pairs) {
        if (!searchable.includes(field)) {
          ctx.addIssue({
            code: z.ZodIssueCode.custom,
            path: ['search'],
            message: `Cannot search ${entity.resource} by ${field.slice(0, 40)}; use one of: ${searchable.join(', ')}.`,
          });
          return z.NEVER;
        }
        const coerced = coerceFilterValue(entity, field, value);
        if (typeof coerced === 'object') {
          ctx.addIssue({ code: z.ZodIssueCode.custom, path: ['search'], message: coerced.error });
          return z.NEVER;
        }
        filters.push({ field, value: coerced });
      }
    }
    const sortText = input.sort?.trim() || entity.defaultSort;
    const direction = sortText.startsWith('-') ? 'desc' : 'asc';
    const sortField = sortText.replace(/^[-+]/, '');
    if (!sortable.includes(sortField)) {
      ctx.addIssue({
        code: z.ZodIssueCode.custom,
        path: ['sort'],
        message: `Cannot sort ${entity.resource} by ${sortField.slice(0, 40)}; use one of: ${sortable.join(', ')}.`,
      });
      return z.NEVER;
    }
    return {
      filters,
      ...(input.q ? { q: input.q } : {}),
      page: input.page,
      limit: input.limit,
      sort: { field: sortField, direction },
    };
  });
}
