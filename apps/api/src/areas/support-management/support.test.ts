import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import nodemailer from 'nodemailer';
import { createMailer } from '../../platform/auth/mailer.js';
import { insertAccount } from '../../platform/db/users.js';
import { startSmtpSink } from '../../test/smtp-sink.js';
import { startTestApi, TEST_PASSWORD, type TestApi } from '../../test/harness.js';
import { area as accessArea } from '../access-management/area.js';
import { area as campusArea } from '../campus-management/area.js';
import { createSupportArea } from './area.js';
import { multipartForm } from '../../test/multipart-form.js';
import { searchWordOf } from './ticket-list.js';
import { fillBusinessMinutes } from './tickets.js';
import { sql } from 'drizzle-orm';
import { rows } from '../../platform/db/client.js';
import { notifier } from '../../platform/notify.js';
import { notificationCentreNotifier, SLA_SWEEP_SCHEDULE, type SlaNotice } from './jobs/sla-sweep.js';

const B = '/core/v1.0';
const HOUR = 3600_000;
/** An instant given as Manila wall-clock time. */
const ph = (local: string) => new Date(`${local}:00+08:00`);

let api: TestApi;
let token: string;
let sink: Awaited<ReturnType<typeof startSmtpSink>>;
const notices: SlaNotice[] = [];
let inboundPort = 0;
const ids = { rush: '', office: '', policy: '', team: '', itTeam: '', reg: '', tor: '', it: '', agentA: '', agentB: '', lead: '' };

async function create(resource: string, body: Record<string, unknown>): Promise<string> {
  const r = await api.call('POST', `${B}/${resource}`, { token, body });
  expect(r.status, JSON.stringify(r.body)).toBe(201);
  return r.body.data._id as string;
}

async function fileTicket(subject: string, categoryV2Id = ids.tor, extra: Record<string, unknown> = {}) {
  const r = await api.call('POST', `${B}/support/tickets`, {
    token,
    body: { subject, body: 'Please help.', requesterName: 'Maria Santos', requesterEmail: 'maria@student.example.edu', categoryV2Id, customFields: { copies: 2 }, ...extra },
  });
  expect(r.status, JSON.stringify(r.body)).toBe(201);
  return (await api.call('GET', `${B}/support/tickets/${r.body.data._id}`, { token })).body.data;
}

/** Moves the clock (sessions expire when it jumps, so sign in again). */
async function moveTo(local: string) {
  api.clock.current = ph(local);
  token = await api.signIn('admin@example.edu');
}
async function advance(ms: number) {
  api.clock.advance(ms);
  token = await api.signIn('admin@example.edu');
}

const ticketCount = async () => (await api.call('GET', `${B}/support/tickets?limit=1`, { token })).body.count as number;

beforeAll(async () => {
  sink = await startSmtpSink();
  const mailer = createMailer({ smtpUrl: sink.url, from: "Campus Support <support@example.edu>", db: undefined as never, now: () => new Date() });
  api = await startTestApi({}, { areas: [accessArea, campusArea, createSupportArea({ notifier: { notify: async (n) => void notices.push(n) }, inbound: { port: 0, onListening: (port) => (inboundPort = port) } })], mailer });
  // Monday 23 November 2026, 16:00 in Manila.
  api.clock.current = ph('2026-11-23T16:00');
  token = await api.signIn('admin@example.edu');
  const agent = (email: string, firstName: string) =>
    insertAccount(api.database.db, { email, password: TEST_PASSWORD, firstName, lastName: 'Agent', adminScopes: ['SUPPORT'] }, api.config.argon2);
  ids.agentA = await agent('ana@example.edu', 'Ana');
  ids.agentB = await agent('ben@example.edu', 'Ben');
  ids.lead = api.users.admin;
  ids.office = await create('support-offices', {
    code: 'REG',
    name: 'Office of the Registrar',
    email: 'registrar@example.edu',
    utcOffsetMinutes: 480,
    hoursM: '08:00-17:00',
    hoursT: '08:00-17:00',
    hoursW: '08:00-17:00',
    hoursTH: '08:00-17:00',
    hoursF: '08:00-17:00',
    holidays: '2026-11-30 Bonifacio Day',
  });
  ids.policy = await create('sla-policies', { code: 'STD', name: 'Standard', firstResponseNormal: 60, resolutionNormal: 240 });
  ids.team = await create('support-teams', { code: 'RECORDS', name: 'Records Desk', officeId: ids.office, leadId: ids.lead, agentIds: [ids.agentA, ids.agentB], capacityPerAgent: 2 });
  ids.itTeam = await create('support-teams', { code: 'HELPDESK', name: 'IT Helpdesk', officeId: ids.office, agentIds: [ids.agentB] });
  ids.reg = await create('support-categories-v2', {
    code: 'REGISTRAR',
    name: 'Registrar',
    officeId: ids.office,
    teamId: ids.team,
    slaPolicyId: ids.policy,
    priority: 'normal',
    sortOrder: 1,
    audience: ['public', 'students'],
    cannedResponses: 'Received\nHello [[requester_name]], we are working on [[ticket_reference]].',
  });
  ids.tor = await create('support-categories-v2', { code: 'TOR', name: 'Transcript of Records', parentId: ids.reg, intakeForm: 'copies | Copies | number | required' });
  ids.it = await create('support-categories-v2', { code: 'WIFI', name: 'Wi-Fi access', parentId: ids.reg, teamId: ids.itTeam });
});
afterAll(() => sink.close());

