// What the directory's API tests share: the connection to the slapd the test started, an account as stored, and a
// sync run to its end through the job engine.
import { sql } from 'drizzle-orm';
import { expect } from 'vitest';
import { BASE_DN, SERVICE_DN, SERVICE_PASSWORD } from '../../../../../../../tools/slapd-kit/slapd-kit.mjs';
import { rows } from '../../../../platform/db/client.js';
import type { TestApi } from '../../../../test/harness.js';
import { until } from '../../../../test/until.js';

/** The connection body for `url`, with the kit's service account and the inetOrgPerson mapping. */
export const connectionTo = (url: string, overrides: Record<string, unknown> = {}) => ({
  enabled: true,
  url,
  tls: 'none',
  caCertificate: '',
  bindDn: SERVICE_DN,
  bindPassword: SERVICE_PASSWORD,
  baseDn: BASE_DN,
  userFilter: '(objectClass=inetOrgPerson)',
  mapping: { id: 'entryUUID', email: 'mail', firstName: 'givenName', lastName: 'sn', type: 'employeeType' },
  ...overrides,
});

/** The account stored under `email`, with its directory link. */
export async function storedAccount(api: TestApi, email: string) {
  const [found] = await rows<{
    id: string;
    is_active: boolean;
    role_ids: string[];
    directory_role_ids: string[] | null;
    removed_at: unknown;
  }>(
    api.database.db,
    sql`select u.id, u.is_active, to_jsonb(u.role_ids) as role_ids, to_jsonb(d.role_ids) as directory_role_ids, d.removed_at
        from users u left join directory_accounts d on d.user_id = u.id where lower(u.email) = lower(${email})`,
  );
  return found;
}

/**
 * Presses "Sync now" as `admin` and waits for the batch to end (or, with `untilError`, for its job's first error, as a
 * failed attempt waits for its retry): its state, units done and failed, the job's last error and its log.
 */
export async function syncToEnd(api: TestApi, admin: string, untilError = false) {
  const started = await api.call('POST', '/core/v1.0/directory/sync', { token: admin, body: {} });
  expect(started.status, JSON.stringify(started.body)).toBe(202);
  const { batchId } = started.body.data as { batchId: string };
  const batch = await until(
    async () =>
      (
        await rows<{ state: string; done: number; failed: number; error: string | null }>(
          api.database.db,
          sql`select b.state, coalesce(sum(j.units_done), 0)::int as done, coalesce(sum(j.units_failed), 0)::int as failed,
                     max(j.last_error) as error
              from batches b left join job_runs j on j.batch_id = b.id where b.id = ${batchId} group by b.state`,
        )
      )[0],
    (b) => b !== undefined && (!['queued', 'running'].includes(b.state) || (untilError && b.error !== null)),
    60_000,
  );
  const log = await rows<{ message: string }>(
    api.database.db,
    sql`select l.message from job_logs l join job_runs j on j.id = l.job_id where j.batch_id = ${batchId} order by l.at`,
  );
  return { ...batch!, log: log.map((l) => l.message) };
}
