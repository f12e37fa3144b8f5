// What the report tests (areas/analytics) start from: the API on a Manila Monday afternoon, and two signed-in users.
import type { AreaModule } from '../platform/area.js';
import { startTestApi, type TestApi } from './harness.js';

/** Where the report routes live. */
export const REPORTS = '/core/v1.0/reports';

/** An instant given as Manila wall-clock time (`2026-11-23T16:00`). */
export const manilaTime = (local: string): Date => new Date(`${local}:00+08:00`);
/** The same instant as the API writes it (ISO 8601, UTC). */
export const manilaIso = (local: string): string => manilaTime(local).toISOString();

/**
 * The API with `areas`, its clock on Monday 23 November 2026 at 16:00 in Manila, and the sessions of the auditor (who
 * reads the reports) and of the registrar (who may not).
 */
export async function startReportsApi(areas: readonly AreaModule[]): Promise<{ api: TestApi; auditor: string; registrar: string }> {
  const api = await startTestApi({}, { areas });
  api.clock.current = manilaTime('2026-11-23T16:00');
  return { api, auditor: await api.signIn('auditor@example.edu'), registrar: await api.signIn('registrar@example.edu') };
}