describe('structure', () => {
  it('keeps the categoriesV2 tree at three levels and shows what each node inherits', async () => {
    const third = await create('support-categories-v2', { code: 'TORRUSH', name: 'Rush', parentId: ids.tor, priority: 'high' });
    ids.rush = third;
    const fourth = await api.call('POST', `${B}/support-categories-v2`, { token, body: { code: 'TOODEEP', name: 'Too deep', parentId: third } });
    expect(fourth.status).toBe(400);
    expect(fourth.body.fieldErrors.parentId[0]).toMatch(/3 levels/);
    const tree = await api.call('GET', `${B}/support/category-tree`, { token });
    const rush = tree.body.data.nodes.find((n: { _id: string }) => n._id === third);
    expect(rush.resolved.teamId).toEqual({ value: ids.team, from: ids.reg });
    expect(rush.resolved.priority).toEqual({ value: 'high', from: third });
  });
});

describe('agents', () => {
  it('lists the agents of every team by name, each with its teams, for the queue’s agent filter', async () => {
    const r = await api.call('GET', `${B}/support/agents`, { token });
    expect(r.status, JSON.stringify(r.body)).toBe(200);
    const agents = r.body.data as { _id: string; name: string; teamIds: string[] }[];
    expect(agents.map((a) => a.name)).toEqual(['Ana Agent', 'Ben Agent']);
    expect(agents.find((a) => a._id === ids.agentB)!.teamIds.sort()).toEqual([ids.team, ids.itTeam].sort());
    expect(agents.find((a) => a._id === ids.agentA)!.teamIds).toEqual([ids.team]);
  });
});

