import { spawn } from 'node:child_process';
import { resolve } from 'node:path';
import { createInterface } from 'node:readline';
import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { buildApp } from '../../app.js';
import { rows, type Database } from '../../platform/db/client.js';
import { insertAccount } from '../../platform/db/users.js';
import { testConfig, TestClock, TEST_PASSWORD } from '../../test/harness.js';
import { placeForTwoProcesses } from '../../test/two-processes.js';
import { insertImportReferences } from './test/references.js';

const ROWS = 6_000;
const MAX_TIMEOUT = 20;
const settings = { pollingIntervalSeconds: 0.5, superviseIntervalSeconds: 1, tickMs: 300, maxTimeoutSeconds: MAX_TIMEOUT };

const startApp = async (database: Database) => buildApp({ config: testConfig(new TestClock(new Date()), { responseEncryption: false, jobs: settings }), database, logger: false });

function multipart(resource: string, name: string, text: string) {
  const boundary = '----campus-restart-boundary';
  const payload = Buffer.concat([
    Buffer.from(
      `--${boundary}\r\nContent-Disposition: form-data; name="resource"\r\n\r\n${resource}\r\n` +
        `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="${name}"\r\nContent-Type: text/csv\r\n\r\n`,
    ),
    Buffer.from(text),
    Buffer.from(`\r\n--${boundary}--\r\n`),
  ]);
  return { payload, headers: { 'content-type': `multipart/form-data; boundary=${boundary}` } };
}

describe('a killed import', () => {
  it('finishes after the API process is killed mid-run and restarted, storing every row exactly once', async () => {
    const place = await placeForTwoProcesses();

    // 1. A file of students uploaded and its run started by one app, which stops before any job runs.
    let database = await place.open();
    let app = await startApp(database);
    const testConfigArgon = testConfig(new TestClock(new Date())).argon2;
    const adminId = await insertAccount(
      database.db,
      { email: 'admin@example.edu', password: TEST_PASSWORD, firstName: 'Jose', lastName: 'Rizal', adminScopes: ['DATA', 'CAMPUS'] },
      testConfigArgon,
    );
    await insertImportReferences(database.db);
    const lines = ['studentNumber,names,gender,birthDate,campusCode,collegeCode,courseCode'];
    for (let n = 1; n <= ROWS; n += 1) lines.push(`K-${String(n).padStart(5, '0')},"Reyes, Ana ${n}",Female,2006-01-02,MAIN,CAS,BSMATH`);
    const signIn = await app.inject({ method: 'POST', url: '/core/v1.0/auth', payload: { email: 'admin@example.edu', password: TEST_PASSWORD } });
    const auth = { authorization: `Bearer ${signIn.json().data.token as string}` };
    const { payload, headers } = multipart('students', 'many.csv', `${lines.join('\n')}\n`);
    const uploaded = await app.inject({ method: 'POST', url: '/core/v1.0/migrations/runs', payload, headers: { ...headers, ...auth } });
    expect(uploaded.statusCode, uploaded.body).toBe(201);
    const run = uploaded.json().data as { _id: string; mapping: Record<string, string> };
    const started = await app.inject({
      method: 'POST',
      url: `/core/v1.0/migrations/runs/${run._id}/start`,
      headers: auth,
      payload: { mapping: run.mapping, mode: 'skip', dateFormat: 'mm/dd/yyyy' },
    });
    expect(started.statusCode, started.body).toBe(202);
    await app.close();
    await database.close();

    // 2. An API process runs the import and is killed (SIGKILL: no clean-up) once its first chunks have committed.
    const worker = spawn(process.execPath, ['--import', 'tsx', resolve(import.meta.dirname, '../../test/import-worker.ts')], {
      env: { ...process.env, ...place.env, RESPONSE_ENCRYPTION_KEY: 'k', SESSION_SECRET: 's', JOB_MAX_TIMEOUT: String(MAX_TIMEOUT) },
      stdio: ['ignore', 'pipe', 'inherit'],
    });
    await new Promise<void>((done, fail) => {
      worker.on('exit', (code) => fail(new Error(`the API process exited with ${code}`)));
      createInterface({ input: worker.stdout }).on('line', (line) => {
        if ((JSON.parse(line) as { done: number }).done > 0) {
          worker.removeAllListeners('exit');
          worker.kill('SIGKILL');
          done();
        }
      });
    });
    await new Promise((done) => worker.once('exit', done));

    // 3. The API starts again on the same database; the job is taken up again and the run completes.
    database = await place.open();
    const [atKill] = await rows<{ done: number; students: number; error: string | null }>(
      database.db,
      sql`select (select count(*)::int from migration_rows r join migration_runs u on u.id = r.run_id
                   where u.id = ${run._id} and r.line <= coalesce((u.progress->>'line')::int, 0)) as done,
                 (select count(*)::int from students) as students, (select min(error) from migration_rows) as error`,
    );
    expect(atKill!.error).toBeNull();
    expect(atKill!.done).toBeGreaterThan(0);
    expect(atKill!.done).toBeLessThan(ROWS);
    expect(atKill!.students).toBe(atKill!.done);
    app = await startApp(database);
    await app.jobs.start();
    const end = Date.now() + 240_000;
    let state: { state: string; counts: unknown } | undefined;
    for (;;) {
      [state] = await rows<{ state: string; counts: unknown }>(database.db, sql`select state, counts from migration_runs where id = ${run._id}`);
      if (state?.state === 'completed' || state?.state === 'failed') break;
      if (Date.now() > end) throw new Error(`the run stayed ${state?.state}`);
      await new Promise((r) => setTimeout(r, 300));
    }
    expect(state).toEqual({ state: 'completed', counts: { read: ROWS, created: ROWS, updated: 0, rejected: 0 } });
    const [stored] = await rows<{ students: number; numbers: number; audits: number; audited: number; progressed: number; marked: number }>(
      database.db,
      sql`select (select count(*)::int from students) as students,
                 (select count(distinct student_number)::int from students) as numbers,
                 (select count(*)::int from audit_trails where resource = 'students' and actor_id = ${adminId}) as audits,
                 (select count(distinct record_id)::int from audit_trails where resource = 'students') as audited,
                 (select count(*)::int from migration_rows r join migration_runs u on u.id = r.run_id
                   where u.id = ${run._id} and r.line <= (u.progress->>'line')::int) as progressed,
                 (select count(*)::int from migration_rows where run_id = ${run._id} and outcome is not null) as marked`,
    );
    expect(stored).toEqual({ students: ROWS, numbers: ROWS, audits: ROWS, audited: ROWS, progressed: ROWS, marked: 0 });
    await app.close();
    await database.close();
  }, 360_000);
});
