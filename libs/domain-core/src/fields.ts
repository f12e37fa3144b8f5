import { z } from 'zod';
import type { CodedOption } from './coded.js';

/**
 * One field of an entity, described once. The descriptor gives the form control, the list column, the API's
 * validation (see `fieldSchema`) and the database column's shape.
 */
export type FieldKind =
  | 'text'
  | 'textarea'
  | 'email'
  | 'url'
  | 'password'
  | 'number'
  | 'integer'
  | 'date'
  | 'datetime'
  | 'time'
  | 'boolean'
  | 'enum'
  | 'multi-enum'
  | 'reference'
  | 'multi-reference';

interface FieldBase {
  readonly label: string;
  readonly required: boolean;
  readonly description?: string;
  /** Accepted on create only (e.g. a temporary password); never part of an update. */
  readonly createOnly?: boolean;
  /** Accepted on input but never returned by the API (e.g. a password). */
  readonly writeOnly?: boolean;
  /** Shown but never accepted from a client (computed by the server). */
  readonly readOnly?: boolean;
}

export interface TextFieldDescriptor extends FieldBase {
  readonly kind: 'text' | 'textarea' | 'email' | 'url' | 'password';
  readonly min?: number;
  readonly max: number;
  readonly pattern?: { readonly regex: RegExp; readonly message: string };
  /** Input mask applied while typing, by name (see `@campus/formatters`). */
  readonly mask?: 'tin' | 'health-number' | 'upper';
}

export interface NumberFieldDescriptor extends FieldBase {
  readonly kind: 'number' | 'integer';
  readonly min?: number;
  readonly max?: number;
  /** How the value reads in lists and pages: `peso` is money, shown with `formatPeso` (₱1,234.50). */
  readonly format?: 'peso';
}

export interface DateFieldDescriptor extends FieldBase {
  readonly kind: 'date' | 'datetime' | 'time';
}

export interface BooleanFieldDescriptor extends FieldBase {
  readonly kind: 'boolean';
  readonly defaultValue: boolean;
}

export interface EnumFieldDescriptor<V extends string | number = string | number> extends FieldBase {
  readonly kind: 'enum' | 'multi-enum';
  readonly options: readonly CodedOption<V>[];
  /**
   * The values' type, said by a field whose options are read only when asked for (`field.multiEnum` given a
   * function): what must be known before then, such as the database column's type, reads this instead.
   */
  readonly valueType?: 'string';
}

export interface ReferenceFieldDescriptor extends FieldBase {
  /** `reference` holds one id; `multi-reference` a list of ids (e.g. a role's modules). */
  readonly kind: 'reference' | 'multi-reference';
  /** API resource the id points to, e.g. `campuses`. */
  readonly resource: string;
  /** Field of the referenced record shown to people, e.g. `name`. */
  readonly labelField: string;
}

export type FieldDescriptor =
  | TextFieldDescriptor
  | NumberFieldDescriptor
  | DateFieldDescriptor
  | BooleanFieldDescriptor
  | EnumFieldDescriptor
  | ReferenceFieldDescriptor;

type Common = Partial<Pick<FieldBase, 'description' | 'createOnly' | 'writeOnly' | 'readOnly'>> & {
  required?: boolean;
};

/**
 * A field with its options, as a list or read from `options()` whenever it is asked for them: such a list is of
 * strings (`valueType`), so that nothing needs to read it before it is known.
 */
function withOptions<V extends string | number, B extends object>(base: B, options: readonly CodedOption<V>[] | (() => readonly CodedOption<V & string>[])) {
  if (typeof options !== 'function') return { ...base, options };
  return Object.defineProperty({ ...base, valueType: 'string' }, 'options', { get: options, enumerable: true }) as B & {
    readonly options: readonly CodedOption<V>[];
    readonly valueType: 'string';
  };
}

