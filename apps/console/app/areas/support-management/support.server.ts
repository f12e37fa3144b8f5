import { data } from '@remix-run/node';
import { supportContract } from '@campus/api-contract';
import { contractClientFor, failureResponse } from '../../lib/api.server';
import { requireUser } from '../../lib/session.server';

/** The support contract's client for the signed-in agent (the layout route has checked SUPPORT already). */
export async function supportApi(request: Request) {
  await requireUser(request);
  return contractClientFor(request, supportContract);
}

/** The answer's body when it has the expected status, else the error page (404 as the spec words it). */
export function expectStatus<T>(result: { status: number; body: unknown }, status: number): T {
  if (result.status === status) return result.body as T;
  if (result.status === 404) throw data({ message: 'This page could not be found' }, { status: 404 });
  throw failureResponse(result.status, result.body);
}


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
