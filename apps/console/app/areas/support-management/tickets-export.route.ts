import type { LoaderFunctionArgs } from '@remix-run/node';
import { TicketListQuerySchema, supportContract } from '@campus/api-contract';
import { signedIn } from '../../lib/request.server';
import { answerOf, queryOrThrow } from '../../lib/answers.server';
import { ticketQueryOf } from './support.server';

/** The filtered ticket list as CSV, custom fields included (built by the API). */
export async function loader({ request }: LoaderFunctionArgs) {
  const query = ticketQueryOf(new URL(request.url));
  delete query.page;
  const api = (await signedIn(request)).client(supportContract);
  const { data } = answerOf(await api.exportTickets({ query: queryOrThrow(TicketListQuerySchema.omit({ page: true, limit: true }), query) }), 200);
  return new Response(data.csv, {
    headers: { 'Content-Type': 'text/csv; charset=utf-8', 'Content-Disposition': 'attachment; filename="tickets.csv"', 'X-Content-Type-Options': 'nosniff' },
  });
}
