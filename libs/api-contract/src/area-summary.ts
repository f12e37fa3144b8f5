import { initContract } from '@ts-rest/core';
import { z } from 'zod';
import { launcherApplications } from '@campus/domain-core';
import { CORE_BASE } from './crud.js';
import { dataBody, ErrorBodySchema } from './errors.js';

const c = initContract();

/** One figure an area wants looked at, e.g. sections without an instructor or room. */
export const AttentionItemSchema = z.object({
  /** Stable name of the figure within its area (`sections-unstaffed`). */
  key: z.string(),
  /** What the figure counts, as a sentence fragment (`Sections without an instructor or room`). */
  label: z.string(),
  count: z.number().int().nonnegative(),
  /** True when counting stopped at the cap: there are at least `count`. */
  isCapped: z.boolean(),
  /** The resource whose records are counted, when there is one (the console links to its list). */
  resource: z.string().optional(),
});
export type AttentionItem = z.infer<typeof AttentionItemSchema>;

/** An area index's figures: the records behind each resource of the area, and what needs attention. */
export const AreaSummarySchema = z.object({
  /** Record count per resource of the area (an estimate above the list's estimate threshold, like the lists). */
  counts: z.record(z.string(), z.number().int()),
  attention: z.array(AttentionItemSchema),
});
export type AreaSummary = z.infer<typeof AreaSummarySchema>;

/** `IAM` → `getIamAreaSummary`: operation names (and OpenAPI operation ids) are unique across the API. */
export function areaSummaryOperationName(code: string): string {
  return `get${code.charAt(0)}${code.slice(1).toLowerCase()}AreaSummary`;
}

/** `GET /core/v1.0/areas/{code}/summary` of one launcher application, guarded by that application's scope. */
export function areaSummaryContractOf(code: string): AreaSummaryContract {
  return c.router({
    [areaSummaryOperationName(code)]: {
      method: 'GET',
      path: `${CORE_BASE}/areas/${code}/summary`,
      responses: { 200: dataBody(AreaSummarySchema), 401: ErrorBodySchema, 403: ErrorBodySchema },
      metadata: { application: code } as const,
      summary: `What needs attention in ${code}, and the record count of each of its resources`,
    },
  }) as AreaSummaryContract;
}

/** One area's summary route, whatever its operation name. */
export type AreaSummaryContract = Record<
  string,
  {
    method: 'GET';
    path: string;
    responses: { 200: ReturnType<typeof dataBody<typeof AreaSummarySchema>>; 401: typeof ErrorBodySchema; 403: typeof ErrorBodySchema };
    metadata: { readonly application: string };
    summary: string;
  }
>;

/**
 * The summary route of every launcher application, keyed by application code: made when first asked for, once the
 * area manifests have registered the applications.
 */
export function areaSummaryContracts(): Readonly<Record<string, AreaSummaryContract>> {
  return Object.fromEntries(launcherApplications().map((a) => [a.code, areaSummaryContractOf(a.code)]));
}
