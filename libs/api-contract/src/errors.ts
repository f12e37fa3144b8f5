import { z } from 'zod';

/** Every error answer: a message people can read, and per-field problems for forms (ARCHITECTURE §4). */
export const ErrorBodySchema = z.object({
  message: z.string(),
  fieldErrors: z.record(z.string(), z.array(z.string())).optional(),
});
export type ErrorBody = z.infer<typeof ErrorBodySchema>;

/** A single record: `{ data }`. */
export function dataBody<T extends z.ZodTypeAny>(data: T) {
  return z.object({ data });
}

/** A page of a list: `{ rows, count }`. */
export function listBody<T extends z.ZodTypeAny>(row: T) {
  return z.object({
    rows: z.array(row),
    count: z.number().int().nonnegative(),
    /** True when `count` is the planner's estimate of a large unfiltered table, not an exact count. */
    estimated: z.boolean().optional(),
  });
}

/** Turns zod issues into `fieldErrors` keyed by the dotted path (`''` for the object itself). */
export function fieldErrorsOf(error: z.ZodError): Record<string, string[]> {
  const out: Record<string, string[]> = {};
  for (const issue of error.issues) {
    const key = issue.code === 'unrecognized_keys' ? issue.keys.join(',') : issue.path.join('.');
    const message = issue.code === 'unrecognized_keys' ? `Unknown field: ${issue.keys.join(', ')}.` : issue.message;
    (out[key] ??= []).push(message);
  }
  return out;
}
