import { sql } from 'drizzle-orm';
import { nowSql, type AttentionDefinition } from '../../platform/area-summary.js';

/** What the Campus Chatbot Management index asks an administrator to look at. */
export const chatbotAttention: readonly AttentionDefinition[] = [
  {
    key: 'responses-overdue',
    label: 'Responses overdue for review',
    resource: 'chatbot-responses',
    table: 'chatbot_responses',
    where: (context) => sql`t.is_active and t.review_by < (${nowSql(context)} at time zone 'Asia/Manila')::date`,
  },
  {
    key: 'questions-unanswered',
    label: 'Questions the bot could not answer',
    resource: 'chatbot-responses',
    table: 'chatbot_unanswered',
    where: () => sql`true`,
  },
  {
    key: 'broadcasts-awaiting-approval',
    label: 'Broadcasts awaiting approval',
    table: 'chatbot_broadcasts',
    where: () => sql`t.status = 'AWAITING_APPROVAL'`,
  },
];
