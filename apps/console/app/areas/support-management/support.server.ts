/** Filters of the ticket list, read from the page's address (the same names as the API's query). */
export const TICKET_FILTERS = ['view', 'state', 'priority', 'categoryV2Id', 'officeId', 'teamId', 'assigneeId', 'sla', 'from', 'to', 'q', 'page'] as const;

export function ticketQueryOf(url: URL): Record<string, string> {
  const query: Record<string, string> = {};
  for (const key of TICKET_FILTERS) {
    const value = url.searchParams.get(key);
    if (value) query[key] = value;
  }
  return query;
}
