import {
  officeCalendar,
  policyTargets,
  slaClock,
  ticketReference,
  type ClockEvent,
  type TicketPriority,
  type TicketState,
} from '@campus/domain-support';
import { randomBytes } from 'node:crypto';
import { sql } from 'drizzle-orm';
import type { Argon2Options } from '../../config.js';
import type { Db } from '../../platform/db/client.js';
import { insertAccount } from '../../platform/db/users.js';
import type { SeedRecord } from '../../platform/db/insert-rows.js';
import type { RandomSource } from '../../platform/db/seed-data.js';
import { supportAgentTurns, supportTicketEvents, supportTicketMessages, supportTickets } from '../../platform/db/schema/index.js';
import { hashToken } from './tickets.js';

const HOURS = { hoursM: '08:00-17:00', hoursT: '08:00-17:00', hoursW: '08:00-17:00', hoursTH: '08:00-17:00', hoursF: '08:00-17:00' };
const DAY = 24 * 3600_000;

/** Holidays of the Philippine calendar around `at` (last year, this year and next), as office holiday lines. */
function holidays(at: Date): string {
  const y = at.getUTCFullYear();
  return [y - 1, y, y + 1]
    .flatMap((year) => [`${year}-01-01 New Year's Day`, `${year}-04-09 Araw ng Kagitingan`, `${year}-06-12 Independence Day`, `${year}-08-31 National Heroes Day`, `${year}-11-30 Bonifacio Day`, `${year}-12-25 Christmas Day`, `${year}-12-30 Rizal Day`])
    .join('\n');
}

const SUBJECTS: Record<string, string[]> = {
  TOR: ['Request for transcript of records', 'TOR for employment', 'Additional copy of my TOR', 'TOR still not released'],
  ENROL: ['Cannot enroll in a subject', 'Enrollment hold on my account', 'Change of section', 'Late enrollment request'],
  PAY: ['Official receipt not received', 'Refund of overpayment', 'Tuition balance is wrong', 'Scholarship discount not applied'],
  WIFI: ['Cannot connect to campus Wi-Fi', 'Wi-Fi password reset', 'Slow internet in the library'],
  ACCOUNT: ['Cannot sign in to the student portal', 'Email account locked', 'Reset my portal password'],
};

/**
 * The desk's staff besides the lead (the demo administrator), per team code. Their passwords are random: nobody
 * signs in with them; they are there so the demo's tickets are shared out and new ones are assigned at once.
 */
export const DEMO_AGENTS: Readonly<Record<string, readonly { email: string; firstName: string; lastName: string }[]>> = {
  RECORDS: [
    { email: 'c.delosreyes@example.edu', firstName: 'Carmela', lastName: 'Delos Reyes' },
    { email: 'a.navarro@example.edu', firstName: 'Arnel', lastName: 'Navarro' },
    { email: 'g.pascual@example.edu', firstName: 'Grace', lastName: 'Pascual' },
  ],
  PAYMENTS: [
    { email: 'e.bernardo@example.edu', firstName: 'Edwin', lastName: 'Bernardo' },
    { email: 'l.manalo@example.edu', firstName: 'Lorna', lastName: 'Manalo' },
  ],
  HELPDESK: [
    { email: 'k.ocampo@example.edu', firstName: 'Kevin', lastName: 'Ocampo' },
    { email: 'd.salazar@example.edu', firstName: 'Diane', lastName: 'Salazar' },
    { email: 'r.castillo@example.edu', firstName: 'Rafael', lastName: 'Castillo' },
  ],
};

/**
 * Customer Support demo data: an office per service on the demo campuses, teams of several agents each led by the
 * demo administrator, a categoriesV2 tree with v1 categories mapped to it, SLA policies, and about 300 tickets over the
 * last three months in every state, each with its log and thread, so the screens and the reports have something to
 * show. The tickets are shared among each team's agents (the lead takes half a share), so every agent holds well under
 * the team's capacity and a new ticket is assigned by round-robin at once. Returns how many accounts it added.
 */
