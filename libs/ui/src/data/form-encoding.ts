import type { AnyEntity, FieldDescriptor } from '@campus/domain-core';
import { applyMask } from '@campus/formatters';

/**
 * How an entity form travels as HTML form data, and back. The `EntityForm` names every control after its field,
 * so a plain `<form method="post">` posts it; `decodeEntityForm` turns the posted strings into the typed input the
 * descriptor's zod schemas expect. Form values are strings (or lists of strings for multi-choice fields), the
 * same shape Conform's `submission.reply().initialValue` has, so a rejected form shows exactly what was typed.
 */
export type FormValues = Readonly<Record<string, unknown>>;
export type FormErrors = Readonly<Record<string, readonly string[] | null | undefined>>;
export type FormMode = 'create' | 'update';

/** Fields a form of this mode shows: writable ones, without create-only fields on update. */
export function formFieldsOf(entity: AnyEntity, mode: FormMode): [string, FieldDescriptor][] {
  return Object.entries(entity.fields).filter(([, f]) => !f.readOnly && !(mode === 'update' && f.createOnly));
}

/** First string of a posted value (`undefined` when absent). */
export function textOf(value: unknown): string | undefined {
  if (Array.isArray(value)) return textOf(value[0]);
  if (value === null || value === undefined) return undefined;
  return typeof value === 'string' ? value : String(value);
}

/** A posted value as a list of strings (for checkbox groups and multi-selects). */
export function listOf(value: unknown): string[] {
  if (value === null || value === undefined || value === '') return [];
  return (Array.isArray(value) ? value : [value])
    .filter((v) => v !== null && v !== undefined && v !== '')
    .map(String);
}

/** Whether a posted checkbox or switch is on. */
export function isOn(value: unknown): boolean {
  const t = textOf(value);
  return t === 'on' || t === 'true';
}

/** A datetime as `datetime-local` shows it: ISO instants are shown in UTC, to the minute. */
function toLocalInput(value: string): string {
  const m = /^(\d{4}-\d\d-\d\dT\d\d:\d\d)/.exec(value);
  if (!m) return value;
  const d = new Date(value);
  return Number.isNaN(d.getTime()) ? (m[1] ?? value) : d.toISOString().slice(0, 16);
}

/** A record (as the API returns it) as form values. */
export function encodeRecord(
  entity: AnyEntity,
  record: Readonly<Record<string, unknown>>,
): Record<string, unknown> {
  const values: Record<string, unknown> = {};
  for (const [name, f] of Object.entries(entity.fields)) {
    const v = record[name];
    if (v === null || v === undefined || f.writeOnly) continue;
    switch (f.kind) {
      case 'boolean':
        if (v === true) values[name] = 'on';
        break;
      case 'multi-enum':
      case 'multi-reference':
        values[name] = Array.isArray(v) ? v.map(String) : [];
        break;
      case 'datetime':
        values[name] = toLocalInput(String(v));
        break;
      default:
        values[name] = String(v);
    }
  }
  return values;
}

/** Initial values of a create form: each boolean field's default. */
export function createDefaults(entity: AnyEntity): Record<string, unknown> {
  const values: Record<string, unknown> = {};
  for (const [name, f] of Object.entries(entity.fields))
    if (f.kind === 'boolean' && f.defaultValue) values[name] = 'on';
  return values;
}

function enumValue(f: FieldDescriptor, raw: string): unknown {
  if (f.kind !== 'enum' && f.kind !== 'multi-enum') return raw;
  // Coded values may be numbers (e.g. designation category 1–4); a form posts them as text.
  return f.options.find((o) => String(o.value) === raw)?.value ?? raw;
}

function normaliseTime(raw: string): string {
  return /^\d\d:\d\d$/.test(raw) ? `${raw}:00` : raw;
}

function normaliseDatetime(raw: string): string {
  if (/^\d{4}-\d\d-\d\dT\d\d:\d\d$/.test(raw)) return `${raw}:00Z`;
  if (/^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d$/.test(raw)) return `${raw}Z`;
  return raw;
}

export interface DecodeOptions {
  /** Fields to leave out of the input entirely (e.g. a switch the user may not change). */
  readonly omit?: readonly string[];
}

/**
 * Posted form values → the entity's create or update input. An empty optional field is left out of a create and
 * cleared (`null`) on an update; numbers, coded values, booleans, times and datetimes get their real types.
 */
export function decodeEntityForm(
  entity: AnyEntity,
  payload: FormValues,
  mode: FormMode,
  options: DecodeOptions = {},
): Record<string, unknown> {
  const omit = new Set(options.omit ?? []);
  const input: Record<string, unknown> = {};
  const empty = (name: string) => {
    if (mode === 'update') input[name] = null;
  };
  for (const [name, f] of formFieldsOf(entity, mode)) {
    if (omit.has(name)) continue;
    const raw = payload[name];
    switch (f.kind) {
      case 'boolean':
        input[name] = isOn(raw);
        break;
      case 'multi-enum':
        input[name] = listOf(raw).map((v) => enumValue(f, v));
        break;
      case 'multi-reference':
        input[name] = listOf(raw);
        break;
      default: {
        const text = textOf(raw)?.trim() ?? '';
        if (text === '') {
          if (f.kind === 'password') break;
          empty(name);
          break;
        }
        if (f.kind === 'number' || f.kind === 'integer') input[name] = Number(text);
        else if (f.kind === 'enum') input[name] = enumValue(f, text);
        else if (f.kind === 'time') input[name] = normaliseTime(text);
        else if (f.kind === 'datetime') input[name] = normaliseDatetime(text);
        else if ('mask' in f && (f.mask === 'tin' || f.mask === 'health-number')) input[name] = applyMask(f.mask, text);
        else input[name] = f.kind === 'password' ? (textOf(raw) ?? '') : text;
      }
    }
  }
  return input;
}

/** Form data as a plain payload: one string per name, or a list when a name is posted several times. */
export function payloadOf(formData: FormData): Record<string, string | string[]> {
  const payload: Record<string, string | string[]> = {};
  for (const [name, value] of formData.entries()) {
    if (typeof value !== 'string') continue;
    const prior = payload[name];
    if (prior === undefined) payload[name] = value;
    else payload[name] = Array.isArray(prior) ? [...prior, value] : [prior, value];
  }
  return payload;
}

/** Fields that are required and were left empty (the spec's `Please fillup required fields.`). */
export function missingRequired(entity: AnyEntity, payload: FormValues, mode: FormMode): string[] {
  return formFieldsOf(entity, mode)
    .filter(([, f]) => f.required && f.kind !== 'boolean')
    .filter(([name, f]) =>
      f.kind === 'multi-enum' || f.kind === 'multi-reference'
        ? listOf(payload[name]).length === 0
        : !textOf(payload[name])?.trim(),
    )
    .map(([name]) => name);
}
