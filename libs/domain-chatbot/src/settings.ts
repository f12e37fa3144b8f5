import { z } from 'zod';

/** Campus Chatbot Management settings (one row). */
export const ChatbotSettingsSchema = z.object({
  defaultPersonaId: z.string().uuid('Choose a persona.').nullable(),
  /** A response answers only when its match score is at least this (minisearch BM25 score). */
  scoreThreshold: z.number({ invalid_type_error: 'Enter a number.' }).min(0, 'At least 0.').max(1000, 'At most 1000.'),
  /** Broadcasts need a second administrator's approval before they send. */
  approvalRequired: z.boolean(),
  /** Emails sent per minute. */
  emailPerMinute: z.number().int('Enter a whole number.').min(1, 'At least 1.').max(100_000, 'At most 100000.'),
  /** Web chat inbox messages delivered per minute. */
  webChatPerMinute: z.number().int('Enter a whole number.').min(1, 'At least 1.').max(100_000, 'At most 100000.'),
  /** Transcripts older than this many days are purged. */
  retentionDays: z.number().int('Enter a whole number.').min(1, 'At least 1.').max(3650, 'At most 3650.'),
  timeZone: z.string().refine(isTimeZone, 'Unknown time zone.'),
  /** No broadcast sends between these local times (hh:mm); both empty: no quiet hours. */
  quietFrom: z.string().regex(/^([01]\d|2[0-3]):[0-5]\d$/, 'Enter a time as hh:mm.').nullable(),
  quietTo: z.string().regex(/^([01]\d|2[0-3]):[0-5]\d$/, 'Enter a time as hh:mm.').nullable(),
});
export type ChatbotSettings = z.infer<typeof ChatbotSettingsSchema>;

export const DEFAULT_CHATBOT_SETTINGS: ChatbotSettings = {
  defaultPersonaId: null,
  scoreThreshold: 3,
  approvalRequired: false,
  emailPerMinute: 600,
  webChatPerMinute: 6000,
  retentionDays: 365,
  timeZone: 'Asia/Manila',
  quietFrom: null,
  quietTo: null,
};

export function isTimeZone(zone: string): boolean {
  try {
    new Intl.DateTimeFormat('en', { timeZone: zone });
    return true;
  } catch {
    return false;
  }
}
