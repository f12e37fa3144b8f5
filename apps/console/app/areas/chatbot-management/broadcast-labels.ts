import { formatZonedTime } from '@campus/formatters';

/** The label of a coded value (spec §4) for display. */
export function labelOf(options: readonly { value: string; label: string }[], value: string | null | undefined): string {
  return options.find((o) => o.value === value)?.label ?? value ?? '—';
}

/** A moment with its date, time and zone (`Tue, Dec 1, 10:00 PHT`), in Manila's time unless a zone is given. */
export const when = (iso: string | null, timeZone?: string) => (iso ? formatZonedTime(iso, { withDate: true, ...(timeZone ? { timeZone } : {}) }) : '—');

/** The filters of a broadcast's delivery list, from the address. */
export function deliveryQueryOf(url: URL): Record<string, string> {
  const query: Record<string, string> = {};
  for (const key of ['status', 'channel', 'q', 'page']) {
    const value = url.searchParams.get(key)?.trim();
    if (value) query[key] = value;
  }
  return query;
}

export const BROADCASTS_PATH = '/app/chatbot-management/broadcasts';
