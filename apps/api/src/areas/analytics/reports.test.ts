import { sql } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { rows } from '../../platform/db/client.js';
import type { TestApi } from '../../test/harness.js';
import { manilaIso as ph, REPORTS as R, startReportsApi } from '../../test/reports.js';
import { area as accessArea } from '../access-management/area.js';
import { area as campusArea } from '../campus-management/area.js';
import { area as supportArea } from '../support-management/area.js';
import { area as reportsArea } from './area.js';

let api: TestApi;
let auditor: string;
let registrar: string;

const ID = {
  officeA: '0a000000-0000-4000-8000-000000000001',
  officeB: '0a000000-0000-4000-8000-000000000002',
  teamX: '0b000000-0000-4000-8000-000000000001',
  teamY: '0b000000-0000-4000-8000-000000000002',
  catC1: '0c000000-0000-4000-8000-000000000001',
  catC2: '0c000000-0000-4000-8000-000000000002',
  t: (n: number) => `0d000000-0000-4000-8000-00000000000${n}`,
  record: '0e000000-0000-4000-8000-000000000001',
};

interface TicketSeed {
  n: number;
  created: string;
  office: string;
  team: string;
  cat: string;
  channel: string;
  state: string;
  sla: string;
  assignee: string | null;
  firstResponse?: string;
  resolved?: string;
  mergedInto?: string;
}

/** The business minutes of the fixture's tickets: their offices keep no hours, so the clock ran all the time. */
const minutesBetween = (from: string, to: string | undefined) => (to ? (Date.parse(ph(to)) - Date.parse(ph(from))) / 60_000 : null);

async function insertTicket(s: TicketSeed) {
  await api.database.db.execute(sql`
    insert into support_tickets (id, number, reference, subject, requester_name, requester_email, channel, state, priority,
      office_id, team_id, category_v2_id, assignee_id, public_token_hash, sla_status, first_responded_at, resolved_at,
      first_response_business_minutes, resolution_business_minutes, merged_into_id, created_at, updated_at)
    values (${ID.t(s.n)}, ${s.n}, ${`T-${s.n}`}, ${`Ticket ${s.n}`}, 'Maria Santos', 'maria@student.example.edu', ${s.channel},
      ${s.state}, 'normal', ${s.office}, ${s.team}, ${s.cat}, ${s.assignee}, ${`hash-${s.n}`}, ${s.sla},
      ${s.firstResponse ? ph(s.firstResponse) : null}, ${s.resolved ? ph(s.resolved) : null},
      ${minutesBetween(s.created, s.firstResponse)}, ${minutesBetween(s.created, s.resolved)}, ${s.mergedInto ?? null},
      ${ph(s.created)}, ${ph(s.created)})`);
}

async function audit(at: string, actor: { id: string | null; email: string }, activity: string, resource: string | null, recordId: string | null, changes: unknown) {
  await api.database.db.execute(sql`
    insert into audit_trails (actor_id, actor_email, activity, resource, record_id, changes, ip_address, created_at)
    values (${actor.id}, ${actor.email}, ${activity}, ${resource}, ${recordId}, ${changes ? JSON.stringify(changes) : null}::jsonb,
      '192.0.2.10', ${ph(at)})`);
}

const ARGON = '$argon2id$v=19$m=19456,t=2,p=1$c2FsdHNhbHQ$aGFzaGhhc2hoYXNoaGFzaA';

