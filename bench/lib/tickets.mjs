// The benchmark tickets shared by bench/support.mjs and bench/reports.mjs: fills `support_tickets` up to a number
// of rows, spread over the demo teams and the last year, in every state, with words a search can find. Filled
// once per database; later runs find the rows there and add none.

/**
 * Adds tickets until the database holds `target`; returns how many it holds. `rows` and `sql` are the API's
 * (apps/api/dist/platform/db/client.js and drizzle-orm), passed in so this module imports nothing of its own.
 */
export async function fillTickets(database, { rows, sql }, target) {
  const [tickets] = await rows(database.db, sql`select count(*)::int as n from support_tickets`);
  if (tickets.n >= target) return tickets.n;
  console.error(`filling the benchmark database to ${target} tickets; this happens once`);
  await database.db.execute(sql`
    insert into support_tickets (number, reference, subject, requester_name, requester_email, channel, state, priority,
      category_v2_id, office_id, team_id, assignee_id, sla_policy_id, public_token_hash, search_text, sla_status, created_at, updated_at)
    select n, 'SUP-B' || lpad(n::text, 7, '0'),
      (array['Transcript of records request','Enrollment hold','Refund of overpayment','Wi-Fi access','Portal password reset'])[1 + n % 5] || ' ' || n,
      'Requester ' || n, 'requester' || (n % 20000) || '@student.example.edu', 'form',
      (array['new','open','pending','resolved','closed'])[1 + n % 5], (array['low','normal','high','urgent'])[1 + n % 4],
      c.category_v2_id, t.office_id, t.id, case when n % 3 = 0 then null else t.lead_id end, c.sla_policy_id,
      md5('bench' || n), lower((array['transcript of records request','enrollment hold','refund of overpayment','wi-fi access','portal password reset'])[1 + n % 5] || ' ' || n || ' please help with my concern number ' || n),
      (array['ok','near-breach','breached','paused','met'])[1 + n % 5],
      now() - (n % 365) * interval '1 day' - (n % 1440) * interval '1 minute', now()
    from generate_series(${tickets.n + 1}::int, ${target}::int) n
    cross join lateral (select id, office_id, lead_id from support_teams order by code offset (n % 3) limit 1) t
    cross join lateral (select id as category_v2_id, sla_policy_id from support_categories_v2 where team_id = t.id limit 1) c`);
  // What autovacuum does to a table after a bulk insert (PGlite has none): statistics for the planner, and the
  // visibility map and the trigram index's pending list in order, as they are on a database in use.
  await database.db.execute(sql`vacuum analyze support_tickets`);
  return target;
}
