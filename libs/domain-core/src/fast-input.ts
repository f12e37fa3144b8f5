import type { AnyEntity } from './entity.js';
import { ruleProblems } from './entity.js';
import { isRealDate, type FieldDescriptor } from './fields.js';

/**
 * A shortcut past the entity's zod schema for input that plainly passes it: the value `createSchemaOf(entity)` (or
 * `updateSchemaOf`) would parse the input to, or `undefined` whenever it cannot be sure — then the schema decides,
 * with its messages. It never refuses anything; it only saves bulk work (an import checks a million values) the
 * allocations of zod's steps. Sure only of: single-line text of printable ASCII that is not blank (so NFC, the
 * text-direction and invisible-text checks change nothing), within its length and pattern; numbers, dates
 * (`yyyy-mm-dd`, a real day), booleans, coded values and ids as the schema takes them; an optional field's `null`;
 * and, on create, every required field given and the entity's rules met. Anything else (an email, a URL, a time, a
 * multi-select, an unknown or missing key…) is left to the schema.
 */
export type FastInput = (input: Readonly<Record<string, unknown>>) => Record<string, unknown> | undefined;

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
/** Printable ASCII: NFC leaves it as it is; it holds no NUL, no direction control and nothing invisible but spaces. */
const PRINTABLE_ASCII = /^[\x20-\x7e]*$/;
const SKIP = Symbol('not sure');

/** The value the field's schema parses `value` to, or SKIP when not sure. */
function valueOf(f: FieldDescriptor, value: unknown): unknown {
  if (value === null || value === '') return f.required ? SKIP : null;
  switch (f.kind) {
    case 'text': {
      if (typeof value !== 'string' || !PRINTABLE_ASCII.test(value)) return SKIP;
      const v = value.trim();
      if (v === '' || v.length > f.max) return SKIP;
      if (f.min !== undefined && v.length < f.min) return SKIP;
      if (f.pattern) {
        f.pattern.regex.lastIndex = 0;
        if (!f.pattern.regex.test(v)) return SKIP;
      }
      return v;
    }
    case 'number':
    case 'integer':
      if (typeof value !== 'number' || !Number.isFinite(value)) return SKIP;
      if (f.kind === 'integer' && !Number.isInteger(value)) return SKIP;
      if ((f.min !== undefined && value < f.min) || (f.max !== undefined && value > f.max)) return SKIP;
      return value;
    case 'date':
      return typeof value === 'string' && isRealDate(value) ? value : SKIP;
    case 'boolean':
      return typeof value === 'boolean' ? value : SKIP;
    case 'enum':
      return f.options.some((o) => o.value === value) ? value : SKIP;
    case 'reference':
      return typeof value === 'string' && UUID.test(value) ? value : SKIP;
    case 'multi-reference':
      if (!Array.isArray(value) || value.length > 500 || !value.every((v) => typeof v === 'string' && UUID.test(v))) return SKIP;
      return [...new Set(value)];
    default:
      return SKIP;
  }
}

/** The shortcut for an entity's create (`create`) or update input; see `FastInput`. */
export function fastInputOf(entity: AnyEntity, mode: 'create' | 'update'): FastInput {
  const fields = new Map<string, FieldDescriptor>();
  for (const [name, f] of Object.entries(entity.fields)) {
    if (f.readOnly || (mode === 'update' && f.createOnly)) continue;
    fields.set(name, f);
  }
  const required = mode === 'create' ? [...fields].filter(([, f]) => f.required).map(([name]) => name) : [];
  const stateKey = entity.state.kind;
  const states = entity.state.kind === 'status' ? entity.state.lifecycle.values.map((v) => v.value) : [];
  const stateOk = (v: unknown) => (stateKey === 'isActive' ? typeof v === 'boolean' : states.includes(v as string));
  return (input) => {
    const out: Record<string, unknown> = {};
    for (const key in input) {
      const value = input[key];
      if (key !== stateKey && !fields.has(key)) return undefined;
      // The schema keeps a key given as undefined (an optional field left out): so does the shortcut.
      if (value === undefined) {
        out[key] = undefined;
        continue;
      }
      if (key === stateKey) {
        if (!stateOk(value)) return undefined;
        out[key] = value;
        continue;
      }
      const parsed = valueOf(fields.get(key)!, value);
      if (parsed === SKIP) return undefined;
      out[key] = parsed;
    }
    for (const name of required) if (out[name] === undefined) return undefined;
    if (mode === 'create' && ruleProblems(entity, out).length) return undefined;
    return out;
  };
}
