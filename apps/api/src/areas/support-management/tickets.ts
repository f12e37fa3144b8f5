import { createHash, createHmac, randomUUID } from 'node:crypto';
import { and, asc, eq, inArray, sql } from 'drizzle-orm';
import { z } from 'zod';
import type { FastifyRequest } from 'fastify';
import { RequestValidationError } from '@ts-rest/fastify';
import {
  ATTACHMENT_MAX_BYTES,
  ATTACHMENT_MAX_COUNT,
  ATTACHMENT_TYPES,
  AttachmentNameSchema,
  fieldErrorsOf,
} from '@campus/api-contract';
import {
  ALWAYS_OPEN,
  canMoveTicket,
  DUPLICATE_SIMILARITY,
  intakeSchema,
  nextAgent,
  officeCalendar,
  parseCannedResponses,
  parseIntakeForm,
  policyTargets,
  renderCannedResponse,
  resolveCategory,
  slaClock,
  subjectSimilarity,
  ticketReference,
  type CategoryNode,
  type ClockEvent,
  type SlaClock,
  type TicketPriority,
  type TicketState,
} from '@campus/domain-support';
import { rows, type Db } from '../../platform/db/client.js';
import { col } from '../../platform/db/column.js';
import {
  slaPolicies,
  supportAgentTurns,
  supportAttachments,
  supportCategories,
  supportCategoriesV2,
  supportOffices,
  supportTeams,
  supportTicketEvents,
  supportTicketMessages,
  supportTickets,
} from '../../platform/db/schema/index.js';
import { writeAudit, type Actor } from '../../platform/audit/audit.js';
import { HttpError } from '../../platform/http/errors.js';
import { formObject, readUpload, type MemoryFile, type UploadLimits } from '../../platform/http/multipart.js';

export type Ticket = typeof supportTickets.$inferSelect;
type Tx = Db;

const UNKNOWN_CATEGORY = 'Unknown category.';
export const hashToken = (token: string) => createHash('sha256').update(token).digest('hex');
/**
 * The private link's token of a ticket: derived from the server secret and the ticket's id, so every mail about
 * the ticket can carry the link while only its hash is stored.
 */
export const linkTokenOf = (secret: string, ticketId: string) => createHmac('sha256', secret).update(`support-ticket:${ticketId}`).digest('base64url');

function badInput(fieldErrors: Record<string, string[]>): HttpError {
  return new HttpError(400, 'Please fillup required fields.', fieldErrors);
}

/** Every categoriesV2 node (a small table), keyed by id, for inheritance. */
export async function categoryNodes(tx: Tx): Promise<Map<string, CategoryNode>> {
  const list = await tx.select().from(supportCategoriesV2);
  return new Map(list.map((n) => [n.id as string, { ...n, _id: n.id as string } as CategoryNode]));
}

/** Where a category sends its tickets, with everything inherited resolved. */
export async function routingOf(tx: Tx, categoryV2Id: string) {
  const nodes = await categoryNodes(tx);
  if (!nodes.has(categoryV2Id)) return undefined;
  const r = resolveCategory(nodes, categoryV2Id);
  return {
    node: nodes.get(categoryV2Id)!,
    officeId: (r.officeId.value as string | null) ?? null,
    teamId: (r.teamId.value as string | null) ?? null,
    priority: ((r.priority.value as TicketPriority | null) ?? 'normal') as TicketPriority,
    slaPolicyId: (r.slaPolicyId.value as string | null) ?? null,
    intakeForm: (r.intakeForm.value as string | null) ?? '',
    cannedResponses: (r.cannedResponses.value as string | null) ?? '',
    audience: (r.audience.value as string[] | null) ?? [],
  };
}

/** A file to keep with a message. */
export interface NewFile {
  readonly filename: string;
  readonly contentType: string;
  readonly content: Buffer;
}

/**
 * The ticket forms' uploads: at most `ATTACHMENT_MAX_COUNT` files of `ATTACHMENT_MAX_BYTES` in `attachments`, kept
 * in memory for the request. A type outside `ATTACHMENT_TYPES` is kept, but only ever as an opaque download.
 */
