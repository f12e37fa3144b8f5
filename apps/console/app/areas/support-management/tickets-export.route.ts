import type { LoaderFunctionArgs } from '@remix-run/node';
import { expectStatus, supportApi, ticketQueryOf } from './support.server';

/** The filtered ticket list as CSV, custom fields included (built by the API). */
export async function loader({ request }: LoaderFunctionArgs) {
  const query = ticketQueryOf(new URL(request.url));
  delete query.page;
  const api = await supportApi(request);
  const { data } = expectStatus<{ data: { csv: string } }>(await api.exportTickets({ query: query as never }), 200);
  return new Response(data.csv, {
    headers: { 'Content-Type': 'text/csv; charset=utf-8', 'Content-Disposition': 'attachment; filename="tickets.csv"', 'X-Content-Type-Options': 'nosniff' },
  });
}
