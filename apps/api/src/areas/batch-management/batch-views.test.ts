import { randomUUID } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { startTestApi } from '../../test/harness.js';
import { until } from '../../test/until.js';

// How batches read to the people who started them: job types by their titles, a failed batch by what failed, and
// the batches of a user without Batch Management open to that user.
const api = await startTestApi();
const engine = api.app.jobs;
await engine.start();
const admin = await api.signIn('admin@example.edu');
const registrar = await api.signIn('registrar@example.edu');
const call = (method: string, url: string, token: string, body?: unknown) => api.call(method, `/core/v1.0/${url}`, { token, body });

const finished = (b: { state: string }) => ['completed', 'failed', 'cancelled'].includes(b.state);

describe('job types', () => {
  it('answers every registered type, of every area, with a title people read', async () => {
    const answer = await call('GET', 'job-types', registrar);
    expect(answer.status).toBe(200);
    const types = answer.body.rows as { name: string; title: string }[];
    expect(types.map((t) => t.name).sort()).toEqual([...engine.types.keys()].sort());
    for (const type of types) {
      expect(type.title.trim(), type.name).not.toBe('');
      expect(type.title, type.name).not.toBe(type.name);
      expect(type.title, type.name).not.toMatch(/^[a-z]+(-[a-z]+)+$/);
    }
    expect(types).toContainEqual({ name: 'migration-import', title: 'Data import' });
    expect(types).toContainEqual({ name: 'bulk-state-change', title: 'Bulk state change' });
  });
});

describe('a failed batch that counts no units', () => {
  it('shows its failed job (1 of 1 failed, not 0 / 0) and tells the requester by the type title', async () => {
    // An import whose run is gone: its one job fails on every attempt. Like a read, it counts no units.
    const batchId = await engine.createBatch({
      type: 'migration-import',
      params: { runId: randomUUID(), dryRun: false },
      summary: 'Import of students from students.csv',
      requestedById: api.users.admin,
      total: 0,
      jobs: [{ params: { runId: randomUUID(), dryRun: false }, units: 0 }],
    });
    const batch = await until(async () => (await call('GET', `batches/${batchId}`, admin)).body.data, finished);
    expect(batch).toMatchObject({ state: 'failed', countsJobs: true, total: 1, done: 0, failed: 1, progress: 100 });
    const listed = (await call('GET', 'batches?state=failed', admin)).body.rows.find((b: { _id: string }) => b._id === batchId);
    expect(listed).toMatchObject({ total: 1, failed: 1 });
    const notice = (await call('GET', 'notifications', admin)).body.rows.find((n: { link: string | null }) => n.link?.endsWith(batchId));
    expect(notice).toMatchObject({ title: 'Data import finished with failures', body: 'Import of students from students.csv: 0 of 1 jobs done, 1 failed.' });
  }, 60_000);
});

describe('the batches of a user without Batch Management', () => {
  it('link their notice to the batch view, which answers them', async () => {
    const started = await call('POST', 'batches', registrar, { type: 'list-export', params: { resource: 'campuses' } });
    expect(started.status).toBe(202);
    const id = started.body.data._id as string;
    await until(async () => (await call('GET', `batches/${id}`, registrar)).body.data, finished);
    const [notice] = (await call('GET', 'notifications', registrar)).body.rows;
    expect(notice).toMatchObject({ title: 'List export finished', link: `/app/batch-management/tabs/batch-view?id=${id}` });
    expect((await call('GET', `batches/${id}`, registrar)).status).toBe(200);
    expect((await call('GET', `jobs?batchId=${id}`, registrar)).body.count).toBe(1);
  });
});