const ATTACHMENT_UPLOAD: UploadLimits<'memory'> = {
  store: 'memory',
  fileSize: ATTACHMENT_MAX_BYTES,
  files: ATTACHMENT_MAX_COUNT,
  fileFields: ['attachments'],
  types: ATTACHMENT_TYPES,
  keepEmpty: true,
  fields: 40,
  fieldSize: 80_000,
  messages: {
    tooLarge: ({ filename, index }) => badInput({ [`attachments.${index}`]: [`${filename} is larger than ${ATTACHMENT_MAX_BYTES / 1024} KiB.`] }),
    tooMany: () => badInput({ attachments: [`At most ${ATTACHMENT_MAX_COUNT} files.`] }),
  },
};

/**
 * A ticket form: its fields checked by `schema` and its files, from a `multipart/form-data` body (files in
 * `attachments`) or a JSON body (no files). The problems of a file come back keyed by its place.
 */
export async function ticketForm<S extends z.ZodTypeAny>(request: FastifyRequest, body: unknown, schema: S): Promise<{ data: z.infer<S>; files: NewFile[] }> {
  let fields: unknown = body ?? {};
  let uploaded: MemoryFile[] = [];
  if (request.isMultipart()) {
    const form = await readUpload(request, ATTACHMENT_UPLOAD);
    fields = formObject(form.fields);
    uploaded = form.files;
  }
  const parsed = schema.safeParse(fields);
  if (!parsed.success) throw new RequestValidationError(null, null, null, parsed.error);
  const problems: Record<string, string[]> = {};
  const files = uploaded.map((f, i) => {
    const name = AttachmentNameSchema.safeParse(f.filename);
    if (!name.success) problems[`attachments.${i}`] = [name.error.issues[0]?.message ?? 'Required'];
    else if (!f.size) problems[`attachments.${i}`] = [`${name.data} is empty.`];
    return { filename: name.success ? name.data : f.filename, contentType: f.contentType, content: f.bytes };
  });
  if (Object.keys(problems).length) throw badInput(problems);
  return { data: parsed.data as z.infer<S>, files };
}

async function addMessage(
  tx: Tx,
  ticketId: string,
  m: { kind: 'requester' | 'reply' | 'note'; authorId: string | null; authorName: string; body: string; messageId?: string | null; at: Date },
  files: readonly NewFile[] = [],
) {
  const [message] = await tx
    .insert(supportTicketMessages)
    .values({ ticketId, kind: m.kind, authorId: m.authorId, authorName: m.authorName, body: m.body, messageId: m.messageId ?? null, at: m.at })
    .returning();
  for (const f of files) await tx.insert(supportAttachments).values({ messageId: message!.id, filename: f.filename, contentType: f.contentType, size: f.content.length, content: f.content });
  // The note's text is searchable to agents too: the search serves agents only.
  await tx
    .update(supportTickets)
    .set({ searchText: sql`left(${supportTickets.searchText} || ' ' || lower(${m.body}), 200000)`, updatedAt: m.at })
    .where(eq(supportTickets.id, ticketId));
  return message!;
}

export async function addEvent(tx: Tx, ticketId: string, type: string, actorId: string | null, at: Date, data: Record<string, unknown> = {}) {
  await tx.insert(supportTicketEvents).values({ ticketId, type, actorId, at, data });
}

/** The ticket's clock now, from its log, its office's calendar and its policy for its priority. */
export async function clockOf(tx: Tx, ticket: Ticket, now: Date): Promise<SlaClock> {
  const events = await tx.select().from(supportTicketEvents).where(eq(supportTicketEvents.ticketId, ticket.id)).orderBy(asc(supportTicketEvents.at));
  const clockEvents: ClockEvent[] = events.flatMap((e): ClockEvent[] => {
    if (e.type === 'created') return [{ at: e.at, type: 'created' }];
    if (e.type === 'state') return [{ at: e.at, type: 'state', to: e.data.to as TicketState }];
    if (e.type === 'first-response') return [{ at: e.at, type: 'first-response' }];
    return [];
  });
  const [office] = ticket.officeId ? await tx.select().from(supportOffices).where(eq(col(supportOffices, 'id'), ticket.officeId)) : [];
  const [policy] = ticket.slaPolicyId ? await tx.select().from(slaPolicies).where(eq(col(slaPolicies, 'id'), ticket.slaPolicyId)) : [];
  return slaClock({
    events: clockEvents,
    calendar: office ? officeCalendar(office as Record<string, unknown>) : ALWAYS_OPEN,
    targets: policyTargets(policy as Record<string, unknown> | undefined, ticket.priority as TicketPriority),
    now,
  });
}

/**
 * The business minutes the clock ran until the first response and until the resolution, for the ticket's row: kept
 * only once the ticket was answered / resolved (the row's own instants say so, in the same statement).
 */
