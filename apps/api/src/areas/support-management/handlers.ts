import { and, asc, eq, inArray, sql } from 'drizzle-orm';
import type { FastifyRequest } from 'fastify';
import type { z } from 'zod';
import {
  CreateTicketSchema,
  PublicCreateTicketSchema,
  PublicReplySchema,
  ReplySchema,
  type AssignSchema,
  type ChangeStateSchema,
  type MergeSchema,
  type RatingSchema,
  type TicketListQuery,
  type UpdateTicketSchema,
} from '@campus/api-contract';
import { csvLine } from '@campus/formatters';
import { ancestorsOf, parseIntakeForm, resolveCategory, stateAfterRequesterReply, type TicketState } from '@campus/domain-support';
import type { Db } from '../../platform/db/client.js';
import { col } from '../../platform/db/column.js';
import {
  slaPolicies,
  supportAttachments,
  supportCategories,
  supportCategoriesV2,
  supportOffices,
  supportTeams,
  supportTicketEvents,
  supportTicketMessages,
  supportTickets,
  users,
} from '../../platform/db/schema/index.js';
import { writeAudit, type Actor } from '../../platform/audit/audit.js';
import { HttpError } from '../../platform/http/errors.js';
import type { AreaContext, ContractHandlers } from '../../platform/area.js';
import { runSlaSweep, type SlaNotifier } from './jobs/sla-sweep.js';
import { mailRequester, privateLinkOf } from './mail.js';
import {
  addEvent,
  addMessage,
  cannedFor,
  categoryNodes,
  clockOf,
  duplicatesOf,
  hashToken,
  lockTicket,
  moveTicket,
  openTicket,
  refreshSla,
  roundRobin,
  routingOf,
  ticketForm,
  type Ticket,
} from './tickets.js';
import { listConditionsFor, listSelection, listTickets } from './ticket-list.js';

type In<S extends z.ZodTypeAny> = z.infer<S>;


