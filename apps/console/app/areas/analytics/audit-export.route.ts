import type { LoaderFunctionArgs } from '@remix-run/node';
import { AUDIT_FILTERS, expectStatus, reportsApi } from './reports.server';

/** The filtered audit trail as CSV (built by the API, secrets left out). */
export async function loader({ request }: LoaderFunctionArgs) {
  const url = new URL(request.url);
  const query: Record<string, string> = {};
  for (const key of [...AUDIT_FILTERS, 'from', 'to']) {
    const value = url.searchParams.get(key);
    if (value && key !== 'page') query[key] = value;
  }
  const api = await reportsApi(request);
  const { data } = expectStatus<{ data: { csv: string } }>(await api.exportAuditTrails({ query: query as never }));
  return new Response(data.csv, {
    headers: { 'Content-Type': 'text/csv; charset=utf-8', 'Content-Disposition': 'attachment; filename="audit-trails.csv"', 'X-Content-Type-Options': 'nosniff' },
  });
}