function businessMinutesOf(clock: SlaClock) {
  return {
    firstResponseBusinessMinutes: sql`case when ${supportTickets.firstRespondedAt} is not null then ${clock.firstResponse.businessMinutes}::float8 end`,
    resolutionBusinessMinutes: sql`case when ${supportTickets.resolvedAt} is not null then ${clock.resolution.businessMinutes}::float8 end`,
  };
}

/** Writes the clock's figures onto the ticket (for lists, filters and reports) and returns them. */
export async function refreshSla(tx: Tx, ticket: Ticket, now: Date): Promise<SlaClock> {
  const clock = await clockOf(tx, ticket, now);
  await tx
    .update(supportTickets)
    .set({
      slaStatus: clock.status === 'none' ? 'ok' : clock.status,
      firstResponseDueAt: clock.firstResponse.dueAt,
      resolutionDueAt: clock.resolution.dueAt,
      ...businessMinutesOf(clock),
    })
    .where(eq(supportTickets.id, ticket.id));
  return clock;
}

/**
 * Works out the business minutes of up to `limit` tickets answered or resolved before the columns existed (the SLA
 * sweep calls it each run); returns how many it did. Only the minutes are written: the status stays as it was.
 */
export async function fillBusinessMinutes(tx: Tx, now: Date, limit: number): Promise<number> {
  const todo = await tx
    .select()
    .from(supportTickets)
    .where(
      sql`(${supportTickets.firstRespondedAt} is not null and ${supportTickets.firstResponseBusinessMinutes} is null)
          or (${supportTickets.resolvedAt} is not null and ${supportTickets.resolutionBusinessMinutes} is null)`,
    )
    .orderBy(asc(supportTickets.id))
    .limit(limit);
  for (const ticket of todo) {
    const clock = await clockOf(tx, ticket, now);
    await tx.update(supportTickets).set(businessMinutesOf(clock)).where(eq(supportTickets.id, ticket.id));
  }
  return todo.length;
}

/**
 * Round-robin within the team: locks the team row so two assignments never pick from the same picture, then gives
 * the ticket to the present agent under capacity who received one longest ago.
 */
export async function roundRobin(tx: Tx, teamId: string, now: Date): Promise<string | null> {
  const [team] = await rows<{ agent_ids: string[] | null; absent_agent_ids: string[] | null; capacity_per_agent: number | null; is_active: boolean }>(
    tx,
    sql`select agent_ids, absent_agent_ids, capacity_per_agent, is_active from support_teams where id = ${teamId} for update`,
  );
  if (!team?.is_active || !team.agent_ids?.length) return null;
  const agentIds = team.agent_ids;
  const loads = await tx
    .select({ assigneeId: supportTickets.assigneeId, open: sql<number>`count(*)::int` })
    .from(supportTickets)
    .where(and(inArray(supportTickets.assigneeId, agentIds), inArray(supportTickets.state, ['new', 'open', 'pending'])))
    .groupBy(supportTickets.assigneeId);
  const turns = await tx.select().from(supportAgentTurns).where(eq(supportAgentTurns.teamId, teamId));
  const absent = new Set(team.absent_agent_ids ?? []);
  const pick = nextAgent(
    agentIds.map((id) => ({
      id,
      openTickets: loads.find((l) => l.assigneeId === id)?.open ?? 0,
      isAbsent: absent.has(id),
      lastAssignedAt: turns.find((t) => t.agentId === id)?.lastAssignedAt ?? null,
    })),
    team.capacity_per_agent ?? null,
  );
  if (!pick) return null;
  await tx
    .insert(supportAgentTurns)
    .values({ teamId, agentId: pick.id, lastAssignedAt: now })
    .onConflictDoUpdate({ target: [supportAgentTurns.teamId, supportAgentTurns.agentId], set: { lastAssignedAt: now } });
  return pick.id;
}

export interface NewTicket {
  subject: string;
  body: string;
  requesterName: string;
  requesterEmail: string;
  requesterNumber?: string | undefined;
  categoryV2Id?: string | undefined;
  categoryId?: string | undefined;
  priority?: TicketPriority | undefined;
  customFields?: Record<string, string | number> | undefined;
}

/**
 * Opens a ticket in one transaction: routing by the v2 category (a v1 category routes by its v2 leaf), intake
 * answers checked, the first message and its files, the log, automatic assignment, the SLA figures and the audit row.
 * Returns the ticket and the private link's token (which is stored only as a hash).
 */
