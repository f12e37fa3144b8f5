import { NOTICES } from '@campus/ui';
import type { z } from 'zod';

export interface FormProblem {
  notice: { tone: 'error'; title: string; description: string };
  fieldErrors: Record<string, string>;
}

/**
 * Turns a failed parse into the spec's answer: `Validation Error` / `Please fillup required fields.` when a
 * required field is empty, otherwise `Validation Error` with the first problem; each field marked.
 */
export function formProblem(error: z.ZodError, values: Record<string, unknown>): FormProblem {
  const fieldErrors: Record<string, string> = {};
  let isMissing = false;
  for (const issue of error.issues) {
    const field = String(issue.path[0] ?? '');
    const value = values[field];
    const empty = value === undefined || value === null || (typeof value === 'string' && value.trim() === '');
    if (empty) isMissing = true;
    fieldErrors[field] ??= empty ? 'Required' : issue.message;
  }
  const first = Object.values(fieldErrors)[0] ?? NOTICES.validation.description;
  return {
    notice: { tone: 'error', title: NOTICES.validation.title, description: isMissing ? NOTICES.validation.description : first },
    fieldErrors,
  };
}

/** The string fields of a submitted form. */
export function formValues(form: FormData): Record<string, string> {
  const out: Record<string, string> = {};
  for (const [k, v] of form.entries()) if (typeof v === 'string') out[k] = v;
  return out;
}