export const field = {
  text: (label: string, o: Common & Partial<Omit<TextFieldDescriptor, 'kind' | 'label' | 'required'>> = {}) =>
    ({ kind: 'text', label, required: false, max: 255, ...o }) as TextFieldDescriptor,
  textarea: (label: string, o: Common & { max?: number; min?: number } = {}) =>
    ({ kind: 'textarea', label, required: false, max: 5000, ...o }) as TextFieldDescriptor,
  email: (label: string, o: Common = {}) => ({ kind: 'email', label, required: false, max: 254, ...o }) as TextFieldDescriptor,
  url: (label: string, o: Common = {}) => ({ kind: 'url', label, required: false, max: 2048, ...o }) as TextFieldDescriptor,
  password: (label: string, o: Common = {}) =>
    ({ kind: 'password', label, required: false, max: 128, writeOnly: true, ...o }) as TextFieldDescriptor,
  number: (label: string, o: Common & { min?: number; max?: number; format?: 'peso' } = {}) =>
    ({ kind: 'number', label, required: false, ...o }) as NumberFieldDescriptor,
  integer: (label: string, o: Common & { min?: number; max?: number } = {}) =>
    ({ kind: 'integer', label, required: false, ...o }) as NumberFieldDescriptor,
  date: (label: string, o: Common = {}) => ({ kind: 'date', label, required: false, ...o }) as DateFieldDescriptor,
  datetime: (label: string, o: Common = {}) => ({ kind: 'datetime', label, required: false, ...o }) as DateFieldDescriptor,
  time: (label: string, o: Common = {}) => ({ kind: 'time', label, required: false, ...o }) as DateFieldDescriptor,
  boolean: (label: string, o: Common & { defaultValue?: boolean } = {}) =>
    ({ kind: 'boolean', label, required: false, defaultValue: false, ...o }) as BooleanFieldDescriptor,
  enum: <V extends string | number>(label: string, options: readonly CodedOption<V>[], o: Common = {}) =>
    ({ kind: 'enum', label, required: false, options, ...o }) as EnumFieldDescriptor<V>,
  /**
   * Several of a list of coded values. The list may be a function, read each time the options are (e.g. the launcher
   * applications, known only once the area manifests are found at start).
   */
  multiEnum: <V extends string | number>(label: string, options: readonly CodedOption<V>[] | (() => readonly CodedOption<V & string>[]), o: Common = {}) =>
    withOptions({ kind: 'multi-enum', label, required: false, ...o }, options) as EnumFieldDescriptor<V>,
  reference: (label: string, resource: string, o: Common & { labelField?: string } = {}) =>
    ({ kind: 'reference', label, required: false, resource, labelField: 'name', ...o }) as ReferenceFieldDescriptor,
  references: (label: string, resource: string, o: Common & { labelField?: string } = {}) =>
    ({ kind: 'multi-reference', label, required: false, resource, labelField: 'name', ...o }) as ReferenceFieldDescriptor,
};

export const ISO_DATE = /^\d{4}-(0[1-9]|1[0-2])-(0[1-9]|[12]\d|3[01])$/;
export const CLOCK_TIME = /^([01]\d|2[0-3]):[0-5]\d:[0-5]\d$/;
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

const DAYS_IN_MONTH = [31, 28, 31, 30, 31, 30, 31, 31, 30, 31, 30, 31] as const;

/**
 * Whether a text is a date as `yyyy-mm-dd` naming a day that exists in the Gregorian calendar (carried back before
 * 1582, as JavaScript's `Date` does: year 0 is a leap year). Counted, not parsed: imports check it for every row.
 */
export function isRealDate(value: string): boolean {
  if (!ISO_DATE.test(value)) return false;
  const year = Number(value.slice(0, 4));
  const month = Number(value.slice(5, 7));
  const day = Number(value.slice(8, 10));
  const leap = year % 4 === 0 && (year % 100 !== 0 || year % 400 === 0);
  return day <= (month === 2 && leap ? 29 : DAYS_IN_MONTH[month - 1]!);
}

export const NUL_MESSAGE = 'Remove the NUL character; it cannot be stored.';
export const INVISIBLE_MESSAGE = 'Enter visible characters, not only spaces or invisible ones.';
export const BIDI_MESSAGE = 'Remove the text-direction control characters.';

/**
 * Characters that show nothing: spaces, control and format characters (zero-width space and joiners, word
 * joiner, byte-order mark, direction marks) and the fillers that render blank.
 */
const INVISIBLE_ONLY = /^[\p{Z}\p{Cc}\p{Cf}\u115F\u1160\u3164\uFFA0]*$/u;
/** Embeddings, overrides and isolates (U+202A–U+202E, U+2066–U+2069), which reorder how text is shown. */
const BIDI_CONTROL = /[\u202A-\u202E\u2066-\u2069]/;

export const hasNul = (value: string): boolean => value.includes('\u0000');

/** Direction controls and values made only of invisible characters, refused in single-line text. */
function lineProblems(v: string, ctx: z.RefinementCtx): void {
  if (BIDI_CONTROL.test(v)) ctx.addIssue({ code: z.ZodIssueCode.custom, message: BIDI_MESSAGE });
  if (v !== '' && INVISIBLE_ONLY.test(v)) ctx.addIssue({ code: z.ZodIssueCode.custom, message: INVISIBLE_MESSAGE });
}

