import type { AnyEntity } from '@campus/domain-core';

/**
 * The list screen keeps its whole state in the URL, so search, filters, sorting and paging work as plain GET
 * links and forms without JavaScript: `?q=…&sort=-name&page=2&limit=20&campusId=…&isActive=true`.
 * Filters use the field's own name as the parameter; `toApiQuery` turns them into the API's
 * `search=field:value,field:value`.
 */
export interface ListState {
  readonly q: string;
  readonly sort: string;
  readonly page: number;
  readonly limit: number;
  /** Chosen filter values by field name (only the entity's filter fields and its state field). */
  readonly filters: Readonly<Record<string, string>>;
}

export const PAGE_SIZES = [10, 20, 50, 100] as const;
export const DEFAULT_PAGE_SIZE = 20;
/** Parameters that are not filters. */
const RESERVED = new Set(['q', 'sort', 'page', 'limit', 'index', '_data']);

/** Fields offered as filters: the descriptor's `filterFields`, then its state field (`isActive` or `status`). */
export function filterFieldsOf(entity: AnyEntity): string[] {
  return [...entity.filterFields, entity.state.kind];
}

/** Whether `sort` (`field` or `-field`) is one the list may sort by. */
export function isSortable(entity: AnyEntity, sort: string): boolean {
  const name = sort.startsWith('-') ? sort.slice(1) : sort;
  return name === 'createdAt' || name === 'updatedAt' || entity.sortFields.includes(name);
}

function positiveInt(raw: string | null, fallback: number): number {
  if (raw === null || !/^\d{1,9}$/.test(raw)) return fallback;
  const n = Number(raw);
  return n >= 1 ? n : fallback;
}

/** Reads the list state from the page URL; anything unknown or malformed falls back to the defaults. */
export function readListState(entity: AnyEntity, params: URLSearchParams): ListState {
  const sort = params.get('sort') ?? '';
  const limit = positiveInt(params.get('limit'), DEFAULT_PAGE_SIZE);
  const filters: Record<string, string> = {};
  for (const name of filterFieldsOf(entity)) {
    const value = params.get(name)?.trim();
    // Values travel inside `search=field:value,…`, so a comma could smuggle in another pair.
    if (value && !RESERVED.has(name) && !value.includes(',')) filters[name] = value;
  }
  return {
    q: (params.get('q') ?? '').trim().slice(0, 200),
    sort: sort && isSortable(entity, sort) ? sort : entity.defaultSort,
    page: positiveInt(params.get('page'), 1),
    limit: (PAGE_SIZES as readonly number[]).includes(limit) ? limit : DEFAULT_PAGE_SIZE,
    filters,
  };
}

export interface ApiListQuery {
  q?: string;
  search?: string;
  sort: string;
  page: number;
  limit: number;
}

/** The API's list query for a list state. */
export function toApiQuery(state: ListState): ApiListQuery {
  const search = Object.entries(state.filters)
    .map(([field, value]) => `${field}:${value}`)
    .join(',');
  return {
    ...(state.q ? { q: state.q } : {}),
    ...(search ? { search } : {}),
    sort: state.sort,
    page: state.page,
    limit: state.limit,
  };
}

/**
 * A link to the same list with some parameters changed (`null` removes one). Changing anything but the page
 * goes back to page 1, since the old page number means nothing in a new ordering or filter.
 */
export function listHref(
  current: URLSearchParams | string,
  changes: Readonly<Record<string, string | null>>,
): string {
  const params = new URLSearchParams(current);
  if (!('page' in changes)) params.delete('page');
  for (const [name, value] of Object.entries(changes)) {
    if (value === null || value === '') params.delete(name);
    else params.set(name, value);
  }
  const text = params.toString();
  return text ? `?${text}` : '?';
}

/** The next sort when a column header is activated: ascending first, then descending. */
export function nextSort(current: string, field: string): string {
  return current === field ? `-${field}` : field;
}

/** `aria-sort` of a column for the current sort. */
export function ariaSortOf(current: string, field: string): 'ascending' | 'descending' | 'none' {
  if (current === field) return 'ascending';
  if (current === `-${field}`) return 'descending';
  return 'none';
}

/** Parameters to carry as hidden inputs in a GET form that sets `own` (so the form keeps the other choices). */
export function carriedParams(current: URLSearchParams | string, own: readonly string[]): [string, string][] {
  const skip = new Set([...own, 'page', 'index', '_data']);
  return [...new URLSearchParams(current).entries()].filter(([name]) => !skip.has(name));
}