/** The handlers of the support contract; `notifier` receives SLA notices. */
export function supportHandlers(ctx: AreaContext, notifier: SlaNotifier): ContractHandlers {
  const now = () => ctx.config.now();
  const inTx = <T>(work: (tx: Db) => Promise<T>) => ctx.db.transaction((tx) => work(tx as unknown as Db));
  const actorOf = (request: FastifyRequest): Actor => {
    const a = ctx.actorOf(request);
    return { id: a.id, email: a.email, ip: a.ip };
  };
  const requesterActor = (request: FastifyRequest, email: string): Actor => ({ id: null, email, ip: request.ip });

  async function ticketByToken(token: string): Promise<Ticket> {
    const [ticket] = await ctx.db.select().from(supportTickets).where(eq(supportTickets.publicTokenHash, hashToken(token)));
    if (!ticket) throw new HttpError(404, 'This link is not valid.');
    return ticket;
  }

  async function threadOf(ticket: Ticket, includeNotes: boolean) {
    // A merged ticket's thread shows under the ticket it was merged into: both threads are kept.
    const merged = await ctx.db.select({ id: supportTickets.id, reference: supportTickets.reference }).from(supportTickets).where(eq(supportTickets.mergedIntoId, ticket.id));
    const ids = [ticket.id, ...merged.map((m) => m.id)];
    const messages = await ctx.db
      .select()
      .from(supportTicketMessages)
      .where(and(inArray(supportTicketMessages.ticketId, ids), includeNotes ? sql`true` : sql`${supportTicketMessages.kind} <> 'note'`))
      .orderBy(asc(supportTicketMessages.at));
    const files = messages.length
      ? await ctx.db
          .select({ _id: supportAttachments.id, messageId: supportAttachments.messageId, filename: supportAttachments.filename, contentType: supportAttachments.contentType, size: supportAttachments.size })
          .from(supportAttachments)
          .where(inArray(supportAttachments.messageId, messages.map((m) => m.id)))
      : [];
    return {
      merged: merged.map((m) => ({ _id: m.id, reference: m.reference })),
      messages: messages.map((m) => ({
        _id: m.id,
        kind: m.kind,
        authorName: m.authorName,
        body: m.body,
        at: m.at,
        fromTicket: m.ticketId === ticket.id ? null : merged.find((x) => x.id === m.ticketId)?.reference,
        attachments: includeNotes ? files.filter((f) => f.messageId === m.id) : [],
      })),
    };
  }

  const handlers: Record<string, (input: never) => Promise<{ status: number; body: unknown }>> = {
    listTickets: async ({ query, request }: { query: TicketListQuery; request: FastifyRequest }) => ({
      status: 200,
      body: await listTickets(ctx.database, query, ctx.authOf(request).user.id),
    }),

    exportTickets: async ({ query, request }: { query: Omit<TicketListQuery, 'page' | 'limit'>; request: FastifyRequest }) => {
      const t = supportTickets;
      const list = await ctx.db
        .select(listSelection())
        .from(t)
        .leftJoin(supportCategoriesV2, eq(col(supportCategoriesV2, 'id'), t.categoryV2Id))
        .leftJoin(supportOffices, eq(col(supportOffices, 'id'), t.officeId))
        .leftJoin(supportTeams, eq(col(supportTeams, 'id'), t.teamId))
        .leftJoin(users, eq(col(users, 'id'), t.assigneeId))
        .where(and(...(await listConditionsFor(ctx.database, query, ctx.authOf(request).user.id))))
        .orderBy(sql`${t.createdAt} desc`)
        .limit(50_000);
      const customKeys = [...new Set(list.flatMap((r) => Object.keys(r.customFields ?? {})))].sort();
      const columns = ['reference', 'subject', 'requesterName', 'requesterEmail', 'state', 'priority', 'channel', 'categoryName', 'officeName', 'teamName', 'assigneeName', 'slaStatus', 'createdAt', 'resolutionDueAt'] as const;
      const lines = [
        csvLine([...columns, ...customKeys.map((k) => `custom.${k}`)]),
        ...list.map((r) => csvLine([...columns.map((c) => r[c]), ...customKeys.map((k) => r.customFields?.[k])])),
      ];
      return { status: 200, body: { data: { csv: `${lines.join('\r\n')}\r\n`, rows: list.length } } };
    },

    getTicket: async ({ params, request }: { params: { id: string }; request: FastifyRequest }) => {
      const [ticket] = /^[0-9a-f-]{36}$/i.test(params.id) ? await ctx.db.select().from(supportTickets).where(eq(supportTickets.id, params.id)) : [];
      if (!ticket) throw new HttpError(404, 'This ticket does not exist.');
      const at = now();
      const me = ctx.authOf(request).user;
      const [agent] = await ctx.db.select({ firstName: col(users, 'firstName'), lastName: col(users, 'lastName') }).from(users).where(eq(col(users, 'id'), me.id));
      const clock = await clockOf(ctx.db, ticket, at);
      const events = await ctx.db.select().from(supportTicketEvents).where(eq(supportTicketEvents.ticketId, ticket.id)).orderBy(asc(supportTicketEvents.at));
      const [team] = ticket.teamId ? await ctx.db.select().from(supportTeams).where(eq(col(supportTeams, 'id'), ticket.teamId)) : [];
      const agentIds = (team?.agentIds as string[] | null) ?? [];
      const agents = agentIds.length
        ? await ctx.db.select({ _id: col(users, 'id'), firstName: col(users, 'firstName'), lastName: col(users, 'lastName'), email: col(users, 'email') }).from(users).where(inArray(col(users, 'id'), agentIds))
        : [];
      const routing = ticket.categoryV2Id ? await routingOf(ctx.db, ticket.categoryV2Id) : undefined;
      return {
        status: 200,
        body: {
          data: {
            ticket: { ...ticket, _id: ticket.id, publicTokenHash: undefined, searchText: undefined, messageIds: undefined },
            clock,
            ...(await threadOf(ticket, true)),
            events: events.map((e) => ({ type: e.type, at: e.at, actorId: e.actorId, data: e.data })),
            agents,
            teamName: team?.name ?? null,
            intakeFields: parseIntakeForm(routing?.intakeForm).fields,
            canned: await cannedFor(ctx.db, ticket, agent, at),
            duplicates: await duplicatesOf(ctx.db, ticket),
          },
        },
      };
    },

    createTicket: async ({ body: sent, request }: { body: unknown; request: FastifyRequest }) => {
      const { data: body, files } = await ticketForm(request, sent, CreateTicketSchema);
      const at = now();
      const { ticket } = await inTx((tx) => openTicket(tx, body, { channel: 'console', actor: actorOf(request), now: at, secret: ctx.config.sessionSecret }, files));
      await mailRequester(ctx, ticket, `Hello ${ticket.requesterName},\n\nWe have opened ${ticket.reference} for your request.`, request.log);
      return { status: 201, body: { data: { _id: ticket.id, reference: ticket.reference, duplicates: await duplicatesOf(ctx.db, ticket) } } };
    },

    updateTicket: async ({ params, body, request }: { params: { id: string }; body: In<typeof UpdateTicketSchema>; request: FastifyRequest }) => {
      const at = now();
      const actor = actorOf(request);
      await inTx(async (tx) => {
        const ticket = await lockTicket(tx, params.id);
        const changes: Partial<Ticket> = {};
        if (body.priority && body.priority !== ticket.priority) changes.priority = body.priority;
        if (body.categoryV2Id && body.categoryV2Id !== ticket.categoryV2Id) {
          const routing = await routingOf(tx, body.categoryV2Id);
          if (!routing) throw new HttpError(400, 'Please fillup required fields.', { categoryV2Id: ['Unknown category.'] });
          Object.assign(changes, { categoryV2Id: body.categoryV2Id, officeId: routing.officeId, teamId: routing.teamId, slaPolicyId: routing.slaPolicyId });
          if (routing.teamId !== ticket.teamId) changes.assigneeId = null;
        }
        if (!Object.keys(changes).length) return;
        await tx.update(supportTickets).set({ ...changes, updatedAt: at }).where(eq(supportTickets.id, ticket.id));
        await addEvent(tx, ticket.id, 'changed', actor.id, at, { ...changes });
        await writeAudit(tx, { actor, activity: `Changed ticket ${ticket.reference}`, resource: 'support-tickets', recordId: ticket.id, changes: Object.fromEntries(Object.entries(changes).map(([k, v]) => [k, { before: ticket[k as keyof Ticket], after: v }])) }, at);
        const [saved] = await tx.select().from(supportTickets).where(eq(supportTickets.id, ticket.id));
        if (changes.teamId && !saved!.assigneeId) {
          const assigneeId = await roundRobin(tx, changes.teamId, at);
          if (assigneeId) {
            await tx.update(supportTickets).set({ assigneeId }).where(eq(supportTickets.id, ticket.id));
            await addEvent(tx, ticket.id, 'assigned', null, at, { assigneeId, by: 'round-robin' });
          }
        }
        await refreshSla(tx, saved!, at);
      });
      return { status: 200, body: { data: { _id: params.id } } };
    },

    replyToTicket: async ({ params, body: sent, request }: { params: { id: string }; body: unknown; request: FastifyRequest }) => {
      const { data: body, files } = await ticketForm(request, sent, ReplySchema);
      const at = now();
      const actor = actorOf(request);
      const me = ctx.authOf(request).user;
      const ticket = await inTx(async (tx) => {
        const ticket = await lockTicket(tx, params.id);
        if (ticket.state === 'closed') throw new HttpError(409, 'This ticket is closed.');
        const [author] = await tx.select({ firstName: col(users, 'firstName'), lastName: col(users, 'lastName') }).from(users).where(eq(col(users, 'id'), me.id));
        await addMessage(tx, ticket.id, { kind: body.kind, authorId: me.id, authorName: `${author?.firstName ?? ''} ${author?.lastName ?? ''}`.trim() || me.email, body: body.body, at }, files);
        await addEvent(tx, ticket.id, body.kind === 'reply' ? 'replied' : 'noted', me.id, at);
        if (body.kind === 'reply') {
          if (!ticket.firstRespondedAt) {
            await tx.update(supportTickets).set({ firstRespondedAt: at }).where(eq(supportTickets.id, ticket.id));
            await addEvent(tx, ticket.id, 'first-response', me.id, at);
          }
          if (ticket.state === 'new') await moveTicket(tx, ticket, 'open', actor, at);
        }
        await writeAudit(tx, { actor, activity: `${body.kind === 'reply' ? 'Replied to' : 'Added a note to'} ticket ${ticket.reference}`, resource: 'support-tickets', recordId: ticket.id }, at);
        const [saved] = await tx.select().from(supportTickets).where(eq(supportTickets.id, ticket.id));
        await refreshSla(tx, saved!, at);
        return saved!;
      });
      if (body.kind === 'reply') await mailRequester(ctx, ticket, body.body, request.log);
      return { status: 201, body: { data: { _id: ticket.id } } };
    },

    changeTicketState: async ({ params, body, request }: { params: { id: string }; body: In<typeof ChangeStateSchema>; request: FastifyRequest }) => {
      const at = now();
      const ticket = await inTx(async (tx) => moveTicket(tx, await lockTicket(tx, params.id), body.state, actorOf(request), at));
      if (body.state === 'resolved') {
        await mailRequester(ctx, ticket, `Your request ${ticket.reference} is resolved.\nHow did we do? Rate it (1 to 5) at ${privateLinkOf(ctx, ticket)}`, request.log);
      }
      return { status: 200, body: { data: { _id: ticket.id, state: ticket.state } } };
    },

    assignTicket: async ({ params, body, request }: { params: { id: string }; body: In<typeof AssignSchema>; request: FastifyRequest }) => {
      const at = now();
      const actor = actorOf(request);
      const me = ctx.authOf(request).user;
      await inTx(async (tx) => {
        const ticket = await lockTicket(tx, params.id);
        const teamId = body.teamId ?? ticket.teamId;
        const assigneeId = body.take ? me.id : body.assigneeId;
        let officeId = ticket.officeId;
        if (teamId !== ticket.teamId) {
          const [team] = teamId ? await tx.select().from(supportTeams).where(eq(col(supportTeams, 'id'), teamId)) : [];
          if (!team) throw new HttpError(400, 'Please fillup required fields.', { teamId: ['Unknown team.'] });
          officeId = team.officeId as string; // a transfer to another office's team moves the ticket there
        }
        if (assigneeId) {
          const [team] = teamId ? await tx.select().from(supportTeams).where(eq(col(supportTeams, 'id'), teamId)) : [];
          const members = [...((team?.agentIds as string[] | null) ?? []), team?.leadId];
          if (!members.includes(assigneeId)) throw new HttpError(400, 'Please fillup required fields.', { assigneeId: ['Choose an agent of the ticket’s team.'] });
        }
        await tx.update(supportTickets).set({ teamId, officeId, assigneeId: assigneeId ?? null, updatedAt: at }).where(eq(supportTickets.id, ticket.id));
        await addEvent(tx, ticket.id, 'assigned', me.id, at, { assigneeId: assigneeId ?? null, teamId, by: body.take ? 'taken' : 'hand' });
        await writeAudit(tx, { actor, activity: `Assigned ticket ${ticket.reference}`, resource: 'support-tickets', recordId: ticket.id, changes: { assigneeId: { before: ticket.assigneeId, after: assigneeId ?? null }, teamId: { before: ticket.teamId, after: teamId } } }, at);
        const [saved] = await tx.select().from(supportTickets).where(eq(supportTickets.id, ticket.id));
        await refreshSla(tx, saved!, at);
      });
      return { status: 200, body: { data: { _id: params.id } } };
    },

    mergeTicket: async ({ params, body, request }: { params: { id: string }; body: In<typeof MergeSchema>; request: FastifyRequest }) => {
      const at = now();
      const actor = actorOf(request);
      let intoId = body.intoId;
      if (!intoId && body.intoReference) {
        const [found] = await ctx.db.select({ id: supportTickets.id }).from(supportTickets).where(eq(supportTickets.reference, body.intoReference));
        if (!found) throw new HttpError(400, 'Please fillup required fields.', { intoReference: ['No ticket has this reference.'] });
        intoId = found.id;
      }
      if (!intoId || params.id === intoId) throw new HttpError(400, 'Please fillup required fields.', { intoReference: ['Choose another ticket.'] });
      await inTx(async (tx) => {
        // Locked in a fixed order so two crossing merges cannot deadlock.
        const [a, b] = [params.id, intoId].sort();
        const first = await lockTicket(tx, a!);
        const second = await lockTicket(tx, b!);
        const [source, target] = first.id === params.id ? [first, second] : [second, first];
        if (target.mergedIntoId) throw new HttpError(409, `${target.reference} was itself merged into another ticket.`);
        if (source.mergedIntoId) throw new HttpError(409, `${source.reference} is already merged.`);
        await tx.update(supportTickets).set({ mergedIntoId: target.id, state: 'closed', closedAt: at, updatedAt: at }).where(eq(supportTickets.id, source.id));
        await tx.update(supportTickets).set({ searchText: sql`left(${supportTickets.searchText} || ' ' || ${source.searchText}, 200000)`, updatedAt: at }).where(eq(supportTickets.id, target.id));
        await addEvent(tx, source.id, 'state', actor.id, at, { from: source.state, to: 'closed' });
        await addEvent(tx, source.id, 'merged-into', actor.id, at, { ticketId: target.id, reference: target.reference });
        await addEvent(tx, target.id, 'merged-from', actor.id, at, { ticketId: source.id, reference: source.reference });
        await writeAudit(tx, { actor, activity: `Merged ticket ${source.reference} into ${target.reference}`, resource: 'support-tickets', recordId: target.id }, at);
      });
      return { status: 200, body: { data: { _id: intoId } } };
    },

    getAttachment: async ({ params }: { params: { id: string } }) => {
      const [file] = /^[0-9a-f-]{36}$/i.test(params.id) ? await ctx.db.select().from(supportAttachments).where(eq(supportAttachments.id, params.id)) : [];
      if (!file) throw new HttpError(404, 'This file does not exist.');
      return { status: 200, body: { data: { filename: file.filename, contentType: file.contentType, size: file.size, contentBase64: file.content.toString('base64') } } };
    },

    getCategoryTree: async () => {
      const nodes = await categoryNodes(ctx.db);
      const tree = [...nodes.values()].map((n) => ({ ...n, resolved: resolveCategory(nodes, n._id) }));
      const v1 = await ctx.db.select({ _id: col(supportCategories, 'id'), code: col(supportCategories, 'code'), name: col(supportCategories, 'name'), categoryV2Id: col(supportCategories, 'categoryV2Id') }).from(supportCategories);
      const names = async (table: unknown) => (await ctx.db.select({ id: col(table, 'id'), name: col(table, 'name') }).from(table as typeof supportTeams)) as { id: string; name: string }[];
      const labels = Object.fromEntries([...(await names(supportOffices)), ...(await names(supportTeams)), ...(await names(slaPolicies)), ...tree.map((n) => ({ id: n._id, name: String((n as Record<string, unknown>).name) }))].map((r) => [r.id, r.name]));
      return { status: 200, body: { data: { nodes: tree, labels, unmappedV1: v1.filter((c) => !c.categoryV2Id) } } };
    },

    listAgents: async () => {
      const teams = await ctx.db.select({ id: col(supportTeams, 'id'), agentIds: col(supportTeams, 'agentIds') }).from(supportTeams);
      const teamsOf = new Map<string, string[]>();
      for (const team of teams) for (const agentId of (team.agentIds as string[] | null) ?? []) teamsOf.set(agentId, [...(teamsOf.get(agentId) ?? []), team.id as string]);
      const found = teamsOf.size
        ? await ctx.db.select({ _id: col(users, 'id'), firstName: col(users, 'firstName'), lastName: col(users, 'lastName') }).from(users).where(inArray(col(users, 'id'), [...teamsOf.keys()]))
        : [];
      const data = found
        .map((a) => ({ _id: a._id as string, name: `${String(a.firstName ?? '')} ${String(a.lastName ?? '')}`.trim(), teamIds: teamsOf.get(a._id as string) ?? [] }))
        .sort((a, b) => a.name.localeCompare(b.name, 'en'));
      return { status: 200 as const, body: { data } };
    },

    runSlaSweep: async () => {
      const result = await runSlaSweep(ctx.db, notifier, now());
      return { status: 200, body: { data: { checked: result.checked, notices: result.notices.length } } };
    },

    getPublicForm: async () => {
      const nodes = await categoryNodes(ctx.db);
      const parents = new Set([...nodes.values()].map((n) => n.parentId).filter(Boolean));
      const open = [...nodes.values()]
        .filter((n) => n.isActive !== false && !parents.has(n._id))
        .map((n) => ({ node: n, resolved: resolveCategory(nodes, n._id) }))
        .filter(({ resolved }) => ((resolved.audience.value as string[] | null) ?? []).includes('public'))
        .map(({ node, resolved }) => ({
          _id: node._id,
          name: [...ancestorsOf(nodes, node._id).reverse(), node].map((n) => String(n.name)).join(' — '),
          sortOrder: node.sortOrder ?? 0,
          intakeFields: parseIntakeForm(resolved.intakeForm.value as string | null).fields,
        }))
        .sort((a, b) => a.name.localeCompare(b.name));
      return { status: 200, body: { data: { categories: open } } };
    },

    createPublicTicket: async ({ body: sent, request }: { body: unknown; request: FastifyRequest }) => {
      const { data: body, files } = await ticketForm(request, sent, PublicCreateTicketSchema);
      const at = now();
      const { ticket } = await inTx((tx) =>
        openTicket(tx, body, { channel: 'form', actor: requesterActor(request, body.requesterEmail), now: at, secret: ctx.config.sessionSecret, publicOnly: true }, files),
      );
      await mailRequester(ctx, ticket, `Hello ${ticket.requesterName},\n\nWe received your request and opened ${ticket.reference}.`, request.log);
      // The answer never carries the link: only the requester's mailbox does.
      return { status: 202, body: { data: { reference: ticket.reference } } };
    },

    getPublicTicket: async ({ params }: { params: { token: string } }) => {
      const ticket = await ticketByToken(params.token);
      const thread = await threadOf(ticket, false);
      return {
        status: 200,
        body: {
          data: {
            reference: ticket.reference,
            subject: ticket.subject,
            state: ticket.state,
            createdAt: ticket.createdAt,
            rating: ticket.rating,
            ratingComment: ticket.ratingComment,
            canRate: (ticket.state === 'resolved' || ticket.state === 'closed') && ticket.rating === null && !ticket.mergedIntoId,
            canReply: ticket.state !== 'closed',
            messages: thread.messages.map((m) => ({ kind: m.kind, authorName: m.kind === 'requester' ? m.authorName : 'Support', body: m.body, at: m.at })),
          },
        },
      };
    },

    replyToPublicTicket: async ({ params, body: sent, request }: { params: { token: string }; body: unknown; request: FastifyRequest }) => {
      const { data: body, files } = await ticketForm(request, sent, PublicReplySchema);
      const at = now();
      const found = await ticketByToken(params.token);
      await inTx(async (tx) => {
        const ticket = await lockTicket(tx, found.id);
        const next = stateAfterRequesterReply(ticket.state as TicketState, ticket.resolvedAt, at);
        if (next === 'closed-too-long') throw new HttpError(409, 'This request is closed. Please file a new one.');
        const actor = requesterActor(request, ticket.requesterEmail);
        await addMessage(tx, ticket.id, { kind: 'requester', authorId: null, authorName: ticket.requesterName, body: body.body, at }, files);
        await addEvent(tx, ticket.id, 'requester-replied', null, at);
        if (next !== ticket.state) await moveTicket(tx, ticket, next, actor, at);
        else await writeAudit(tx, { actor, activity: `Requester replied to ticket ${ticket.reference}`, resource: 'support-tickets', recordId: ticket.id }, at);
      });
      return { status: 201, body: { data: { reference: found.reference } } };
    },

    rateTicket: async ({ params, body, request }: { params: { token: string }; body: In<typeof RatingSchema>; request: FastifyRequest }) => {
      const at = now();
      const found = await ticketByToken(params.token);
      await inTx(async (tx) => {
        const ticket = await lockTicket(tx, found.id);
        if (ticket.state !== 'resolved' && ticket.state !== 'closed') throw new HttpError(409, 'You can rate a request once it is resolved.');
        if (ticket.rating !== null) throw new HttpError(409, 'You have already rated this request.');
        await tx.update(supportTickets).set({ rating: body.rating, ratingComment: body.comment || null, updatedAt: at }).where(eq(supportTickets.id, ticket.id));
        await addEvent(tx, ticket.id, 'rated', null, at, { rating: body.rating });
        await writeAudit(tx, { actor: requesterActor(request, ticket.requesterEmail), activity: `Requester rated ticket ${ticket.reference} ${body.rating}/5`, resource: 'support-tickets', recordId: ticket.id }, at);
      });
      return { status: 200, body: { data: { rating: body.rating } } };
    },
  };
  return handlers as unknown as ContractHandlers;
}