/**
 * Text hygiene every text field shares: NFC (the same name typed on two systems is stored, and compared, the
 * same way); no NUL (PostgreSQL cannot store it; the field's own rules are not checked on such a value); single-line
 * text (names, codes and the like) also refuses direction controls and values made only of invisible characters.
 * Two zod steps rather than one per check: every zod 3 effect allocates on each parse, and an import parses
 * millions of values.
 */
function hygienic(s: z.ZodTypeAny, singleLine: boolean): z.ZodTypeAny {
  const checked = singleLine ? s.superRefine((v: string, ctx) => lineProblems(v, ctx)) : s;
  return z.preprocess((value, ctx) => {
    if (typeof value !== 'string') return value;
    const v = value.normalize('NFC');
    if (hasNul(v)) {
      ctx.addIssue({ code: z.ZodIssueCode.custom, message: NUL_MESSAGE, fatal: true });
      if (singleLine) lineProblems(v, ctx);
    }
    return v;
  }, checked);
}

/** The zod schema of one field's value, required or not (an optional field also accepts null). */
export function fieldSchema(f: FieldDescriptor): z.ZodTypeAny {
  let s: z.ZodTypeAny;
  switch (f.kind) {
    case 'text':
    case 'textarea': {
      let t = z.string().trim().max(f.max, `At most ${f.max} characters.`);
      if (f.required) t = t.min(Math.max(1, f.min ?? 1), 'Required');
      else if (f.min) t = t.min(f.min, `At least ${f.min} characters.`);
      if (f.pattern) t = t.regex(f.pattern.regex, f.pattern.message);
      s = hygienic(t, f.kind === 'text');
      break;
    }
    case 'password': {
      // Passwords are taken exactly as typed (not normalised): spaces are characters like any other.
      let t = z.string().max(f.max, `At most ${f.max} characters.`);
      if (f.required) t = t.min(Math.max(1, f.min ?? 1), 'Required');
      else if (f.min) t = t.min(f.min, `At least ${f.min} characters.`);
      s = z
        .string()
        .refine((v) => !hasNul(v), NUL_MESSAGE)
        .pipe(t);
      break;
    }
    case 'email':
      s = hygienic(z.string().trim().toLowerCase().max(f.max).email('Enter a valid email address.'), true);
      break;
    case 'url':
      s = hygienic(
        z
          .string()
          .trim()
          .max(f.max)
          .refine((v) => /^https?:\/\//i.test(v) || v.startsWith('/'), 'Enter a URL starting with http://, https:// or /.'),
        true,
      );
      break;
    case 'number':
    case 'integer': {
      let n = z.number({ invalid_type_error: 'Enter a number.' }).finite('Enter a number.');
      if (f.kind === 'integer') n = n.int('Enter a whole number.');
      if (f.min !== undefined) n = n.min(f.min, `At least ${f.min}.`);
      if (f.max !== undefined) n = n.max(f.max, `At most ${f.max}.`);
      s = n;
      break;
    }
    case 'date':
      s = z.string().refine(isRealDate, 'Enter a date as yyyy-mm-dd.');
      break;
    case 'datetime':
      s = z.string().datetime({ offset: true, message: 'Enter a date and time.' });
      break;
    case 'time':
      s = z.string().regex(CLOCK_TIME, 'Enter a time as hh:mm:ss (24-hour).');
      break;
    case 'boolean':
      s = z.boolean();
      break;
    case 'enum': {
      const values = f.options.map((o) => o.value);
      s = z.custom<string | number>((v) => values.includes(v as never), {
        message: `Choose one of: ${f.options.map((o) => o.label).join(', ')}.`,
      });
      break;
    }
    case 'multi-enum': {
      // The options are read when a value is checked, not when the schema is made (they may be known only later).
      const values = () => f.options.map((o) => o.value);
      s = z
        .array(z.union([z.string(), z.number()]))
        .superRefine((list, ctx) => {
          const maximum = values().length;
          if (list.length > maximum) ctx.addIssue({ code: z.ZodIssueCode.too_big, type: 'array', maximum, inclusive: true, exact: false });
        })
        .refine((list) => list.every((v) => values().includes(v as never)), 'Choose from the listed values.')
        .transform((list) => [...new Set(list)]);
      break;
    }
    case 'reference':
      s = z.string().regex(UUID, `Choose a ${f.label.toLowerCase()}.`);
      break;
    case 'multi-reference':
      s = z
        .array(z.string().regex(UUID, `Choose from the listed ${f.label.toLowerCase()}.`))
        .max(500)
        .transform((list) => [...new Set(list)]);
      break;
  }
  if (f.required) return s;
  // An empty optional text counts as "not given"; an absent value is taken before any other step.
  return z.preprocess((v) => (v === '' ? null : v), s.nullable()).optional();
}