describe('tickets', () => {
  it('routes by the v2 category to the team it names or inherits', async () => {
    const tor = await fileTicket('Transcript for employment');
    expect(tor.ticket).toMatchObject({ teamId: ids.team, officeId: ids.office, slaPolicyId: ids.policy, priority: 'normal', state: 'new', reference: 'SUP-000001' });
    const wifi = await fileTicket('Cannot join campus Wi-Fi', ids.it, { customFields: {} });
    expect(wifi.ticket).toMatchObject({ teamId: ids.itTeam, assigneeId: ids.agentB });
  });

  it('counts the SLA in business hours across a weekend and a holiday, with a moved clock', async () => {
    await moveTo('2026-11-27T16:00'); // Friday, an hour before closing
    const { ticket, clock } = await fileTicket('Transcript due across the long weekend');
    // 240 minutes: Friday 16:00–17:00, Saturday, Sunday and Monday (Bonifacio Day) skipped, Tuesday 08:00–11:00.
    expect(new Date(ticket.resolutionDueAt).toISOString()).toBe(ph('2026-12-01T11:00').toISOString());
    expect(new Date(clock.firstResponse.dueAt).toISOString()).toBe(ph('2026-11-27T17:00').toISOString());
    await moveTo('2026-11-30T12:00'); // the holiday: no business time has passed since Friday 17:00
    const later = (await api.call('GET', `${B}/support/tickets/${ticket._id}`, { token })).body.data.clock;
    expect(later.resolution.businessMinutes).toBe(60);
    expect(later.resolution.wallMinutes).toBe(68 * 60);
    expect(later.firstResponse.status).toBe('breached');
  });

  it('keeps on the ticket the business minutes until its first response and its resolution (the report medians)', async () => {
    await moveTo('2026-12-04T16:30'); // Friday, half an hour before closing
    const { ticket } = await fileTicket('Certificate of enrolment before the weekend');
    await moveTo('2026-12-07T09:00'); // Monday
    await api.call('POST', `${B}/support/tickets/${ticket._id}/messages`, { token, body: { kind: 'reply', body: 'We are on it.' } });
    await moveTo('2026-12-07T10:00');
    expect((await api.call('POST', `${B}/support/tickets/${ticket._id}/state`, { token, body: { state: 'resolved' } })).status).toBe(200);
    const minutesOf = async () =>
      (
        await rows<{ first: number | null; resolution: number | null }>(
          api.database.db,
          sql`select first_response_business_minutes as first, resolution_business_minutes as resolution from support_tickets where id = ${ticket._id}`,
        )
      )[0];
    // Friday 16:30–17:00 and Monday 08:00–09:00 (resp. 10:00); wall-clock it was 64.5 and 65.5 hours.
    expect(await minutesOf()).toEqual({ first: 90, resolution: 150 });
    // A ticket answered before the minutes were kept gets them from the sweep's fill.
    await api.database.db.execute(sql`update support_tickets set first_response_business_minutes = null, resolution_business_minutes = null where id = ${ticket._id}`);
    expect(await api.database.db.transaction((tx) => fillBusinessMinutes(tx as never, api.clock.current, 500))).toBeGreaterThanOrEqual(1);
    expect(await minutesOf()).toEqual({ first: 90, resolution: 150 });
  });

  it('pauses the clock while pending and resumes it without losing time', async () => {
    await moveTo('2026-12-02T09:00'); // Wednesday
    const { ticket } = await fileTicket('Diploma authentication');
    await api.call('POST', `${B}/support/tickets/${ticket._id}/messages`, { token, body: { kind: 'reply', body: 'We are on it.' } });
    await advance(HOUR);
    expect((await api.call('POST', `${B}/support/tickets/${ticket._id}/state`, { token, body: { state: 'pending' } })).status).toBe(200);
    await advance(24 * HOUR);
    const paused = (await api.call('GET', `${B}/support/tickets/${ticket._id}`, { token })).body.data;
    expect(paused.clock.resolution).toMatchObject({ businessMinutes: 60, status: 'paused', dueAt: null });
    await api.call('POST', `${B}/support/tickets/${ticket._id}/state`, { token, body: { state: 'open' } });
    await advance(HOUR);
    const resumed = (await api.call('GET', `${B}/support/tickets/${ticket._id}`, { token })).body.data;
    expect(resumed.clock.resolution.businessMinutes).toBe(120);
    expect(resumed.ticket.slaStatus).toBe('ok');
  });

  it('flags a breach once, logs it and tells the team lead', async () => {
    await moveTo('2026-12-03T08:00');
    const { ticket } = await fileTicket('Grades not showing');
    await api.call('POST', `${B}/support/tickets/${ticket._id}/messages`, { token, body: { kind: 'reply', body: 'Checking with the college.' } });
    await advance(3.5 * HOUR); // 210 of 240 minutes: near breach
    await api.call('POST', `${B}/support/sla-sweep`, { token, body: {} });
    expect(notices.find((n) => n.ticketId === ticket._id)).toMatchObject({ kind: 'near-breach', leadId: ids.lead });
    await advance(HOUR);
    await api.call('POST', `${B}/support/sla-sweep`, { token, body: {} });
    await api.call('POST', `${B}/support/sla-sweep`, { token, body: {} });
    const after = (await api.call('GET', `${B}/support/tickets/${ticket._id}`, { token })).body.data;
    expect(after.ticket.slaStatus).toBe('breached');
    expect(after.events.filter((e: { type: string }) => e.type === 'sla-breached')).toHaveLength(1);
    expect(notices.filter((n) => n.ticketId === ticket._id).map((n) => n.kind)).toEqual(['near-breach', 'breached']);
    const breached = await api.call('GET', `${B}/support/tickets?sla=breached&limit=100`, { token });
    expect(breached.body.rows.map((r: { _id: string }) => r._id)).toContain(ticket._id);
  });

  it('shares tickets fairly by round-robin within capacity, and hands the oldest waiting one to an agent who frees up', async () => {
    await moveTo('2026-12-07T09:00');
    // Both agents of the records desk were given tickets above; count what they hold now and fill them up.
    const load = async (agent: string) => (await api.call('GET', `${B}/support/tickets?assigneeId=${agent}&limit=100`, { token })).body.rows.filter((r: { state: string }) => r.state !== 'resolved' && r.state !== 'closed').length;
    const given: string[] = [];
    let waiting: { _id: string; assigneeId: string | null } | undefined;
    for (let i = 0; i < 6; i++) {
      const { ticket } = await fileTicket(`Certificate of enrollment ${i}`);
      if (!ticket.assigneeId) {
        waiting = ticket;
        break;
      }
      given.push(ticket.assigneeId);
    }
    expect(await load(ids.agentA)).toBe(2);
    expect(await load(ids.team === ids.team ? ids.agentB : '')).toBe(2);
    expect(waiting).toBeDefined();
    // Turns alternate: nobody gets two in a row while the other has room.
    for (let i = 1; i < given.length; i++) if (given[i] === given[i - 1]) expect(await load(given[i] === ids.agentA ? ids.agentB : ids.agentA)).toBe(2);
    const queue = (await api.call('GET', `${B}/support/tickets?teamId=${ids.team}&limit=100`, { token })).body.rows as { _id: string; assigneeId: string | null; state: string; createdAt: string }[];
    const oldestWaiting = queue.filter((r) => !r.assigneeId && r.state !== 'closed' && r.state !== 'resolved').sort((a, b) => a.createdAt.localeCompare(b.createdAt))[0]!;
    const mine = (await api.call('GET', `${B}/support/tickets?assigneeId=${ids.agentA}&limit=100`, { token })).body.rows.find((r: { state: string }) => r.state === 'new');
    await api.call('POST', `${B}/support/tickets/${mine._id}/state`, { token, body: { state: 'resolved' } });
    const handed = (await api.call('GET', `${B}/support/tickets/${oldestWaiting._id}`, { token })).body.data.ticket;
    expect(handed.assigneeId).toBe(ids.agentA);
  });

  it('emails a public reply to the requester with threading headers, through a real SMTP server', async () => {
    const { ticket, canned } = await fileTicket('Transcript pickup');
    expect(canned[0].body).toBe(`Hello Maria Santos, we are working on ${ticket.reference}.`);
    const before = sink.messages.length;
    const r = await api.call('POST', `${B}/support/tickets/${ticket._id}/messages`, { token, body: { kind: 'reply', body: canned[0].body } });
    expect(r.status).toBe(201);
    await api.call('POST', `${B}/support/tickets/${ticket._id}/messages`, { token, body: { kind: 'note', body: 'Internal: check the vault.' } });
    const [mail] = (await sink.waitFor(before + 1)).slice(before);
    expect(mail!.to).toMatchObject({ text: 'maria@student.example.edu' });
    expect(mail!.subject).toBe(`[${ticket.reference}] Transcript pickup`);
    expect(mail!.text).toContain(canned[0].body);
    expect(mail!.text).not.toContain('vault');
    expect(mail!.inReplyTo).toMatch(new RegExp(`^<${ticket.reference}\\.`));
    const after = (await api.call('GET', `${B}/support/tickets/${ticket._id}`, { token })).body.data;
    expect(after.ticket.state).toBe('open');
    expect(after.clock.firstResponse.status).toBe('met');
  });

  it('merges a duplicate and keeps both threads', async () => {
    const first = await fileTicket('Request for transcript of records copy');
    const second = await fileTicket('Transcript of records copy request');
    expect(second.duplicates.map((d: { _id: string }) => d._id)).toContain(first.ticket._id);
    const r = await api.call('POST', `${B}/support/tickets/${second.ticket._id}/merge`, { token, body: { intoId: first.ticket._id } });
    expect(r.status).toBe(200);
    const merged = (await api.call('GET', `${B}/support/tickets/${first.ticket._id}`, { token })).body.data;
    expect(merged.messages).toHaveLength(2);
    expect(merged.merged[0].reference).toBe(second.ticket.reference);
    expect((await api.call('GET', `${B}/support/tickets/${second.ticket._id}`, { token })).body.data.ticket.state).toBe('closed');
  });

  it('merges by the reference an agent types, and refuses an unknown one or the ticket itself', async () => {
    const first = await fileTicket('Enrollment form lost');
    const second = await fileTicket('Lost my enrollment form');
    const merge = (id: string, intoReference: string) => api.call('POST', `${B}/support/tickets/${id}/merge`, { token, body: { intoReference } });
    const unknown = await merge(second.ticket._id, 'SUP-999999');
    expect(unknown.status).toBe(400);
    expect(unknown.body.fieldErrors.intoReference).toEqual(['No ticket has this reference.']);
    expect((await merge(second.ticket._id, second.ticket.reference)).status).toBe(400);
    const done = await merge(second.ticket._id, first.ticket.reference.toLowerCase());
    expect(done.status).toBe(200);
    expect(done.body.data._id).toBe(first.ticket._id);
  });

  it('finds tickets by words of their thread and exports the list with custom fields', async () => {
    const { ticket } = await fileTicket('Something about records');
    await api.call('POST', `${B}/support/tickets/${ticket._id}/messages`, { token, body: { kind: 'note', body: 'Form 137 is missing' } });
    const found = await api.call('GET', `${B}/support/tickets?q=form%20137`, { token });
    expect(found.body.rows.map((r: { _id: string }) => r._id)).toEqual([ticket._id]);
    const csv = (await api.call('GET', `${B}/support/tickets/export?q=form%20137`, { token })).body.data.csv as string;
    expect(csv.split('\r\n')[0]).toContain('custom.copies');
    expect(csv.split('\r\n')[1]).toContain(ticket.reference);
    expect(csv.split('\r\n')[1]!.endsWith(',2')).toBe(true);
  });

  it('refuses a caller without SUPPORT', async () => {
    const registrar = await api.signIn('registrar@example.edu');
    expect((await api.call('GET', `${B}/support/tickets`, { token: registrar })).status).toBe(403);
    expect((await api.call('POST', `${B}/support/tickets`, { token: registrar, body: {} })).status).toBe(403);
  });

  it('refuses an oversize attachment and an unknown category, saving nothing', async () => {
    const count = await ticketCount();
    const big = Buffer.alloc(151 * 1024, 1);
    const base = { subject: 'With a file', body: 'See attached.', requesterName: 'Maria Santos', requesterEmail: 'maria@student.example.edu', customFields: { copies: 1 } };
    const fields = { subject: base.subject, body: base.body, requesterName: base.requesterName, requesterEmail: base.requesterEmail, 'customFields.copies': '1', categoryV2Id: ids.tor };
    const form = multipartForm(fields, [{ field: 'attachments', name: 'scan.pdf', type: 'application/pdf', bytes: big }]);
    const oversize = await api.call('POST', `${B}/support/tickets`, { token, body: form.payload, headers: form.headers });
    expect(oversize.status).toBe(400);
    expect(oversize.body.fieldErrors['attachments.0']).toEqual(['scan.pdf is larger than 150 KiB.']);
    const small = { field: 'attachments', name: 'note.txt', type: 'text/plain', bytes: Buffer.from('a note') };
    const four = multipartForm(fields, [small, small, small, small]);
    const tooMany = await api.call('POST', `${B}/support/tickets`, { token, body: four.payload, headers: four.headers });
    expect(tooMany.status).toBe(400);
    expect(tooMany.body.fieldErrors.attachments).toEqual(['At most 3 files.']);
    const empty = multipartForm(fields, [{ ...small, bytes: Buffer.alloc(0) }]);
    expect((await api.call('POST', `${B}/support/tickets`, { token, body: empty.payload, headers: empty.headers })).body.fieldErrors['attachments.0']).toEqual(['note.txt is empty.']);
    const unknown = await api.call('POST', `${B}/support/tickets`, { token, body: { ...base, categoryV2Id: '00000000-0000-4000-8000-000000000000' } });
    expect(unknown.status).toBe(400);
    expect(unknown.body.fieldErrors.categoryV2Id).toEqual(['Unknown category.']);
    const missing = await api.call('POST', `${B}/support/tickets`, { token, body: { ...base, categoryV2Id: ids.tor, customFields: {} } });
    expect(missing.body.fieldErrors['customFields.copies']).toBeDefined();
    expect(await ticketCount()).toBe(count);
  });

  it('keeps a small attachment and serves it as stored', async () => {
    const fields = { subject: 'With a receipt', body: 'Please help.', requesterName: 'Maria Santos', requesterEmail: 'maria@student.example.edu', categoryV2Id: ids.tor, 'customFields.copies': '2' };
    const form = multipartForm(fields, [{ field: 'attachments', name: 'receipt.html', type: 'text/html', bytes: Buffer.from('<script>alert(1)</script>') }]);
    const created = await api.call('POST', `${B}/support/tickets`, { token, body: form.payload, headers: form.headers });
    expect(created.status, JSON.stringify(created.body)).toBe(201);
    const { ticket } = (await api.call('GET', `${B}/support/tickets/${created.body.data._id}`, { token })).body.data;
    const file = (await api.call('GET', `${B}/support/tickets/${ticket._id}`, { token })).body.data.messages[0].attachments[0];
    // An HTML file is never given back as HTML: it is an opaque download.
    expect(file).toMatchObject({ filename: 'receipt.html', contentType: 'application/octet-stream' });
    const got = await api.call('GET', `${B}/support/attachments/${file._id}`, { token });
    expect(Buffer.from(got.body.data.contentBase64, 'base64').toString()).toBe('<script>alert(1)</script>');
  });
});

