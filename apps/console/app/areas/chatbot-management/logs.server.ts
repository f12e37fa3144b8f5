/** Filters of the transcript list, read from the page's address (the same names as the API's query). */
export const LOG_FILTERS = ['q', 'from', 'to', 'outcome', 'page'] as const;

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
}