beforeAll(async () => {
  ({ api, auditor, registrar } = await startReportsApi([accessArea, campusArea, supportArea, reportsArea]));
  const db = api.database.db;
  await db.execute(sql`insert into support_offices (id, code, name) values (${ID.officeA}, 'ADM', 'Admissions Office'), (${ID.officeB}, 'BUS', 'Business Office')`);
  await db.execute(sql`insert into support_teams (id, code, name, office_id) values (${ID.teamX}, 'X', 'Records Desk', ${ID.officeA}), (${ID.teamY}, 'Y', 'Cashier Desk', ${ID.officeB})`);
  await db.execute(sql`insert into support_categories_v2 (id, code, name) values (${ID.catC1}, 'TOR', 'Transcript'), (${ID.catC2}, 'FEES', 'Fees')`);
  const { admin: agentA, auditor: agentB } = api.users;
  const A = { office: ID.officeA, team: ID.teamX, cat: ID.catC1 };
  const B = { office: ID.officeB, team: ID.teamY, cat: ID.catC2 };
  // The period under test is 1–7 November 2026 (Manila); the previous period is 25–31 October.
  await insertTicket({ n: 1, created: '2026-11-01T23:30', ...A, channel: 'form', state: 'resolved', sla: 'met', assignee: agentA, firstResponse: '2026-11-02T00:00', resolved: '2026-11-02T10:00' });
  await insertTicket({ n: 2, created: '2026-11-02T00:30', ...A, channel: 'email', state: 'resolved', sla: 'breached', assignee: agentA, firstResponse: '2026-11-02T02:00', resolved: '2026-11-03T00:30' });
  await insertTicket({ n: 3, created: '2026-11-03T09:00', ...B, channel: 'console', state: 'open', sla: 'ok', assignee: agentB, firstResponse: '2026-11-03T09:10' });
  await insertTicket({ n: 4, created: '2026-11-07T23:59', ...B, channel: 'form', state: 'new', sla: 'breached', assignee: null });
  await insertTicket({ n: 5, created: '2026-10-31T23:30', ...A, channel: 'console', state: 'resolved', sla: 'met', assignee: agentB, firstResponse: '2026-10-31T23:50', resolved: '2026-11-01T08:00' });
  await insertTicket({ n: 6, created: '2026-11-08T00:10', ...A, channel: 'form', state: 'new', sla: 'ok', assignee: agentA });
  await insertTicket({ n: 7, created: '2026-11-04T10:00', ...B, channel: 'email', state: 'closed', sla: 'ok', assignee: agentB, mergedInto: ID.t(3) });

  const ana = { id: agentA, email: 'admin@example.edu' };
  const bea = { id: agentB, email: 'auditor@example.edu' };
  await audit('2026-11-01T23:30', ana, 'Updated user Juan Cruz', 'users', ID.record, {
    firstName: { before: 'Juan', after: 'Juan Miguel' },
    passwordHash: { before: ARGON, after: '$argon2id$v=19$other' },
    resetToken: { before: null, after: 'tok-9f8e7d6c5b4a' },
    mobile: { before: '0917', after: '0918' },
  });
  await audit('2026-11-02T00:30', bea, 'Created campus Main Campus', 'campuses', '0e000000-0000-4000-8000-000000000002', { code: { before: null, after: 'MAIN' } });
  await audit('2026-11-03T12:00', ana, 'Deactivated user Juan Cruz', 'users', ID.record, { isActive: { before: true, after: false }, note: { before: null, after: ARGON } });
  await audit('2026-11-09T08:00', ana, 'Signed in', 'users', ana.id, null);
});

