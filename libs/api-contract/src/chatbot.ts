import { initContract } from '@ts-rest/core';
import { z } from 'zod';
import {
  AudienceSchema,
  BroadcastInputSchema,
  BroadcastScheduleSchema,
  broadcastAudienceOptions,
  broadcastChannelOptions,
  broadcastStatusOptions,
  ChatbotSettingsSchema,
  deliveryStatusOptions,
  responseCategoryOptions,
} from '@campus/domain-chatbot';
import { guardedRouter, type RateLimitRule } from './access.js';
import { dataBody, ErrorBodySchema, listBody } from './errors.js';

const c = initContract();

/** Base path of the chatbot API (spec §7). */
export const CHATBOT_BASE = '/chatbot/v1.0';

const CHATBOT = { application: 'CHATBOT' } as const;
/**
 * The web chat: no sign-in, limits of its own (decision 0049) — many visitors share a campus's one address, while one
 * conversation is a person typing.
 */
export const CHAT_RATE_LIMIT = {
  bucket: 'chat',
  perAddress: 600,
  per: { field: 'token', max: 30, message: 'Too many messages in this conversation. Try again in a minute.' },
} as const satisfies RateLimitRule;
const PUBLIC = { public: true, rateLimited: CHAT_RATE_LIMIT } as const;
const errors = { 400: ErrorBodySchema, 401: ErrorBodySchema, 403: ErrorBodySchema, 404: ErrorBodySchema, 429: ErrorBodySchema };

export const CHAT_MESSAGE_MAX = 1000;
const messageText = z.string().trim().min(1, 'Type a message.').max(CHAT_MESSAGE_MAX, `At most ${CHAT_MESSAGE_MAX} characters.`);

export const MatchCandidateSchema = z.object({ id: z.string(), title: z.string(), score: z.number(), coverage: z.number(), matchedWords: z.number().int() });

export const TryResultSchema = z.object({
  match: MatchCandidateSchema.nullable(),
  best: MatchCandidateSchema.nullable(),
  runnerUp: MatchCandidateSchema.nullable(),
  threshold: z.number(),
  /** What the bot would answer: the matched response, or the persona's fallback. */
  reply: z.string(),
  persona: z.string().nullable(),
});
export type TryResult = z.infer<typeof TryResultSchema>;

export const UnansweredSchema = z.object({
  _id: z.string().uuid(),
  question: z.string(),
  bestTitle: z.string().nullable(),
  bestScore: z.number().nullable(),
  count: z.number().int(),
  createdAt: z.string(),
  lastAskedAt: z.string(),
});
export type Unanswered = z.infer<typeof UnansweredSchema>;

export const AnswerUnansweredSchema = z
  .object({
    title: z.string().trim().min(1, 'Required').max(150, 'At most 150 characters.'),
    answer: z.string().trim().min(1, 'Required').max(5000, 'At most 5000 characters.'),
    category: z.enum(responseCategoryOptions.map((o) => o.value) as [string, ...string[]], { errorMap: () => ({ message: 'Choose a category.' }) }),
    /** More ways to ask, one a line, added to the unanswered question. */
    questions: z.string().trim().max(4000, 'At most 4000 characters.').optional(),
  })
  .strict();

export const ChatMessageSchema = z.object({
  from: z.enum(['visitor', 'bot']),
  text: z.string(),
  at: z.string(),
});
export const ConversationSchema = z.object({
  /** The conversation's secret: whoever holds it reads the conversation (kept in the visitor's cookie). */
  token: z.string(),
  persona: z.object({ name: z.string(), avatarUrl: z.string().nullable(), greeting: z.string() }),
  messages: z.array(ChatMessageSchema),
  /** Whom the visitor proved to be with a one-time code; null while anonymous. */
  subscriber: z.object({ name: z.string() }).nullable(),
  /** The broadcasts sent to that subscriber on the web chat channel, newest first (empty while anonymous). */
  inbox: z.array(z.object({ persona: z.string(), body: z.string(), at: z.string() })),
});
export type Conversation = z.infer<typeof ConversationSchema>;

/** Addresses an uploaded audience list may hold (the same bound as chosen subscribers). */
export const AUDIENCE_LIST_MAX = 10_000;

/** Digits of the one-time code a web chat visitor confirms their address with. */
export const CHAT_CODE_LENGTH = 6;