export async function openTicket(
  tx: Tx,
  input: NewTicket,
  meta: { channel: 'console' | 'form' | 'email'; actor: Actor; now: Date; secret: string; messageId?: string | null; publicOnly?: boolean },
  files: readonly NewFile[] = [],
): Promise<{ ticket: Ticket; token: string }> {
  let categoryV2Id = input.categoryV2Id ?? null;
  if (input.categoryId) {
    const [v1] = await tx.select().from(supportCategories).where(eq(col(supportCategories, 'id'), input.categoryId));
    if (!v1) throw badInput({ categoryId: [UNKNOWN_CATEGORY] });
    if (!categoryV2Id) categoryV2Id = (v1.categoryV2Id as string | null) ?? null;
    if (!categoryV2Id) throw badInput({ categoryId: ['This category is not mapped to a v2 category yet.'] });
  }
  const routing = categoryV2Id ? await routingOf(tx, categoryV2Id) : undefined;
  if (!routing || routing.node.isActive === false) throw badInput({ categoryV2Id: [UNKNOWN_CATEGORY] });
  if (meta.publicOnly && !routing.audience.includes('public')) throw badInput({ categoryV2Id: [UNKNOWN_CATEGORY] });
  const answers = intakeSchema(parseIntakeForm(routing.intakeForm).fields).safeParse(input.customFields ?? {});
  if (!answers.success) throw badInput(Object.fromEntries(Object.entries(fieldErrorsOf(answers.error)).map(([k, v]) => [`customFields.${k}`, v])));

  const id = randomUUID();
  const token = linkTokenOf(meta.secret, id);
  const [{ n }] = (await rows<{ n: string }>(tx, sql`select nextval('support_ticket_numbers') as n`)) as [{ n: string }];
  const number = Number(n);
  const [ticket] = await tx
    .insert(supportTickets)
    .values({
      id,
      number,
      reference: ticketReference(number),
      subject: input.subject,
      requesterName: input.requesterName,
      requesterEmail: input.requesterEmail.toLowerCase(),
      requesterNumber: input.requesterNumber ?? null,
      channel: meta.channel,
      state: 'new',
      priority: input.priority ?? routing.priority,
      categoryV2Id,
      categoryId: input.categoryId ?? null,
      officeId: routing.officeId,
      teamId: routing.teamId,
      slaPolicyId: routing.slaPolicyId,
      customFields: answers.data,
      publicTokenHash: hashToken(token),
      messageIds: meta.messageId ? [meta.messageId] : [],
      searchText: input.subject.toLowerCase(),
      createdAt: meta.now,
      updatedAt: meta.now,
    })
    .returning();
  await addEvent(tx, ticket!.id, 'created', meta.actor.id, meta.now, { channel: meta.channel, categoryV2Id, teamId: routing.teamId });
  await addMessage(tx, ticket!.id, { kind: 'requester', authorId: null, authorName: input.requesterName, body: input.body, messageId: meta.messageId ?? null, at: meta.now }, files);
  if (routing.teamId) {
    const assigneeId = await roundRobin(tx, routing.teamId, meta.now);
    if (assigneeId) {
      await tx.update(supportTickets).set({ assigneeId }).where(eq(supportTickets.id, ticket!.id));
      await addEvent(tx, ticket!.id, 'assigned', null, meta.now, { assigneeId, by: 'round-robin' });
    }
  }
  const [saved] = await tx.select().from(supportTickets).where(eq(supportTickets.id, ticket!.id));
  await refreshSla(tx, saved!, meta.now);
  await writeAudit(tx, { actor: meta.actor, activity: `Opened ticket ${saved!.reference}`, resource: 'support-tickets', recordId: saved!.id }, meta.now);
  return { ticket: saved!, token };
}

export async function lockTicket(tx: Tx, id: string): Promise<Ticket> {
  if (!z.string().uuid().safeParse(id).success) throw new HttpError(404, 'This ticket does not exist.');
  const [ticket] = await tx.select().from(supportTickets).where(eq(supportTickets.id, id)).for('update');
  if (!ticket) throw new HttpError(404, 'This ticket does not exist.');
  return ticket;
}

/**
 * Moves a ticket to another state, logging it. Resolving stamps the time (the requester is then asked for a
 * rating) and frees the agent, who takes the oldest ticket waiting unassigned in the team.
 */