describe('the support report (1–7 November, Manila)', () => {
  it('counts created and resolved tickets per Manila day: 23:30 on the 1st is the 1st, 00:10 on the 8th is outside', async () => {
    const r = await api.call('GET', `${R}/support?from=2026-11-01&to=2026-11-07`, { token: auditor });
    expect(r.status, JSON.stringify(r.body)).toBe(200);
    expect(r.body.perDay).toEqual([
      { day: '2026-11-01', created: 1, resolved: 1 },
      { day: '2026-11-02', created: 1, resolved: 1 },
      { day: '2026-11-03', created: 1, resolved: 1 },
      { day: '2026-11-04', created: 0, resolved: 0 },
      { day: '2026-11-05', created: 0, resolved: 0 },
      { day: '2026-11-06', created: 0, resolved: 0 },
      { day: '2026-11-07', created: 1, resolved: 0 },
    ]);
  });

  it('gives the period against the previous one: backlog, medians, breach rate', async () => {
    const r = await api.call('GET', `${R}/support?from=2026-11-01&to=2026-11-07`, { token: auditor });
    expect(r.body.previous).toEqual({ from: '2026-10-25', to: '2026-10-31' });
    expect(r.body.summary).toEqual({
      created: 4,
      resolved: 3,
      backlog: 2,
      medianFirstResponseMinutes: 30,
      medianResolutionMinutes: 1035,
      breached: 2,
      breachRate: 0.5,
    });
    expect(r.body.previousSummary).toEqual({
      created: 1,
      resolved: 0,
      backlog: 1,
      medianFirstResponseMinutes: 20,
      medianResolutionMinutes: 510,
      breached: 0,
      breachRate: 0,
    });
  });

  it('breaks SLA breaches down by office, team and category, and gives each agent’s workload', async () => {
    const r = await api.call('GET', `${R}/support?from=2026-11-01&to=2026-11-07`, { token: auditor });
    expect(r.body.breachesByOffice).toEqual([
      { id: ID.officeA, name: 'Admissions Office', tickets: 2, breached: 1, rate: 0.5 },
      { id: ID.officeB, name: 'Business Office', tickets: 2, breached: 1, rate: 0.5 },
    ]);
    expect(r.body.breachesByTeam.map((b: { name: string }) => b.name)).toEqual(['Cashier Desk', 'Records Desk']);
    expect(r.body.breachesByCategory.map((b: { name: string; tickets: number }) => [b.name, b.tickets])).toEqual([
      ['Fees', 2],
      ['Transcript', 2],
    ]);
    expect(r.body.workload).toEqual([
      { assigneeId: api.users.auditor, name: 'Apolinario Mabini', open: 1, assigned: 1, resolved: 1 },
      { assigneeId: api.users.admin, name: 'Jose Rizal', open: 0, assigned: 2, resolved: 2 },
    ]);
  });

  it('counts days in the time zone asked for: in UTC the 00:30 Manila ticket falls on the 1st', async () => {
    const r = await api.call('GET', `${R}/support?from=2026-11-01&to=2026-11-01&tz=UTC`, { token: auditor });
    expect(r.body.perDay).toEqual([{ day: '2026-11-01', created: 2, resolved: 1 }]);
  });

  it('filters by office', async () => {
    const r = await api.call('GET', `${R}/support?from=2026-11-01&to=2026-11-07&officeId=${ID.officeB}`, { token: auditor });
    expect(r.body.summary).toMatchObject({ created: 2, resolved: 0, backlog: 2, breached: 1, medianFirstResponseMinutes: 10, medianResolutionMinutes: null });
  });

  it.each([
    ['from=2026-11-07&to=2026-11-01', 'The start date must not be after the end date.'],
    ['from=2024-01-01&to=2026-11-01', 'Choose at most 400 days.'],
  ])('refuses the period %s', async (query, message) => {
    const r = await api.call('GET', `${R}/support?${query}`, { token: auditor });
    expect(r.status).toBe(400);
    expect(JSON.stringify(r.body)).toContain(message);
  });
});

describe('the support report’s days across a daylight-saving change', () => {
  it('puts each ticket on its New York day when the clocks went back on 1 November', async () => {
    // Hand-computed: tickets 1 and 2 (15:30 and 16:30 UTC on the 1st) are the 1st, ticket 3 (01:00 UTC on the 3rd) is
    // 20:00 on the 2nd, tickets 4 and 6 (15:59 and 16:10 UTC on the 7th) the 7th; ticket 5 (15:30 UTC on 31 October,
    // still daylight time) is outside. Resolved: ticket 1 at 02:00 UTC on the 2nd (21:00 on the 1st), ticket 2 on the 2nd.
    const r = await api.call('GET', `${R}/support?from=2026-11-01&to=2026-11-07&tz=${encodeURIComponent('America/New_York')}`, { token: auditor });
    expect(r.status).toBe(200);
    const busy = r.body.perDay.filter((d: { created: number; resolved: number }) => d.created || d.resolved);
    expect(busy).toEqual([
      { day: '2026-11-01', created: 2, resolved: 1 },
      { day: '2026-11-02', created: 1, resolved: 1 },
      { day: '2026-11-07', created: 2, resolved: 0 },
    ]);
  });
});