export const TranscriptSchema = z.object({
  _id: z.string().uuid(),
  persona: z.string().nullable(),
  startedAt: z.string(),
  lastAt: z.string(),
  messageCount: z.number().int(),
  unanswered: z.number().int(),
  preview: z.string(),
  /** The subscriber the visitor confirmed they are (decision 0037), by name. */
  subscriber: z.string().nullable(),
  subscriberId: z.string().uuid().nullable(),
});
export const TranscriptQuerySchema = z
  .object({
    q: z.string().trim().max(200).optional(),
    persona: z.string().uuid('Choose a persona from the list.').optional(),
    subscriber: z.string().uuid('Choose a subscriber from the list.').optional(),
    from: z.string().regex(/^\d{4}-\d{2}-\d{2}$/, 'Enter a date as yyyy-mm-dd.').optional(),
    to: z.string().regex(/^\d{4}-\d{2}-\d{2}$/, 'Enter a date as yyyy-mm-dd.').optional(),
    outcome: z.enum(['matched', 'unanswered']).optional(),
    page: z.coerce.number().int().min(1).max(1_000_000).default(1),
    limit: z.coerce.number().int().min(1).max(100, 'limit is at most 100.').default(20),
  })
  .strict();

export const AudiencePreviewInputSchema = z.object({
  audience: z.unknown(),
  ids: z.unknown().optional(),
  /** The message to check and personalise for the sample recipient. */
  message: z.string().max(5000, 'At most 5000 characters.').optional(),
});
export const AudiencePreviewSchema = z.object({
  /** Subscribers the broadcast would reach (active, not opted out). */
  recipients: z.number().int(),
  /** Subscribers of the audience who opted out: skipped and counted. */
  optedOut: z.number().int(),
  withEmail: z.number().int(),
  sample: z.object({ _id: z.string().uuid(), name: z.string(), email: z.string().nullable() }).nullable(),
  /** The message as the sample recipient would read it. */
  preview: z.string().nullable(),
});
export type AudiencePreview = z.infer<typeof AudiencePreviewSchema>;
export { AudienceSchema, BroadcastInputSchema };

const enumOf = <T extends string>(options: readonly { value: T }[]) => z.enum(options.map((o) => o.value) as [T, ...T[]]);
const uuidParam = z.object({ id: z.string().uuid('Unknown broadcast.') });

/** Deliveries of a broadcast counted by status (all channels). */
export const DeliveryCountsSchema = z.object({
  total: z.number().int(),
  queued: z.number().int(),
  sending: z.number().int(),
  sent: z.number().int(),
  failed: z.number().int(),
  skipped: z.number().int(),
});
export type DeliveryCounts = z.infer<typeof DeliveryCountsSchema>;

export const BroadcastSchema = z.object({
  _id: z.string().uuid(),
  subject: z.string(),
  message: z.string(),
  personaId: z.string().uuid().nullable(),
  persona: z.string().nullable(),
  audience: enumOf(broadcastAudienceOptions),
  ids: z.array(z.string().uuid()),
  channels: z.array(enumOf(broadcastChannelOptions)),
  status: enumOf(broadcastStatusOptions),
  createdBy: z.string().nullable(),
  createdById: z.string().uuid().nullable(),
  approvedBy: z.string().nullable(),
  approvedAt: z.string().nullable(),
  startedAt: z.string().nullable(),
  finishedAt: z.string().nullable(),
  createdAt: z.string(),
  counts: DeliveryCountsSchema,
  /** When it sends (null: when someone presses Send). */
  schedule: z.object({ kind: z.string(), date: z.string().nullable(), time: z.string(), weekday: z.number().nullable(), dayOfMonth: z.number().nullable(), timeZone: z.string() }).nullable(),
  /** The schedule in words, with its time zone. */
  scheduleText: z.string().nullable(),
  /** The next sends while it is scheduled (up to five). */
  nextRuns: z.array(z.string()),
  lastRunAt: z.string().nullable(),
  /** The recurring broadcast this one was sent from. */
  scheduleOfId: z.string().uuid().nullable(),
});
export type Broadcast = z.infer<typeof BroadcastSchema>;

