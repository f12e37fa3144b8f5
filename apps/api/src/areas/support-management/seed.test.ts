import { randomUUID } from 'node:crypto';
import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { rows, type Db } from '../../platform/db/client.js';
import { insertRows } from '../../platform/db/insert-rows.js';
import { randomSource } from '../../platform/db/seed-data.js';
import { insertAccount } from '../../platform/db/users.js';
import { freshDatabase, TEST_PASSWORD } from '../../test/harness.js';
import { seedSupport } from './seed.js';
import { openTicket } from './tickets.js';

const database = await freshDatabase();
const at = new Date('2026-11-28T02:00:00.000Z');
const argon2 = { memoryCost: 1024, timeCost: 1, parallelism: 1 };

describe('the Customer Support demo data', () => {
  it('shares the tickets among several agents per team, each well under the team’s capacity, so a new ticket is assigned at once', async () => {
    const db = database.db;
    const campus = randomUUID();
    await insertRows(db, 'campuses', [{ id: campus, code: 'MAIN', name: 'Main Campus', isMain: true }], at);
    const lead = await insertAccount(db, { email: 'lead@example.edu', password: TEST_PASSWORD, firstName: 'Ramon', lastName: 'Bautista', adminScopes: ['SUPPORT'] }, argon2);
    const seeded = await db.transaction((tx) =>
      seedSupport(tx as unknown as Db, (resource, records) => insertRows(tx as unknown as Db, resource, records, at), {
        random: randomSource(2026),
        at,
        campuses: [campus],
        lead,
        leadName: 'Ramon Bautista',
        argon2,
      }),
    );
    expect(seeded.accounts).toBeGreaterThanOrEqual(6);

    const loads = await rows<{ code: string; capacity: number; agent: string; open: number }>(
      db,
      sql`select t.code, t.capacity_per_agent as capacity, a.agent, (select count(*)::int from support_tickets k
                 where k.assignee_id = a.agent and k.team_id = t.id and k.state in ('new', 'open', 'pending')) as open
            from support_teams t cross join lateral unnest(t.agent_ids) as a(agent)`,
    );
    const teams = new Set(loads.map((l) => l.code));
    expect([...teams].sort()).toEqual(['HELPDESK', 'PAYMENTS', 'RECORDS']);
    for (const code of teams) {
      const members = loads.filter((l) => l.code === code);
      expect(members.length, code).toBeGreaterThanOrEqual(3);
      // Believable: every agent holds some open work, nobody is at capacity.
      for (const m of members) expect(m.open, `${code} ${m.agent}`).toBeLessThan(m.capacity / 2);
      expect(members.filter((m) => m.open > 0).length, code).toBeGreaterThanOrEqual(members.length - 1);
    }
    // The agents are real accounts of the Support application.
    const [accounts] = await rows<{ n: number }>(db, sql`select count(*)::int as n from users where 'SUPPORT' = any(admin_scopes) and id <> ${lead}`);
    expect(accounts!.n).toBe(seeded.accounts);

    // A new request in each team goes to an agent at once.
    const leaves = await rows<{ id: string; code: string }>(
      db,
      sql`select c.id, c.code from support_categories_v2 c where c.parent_id is not null and c.code in ('ENROLMENT', 'PAYMENTS', 'WIFI')`,
    );
    for (const leaf of leaves) {
      const { ticket } = await db.transaction((tx) =>
        openTicket(
          tx as unknown as Db,
          { subject: `New request (${leaf.code})`, body: 'Please help.', requesterName: 'Ana Reyes', requesterEmail: 'ana.reyes@student.example.edu', categoryV2Id: leaf.id },
          { channel: 'form', actor: { id: null, email: 'ana.reyes@student.example.edu', ip: null }, now: at, secret: 'test-secret' },
        ),
      );
      expect(ticket.assigneeId, leaf.code).not.toBeNull();
    }
  });
});
