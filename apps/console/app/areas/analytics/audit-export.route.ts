import type { LoaderFunctionArgs } from '@remix-run/node';
import { reportsContract } from '@campus/api-contract';
import { answerOf, queryOrThrow } from '../../lib/answers.server';
import { signedIn } from '../../lib/request.server';
import { AUDIT_FILTERS } from './reports.server';

/** The filtered audit trail as CSV (built by the API, secrets left out). */
export async function loader({ request }: LoaderFunctionArgs) {
  const url = new URL(request.url);
  const query: Record<string, string> = {};
  for (const key of [...AUDIT_FILTERS, 'from', 'to']) {
    const value = url.searchParams.get(key);
    if (value && key !== 'page') query[key] = value;
  }
  const api = (await signedIn(request)).client(reportsContract);
  const { data }: { data: { csv: string } } = answerOf(await api.exportAuditTrails({ query: queryOrThrow(reportsContract.exportAuditTrails.query, query) }), 200);
  return new Response(data.csv, {
    headers: { 'Content-Type': 'text/csv; charset=utf-8', 'Content-Disposition': 'attachment; filename="audit-trails.csv"', 'X-Content-Type-Options': 'nosniff' },
  });
}
