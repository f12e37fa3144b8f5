import { formatDate, type FormatDateOptions } from './date.js';

/** The employee a notice is personalised for, shaped like the signed-in user's `employee` (spec §3). */
export interface TemplateEmployee {
  readonly fname?: string | null;
  readonly lname?: string | null;
  readonly mname?: string | null;
  readonly designation?: { readonly name?: string | null } | null;
  readonly department?: { readonly name?: string | null } | null;
}

/** The message placeholders of spec §3, in the spec's order, with the text a template writer types. */
export const TEMPLATE_PLACEHOLDERS = [
  { code: 'first_name', label: 'First name', token: '[[first_name]]' },
  { code: 'last_name', label: 'Last name', token: '[[last_name]]' },
  { code: 'middle_name', label: 'Middle name', token: '[[middle_name]]' },
  { code: 'designation', label: 'Designation', token: '[[designation]]' },
  { code: 'department', label: 'Department', token: '[[department]]' },
  { code: 'date_now', label: 'Current date', token: '[[date_now]]' },
] as const;

export type TemplatePlaceholder = (typeof TEMPLATE_PLACEHOLDERS)[number]['code'];

const PLACEHOLDER = /\[\[\s*([A-Za-z_]+)\s*\]\]/g;

function valueOf(
  code: string,
  employee: TemplateEmployee | null | undefined,
  now: Date,
  dateOptions: FormatDateOptions,
): string | undefined {
  switch (code) {
    case 'first_name':
      return employee?.fname ?? '';
    case 'last_name':
      return employee?.lname ?? '';
    case 'middle_name':
      return employee?.mname ?? '';
    case 'designation':
      return employee?.designation?.name ?? '';
    case 'department':
      return employee?.department?.name ?? '';
    case 'date_now':
      return formatDate(now, dateOptions);
    default:
      return undefined;
  }
}

/**
 * Fills `[[first_name]]`, `[[last_name]]`, `[[middle_name]]`, `[[designation]]`, `[[department]]` and
 * `[[date_now]]` (today as a long date, e.g. `November 21, 2026`) from the employee. A missing value becomes an
 * empty string; an unknown placeholder stays exactly as written.
 */
export function renderTemplate(
  template: string,
  employee: TemplateEmployee | null | undefined,
  now: Date = new Date(),
  dateOptions: FormatDateOptions = { style: 'long' },
): string {
  return template.replace(
    PLACEHOLDER,
    (whole, code: string) => valueOf(code, employee, now, dateOptions) ?? whole,
  );
}

/** The placeholders a template uses, known ones only, each once, in order of first use. */
export function placeholdersIn(template: string): TemplatePlaceholder[] {
  const known = new Set<string>(TEMPLATE_PLACEHOLDERS.map((p) => p.code));
  const found = new Set<TemplatePlaceholder>();
  for (const m of template.matchAll(PLACEHOLDER)) {
    if (m[1] && known.has(m[1])) found.add(m[1] as TemplatePlaceholder);
  }
  return [...found];
}