export async function seedSupport(
  tx: Db,
  put: (resource: string, records: SeedRecord[]) => Promise<void>,
  options: { random: RandomSource; at: Date; campuses: readonly string[]; lead: string; leadName: string; argon2: Argon2Options },
): Promise<{ accounts: number }> {
  const { random, at } = options;
  const id = random.uuid;
  const [main, second] = options.campuses;
  const offices = [
    { id: id(), code: 'REG', name: 'Office of the Registrar', campusId: main, email: 'registrar@example.edu', utcOffsetMinutes: 480, ...HOURS, holidays: holidays(at) },
    { id: id(), code: 'CASH', name: 'Cashier', campusId: main, email: 'cashier@example.edu', utcOffsetMinutes: 480, ...HOURS, holidays: holidays(at) },
    { id: id(), code: 'ITS', name: 'IT Services', campusId: main, email: 'itservices@example.edu', utcOffsetMinutes: 480, ...HOURS, hoursS: '08:00-12:00', holidays: holidays(at) },
    { id: id(), code: 'REG-SPC', name: 'Registrar, San Pablo City Campus', campusId: second ?? main, email: 'registrar.spc@example.edu', utcOffsetMinutes: 480, ...HOURS, holidays: holidays(at) },
  ];
  await put('support-offices', offices);
  const policies = [
    { id: id(), code: 'STANDARD', name: 'Standard', firstResponseLow: 960, firstResponseNormal: 480, firstResponseHigh: 240, firstResponseUrgent: 60, resolutionLow: 4320, resolutionNormal: 2160, resolutionHigh: 960, resolutionUrgent: 240 },
    { id: id(), code: 'IT', name: 'IT incidents', firstResponseNormal: 120, firstResponseUrgent: 30, resolutionNormal: 960, resolutionUrgent: 180 },
  ];
  await put('sla-policies', policies);
  const staff = new Map<string, string>([[options.lead, options.leadName]]);
  const agentsOf = async (code: string): Promise<string[]> => {
    const ids: string[] = [];
    for (const agent of DEMO_AGENTS[code] ?? []) {
      const userId = await insertAccount(tx, { ...agent, password: `${randomBytes(18).toString('base64url')}!Aa1`, adminScopes: ['SUPPORT'] }, options.argon2);
      staff.set(userId, `${agent.firstName} ${agent.lastName}`);
      ids.push(userId);
    }
    return ids;
  };
  const lead = options.lead;
  const teams = [
    { id: id(), code: 'RECORDS', name: 'Records Desk', officeId: offices[0]!.id, leadId: lead, agentIds: [lead, ...(await agentsOf('RECORDS'))], capacityPerAgent: 40 },
    { id: id(), code: 'PAYMENTS', name: 'Payments Window', officeId: offices[1]!.id, leadId: lead, agentIds: [lead, ...(await agentsOf('PAYMENTS'))], capacityPerAgent: 40 },
    { id: id(), code: 'HELPDESK', name: 'IT Helpdesk', officeId: offices[2]!.id, leadId: lead, agentIds: [lead, ...(await agentsOf('HELPDESK'))], capacityPerAgent: 30 },
  ];
  // Who a ticket went to: every agent twice, the lead (who also watches the team's SLA) once.
  const shares = new Map(teams.map((t) => [t.id, t.agentIds.flatMap((a) => (a === lead ? [a] : [a, a]))]));
  const lastTurn = new Map<string, { teamId: string; agentId: string; at: Date }>();
  await put('support-teams', teams);
  const node = (code: string, name: string, extra: Record<string, unknown>) => ({ id: id(), code, name, audience: [], ...extra });
  const registrar = node('REGISTRAR', 'Registrar', { officeId: offices[0]!.id, teamId: teams[0]!.id, slaPolicyId: policies[0]!.id, priority: 'normal', audience: ['students', 'staff', 'public'], sortOrder: 1, cannedResponses: 'Received\nHello [[requester_name]], we have your request [[ticket_reference]] and will get back to you within the day.\n---\nReady for pickup\nHello [[requester_name]], your document for [[ticket_reference]] is ready for pickup at the Registrar. — [[first_name]]' });
  const cashier = node('CASHIER', 'Cashier', { officeId: offices[1]!.id, teamId: teams[1]!.id, slaPolicyId: policies[0]!.id, priority: 'normal', audience: ['students', 'public'], sortOrder: 2 });
  const it = node('ITSERVICES', 'IT Services', { officeId: offices[2]!.id, teamId: teams[2]!.id, slaPolicyId: policies[1]!.id, priority: 'normal', audience: ['students', 'staff'], sortOrder: 3 });
  const leaves = {
    TOR: node('TOR', 'Transcript of Records', { parentId: registrar.id, intakeForm: 'studentNumber | Student number | text | required\ncopies | Copies | number | required\npurpose | Purpose | choice | Employment, Transfer, Scholarship, Other', sortOrder: 1 }),
    ENROL: node('ENROLMENT', 'Enrollment', { parentId: registrar.id, priority: 'high', sortOrder: 2 }),
    PAY: node('PAYMENTS', 'Payments and refunds', { parentId: cashier.id, intakeForm: 'receiptNumber | Official receipt number | text', sortOrder: 1 }),
    WIFI: node('WIFI', 'Wi-Fi and network', { parentId: it.id, sortOrder: 1, audience: ['students', 'staff', 'public'] }),
    ACCOUNT: node('ACCOUNTS', 'Accounts and passwords', { parentId: it.id, priority: 'high', sortOrder: 2, audience: ['students', 'staff', 'public'] }),
  };
  await put('support-categories-v2', [registrar, cashier, it]);
  await put('support-categories-v2', Object.values(leaves));
  await put('support-categories', [
    { id: id(), code: 'REGISTRAR', name: 'Registrar concerns', description: 'Records, transcripts and enrollment.', categoryV2Id: leaves.TOR.id },
    { id: id(), code: 'PAYMENT', name: 'Payment concerns', description: 'Fees, receipts and refunds.', categoryV2Id: leaves.PAY.id },
    { id: id(), code: 'ICT', name: 'ICT concerns', description: 'Network, accounts and devices.', categoryV2Id: leaves.WIFI.id },
    { id: id(), code: 'OTHERS', name: 'Others', description: 'Anything else (not yet mapped to a v2 category).' },
  ]);

  // Tickets over the last 90 days; the older a ticket, the likelier it is done.
  const kinds = Object.keys(leaves) as (keyof typeof leaves)[];
  const nodes = new Map<string, Record<string, unknown>>([registrar, cashier, it, ...Object.values(leaves)].map((n) => [n.id, n]));
  const inherited = (leaf: Record<string, unknown>, field: string): unknown => leaf[field] ?? nodes.get(leaf.parentId as string)?.[field];
  const names = ['Maria Santos', 'Jose Dela Cruz', 'Ana Reyes', 'Mark Villanueva', 'Kristine Garcia', 'Paolo Mendoza', 'Angelica Ramos', 'John Paul Torres'];
  for (let n = 1; n <= 300; n++) {
    const kind = random.pick(kinds);
    const leaf = leaves[kind] as Record<string, unknown>;
    const created = new Date(at.getTime() - random.int(0, 90 * 24) * 3600_000 - random.int(0, 59) * 60_000);
    const ageDays = (at.getTime() - created.getTime()) / DAY;
    const roll = random.int(0, 99);
    const state: TicketState =
      ageDays > 14 ? (roll < 70 ? 'closed' : roll < 92 ? 'resolved' : 'pending') : ageDays > 3 ? (roll < 40 ? 'resolved' : roll < 60 ? 'pending' : roll < 90 ? 'open' : 'new') : roll < 40 ? 'new' : roll < 75 ? 'open' : roll < 90 ? 'pending' : 'resolved';
    const priority = (random.int(0, 9) === 0 ? 'urgent' : (inherited(leaf, 'priority') as TicketPriority | undefined) ?? 'normal') as TicketPriority;
    const team = teams.find((t) => t.id === inherited(leaf, 'teamId'))!;
    const office = offices.find((o) => o.id === inherited(leaf, 'officeId'))!;
    const policy = policies.find((p) => p.id === inherited(leaf, 'slaPolicyId'))!;
    const assigneeId = state === 'new' && random.int(0, 2) === 0 ? null : random.pick(shares.get(team.id)!);
    if (assigneeId && created > (lastTurn.get(`${team.id}:${assigneeId}`)?.at ?? new Date(0))) lastTurn.set(`${team.id}:${assigneeId}`, { teamId: team.id, agentId: assigneeId, at: created });
    const agentName = (assigneeId && staff.get(assigneeId)) || team.name;
    const requesterName = random.pick(names);
    const ticketId = id();
    const events: { type: string; at: Date; data: Record<string, unknown> }[] = [{ type: 'created', at: created, data: { channel: 'form' } }];
    const messages: { kind: string; authorName: string; body: string; at: Date }[] = [{ kind: 'requester', authorName: requesterName, body: `Good day. ${random.pick(SUBJECTS[kind]!)}. Thank you.`, at: created }];
    let t = created.getTime();
    const step = (maxHours: number) => (t = Math.min(at.getTime() - 60_000, t + random.int(1, maxHours) * 3600_000));
    let firstRespondedAt: Date | null = null;
    let resolvedAt: Date | null = null;
    let closedAt: Date | null = null;
    if (state !== 'new') {
      firstRespondedAt = new Date(step(30));
      events.push({ type: 'first-response', at: firstRespondedAt, data: {} }, { type: 'state', at: firstRespondedAt, data: { from: 'new', to: 'open' } });
      messages.push({ kind: 'reply', authorName: agentName, body: `Hello ${requesterName}, we are looking into it.`, at: firstRespondedAt });
    }
    if (state === 'pending') events.push({ type: 'state', at: new Date(step(24)), data: { from: 'open', to: 'pending' } });
    if (state === 'resolved' || state === 'closed') {
      resolvedAt = new Date(step(72));
      events.push({ type: 'state', at: resolvedAt, data: { from: 'open', to: 'resolved' } });
      messages.push({ kind: 'reply', authorName: agentName, body: 'This is done. Please rate our service through your link.', at: resolvedAt });
    }
    if (state === 'closed') {
      closedAt = new Date(step(24 * 7));
      events.push({ type: 'state', at: closedAt, data: { from: 'resolved', to: 'closed' } });
    }
    const clock = slaClock({
      events: events.flatMap((e): ClockEvent[] => (e.type === 'created' ? [{ at: e.at, type: 'created' }] : e.type === 'first-response' ? [{ at: e.at, type: 'first-response' }] : e.type === 'state' ? [{ at: e.at, type: 'state', to: e.data.to as TicketState }] : [])),
      calendar: officeCalendar(office),
      targets: policyTargets(policy, priority),
      now: at,
    });
    const subject = random.pick(SUBJECTS[kind]!);
    await tx.insert(supportTickets).values({
      id: ticketId,
      number: n,
      reference: ticketReference(n),
      subject,
      requesterName,
      requesterEmail: `${requesterName.toLowerCase().replace(/[^a-z]+/g, '.')}@student.example.edu`,
      channel: random.pick(['form', 'email', 'console']),
      state,
      priority,
      categoryV2Id: leaf.id as string,
      officeId: office.id,
      teamId: team.id,
      assigneeId,
      slaPolicyId: policy.id,
      customFields: kind === 'TOR' ? { studentNumber: `2023-${String(10000 + n)}`, copies: random.int(1, 3), purpose: random.pick(['Employment', 'Transfer', 'Scholarship']) } : {},
      publicTokenHash: hashToken(`demo-${ticketId}`),
      slaStatus: clock.status === 'none' ? 'ok' : clock.status,
      firstResponseDueAt: clock.firstResponse.dueAt,
      resolutionDueAt: clock.resolution.dueAt,
      firstRespondedAt,
      resolvedAt,
      closedAt,
      firstResponseBusinessMinutes: firstRespondedAt ? clock.firstResponse.businessMinutes : null,
      resolutionBusinessMinutes: resolvedAt ? clock.resolution.businessMinutes : null,
      rating: resolvedAt && random.int(0, 2) > 0 ? random.int(3, 5) : null,
      searchText: [subject, ...messages.map((m) => m.body)].join(' ').toLowerCase(),
      createdAt: created,
      updatedAt: new Date(t),
    });
    await tx.insert(supportTicketEvents).values(events.map((e) => ({ ticketId, type: e.type, actorId: null, data: e.data, at: e.at })));
    await tx.insert(supportTicketMessages).values(messages.map((m) => ({ ticketId, kind: m.kind, authorId: null, authorName: m.authorName, body: m.body, at: m.at })));
  }
  await tx.execute(sql`select setval('support_ticket_numbers', 300)`);
  // Round-robin goes on from where the demo's assignments left off.
  if (lastTurn.size) await tx.insert(supportAgentTurns).values([...lastTurn.values()].map((t) => ({ teamId: t.teamId, agentId: t.agentId, lastAssignedAt: t.at })));
  return { accounts: staff.size - 1 };
}