describe('the ticket report', () => {
  const refs = (body: { rows: { reference: string }[] }) => body.rows.map((r) => r.reference);

  it('lists the period’s tickets with their SLA figures, merged duplicates left out, and counts them per channel', async () => {
    const r = await api.call('GET', `${R}/tickets?from=2026-11-01&to=2026-11-07&sort=reference&dir=asc`, { token: auditor });
    expect(r.status).toBe(200);
    expect(refs(r.body)).toEqual(['T-1', 'T-2', 'T-3', 'T-4']);
    expect(r.body.count).toBe(4);
    expect(r.body.rows[1]).toMatchObject({ officeName: 'Admissions Office', teamName: 'Records Desk', categoryName: 'Transcript', assigneeName: 'Jose Rizal', firstResponseMinutes: 90, resolutionMinutes: 1440, slaStatus: 'breached', channel: 'email' });
    expect(r.body.byChannel).toEqual([
      { channel: 'console', tickets: 1 },
      { channel: 'form', tickets: 2 },
      { channel: 'email', tickets: 1 },
    ]);
  });

  it('sorts and filters like the charts drill down', async () => {
    const q = (query: string) => api.call('GET', `${R}/tickets?from=2026-11-01&to=2026-11-07&${query}`, { token: auditor });
    expect(refs((await q('sort=firstResponseMinutes&dir=asc')).body)).toEqual(['T-3', 'T-1', 'T-2', 'T-4']);
    expect(refs((await q('breached=yes&sort=reference&dir=asc')).body)).toEqual(['T-2', 'T-4']);
    expect(refs((await q('channel=form&sort=reference&dir=asc')).body)).toEqual(['T-1', 'T-4']);
    expect(refs((await q(`officeId=${ID.officeA}`)).body)).toEqual(['T-2', 'T-1']);
    expect(refs((await q(`assigneeId=${api.users.auditor}`)).body)).toEqual(['T-3']);
    expect(refs((await q('resolvedOn=2026-11-01')).body)).toEqual(['T-5']);
    expect(refs((await q('open=yes&sort=reference&dir=asc')).body)).toEqual(['T-3', 'T-4']);
    expect((await q('sort=subject')).status).toBe(400);
  });
});

