import { sql } from 'drizzle-orm';
import { bigserial, boolean, doublePrecision, index, integer, jsonb, pgTable, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { chatbotAlumnusEntity, chatbotPersonaEntity, chatbotResponseEntity, chatbotSubscriberEntity } from '@campus/domain-chatbot';
import { tableFor } from '../table-for.js';
import { col } from '../column.js';

// Campus Chatbot Management: responses and personas from the descriptors of @campus/domain-chatbot, the settings,
// the conversations of the web chat and the unanswered queue.

export const chatbotResponses = tableFor(chatbotResponseEntity);
export const chatbotPersonas = tableFor(chatbotPersonaEntity);
export const chatbotSubscribers = tableFor(chatbotSubscriberEntity);
export const chatbotAlumni = tableFor(chatbotAlumnusEntity);

const at = (name: string) => timestamp(name, { withTimezone: true, mode: 'date' });

export const chatbotSettings = pgTable('chatbot_settings', {
  id: integer('id').primaryKey(),
  settings: jsonb('settings').notNull(),
  updatedAt: at('updated_at').notNull().defaultNow(),
});

/** One web chat conversation; the visitor holds its token, only its SHA-256 is stored. */
export const chatbotConversations = pgTable(
  'chatbot_conversations',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    tokenHash: text('token_hash').notNull(),
    personaId: uuid('persona_id').references(() => col(chatbotPersonas, 'id'), { onDelete: 'set null' }),
    startedAt: at('started_at').notNull().defaultNow(),
    lastAt: at('last_at').notNull().defaultNow(),
    /** The subscriber the visitor proved to be with a one-time code (migration 0028). */
    subscriberId: uuid('subscriber_id').references(() => col(chatbotSubscribers, 'id'), { onDelete: 'set null' }),
  },
  (t) => [uniqueIndex('chatbot_conversations_token_key').on(t.tokenHash), index('chatbot_conversations_last_idx').on(t.lastAt, t.id)],
);

/** A message of a conversation, as stored: personal data redacted and profanity masked. */
export const chatbotMessages = pgTable(
  'chatbot_messages',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    /** Order of writing: messages of one request share their time. */
    seq: bigserial('seq', { mode: 'number' }).notNull(),
    conversationId: uuid('conversation_id')
      .notNull()
      .references(() => chatbotConversations.id, { onDelete: 'cascade' }),
    sender: text('sender').notNull(),
    body: text('body').notNull(),
    /** For the bot's replies: whether a response answered (false: the fallback), which one and its score. */
    matched: boolean('matched'),
    responseId: uuid('response_id'),
    score: doublePrecision('score'),
    createdAt: at('created_at').notNull().defaultNow(),
  },
  (t) => [
    index('chatbot_messages_conversation_idx').on(t.conversationId, t.createdAt),
    index('chatbot_messages_body_trgm_idx').using('gin', sql`lower(${t.body}) gin_trgm_ops`),
  ],
);

/** A question no response answered well enough; asking it again counts it again. */
export const chatbotUnanswered = pgTable(
  'chatbot_unanswered',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    question: text('question').notNull(),
    /** The question lower-cased with spaces collapsed: the same question asked again is one entry. */
    normalized: text('normalized').notNull(),
    bestResponseId: uuid('best_response_id'),
    bestScore: doublePrecision('best_score'),
    count: integer('count').notNull().default(1),
    createdAt: at('created_at').notNull().defaultNow(),
    lastAskedAt: at('last_asked_at').notNull().defaultNow(),
  },
  (t) => [uniqueIndex('chatbot_unanswered_normalized_key').on(t.normalized), index('chatbot_unanswered_count_idx').on(t.count, t.lastAskedAt)],
);