export async function moveTicket(tx: Tx, ticket: Ticket, to: TicketState, actor: Actor, now: Date): Promise<Ticket> {
  if (!canMoveTicket(ticket.state as TicketState, to)) throw new HttpError(409, `A ${ticket.state} ticket cannot become ${to}.`);
  await tx
    .update(supportTickets)
    .set({
      state: to,
      updatedAt: now,
      ...(to === 'resolved' ? { resolvedAt: now } : {}),
      ...(to === 'closed' ? { closedAt: now } : {}),
      ...(to === 'open' && ticket.state === 'resolved' ? { resolvedAt: null } : {}),
    })
    .where(eq(supportTickets.id, ticket.id));
  await addEvent(tx, ticket.id, 'state', actor.id, now, { from: ticket.state, to });
  await writeAudit(tx, { actor, activity: `Changed ticket ${ticket.reference} from ${ticket.state} to ${to}`, resource: 'support-tickets', recordId: ticket.id, changes: { state: { before: ticket.state, after: to } } }, now);
  const [saved] = await tx.select().from(supportTickets).where(eq(supportTickets.id, ticket.id));
  await refreshSla(tx, saved!, now);
  if ((to === 'resolved' || to === 'closed') && ticket.assigneeId && ticket.teamId) await handOldestWaiting(tx, ticket.teamId, ticket.assigneeId, now);
  return saved!;
}

/** When an agent frees up, the oldest unassigned ticket of the team goes to them (if they are present and under capacity). */
async function handOldestWaiting(tx: Tx, teamId: string, agentId: string, now: Date) {
  const [team] = await tx.select().from(supportTeams).where(eq(col(supportTeams, 'id'), teamId));
  if (!team || ((team.absentAgentIds as string[] | null) ?? []).includes(agentId) || !((team.agentIds as string[] | null) ?? []).includes(agentId)) return;
  const [{ open }] = (await tx
    .select({ open: sql<number>`count(*)::int` })
    .from(supportTickets)
    .where(and(eq(supportTickets.assigneeId, agentId), inArray(supportTickets.state, ['new', 'open', 'pending'])))) as [{ open: number }];
  if (typeof team.capacityPerAgent === 'number' && open >= team.capacityPerAgent) return;
  const [waiting] = await tx
    .select()
    .from(supportTickets)
    .where(and(eq(supportTickets.teamId, teamId), sql`${supportTickets.assigneeId} is null`, inArray(supportTickets.state, ['new', 'open', 'pending'])))
    .orderBy(asc(supportTickets.createdAt))
    .limit(1)
    .for('update', { skipLocked: true });
  if (!waiting) return;
  await tx.update(supportTickets).set({ assigneeId: agentId, updatedAt: now }).where(eq(supportTickets.id, waiting.id));
  await addEvent(tx, waiting.id, 'assigned', null, now, { assigneeId: agentId, by: 'freed-agent' });
}

export { addMessage };

/** Possible duplicates: open tickets from the same requester with a similar subject. */
export async function duplicatesOf(db: Db, ticket: Pick<Ticket, 'id' | 'requesterEmail' | 'subject'>) {
  const open = await db
    .select({ _id: supportTickets.id, reference: supportTickets.reference, subject: supportTickets.subject, state: supportTickets.state })
    .from(supportTickets)
    .where(
      and(
        eq(supportTickets.requesterEmail, ticket.requesterEmail),
        inArray(supportTickets.state, ['new', 'open', 'pending']),
        sql`${supportTickets.id} <> ${ticket.id}`,
        sql`${supportTickets.mergedIntoId} is null`,
      ),
    )
    .limit(50);
  return open.filter((o) => subjectSimilarity(o.subject, ticket.subject) >= DUPLICATE_SIMILARITY);
}

/** The canned responses a ticket's category offers, filled in for this ticket and agent. */
export async function cannedFor(tx: Tx, ticket: Ticket, agent: { firstName: unknown; lastName: unknown } | undefined, now: Date) {
  if (!ticket.categoryV2Id) return [];
  const routing = await routingOf(tx, ticket.categoryV2Id);
  return parseCannedResponses(routing?.cannedResponses).map((c) => ({
    title: c.title,
    body: renderCannedResponse(c.body, {
      agent: agent ? { fname: String(agent.firstName ?? ''), lname: String(agent.lastName ?? '') } : null,
      requesterName: ticket.requesterName,
      reference: ticket.reference,
      now,
    }),
  }));
}
