import { sql } from 'drizzle-orm';
import { bigint, customType, doublePrecision, index, integer, jsonb, pgSequence, pgTable, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import {
  slaPolicyEntity,
  supportCategoryEntity,
  supportCategoryV2Entity,
  supportOfficeEntity,
  supportTeamEntity,
} from '@campus/domain-support';
import { tableFor } from '../table-for.js';
import { col } from '../column.js';

// Customer Support Management: the structure from the descriptors of @campus/domain-support, and the tickets.

export const supportOffices = tableFor(supportOfficeEntity);
export const supportTeams = tableFor(supportTeamEntity);
export const slaPolicies = tableFor(slaPolicyEntity);
export const supportCategoriesV2 = tableFor(supportCategoryV2Entity);
export const supportCategories = tableFor(supportCategoryEntity);

const bytea = customType<{ data: Buffer; driverData: Buffer | Uint8Array }>({
  dataType: () => 'bytea',
  fromDriver: (v) => Buffer.from(v),
});

const at = (name: string) => timestamp(name, { withTimezone: true, mode: 'date' });

/** Ticket references count from this sequence (`SUP-000001`). */
export const supportTicketNumbers = pgSequence('support_ticket_numbers', { startWith: 1 });

/**
 * A ticket. `state`, the SLA columns and `searchText` are kept by the API in the same transaction as the event
 * that changes them; the event log (`support_ticket_events`) is the truth the SLA clock is computed from.
 */
export const supportTickets = pgTable(
  'support_tickets',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    number: bigint('number', { mode: 'number' }).notNull(),
    reference: text('reference').notNull(),
    subject: text('subject').notNull(),
    requesterName: text('requester_name').notNull(),
    requesterEmail: text('requester_email').notNull(),
    requesterNumber: text('requester_number'),
    channel: text('channel').notNull(),
    state: text('state').notNull(),
    priority: text('priority').notNull(),
    categoryV2Id: uuid('category_v2_id').references(() => col(supportCategoriesV2, 'id')),
    categoryId: uuid('category_id').references(() => col(supportCategories, 'id')),
    officeId: uuid('office_id').references(() => col(supportOffices, 'id')),
    teamId: uuid('team_id').references(() => col(supportTeams, 'id')),
    assigneeId: uuid('assignee_id'),
    slaPolicyId: uuid('sla_policy_id').references(() => col(slaPolicies, 'id')),
    customFields: jsonb('custom_fields').$type<Record<string, string | number>>().notNull().default({}),
    /** SHA-256 of the private link's token; the token itself is only ever in the requester's mail. */
    publicTokenHash: text('public_token_hash').notNull(),
    /** The Message-ID of the mail that opened the ticket or of our last mail about it, for threading. */
    messageIds: text('message_ids').array().notNull().default(sql`'{}'::text[]`),
    slaStatus: text('sla_status').notNull().default('ok'),
    firstResponseDueAt: at('first_response_due_at'),
    resolutionDueAt: at('resolution_due_at'),
    firstRespondedAt: at('first_responded_at'),
    resolvedAt: at('resolved_at'),
    closedAt: at('closed_at'),
    /** Business minutes the SLA clock ran until the first response / the resolution (null until then). */
    firstResponseBusinessMinutes: doublePrecision('first_response_business_minutes'),
    resolutionBusinessMinutes: doublePrecision('resolution_business_minutes'),
    rating: integer('rating'),
    ratingComment: text('rating_comment'),
    mergedIntoId: uuid('merged_into_id'),
    /** Subject and every message's text, lower-cased, for the trigram search. */
    searchText: text('search_text').notNull().default(''),
    createdAt: at('created_at').notNull().defaultNow(),
    updatedAt: at('updated_at').notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('support_tickets_reference_key').on(t.reference),
    uniqueIndex('support_tickets_public_token_key').on(t.publicTokenHash),
    index('support_tickets_created_idx').on(t.createdAt, t.id),
    index('support_tickets_team_queue_idx').on(t.teamId, t.state, t.createdAt, t.id),
    index('support_tickets_assignee_idx').on(t.assigneeId, t.state, t.createdAt, t.id),
    index('support_tickets_office_idx').on(t.officeId, t.createdAt),
    index('support_tickets_requester_idx').on(t.requesterEmail, t.state),
    index('support_tickets_sla_idx').on(t.slaStatus, t.state),
    index('support_tickets_message_ids_idx').using('gin', t.messageIds),
    index('support_tickets_search_idx').using('gin', sql`${t.searchText} gin_trgm_ops`),
  ],
);

/** A ticket's history: creation, state changes, assignments, replies, SLA flags. Rows are never changed. */
export const supportTicketEvents = pgTable(
  'support_ticket_events',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    ticketId: uuid('ticket_id')
      .notNull()
      .references(() => supportTickets.id),
    type: text('type').notNull(),
    actorId: uuid('actor_id'),
    data: jsonb('data').$type<Record<string, unknown>>().notNull().default({}),
    at: at('at').notNull(),
  },
  (t) => [index('support_ticket_events_ticket_idx').on(t.ticketId, t.at)],
);

/** The thread: requester messages, public replies and internal notes. */
export const supportTicketMessages = pgTable(
  'support_ticket_messages',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    ticketId: uuid('ticket_id')
      .notNull()
      .references(() => supportTickets.id),
    kind: text('kind').notNull(),
    authorId: uuid('author_id'),
    authorName: text('author_name').notNull(),
    body: text('body').notNull(),
    messageId: text('message_id'),
    at: at('at').notNull(),
  },
  (t) => [index('support_ticket_messages_ticket_idx').on(t.ticketId, t.at), index('support_ticket_messages_message_id_idx').on(t.messageId)],
);

/** Files on a message, kept in the database and only ever served as downloads. */
export const supportAttachments = pgTable(
  'support_attachments',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    messageId: uuid('message_id')
      .notNull()
      .references(() => supportTicketMessages.id),
    filename: text('filename').notNull(),
    contentType: text('content_type').notNull(),
    size: integer('size').notNull(),
    content: bytea('content').notNull(),
  },
  (t) => [index('support_attachments_message_idx').on(t.messageId)],
);

/** When each agent last received a ticket by round-robin, per team: the fairness memory. */
export const supportAgentTurns = pgTable(
  'support_agent_turns',
  {
    teamId: uuid('team_id').notNull(),
    agentId: uuid('agent_id').notNull(),
    lastAssignedAt: at('last_assigned_at').notNull(),
  },
  (t) => [uniqueIndex('support_agent_turns_key').on(t.teamId, t.agentId)],
);
