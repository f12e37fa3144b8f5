import { labelOf, type AnyEntity, type FieldDescriptor } from '@campus/domain-core';
import { applyMask, formatDuration, formatPeso } from '@campus/formatters';

/** A record as the API returns it: its fields, `_id`, the state field and `_labels` of references. */
export type EntityRow = {
  readonly _id: string;
  readonly _labels?: Readonly<Record<string, string>>;
} & Readonly<Record<string, unknown>>;

/** Label of a list column: the field's label, or the state field's. */
export function columnLabel(entity: AnyEntity, name: string): string {
  if (name === 'isActive') return 'Active';
  if (name === 'status') return 'Status';
  return entity.fields[name]?.label ?? name;
}

function statusLabel(entity: AnyEntity, value: unknown): string {
  if (entity.state.kind !== 'status') return String(value ?? '');
  return labelOf(entity.state.lifecycle.values, value as string);
}

/** The text a list cell shows for one field of a row (coded values and references by label). */
export function cellText(entity: AnyEntity, name: string, row: EntityRow): string {
  const value = row[name];
  if (name === 'isActive') return value ? 'Active' : 'Inactive';
  if (name === 'status' && entity.state.kind === 'status') return statusLabel(entity, value);
  const f: FieldDescriptor | undefined = entity.fields[name];
  if (!f || value === null || value === undefined || value === '') return '';
  switch (f.kind) {
    case 'boolean':
      return value ? 'Yes' : 'No';
    case 'enum':
      return labelOf(f.options, value as string | number);
    case 'multi-enum':
      return Array.isArray(value)
        ? value.map((v) => labelOf(f.options, v as string | number)).join(', ')
        : '';
    case 'reference':
      return row._labels?.[name] ?? String(value);
    case 'multi-reference':
      if (row._labels?.[name]) return row._labels[name];
      return Array.isArray(value) ? `${value.length} selected` : '';
    case 'datetime': {
      // Shown the same on server and browser (no time-zone dependent rendering during hydration).
      const text = String(value);
      return /^\d{4}-\d\d-\d\dT\d\d:\d\d/.test(text) ? `${text.slice(0, 10)} ${text.slice(11, 16)}` : text;
    }
    case 'password':
      return '';
    case 'number':
      return f.format === 'peso' ? formatPeso(value as number) : String(value);
    case 'text':
      // Government numbers read with their mask (TIN 123-456-789-000, health insurance 12-345678901-2).
      return f.mask === 'tin' || f.mask === 'health-number' ? applyMask(f.mask, value as string) : String(value);
    case 'integer':
      // A length of time kept in seconds (its description says so) reads as `Xh Ym Zs`.
      return f.description === 'In seconds.' && typeof value === 'number' ? formatDuration(value) : String(value);
    default:
      return String(value);
  }
}

/** Fields that name a record when its display field is empty, in order of preference. */
export const NAMING_FIELDS = ['name', 'description', 'code', 'title', 'email'] as const;

/** How the holder of a record is named in messages and headings (its display field, else its id). */
export function displayNameOf(entity: AnyEntity, row: Readonly<Record<string, unknown>>): string {
  const value = row[entity.displayField];
  if (typeof value === 'string' && value.trim()) return value;
  for (const name of NAMING_FIELDS) {
    const v = row[name];
    if (typeof v === 'string' && v.trim()) return v;
  }
  return String(row._id ?? '');
}
