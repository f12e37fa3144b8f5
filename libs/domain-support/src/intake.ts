import { z } from 'zod';

/** Kinds of custom field an intake form may ask for. */
export const INTAKE_FIELD_KINDS = ['text', 'number', 'date', 'choice'] as const;
export type IntakeFieldKind = (typeof INTAKE_FIELD_KINDS)[number];

export interface IntakeField {
  readonly key: string;
  readonly label: string;
  readonly kind: IntakeFieldKind;
  readonly choices: readonly string[];
  readonly required: boolean;
}

/**
 * Parses an intake form as a category writes it, one field a line:
 * `key | Label | kind | choice A, choice B | required` (choices only for `choice`; `required` optional).
 * Returns the fields, or the problem with the first bad line.
 */
export function parseIntakeForm(text: string | null | undefined): { fields: IntakeField[]; problem?: string } {
  const fields: IntakeField[] = [];
  const lines = (text ?? '').split(/\r?\n/).map((l) => l.trim()).filter(Boolean);
  for (const line of lines) {
    const [key = '', label = '', kind = '', choices = '', flag = ''] = line.split('|').map((p) => p.trim());
    if (!/^[a-z][a-zA-Z0-9]{0,39}$/.test(key)) return { fields, problem: `“${line}”: the key must be a word starting with a small letter.` };
    if (!label) return { fields, problem: `“${line}”: give the field a label.` };
    if (!(INTAKE_FIELD_KINDS as readonly string[]).includes(kind)) return { fields, problem: `“${line}”: the kind must be one of ${INTAKE_FIELD_KINDS.join(', ')}.` };
    const list = choices.split(',').map((c) => c.trim()).filter(Boolean);
    if (kind === 'choice' && !list.length) return { fields, problem: `“${line}”: a choice field lists its choices.` };
    if (fields.some((f) => f.key === key)) return { fields, problem: `“${line}”: the key ${key} is used twice.` };
    fields.push({ key, label, kind: kind as IntakeFieldKind, choices: kind === 'choice' ? list : [], required: /^required$/i.test(flag || (kind !== 'choice' ? choices : '')) });
  }
  return { fields };
}

/** The zod schema of the answers to an intake form (values arrive as text from forms, numbers from JSON). */
export function intakeSchema(fields: readonly IntakeField[]): z.ZodType<Record<string, string | number>> {
  const shape: Record<string, z.ZodTypeAny> = {};
  for (const f of fields) {
    let s: z.ZodTypeAny;
    switch (f.kind) {
      case 'text':
        s = z.string().trim().max(500, 'At most 500 characters.');
        break;
      case 'number':
        s = z.preprocess((v) => (typeof v === 'string' && v.trim() !== '' ? Number(v) : v), z.number({ invalid_type_error: 'Enter a number.' }).finite('Enter a number.'));
        break;
      case 'date':
        s = z.string().regex(/^\d{4}-\d{2}-\d{2}$/, 'Enter a date as yyyy-mm-dd.');
        break;
      case 'choice':
        s = z.string().refine((v) => f.choices.includes(v), `Choose one of: ${f.choices.join(', ')}.`);
        break;
    }
    const empty = (v: unknown) => (v === '' || v === null ? undefined : v);
    shape[f.key] = f.required ? z.preprocess(empty, s) : z.preprocess(empty, s.optional());
  }
  return z.object(shape).strict() as unknown as z.ZodType<Record<string, string | number>>;
}
