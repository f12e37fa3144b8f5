import { data } from '@remix-run/node';
import { failureNotice } from '@campus/ui';

/** The largest upload the console passes on: five photos of 5 MB and the form around them. */
export const MAX_FORM_BYTES = 26 * 1024 * 1024;

/** Refuses an upload larger than the API would take before reading it (413 with a message). */
export function assertUploadSize(request: Request): void {
  const length = Number(request.headers.get('content-length') ?? '0');
  if (length > MAX_FORM_BYTES) throw data({ notice: failureNotice('The photos are too large: at most 5 MB each.') }, { status: 413 });
}

export interface ActionProblem {
  notice: ReturnType<typeof failureNotice>;
  fieldErrors: Record<string, string>;
}

/** An API failure as the form shows it: the message on top and the first message of each field. */
export function problemOf(body: unknown): ActionProblem {
  const b = (body ?? {}) as { message?: string; fieldErrors?: Record<string, string[]> };
  return {
    notice: failureNotice(b.message),
    fieldErrors: Object.fromEntries(Object.entries(b.fieldErrors ?? {}).map(([k, v]) => [k, v[0] ?? ''])),
  };
}
