import { z } from 'zod';

/** Job types shipped with the engine; later applications add their own. */
export const JOB_TYPES = ['bulk-state-change', 'list-export', 'housekeeping'] as const;
export type ShippedJobType = (typeof JOB_TYPES)[number];

export const JOB_TYPE_LABELS: Record<string, string> = {
  'bulk-state-change': 'Bulk state change',
  'list-export': 'List export',
  housekeeping: 'Housekeeping',
};

export function jobTypeLabel(type: string): string {
  return JOB_TYPE_LABELS[type] ?? type;
}

const resource = z
  .string({ required_error: 'Required' })
  .trim()
  .regex(/^[a-z][a-z0-9-]{0,62}$/, 'Choose a resource.');

/** A list as the list screen shows it: the resource and its current `search`, `q` and `sort`. */
export const ListSelectionSchema = z.object({
  resource,
  search: z.string().max(1000, 'search is at most 1000 characters.').optional(),
  q: z.string().trim().max(200, 'q is at most 200 characters.').optional(),
  sort: z.string().max(100).optional(),
});
export type ListSelection = z.infer<typeof ListSelectionSchema>;

/** Set `isActive` (most resources) or `status` (sections, semesters, academic years) on every matching record. */
export const BulkStateChangeParamsSchema = ListSelectionSchema.extend({
  set: z.union([
    z.object({ isActive: z.boolean({ required_error: 'Required' }) }).strict(),
    z.object({ status: z.string().trim().min(1, 'Required').max(40) }).strict(),
  ]),
}).strict();
export type BulkStateChangeParams = z.infer<typeof BulkStateChangeParamsSchema>;

export const ListExportParamsSchema = ListSelectionSchema.strict();
export type ListExportParams = z.infer<typeof ListExportParamsSchema>;

/** Audit-trail retention in days; `null` keeps the audit trail for ever (the default). */
export const HousekeepingParamsSchema = z
  .object({ auditRetentionDays: z.number().int().min(30, 'At least 30 days.').max(36500).nullable().default(null) })
  .strict();
export type HousekeepingParams = z.infer<typeof HousekeepingParamsSchema>;

/** What a person may start from the console: a batch of one of the shipped list types. */
export const StartBatchSchema = z.discriminatedUnion('type', [
  z.object({ type: z.literal('bulk-state-change'), params: BulkStateChangeParamsSchema }).strict(),
  z.object({ type: z.literal('list-export'), params: ListExportParamsSchema }).strict(),
]);
export type StartBatch = z.infer<typeof StartBatchSchema>;

/**
 * How a batch's parameters read in a list: "Set isActive = false on campuses (search code:MAIN)"; other types read
 * as their title.
 */
export function describeParams(type: string, params: Record<string, unknown>, title = jobTypeLabel(type)): string {
  const where = [params.search ? `search ${String(params.search)}` : '', params.q ? `"${String(params.q)}"` : '']
    .filter(Boolean)
    .join(', ');
  const scope = `${String(params.resource ?? '')}${where ? ` (${where})` : ''}`;
  if (type === 'bulk-state-change') {
    const set = (params.set ?? {}) as Record<string, unknown>;
    const [[field, value] = ['', '']] = Object.entries(set);
    return `Set ${field} = ${String(value)} on ${scope}`;
  }
  if (type === 'list-export') return `Export ${scope}`;
  return title;
}