describe('mail in', () => {
  const send = async (mail: Record<string, unknown>) => {
    await api.app.ready();
    const transport = nodemailer.createTransport({ host: '127.0.0.1', port: inboundPort, secure: false, ignoreTLS: true });
    await transport.sendMail({ to: 'registrar@example.edu', ...mail });
    transport.close();
  };

  it('opens a ticket from a message to an office, then threads the requester’s reply onto it without the quoted history', async () => {
    const before = sink.messages.length;
    await send({ from: 'Pedro Penduko <pedro@example.com>', subject: 'Lost my ID card', text: 'I lost my ID. What do I do?' });
    const found = await api.call('GET', `${B}/support/tickets?q=lost%20my%20id`, { token });
    expect(found.body.rows).toHaveLength(1);
    const id = found.body.rows[0]._id;
    const opened = (await api.call('GET', `${B}/support/tickets/${id}`, { token })).body.data;
    expect(opened.ticket).toMatchObject({ channel: 'email', requesterEmail: 'pedro@example.com', officeId: ids.office, teamId: ids.team });
    // The acknowledgement carries our Message-ID; the reply answers it.
    const [ack] = (await sink.waitFor(before + 1)).slice(before);
    expect(ack!.subject).toBe(`[${opened.ticket.reference}] Lost my ID card`);
    await send({
      from: 'pedro@example.com',
      subject: 'Re: your request',
      inReplyTo: ack!.messageId,
      references: [ack!.messageId!],
      text: 'Here is my affidavit of loss.\n\nOn Mon, Registrar wrote:\n> We received your request',
    });
    const threaded = (await api.call('GET', `${B}/support/tickets/${id}`, { token })).body.data;
    expect(threaded.messages.map((m: { body: string }) => m.body)).toEqual(['I lost my ID. What do I do?', 'Here is my affidavit of loss.']);
    expect((await api.call('GET', `${B}/support/tickets?q=lost%20my%20id`, { token })).body.count).toBe(1);
  });

  it('does not let another sender write into a ticket by its reference', async () => {
    const { ticket } = await fileTicket('Reference test');
    await send({ from: 'stranger@example.net', subject: `Re: [${ticket.reference}] Reference test`, text: 'Let me in.' });
    const after = (await api.call('GET', `${B}/support/tickets/${ticket._id}`, { token })).body.data;
    expect(after.messages.map((m: { body: string }) => m.body)).not.toContain('Let me in.');
    const stranger = await api.call('GET', `${B}/support/tickets?q=let%20me%20in`, { token });
    expect(stranger.body.rows[0]).toMatchObject({ requesterEmail: 'stranger@example.net' });
  });

  it('answers every mail of the desk from the office: a Reply-To with the ticket’s secret, and a reply to it threads', async () => {
    const before = sink.messages.length;
    await send({ from: 'Lorna Reyes <lorna@example.com>', subject: 'Copy of my diploma', text: 'How do I get a certified copy of my diploma?' });
    const [ack] = (await sink.waitFor(before + 1)).slice(before);
    const reference = /SUP-\d{6}/.exec(ack!.subject ?? '')![0];
    const replyTo = ack!.replyTo?.value[0]?.address ?? '';
    expect(replyTo).toMatch(new RegExp(`^registrar\\+${reference.toLowerCase()}-[0-9a-f]{24}@example\\.edu$`));
    // The requester's mail program answers the Reply-To, with a subject and no headers of ours.
    await send({ to: replyTo, from: 'lorna@example.com', subject: 'Re: your mail', text: 'I graduated in 2019.' });
    const id = (await api.call('GET', `${B}/support/tickets?q=certified%20copy`, { token })).body.rows[0]._id;
    const thread = (await api.call('GET', `${B}/support/tickets/${id}`, { token })).body.data;
    expect(thread.messages.map((m: { body: string }) => m.body)).toEqual(['How do I get a certified copy of my diploma?', 'I graduated in 2019.']);
    // The agent's reply and the resolution mail carry the same reply address.
    const sent = sink.messages.length;
    await api.call('POST', `${B}/support/tickets/${id}/messages`, { token, body: { kind: 'reply', body: 'Please bring your ID.' } });
    await api.call('POST', `${B}/support/tickets/${id}/state`, { token, body: { state: 'resolved' } });
    const later = (await sink.waitFor(sent + 2)).slice(sent);
    expect(later.map((m) => m.replyTo?.value[0]?.address)).toEqual([replyTo, replyTo]);
    expect(later[0]!.text).toContain(`reply to this message`);
  });

  it('does not thread a forged message that only names a ticket: it opens a new ticket and the agent sees why', async () => {
    const { ticket } = await fileTicket('Forgery target');
    await send({
      envelope: { from: 'attacker@evil.example', to: ['registrar@example.edu'] },
      from: 'Maria Santos <maria@student.example.edu>',
      subject: `Re: [${ticket.reference}] Forgery target`,
      text: 'Send my transcript to Zanzibar instead.',
    });
    const after = (await api.call('GET', `${B}/support/tickets/${ticket._id}`, { token })).body.data;
    expect(after.messages.map((m: { body: string }) => m.body)).toEqual(['Please help.']);
    const opened = (await api.call('GET', `${B}/support/tickets?q=zanzibar`, { token })).body.rows;
    expect(opened).toHaveLength(1);
    const fresh = (await api.call('GET', `${B}/support/tickets/${opened[0]._id}`, { token })).body.data;
    const note = fresh.messages.find((m: { kind: string }) => m.kind === 'note');
    expect(note.body).toContain(ticket.reference);
    expect(note.body).toMatch(/reply address/);
    expect(fresh.events.map((e: { type: string }) => e.type)).toContain('mail-not-threaded');
  });

  it('threads a reply to the desk’s own message only from the requester it was sent to, and never a guessed one', async () => {
    const { ticket } = await fileTicket('Threading by message');
    const before = sink.messages.length;
    await api.call('POST', `${B}/support/tickets/${ticket._id}/messages`, { token, body: { kind: 'reply', body: 'Which campus?' } });
    const [desk] = (await sink.waitFor(before + 1)).slice(before);
    const reply = (from: string, inReplyTo: string, text: string) => send({ from, subject: 'Re: Threading by message', inReplyTo, references: [inReplyTo], text });
    await reply('stranger@example.net', desk!.messageId!, 'Stranger with the right message id.');
    await reply('maria@student.example.edu', `<${ticket.reference}.0123456789ab@support.campus>`, 'Guessed message id.');
    await reply('maria@student.example.edu', desk!.messageId!, 'Main campus, please.');
    const thread = (await api.call('GET', `${B}/support/tickets/${ticket._id}`, { token })).body.data;
    expect(thread.messages.filter((m: { kind: string }) => m.kind !== 'note').map((m: { body: string }) => m.body)).toEqual(['Please help.', 'Which campus?', 'Main campus, please.']);
    for (const text of ['stranger%20with%20the%20right', 'guessed%20message%20id']) {
      expect((await api.call('GET', `${B}/support/tickets?q=${text}`, { token })).body.rows).toHaveLength(1);
    }
  });

  it('opens a new ticket for a reply address whose secret does not match, and says so to the agent', async () => {
    const { ticket } = await fileTicket('Wrong secret');
    await send({ to: `registrar+${ticket.reference.toLowerCase()}-${'0'.repeat(24)}@example.edu`, from: 'maria@student.example.edu', subject: 'Re: Wrong secret', text: 'Tampered reply address.' });
    const after = (await api.call('GET', `${B}/support/tickets/${ticket._id}`, { token })).body.data;
    expect(after.messages.map((m: { body: string }) => m.body)).toEqual(['Please help.']);
    const opened = (await api.call('GET', `${B}/support/tickets?q=tampered%20reply`, { token })).body.rows;
    expect(opened).toHaveLength(1);
    const fresh = (await api.call('GET', `${B}/support/tickets/${opened[0]._id}`, { token })).body.data;
    expect(fresh.messages.find((m: { kind: string }) => m.kind === 'note').body).toContain(ticket.reference);
  });

  it('refuses mail for an address no office has', async () => {
    await expect(send({ to: 'nobody@example.edu', from: 'pedro@example.com', subject: 'x', text: 'y' })).rejects.toThrow(/550|mailbox/i);
  });
});