describe('the audit-trail viewer', () => {
  it('lists every action with who, activity, resource, record, when and from where, filtered', async () => {
    const q = (query: string) => api.call('GET', `${R}/audit-trails?${query}`, { token: auditor });
    const all = await q('from=2026-11-01&to=2026-11-07');
    expect(all.status).toBe(200);
    expect(all.body.count).toBe(3);
    expect(all.body.rows[0]).toMatchObject({ actorEmail: 'admin@example.edu', activity: 'Deactivated user Juan Cruz', resource: 'users', recordId: ID.record, ipAddress: '192.0.2.10' });
    expect(all.body.rows[0]).not.toHaveProperty('changes');
    // 23:30 Manila on the 1st belongs to the 1st, 00:30 on the 2nd to the 2nd.
    expect(all.body.perDay.slice(0, 3)).toEqual([
      { day: '2026-11-01', actions: 1 },
      { day: '2026-11-02', actions: 1 },
      { day: '2026-11-03', actions: 1 },
    ]);
    expect((await q('from=2026-11-01&to=2026-11-07&actor=auditor@')).body.count).toBe(1);
    expect((await q(`actor=${api.users.admin}&resource=users`)).body.count).toBeGreaterThanOrEqual(3);
    expect((await q('activity=deactivated')).body.rows.map((r: { activity: string }) => r.activity)).toEqual(['Deactivated user Juan Cruz']);
    expect((await q('resource=campuses&from=2026-11-02&to=2026-11-02')).body.count).toBe(1);
    expect((await q('resource=campuses&from=2026-11-01&to=2026-11-01')).body.count).toBe(0);
    // A record's own history: every entry about it, whatever the day.
    const history = await q(`resource=users&recordId=${ID.record}`);
    expect(history.body.rows.map((r: { activity: string }) => r.activity)).toEqual(['Deactivated user Juan Cruz', 'Updated user Juan Cruz']);
    expect(history.body.resources).toEqual(expect.arrayContaining(['campuses', 'users']));
  });

  it('names who did each action from their account, and keeps the email typed by someone with none', async () => {
    const q = (query: string) => api.call('GET', `${R}/audit-trails?${query}`, { token: auditor });
    const listed = (await q('from=2026-11-01&to=2026-11-07')).body.rows as { _id: string; actorName: string | null; actorEmail: string }[];
    expect(listed.map((r) => [r.actorName, r.actorEmail])).toEqual([
      ['Jose Rizal', 'admin@example.edu'],
      ['Apolinario Mabini', 'auditor@example.edu'],
      ['Jose Rizal', 'admin@example.edu'],
    ]);
    await audit('2026-10-20T09:00', { id: null, email: 'stranger@example.org' }, 'Sign-in failed', null, null, null);
    const failed = (await q('activity=Sign-in%20failed')).body.rows[0];
    expect([failed.actorName, failed.actorEmail]).toEqual([null, 'stranger@example.org']);
    const entry = await api.call('GET', `${R}/audit-trails/${listed[1]!._id}`, { token: auditor });
    expect(entry.body.data.actorName).toBe('Apolinario Mabini');
  });

  it('draws a record’s whole history per day, from its first entry to its last', async () => {
    const history = await api.call('GET', `${R}/audit-trails?resource=users&recordId=${ID.record}`, { token: auditor });
    expect(history.body.days).toEqual({ from: '2026-11-01', to: '2026-11-03' });
    expect(history.body.perDay).toEqual([
      { day: '2026-11-01', actions: 1 },
      { day: '2026-11-02', actions: 0 },
      { day: '2026-11-03', actions: 1 },
    ]);
    const none = await api.call('GET', `${R}/audit-trails?recordId=0e000000-0000-4000-8000-00000000ffff`, { token: auditor });
    expect([none.body.days, none.body.perDay, none.body.count]).toEqual([null, [], 0]);
    // With days asked for, the record's series covers those days.
    const week = await api.call('GET', `${R}/audit-trails?resource=users&recordId=${ID.record}&from=2026-11-01&to=2026-11-07`, { token: auditor });
    expect(week.body.perDay.map((d: { actions: number }) => d.actions)).toEqual([1, 0, 1, 0, 0, 0, 0]);
  });

  it('opens an entry as a field-level before/after diff that never shows hashes, tokens or secrets', async () => {
    const list = await api.call('GET', `${R}/audit-trails?activity=Updated%20user`, { token: auditor });
    const entry = await api.call('GET', `${R}/audit-trails/${list.body.rows[0]._id}`, { token: auditor });
    expect(entry.status).toBe(200);
    expect(entry.body.data.changes).toEqual([
      { field: 'firstName', before: 'Juan', after: 'Juan Miguel', hidden: false },
      { field: 'mobile', before: '0917', after: '0918', hidden: false },
      { field: 'passwordHash', before: '(hidden)', after: '(hidden)', hidden: true },
      { field: 'resetToken', before: '(hidden)', after: '(hidden)', hidden: true },
    ]);
    expect(entry.body.data.recordHistoryCount).toBe(2);
    const other = await api.call('GET', `${R}/audit-trails?activity=Deactivated`, { token: auditor });
    const deactivated = await api.call('GET', `${R}/audit-trails/${other.body.rows[0]._id}`, { token: auditor });
    expect(deactivated.body.data.changes).toContainEqual({ field: 'note', before: '(hidden)', after: '(hidden)', hidden: true });
    for (const body of [JSON.stringify(entry.body), JSON.stringify(deactivated.body)]) {
      expect(body).not.toContain('$argon2');
      expect(body).not.toContain('tok-9f8e7d6c5b4a');
    }
    expect((await api.call('GET', `${R}/audit-trails/00000000-0000-4000-8000-000000000000`, { token: auditor })).status).toBe(404);
  });

  it('exports the filtered set as CSV without secrets', async () => {
    const r = await api.call('GET', `${R}/audit-trails/export?from=2026-11-01&to=2026-11-07&resource=users`, { token: auditor });
    expect(r.status).toBe(200);
    const lines = r.body.data.csv.trim().split('\r\n');
    expect(lines[0]).toBe('When,Actor,Activity,Resource,Record,From,Changes');
    expect(r.body.data.rows).toBe(2);
    expect(lines).toHaveLength(3);
    expect(lines[2]).toContain('firstName: ""Juan"" → ""Juan Miguel""');
    expect(r.body.data.csv).not.toContain('$argon2');
    expect(r.body.data.csv).not.toContain('tok-9f8e7d6c5b4a');
  });

  it('is read-only: nothing changes or deletes an entry', async () => {
    const list = await api.call('GET', `${R}/audit-trails?limit=1`, { token: auditor });
    const id = list.body.rows[0]._id as string;
    for (const method of ['PUT', 'PATCH', 'DELETE']) {
      expect([404, 405]).toContain((await api.call(method, `${R}/audit-trails/${id}`, { token: auditor, body: {} })).status);
    }
    const [left] = await rows<{ n: number }>(api.database.db, sql`select count(*)::int as n from audit_trails where id = ${id}`);
    expect(left?.n).toBe(1);
  });
});

describe('who may read the reports', () => {
  it.each(['support', 'tickets', 'audit-trails', 'audit-trails/export', `audit-trails/${ID.record}`])('answers 403 to %s without REPORTS and 401 signed out', async (path) => {
    expect((await api.call('GET', `${R}/${path}`, { token: registrar })).status).toBe(403);
    expect((await api.call('GET', `${R}/${path}`)).status).toBe(401);
  });
});

