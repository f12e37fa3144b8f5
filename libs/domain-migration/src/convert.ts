import type { AnyEntity, FieldDescriptor } from '@campus/domain-core';
import type { ImportColumn, ImportTarget } from './targets.js';

/** How dates written as `a/b/yyyy` are read; ISO `yyyy-mm-dd` is always read as such. */
export const DATE_FORMATS = ['mm/dd/yyyy', 'dd/mm/yyyy'] as const;
export type DateFormat = (typeof DATE_FORMATS)[number];

/** Finds natural keys of referenced records: `resource` → (lower-cased key → id). */
export type ReferenceLookup = (resource: string, key: string) => string | undefined;

export interface ConvertedRow {
  /** The create input (fields the row gives, references resolved to ids). */
  readonly input: Record<string, unknown>;
  /** Problems by import column. */
  readonly problems: { column: string; message: string }[];
}

const TRUE = new Set(['true', 'yes', 'y', '1', 't']);
const FALSE = new Set(['false', 'no', 'n', '0', 'f']);
const pad = (n: string) => n.padStart(2, '0');

/** Reads a date cell as `yyyy-mm-dd` (ISO, `a/b/yyyy` by the chosen format, or a date-time), else undefined. */
export function readDate(value: string, format: DateFormat): string | undefined {
  const v = value.trim();
  if (/^\d{4}-\d{2}-\d{2}$/.test(v)) return v;
  const iso = /^(\d{4}-\d{2}-\d{2})T/.exec(v);
  if (iso) return iso[1];
  const parts = /^(\d{1,2})[/.-](\d{1,2})[/.-](\d{4})$/.exec(v);
  if (!parts) return undefined;
  const [, a, b, y] = parts;
  return format === 'mm/dd/yyyy' ? `${y}-${pad(a!)}-${pad(b!)}` : `${y}-${pad(b!)}-${pad(a!)}`;
}

/** Guesses the date format from a sample of cells: a first part above 12 means day first. */
export function detectDateFormat(samples: readonly string[]): DateFormat {
  for (const s of samples) {
    const parts = /^(\d{1,2})[/.-](\d{1,2})[/.-]\d{4}$/.exec(s.trim());
    if (parts && Number(parts[1]) > 12) return 'dd/mm/yyyy';
    if (parts && Number(parts[2]) > 12) return 'mm/dd/yyyy';
  }
  return 'mm/dd/yyyy';
}

const splitList = (v: string) =>
  v
    .split(/[;|]/)
    .map((s) => s.trim())
    .filter(Boolean);

function scalar(f: FieldDescriptor, raw: string, format: DateFormat): { value?: unknown; problem?: string } {
  switch (f.kind) {
    case 'number':
    case 'integer': {
      const n = Number(raw.replace(/,/g, ''));
      if (!Number.isFinite(n)) return { problem: 'Enter a number.' };
      return { value: n };
    }
    case 'boolean': {
      const l = raw.toLowerCase();
      if (TRUE.has(l)) return { value: true };
      if (FALSE.has(l)) return { value: false };
      return { problem: 'Enter true or false.' };
    }
    case 'date': {
      const d = readDate(raw, format);
      return d ? { value: d } : { problem: 'Enter a date as yyyy-mm-dd.' };
    }
    case 'enum': {
      const l = raw.toLowerCase();
      const o = f.options.find((x) => String(x.value).toLowerCase() === l || x.label.toLowerCase() === l);
      return o ? { value: o.value } : { problem: `Choose one of: ${f.options.map((x) => x.value).join(', ')}.` };
    }
    case 'multi-enum': {
      const values: unknown[] = [];
      for (const part of splitList(raw)) {
        const o = f.options.find((x) => String(x.value).toLowerCase() === part.toLowerCase() || x.label.toLowerCase() === part.toLowerCase());
        if (!o) return { problem: `Choose from: ${f.options.map((x) => x.value).join(', ')}.` };
        values.push(o.value);
      }
      return { value: values };
    }
    default:
      return { value: raw };
  }
}

/** A target's columns by name, made once per target (an import converts every row with it). */
const columnMaps = new WeakMap<ImportTarget, ReadonlyMap<string, ImportColumn>>();
function columnsByName(target: ImportTarget): ReadonlyMap<string, ImportColumn> {
  let map = columnMaps.get(target);
  if (!map) columnMaps.set(target, (map = new Map(target.columns.map((c) => [c.name, c]))));
  return map;
}

/**
 * Turns one row (cells keyed by import column) into the entity's create input: empty cells are left out, values
 * read by the field's kind, references resolved by code. The input is then checked with the entity's own schema.
 */
export function convertRow(
  target: ImportTarget,
  entity: AnyEntity,
  cells: Readonly<Record<string, string>>,
  lookup: ReferenceLookup,
  format: DateFormat,
): ConvertedRow {
  const input: Record<string, unknown> = {};
  const problems: { column: string; message: string }[] = [];
  const byName = columnsByName(target);
  for (const [name, rawValue] of Object.entries(cells)) {
    const column = byName.get(name);
    const raw = (rawValue ?? '').trim();
    if (!column || raw === '') continue;
    const t = column.target;
    if (t.kind === 'computed') continue;
    if (t.kind === 'names') {
      const [last, first, ...middle] = raw.split(',').map((s) => s.trim());
      if (last) input.lastName = last;
      if (first) input.firstName = first;
      if (middle.length && middle.join(', ')) input.middleName = middle.join(', ');
      continue;
    }
    if (t.kind === 'state') {
      if (t.field === 'isActive') {
        const r = scalar({ kind: 'boolean', label: name, required: false, defaultValue: true }, raw, format);
        if (r.problem) problems.push({ column: name, message: r.problem });
        else input.isActive = r.value;
      } else {
        const values = entity.state.kind === 'status' ? entity.state.lifecycle.values : [];
        const v = values.find((x) => x.value.toLowerCase() === raw.toLowerCase() || x.label.toLowerCase() === raw.toLowerCase());
        if (v) input.status = v.value;
        else problems.push({ column: name, message: `Choose one of: ${values.map((x) => x.value).join(', ')}.` });
      }
      continue;
    }
    if (t.kind === 'reference') {
      const keys = t.many ? splitList(raw) : [raw];
      const ids: string[] = [];
      for (const key of keys) {
        const id = lookup(t.resource, key);
        if (id) ids.push(id);
        else problems.push({ column: name, message: `No record with the code ${key}.` });
      }
      input[t.field] = t.many ? ids : ids[0];
      continue;
    }
    const f = entity.fields[t.field]!;
    const r = scalar(f, raw, format);
    if (r.problem) problems.push({ column: name, message: r.problem });
    else input[t.field] = r.value;
  }
  return { input, problems };
}

/** The natural key of converted input, lower-cased text joined, or undefined when a part is missing. */
export function keyOf(target: ImportTarget, input: Readonly<Record<string, unknown>>): string | undefined {
  if (!target.naturalKey.length) return undefined;
  const parts = target.naturalKey.map((k) => input[k]);
  if (parts.some((p) => p === undefined || p === null || p === '')) return undefined;
  return parts.map((p) => String(p).toLowerCase()).join('\u0001');
}