describe('the public form and the private link', () => {
  it('files without sign-in, mails the private link, lets the requester reply and rate', async () => {
    const form = await api.call('GET', `${B}/support/public/form`);
    expect(form.status).toBe(200);
    // Leaves only; the rush node inherits the intake form of Transcript of Records.
    expect(form.body.data.categories.find((c: { _id: string }) => c._id === ids.tor)).toBeUndefined();
    const tor = form.body.data.categories.find((c: { _id: string }) => c._id === ids.rush);
    expect(tor.name).toBe('Registrar — Transcript of Records — Rush');
    expect(tor.intakeFields[0]).toMatchObject({ key: 'copies', kind: 'number', required: true });
    const before = sink.messages.length;
    const filed = await api.call('POST', `${B}/support/public/tickets`, {
      body: { subject: 'Need my TOR', body: 'For a scholarship.', requesterName: 'Jose Cruz', requesterEmail: 'Jose@Example.com', categoryV2Id: ids.rush, customFields: { copies: '1' } },
    });
    expect(filed.status).toBe(202);
    expect(JSON.stringify(filed.body)).not.toMatch(/support\/t\//);
    const [mail] = (await sink.waitFor(before + 1)).slice(before);
    expect(mail!.to).toMatchObject({ text: 'jose@example.com' });
    const link = /\/support\/t\/([A-Za-z0-9_-]+)/.exec(mail!.text ?? '')![1]!;
    const view = await api.call('GET', `${B}/support/public/tickets/${link}`);
    expect(view.body.data).toMatchObject({ reference: filed.body.data.reference, state: 'new', canRate: false });
    expect((await api.call('GET', `${B}/support/public/tickets/${'x'.repeat(43)}`)).status).toBe(404);

    const all = await api.call('GET', `${B}/support/tickets?q=need%20my%20tor`, { token });
    const id = all.body.rows[0]._id;
    await api.call('POST', `${B}/support/tickets/${id}/state`, { token, body: { state: 'resolved' } });
    expect((await api.call('POST', `${B}/support/public/tickets/${link}/rating`, { body: { rating: 5, comment: 'Fast!' } })).status).toBe(200);
    expect((await api.call('POST', `${B}/support/public/tickets/${link}/rating`, { body: { rating: 4 } })).status).toBe(409);
    // A reply within the reopen window opens the ticket again.
    expect((await api.call('POST', `${B}/support/public/tickets/${link}/messages`, { body: { body: 'One more copy please.' } })).status).toBe(201);
    const reopened = (await api.call('GET', `${B}/support/tickets/${id}`, { token })).body.data;
    expect(reopened.ticket.state).toBe('open');
    expect(reopened.ticket.rating).toBe(5);
  });

  it('does not take a category that is not open to the public', async () => {
    const internal = await create('support-categories-v2', { code: 'INTERNAL', name: 'Internal', officeId: ids.office, teamId: ids.team, audience: ['internal'] });
    const r = await api.call('POST', `${B}/support/public/tickets`, {
      body: { subject: 'x', body: 'y', requesterName: 'Jose Cruz', requesterEmail: 'jose@example.com', categoryV2Id: internal },
    });
    expect(r.status).toBe(400);
  });
});

describe('the ticket list', () => {
  const list = async (query: string) => {
    const r = await api.call('GET', `${B}/support/tickets?${query}`, { token });
    expect(r.status, JSON.stringify(r.body)).toBe(200);
    return { count: r.body.count as number, ids: (r.body.rows as { _id: string }[]).map((row) => row._id) };
  };

  it('looks a search up by its rarest word and still matches the whole query as typed', () => {
    const sample = ['refund of overpayment 12', 'refund of overpayment 7', 'enrollment hold 3'];
    expect(searchWordOf('Refund of overpayment 123', sample)).toBe('123');
    expect(searchWordOf('refund of overpayment', sample)).toBe('overpayment');
    // Runs shorter than three letters or digits have no trigram; without a run the whole query is looked up.
    expect(searchWordOf('wi-fi 12', sample)).toBeUndefined();
    expect(searchWordOf('wi-fi access', [])).toBe('access');
  });

  it('stays exact while it remembers matches: new tickets, state changes and team membership show at once', async () => {
    const first = (await fileTicket('Lost zebracrossing permit')).ticket as { _id: string };
    expect(await list('q=zebracrossing')).toEqual({ count: 1, ids: [first._id] });
    expect(await list('q=zebracrossing')).toEqual({ count: 1, ids: [first._id] });
    await advance(60_000);
    const second = (await fileTicket('Zebracrossing permit renewal')).ticket as { _id: string };
    expect(await list('q=zebracrossing')).toEqual({ count: 2, ids: [second._id, first._id] });
    // Parts of words at either end, as typed; words too short for the index are matched all the same.
    expect(await list('q=st%20ZEBRAcross')).toEqual({ count: 1, ids: [first._id] });
    expect(await list('q=g%20p')).toMatchObject({ ids: expect.arrayContaining([first._id, second._id]) });
    expect(await list('q=zebracrossing&state=new')).toEqual({ count: 2, ids: [second._id, first._id] });
    expect((await api.call('POST', `${B}/support/tickets/${first._id}/state`, { token, body: { state: 'open' } })).status).toBe(200);
    expect(await list('q=zebracrossing&state=new')).toEqual({ count: 1, ids: [second._id] });
    // "My team's": the admin leads the Records Desk, where both were routed, until someone else does.
    expect(await list('view=team&q=zebracrossing')).toEqual({ count: 2, ids: [second._id, first._id] });
    await api.database.db.execute(sql`update support_teams set lead_id = ${ids.agentA} where id = ${ids.team}`);
    try {
      expect(await list('view=team&q=zebracrossing')).toEqual({ count: 0, ids: [] });
    } finally {
      await api.database.db.execute(sql`update support_teams set lead_id = ${ids.lead} where id = ${ids.team}`);
    }
    expect(await list('view=team&q=zebracrossing')).toEqual({ count: 2, ids: [second._id, first._id] });
  });
});

describe('the SLA sweep on the job engine', () => {
  it('runs from the schedule the area ships, and its notices reach the team lead in the notification centre', async () => {
    await moveTo('2026-12-07T08:00');
    const { ticket } = await fileTicket('Diploma pick-up date');
    await api.app.jobs.ensureSchedule(SLA_SWEEP_SCHEDULE);
    await api.app.jobs.start();
    await advance(5 * HOUR); // past the 4-hour resolution target within the day
    await api.app.jobs.tick();
    const end = Date.now() + 30_000;
    while (!notices.some((n) => n.ticketId === ticket._id && n.kind === 'breached') && Date.now() < end) {
      await new Promise((resolve) => setTimeout(resolve, 200));
    }
    expect(notices.filter((n) => n.ticketId === ticket._id).map((n) => n.kind)).toContain('breached');
    await api.app.jobs.stop();

    // The notifier the area uses when none is given writes a notice for the team's lead.
    const centre = notificationCentreNotifier(notifier(api.database.db, () => api.clock.now()));
    await centre.notify({ kind: 'breached', ticketId: ticket._id, reference: ticket.reference, subject: ticket.subject, leadId: ids.lead });
    await centre.notify({ kind: 'breached', ticketId: ticket._id, reference: ticket.reference, subject: ticket.subject, leadId: null });
    const lead = await rows<{ title: string; link: string }>(
      api.database.db,
      sql`select title, link from notifications where user_id = ${ids.lead} and link like ${`%${ticket._id}`}`,
    );
    expect(lead).toEqual([{ title: `${ticket.reference} breached its SLA`, link: `/app/support-management/tickets/${ticket._id}` }]);
  }, 60_000);
});
