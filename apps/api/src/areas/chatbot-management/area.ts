import { chatbotContract } from '@campus/api-contract';
import type { AreaManifest } from '../../platform/area.js';
import { chatbotAttention } from './attention.js';
import { broadcastHandlers } from './broadcasts.js';
import { chatbotHandlers } from './handlers.js';
import { alumnusHooks } from './hooks/alumni.js';
import { CHATBOT_SCHEDULES_SCHEDULE, fireSchedulesJob } from './jobs/fire-schedules.js';
import { sendBroadcastJob } from './jobs/send-broadcast.js';
import { CHATBOT_RETENTION_SCHEDULE, chatbotRetentionJob } from './jobs/retention.js';
import { seedChatbot } from './seed.js';

/**
 * Campus Chatbot Management (launcher code CHATBOT): responses and personas (generic CRUD), the answer matcher,
 * the public web chat, broadcasts (sent as jobs, one delivery per recipient and channel), the unanswered queue, transcripts and settings, and the nightly purge of old transcripts.
 */
export const area: AreaManifest = {
  code: 'CHATBOT',
  application: {
    name: 'Campus Chatbot Management',
    description: 'Chatbot responses, personas, subscribers, broadcasts and chat audit logs.',
    order: 3,
  },
  contracts: { chatbot: chatbotContract },
  attention: chatbotAttention,
  hooks: () => ({ 'chatbot-alumni': alumnusHooks }),
  handlers: (ctx) => ({ chatbot: { ...chatbotHandlers(ctx), ...broadcastHandlers(ctx) } }),
  jobTypes: (ctx) => [chatbotRetentionJob, sendBroadcastJob(ctx), fireSchedulesJob(ctx)],
  schedules: [CHATBOT_RETENTION_SCHEDULE, CHATBOT_SCHEDULES_SCHEDULE],
  // The demo's answers name the offices the Customer Support demo opens.
  seed: { after: ['support-management'], run: ({ db, put, id, at }) => seedChatbot(db, put, { id, at }) },
};
