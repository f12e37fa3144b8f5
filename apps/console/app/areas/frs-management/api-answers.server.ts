import { data } from '@remix-run/node';
import { failureNotice } from '@campus/ui';

/** The largest upload the console passes on: five photos of 5 MB and the form around them. */
export const MAX_FORM_BYTES = 26 * 1024 * 1024;

/** Refuses an upload larger than the API would take before reading it (413 with a message). */
export function assertUploadSize(request: Request): void {
  const length = Number(request.headers.get('content-length') ?? '0');
  if (length > MAX_FORM_BYTES) throw data({ notice: failureNotice('The photos are too large: at most 5 MB each.') }, { status: 413 });
}
