import { answerOf } from '../../lib/answers.server';
import { signedIn } from '../../lib/request.server';

/** Filters of the transcript list, read from the page's address (the same names as the API's query). */
export const LOG_FILTERS = ['q', 'persona', 'subscriber', 'from', 'to', 'outcome', 'page'] as const;

export function logQueryOf(url: URL): Record<string, string> {
  const query: Record<string, string> = {};
  for (const key of LOG_FILTERS) {
    const value = url.searchParams.get(key)?.trim();
    if (value) query[key] = value;
  }
  return query;
}

export interface TranscriptRow {
  _id: string;
  persona: string | null;
  startedAt: string;
  lastAt: string;
  messageCount: number;
  unanswered: number;
  preview: string;
  /** The subscriber the visitor confirmed they are, by name. */
  subscriber: string | null;
  subscriberId: string | null;
}

/** The personas a transcript may be filtered by (every one, active or not: old conversations keep theirs). */
export async function personaChoices(request: Request): Promise<{ _id: string; label: string }[]> {
  const { api } = await signedIn(request);
  const list = answerOf(await api.resource('chatbot-personas').list({ limit: 100 }), 200);
  return list.rows.map((r) => ({ _id: String(r._id), label: String(r.name) }));
}