export const BroadcastListQuerySchema = z
  .object({
    status: enumOf(broadcastStatusOptions).optional(),
    page: z.coerce.number().int().min(1).max(1_000_000).default(1),
    limit: z.coerce.number().int().min(1).max(100, 'limit is at most 100.').default(20),
  })
  .strict();

export const DeliverySchema = z.object({
  _id: z.string().uuid(),
  subscriberId: z.string().uuid(),
  name: z.string(),
  email: z.string().nullable(),
  channel: enumOf(broadcastChannelOptions),
  status: enumOf(deliveryStatusOptions),
  reason: z.string().nullable(),
  attempts: z.number().int(),
  sentAt: z.string().nullable(),
});
export type Delivery = z.infer<typeof DeliverySchema>;

export const DeliveryQuerySchema = z
  .object({
    status: enumOf(deliveryStatusOptions).optional(),
    channel: enumOf(broadcastChannelOptions).optional(),
    q: z.string().trim().max(200).optional(),
    page: z.coerce.number().int().min(1).max(1_000_000).default(1),
    /** Up to 1000 a page, for the CSV export. */
    limit: z.coerce.number().int().min(1).max(1000, 'limit is at most 1000.').default(50),
  })
  .strict();

/** The bot's own routes beside the generic CRUD of responses and personas. */
export const chatbotContract = c.router(
  guardedRouter({
    tryChatbot: {
      method: 'POST',
      path: `${CHATBOT_BASE}/try`,
      body: z.object({ message: messageText }).strict(),
      responses: { 200: dataBody(TryResultSchema), ...errors },
      metadata: CHATBOT,
      summary: 'What the bot would answer to a message: the match, its score and the runner-up (nothing is stored)',
    },
    listChatbotUnanswered: {
      method: 'GET',
      path: `${CHATBOT_BASE}/unanswered`,
      responses: { 200: listBody(UnansweredSchema), ...errors },
      metadata: CHATBOT,
      summary: 'Questions the bot could not answer, most asked first',
    },
    answerChatbotUnanswered: {
      method: 'POST',
      path: `${CHATBOT_BASE}/unanswered/:id/answer`,
      pathParams: z.object({ id: z.string().uuid('Unknown question.') }),
      body: AnswerUnansweredSchema,
      responses: { 201: dataBody(z.object({ responseId: z.string().uuid() })), ...errors },
      metadata: CHATBOT,
      summary: 'Turn an unanswered question into a response (the question becomes its first way of asking)',
    },
    dismissChatbotUnanswered: {
      method: 'DELETE',
      path: `${CHATBOT_BASE}/unanswered/:id`,
      pathParams: z.object({ id: z.string().uuid('Unknown question.') }),
      body: c.noBody(),
      responses: { 200: dataBody(z.object({ message: z.string() })), ...errors },
      metadata: CHATBOT,
      summary: 'Remove a question from the unanswered queue',
    },
    getChatbotSettings: {
      method: 'GET',
      path: `${CHATBOT_BASE}/settings`,
      responses: { 200: dataBody(ChatbotSettingsSchema), ...errors },
      metadata: CHATBOT,
      summary: 'Chatbot settings',
    },
    updateChatbotSettings: {
      method: 'PUT',
      path: `${CHATBOT_BASE}/settings`,
      body: ChatbotSettingsSchema.partial().strict(),
      responses: { 200: dataBody(ChatbotSettingsSchema), ...errors },
      metadata: CHATBOT,
      summary: 'Change chatbot settings',
    },
    listChatbotTranscripts: {
      method: 'GET',
      path: `${CHATBOT_BASE}/transcripts`,
      query: TranscriptQuerySchema,
      responses: { 200: listBody(TranscriptSchema), ...errors },
      metadata: CHATBOT,
      summary: 'Conversations, newest first: full-text search and filters by date and outcome',
    },
    getChatbotTranscript: {
      method: 'GET',
      path: `${CHATBOT_BASE}/transcripts/:id`,
      pathParams: z.object({ id: z.string().uuid('Unknown conversation.') }),
      responses: { 200: dataBody(TranscriptSchema.extend({ messages: z.array(ChatMessageSchema.extend({ matched: z.boolean().nullable(), score: z.number().nullable() })) })), ...errors },
      metadata: CHATBOT,
      summary: 'One conversation with every message (as stored: personal data redacted)',
    },
    previewChatbotAudience: {
      method: 'POST',
      path: `${CHATBOT_BASE}/audience-preview`,
      body: AudiencePreviewInputSchema,
      responses: { 200: dataBody(AudiencePreviewSchema), ...errors },
      metadata: CHATBOT,
      summary: 'Resolve an audience from the live records: recipients, opted out, and the message for a sample recipient',
    },
    matchChatbotSubscribers: {
      method: 'POST',
      path: `${CHATBOT_BASE}/subscribers/match`,
      body: z
        .object({ emails: z.array(z.string().trim().toLowerCase().max(254, 'At most 254 characters.')).min(1, 'The list has no email address.').max(AUDIENCE_LIST_MAX, `At most ${AUDIENCE_LIST_MAX} addresses.`) })
        .strict(),
      responses: { 200: dataBody(z.object({ ids: z.array(z.string().uuid()), unknown: z.array(z.string()) })), ...errors },
      metadata: CHATBOT,
      summary: 'An uploaded list for a CUSTOM audience: the active subscribers with these email addresses, and the addresses no subscriber has',
    },
    listChatbotBroadcasts: {
      method: 'GET',
      path: `${CHATBOT_BASE}/broadcasts`,
      query: BroadcastListQuerySchema,
      responses: { 200: listBody(BroadcastSchema), ...errors },
      metadata: CHATBOT,
      summary: 'Broadcasts, newest first, with their delivery counts',
    },
    createChatbotBroadcast: {
      method: 'POST',
      path: `${CHATBOT_BASE}/broadcasts`,
      body: BroadcastInputSchema,
      responses: { 201: dataBody(BroadcastSchema), ...errors },
      metadata: CHATBOT,
      summary: 'Write a broadcast (a draft): subject, message with placeholders, persona, audience and channels',
    },
    getChatbotBroadcast: {
      method: 'GET',
      path: `${CHATBOT_BASE}/broadcasts/:id`,
      pathParams: uuidParam,
      responses: { 200: dataBody(BroadcastSchema), ...errors },
      metadata: CHATBOT,
      summary: 'One broadcast with its delivery counts (the progress of a send)',
    },
    updateChatbotBroadcast: {
      method: 'PUT',
      path: `${CHATBOT_BASE}/broadcasts/:id`,
      pathParams: uuidParam,
      body: BroadcastInputSchema,
      responses: { 200: dataBody(BroadcastSchema), ...errors },
      metadata: CHATBOT,
      summary: 'Change a broadcast before it sends (an approved one goes back to draft)',
    },
    sendChatbotBroadcast: {
      method: 'POST',
      path: `${CHATBOT_BASE}/broadcasts/:id/send`,
      pathParams: uuidParam,
      body: c.noBody(),
      responses: { 200: dataBody(BroadcastSchema), ...errors },
      metadata: CHATBOT,
      summary: 'Send a draft: it waits for approval when the settings ask for it, else the sending job starts',
    },
    approveChatbotBroadcast: {
      method: 'POST',
      path: `${CHATBOT_BASE}/broadcasts/:id/approve`,
      pathParams: uuidParam,
      body: c.noBody(),
      responses: { 200: dataBody(BroadcastSchema), ...errors },
      metadata: CHATBOT,
      summary: 'Approve a broadcast written by another administrator; it starts sending',
    },
    cancelChatbotBroadcast: {
      method: 'POST',
      path: `${CHATBOT_BASE}/broadcasts/:id/cancel`,
      pathParams: uuidParam,
      body: c.noBody(),
      responses: { 200: dataBody(BroadcastSchema), ...errors },
      metadata: CHATBOT,
      summary: 'Cancel a broadcast; one that is sending stops, and what was not sent stays queued',
    },
    retryChatbotBroadcast: {
      method: 'POST',
      path: `${CHATBOT_BASE}/broadcasts/:id/retry-failed`,
      pathParams: uuidParam,
      body: c.noBody(),
      responses: { 200: dataBody(BroadcastSchema), ...errors },
      metadata: CHATBOT,
      summary: 'Send again only the deliveries that failed',
    },
    testChatbotBroadcast: {
      method: 'POST',
      path: `${CHATBOT_BASE}/broadcasts/:id/test`,
      pathParams: uuidParam,
      body: c.noBody(),
      responses: { 200: dataBody(z.object({ message: z.string() })), ...errors },
      metadata: CHATBOT,
      summary: 'Email the broadcast to yourself, personalised for the first recipient',
    },
    scheduleChatbotBroadcast: {
      method: 'PUT',
      path: `${CHATBOT_BASE}/broadcasts/:id/schedule`,
      pathParams: uuidParam,
      body: BroadcastScheduleSchema,
      responses: { 200: dataBody(BroadcastSchema), ...errors },
      metadata: CHATBOT,
      summary: 'Schedule a broadcast once at a date and time or every day, week or month, in a time zone (after approval when the settings ask)',
    },
    unscheduleChatbotBroadcast: {
      method: 'DELETE',
      path: `${CHATBOT_BASE}/broadcasts/:id/schedule`,
      pathParams: uuidParam,
      body: c.noBody(),
      responses: { 200: dataBody(BroadcastSchema), ...errors },
      metadata: CHATBOT,
      summary: 'Cancel the schedule of a broadcast that has not fired; it goes back to draft',
    },
    previewChatbotSchedule: {
      method: 'POST',
      path: `${CHATBOT_BASE}/schedule-preview`,
      body: BroadcastScheduleSchema,
      responses: { 200: dataBody(z.object({ text: z.string(), nextRuns: z.array(z.string()) })), ...errors },
      metadata: CHATBOT,
      summary: 'The next sends of a schedule (up to five), as instants',
    },
    listChatbotDeliveries: {
      method: 'GET',
      path: `${CHATBOT_BASE}/broadcasts/:id/deliveries`,
      pathParams: uuidParam,
      query: DeliveryQuerySchema,
      responses: { 200: listBody(DeliverySchema), ...errors },
      metadata: CHATBOT,
      summary: "A broadcast's deliveries, one per recipient and channel: status and reason, filterable",
    },
    unsubscribeChatbot: {
      method: 'POST',
      path: `${CHATBOT_BASE}/unsubscribe`,
      body: z.object({ token: z.string().min(1).max(300) }).strict(),
      responses: { 200: dataBody(z.object({ message: z.string() })), ...errors },
      metadata: PUBLIC,
      summary: "The unsubscribe link of a broadcast email: opts its subscriber out of broadcasts",
    },
    startChatbotChat: {
      method: 'GET',
      path: `${CHATBOT_BASE}/chat`,
      query: z.object({ token: z.string().max(200).optional() }).strict(),
      responses: { 200: dataBody(ConversationSchema), ...errors },
      metadata: { public: true },
      summary: 'The web chat: the conversation a token names, or the default persona and its greeting',
    },
    identifyChatbotChat: {
      method: 'POST',
      path: `${CHATBOT_BASE}/chat/identify`,
      body: z.object({ token: z.string().max(200).optional(), email: z.string().trim().toLowerCase().email('Enter a valid email address.').max(254) }).strict(),
      responses: { 200: dataBody(z.object({ token: z.string(), message: z.string() })), ...errors },
      metadata: PUBLIC,
      summary: 'The web chat: mails a one-time code to a subscriber with this address (the same answer whether or not one exists)',
    },
    confirmChatbotChat: {
      method: 'POST',
      path: `${CHATBOT_BASE}/chat/confirm`,
      body: z.object({ token: z.string().min(1).max(200), code: z.string().trim().regex(/^\d{6}$/, 'Enter the six digits of the code.') }).strict(),
      responses: { 200: dataBody(ConversationSchema), ...errors },
      metadata: PUBLIC,
      summary: 'The web chat: links the conversation to the subscriber whose code this is',
    },
    forgetChatbotChat: {
      method: 'POST',
      path: `${CHATBOT_BASE}/chat/forget`,
      body: z.object({ token: z.string().min(1).max(200) }).strict(),
      responses: { 200: dataBody(ConversationSchema), ...errors },
      metadata: PUBLIC,
      summary: 'The web chat: unlinks the conversation from its subscriber (the visitor is anonymous again)',
    },
    sendChatbotChat: {
      method: 'POST',
      path: `${CHATBOT_BASE}/chat`,
      body: z.object({ token: z.string().max(200).optional(), message: messageText }).strict(),
      responses: { 200: dataBody(ConversationSchema), ...errors },
      metadata: PUBLIC,
      summary: 'Send a message to the bot and get the conversation back with its answer',
    },
  }),
);