describe('the audit trail’s hourly rollup (reports-rollup job)', () => {
  const perDay = async (query: string) => (await api.call('GET', `${R}/audit-trails?${query}`, { token: auditor })).body.perDay as { day: string; actions: number }[];
  /** The same days counted straight from the trail, for comparison. */
  const direct = async (from: string, to: string, tz: string) => {
    const found = await rows<{ day: string; n: number }>(
      api.database.db,
      sql`select to_char((created_at at time zone ${tz})::date, 'YYYY-MM-DD') as day, count(*)::int as n from audit_trails
          where (created_at at time zone ${tz})::date between ${from}::date and ${to}::date group by 1`,
    );
    return Object.fromEntries(found.map((r) => [r.day, r.n]));
  };
  const nonZero = (days: { day: string; actions: number }[]) => Object.fromEntries(days.filter((d) => d.actions).map((d) => [d.day, d.actions]));

  it('gives exactly the figures of the trail itself, before and after it runs, today’s entries counted live', async () => {
    const bea = { id: api.users.auditor, email: 'auditor@example.edu' };
    // Today (23 November, 16:00 in Manila): one entry in an hour the job will roll up, one in the last hour it leaves.
    await audit('2026-11-23T09:15', bea, 'Updated campus Main Campus', 'campuses', ID.record, null);
    await audit('2026-11-23T15:30', bea, 'Updated campus Main Campus', 'campuses', ID.record, null);
    const first = await perDay('from=2026-11-01&to=2026-11-09');
    // Hand-computed: 23:30 on the 1st is the 1st, 00:30 on the 2nd the 2nd, then the 3rd and the 9th.
    expect(nonZero(first)).toEqual({ '2026-11-01': 1, '2026-11-02': 1, '2026-11-03': 1, '2026-11-09': 1 });
    const utcBefore = await perDay('from=2026-11-01&to=2026-11-09&tz=UTC');
    // In UTC 23:30 and 00:30 Manila (15:30 and 16:30 UTC on the 1st) are both the 1st; 12:00 on the 3rd is the 3rd.
    expect(nonZero(utcBefore)).toEqual({ '2026-11-01': 2, '2026-11-03': 1, '2026-11-09': 1 });

    const jobId = await api.app.jobs.enqueue('reports-rollup', {});
    await api.app.jobs.start();
    try {
      for (const end = Date.now() + 60_000; ; ) {
        const [job] = await rows<{ state: string }>(api.database.db, sql`select state from job_runs where id = ${jobId}`);
        if (job?.state === 'completed') break;
        if (Date.now() > end || job?.state === 'failed') throw new Error(`rollup job ${JSON.stringify(job)}`);
        await new Promise((resolve) => setTimeout(resolve, 200));
      }
    } finally {
      await api.app.jobs.stop();
    }
    // Rolled up to 15:00 Manila (07:00 UTC), an hour short of now: the 15:30 entry is left to be counted live.
    const [mark] = await rows<{ at: string }>(api.database.db, sql`select done_until::text as at from reports_rollups where name = 'audit-hours'`);
    expect(new Date(mark!.at).toISOString()).toBe(ph('2026-11-23T15:00'));
    const [hours] = await rows<{ n: number }>(api.database.db, sql`select sum(entries)::int as n from reports_audit_hours where hour >= ${ph('2026-11-01T00:00')} and hour < ${ph('2026-11-10T00:00')}`);
    expect(hours?.n).toBe(4);

    expect(await perDay('from=2026-11-01&to=2026-11-09')).toEqual(first);
    expect(await perDay('from=2026-11-01&to=2026-11-09&tz=UTC')).toEqual(utcBefore);
    for (const tz of ['Asia/Manila', 'UTC', 'America/New_York', 'Asia/Kolkata']) {
      const days = await perDay(`from=2026-10-20&to=2026-11-23&tz=${encodeURIComponent(tz)}`);
      expect(nonZero(days), tz).toEqual(await direct('2026-10-20', '2026-11-23', tz));
    }
    // Today: the rolled-up 09:15 entry and the live 15:30 one, with whatever the sign-ins of these tests wrote.
    const today = (await perDay('from=2026-11-23&to=2026-11-23'))[0];
    expect(today?.actions).toBe((await direct('2026-11-23', '2026-11-23', 'Asia/Manila'))['2026-11-23']);
    expect(today?.actions).toBeGreaterThanOrEqual(2);
  }, 90_000);
});
