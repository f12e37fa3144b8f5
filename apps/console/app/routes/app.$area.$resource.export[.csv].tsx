import type { LoaderFunctionArgs } from '@remix-run/node';
import { readListState, toApiQuery } from '@campus/ui';
import { csvHeader, csvRow } from '../features/resources/csv';
import { eachRow } from '../features/resources/paging.server';
import { entityOrThrow } from '../features/resources/resource.server';
import { signedIn } from '../lib/request.server';

/**
 * The whole filtered list as CSV (same search, filters and sort as the list screen), streamed while it is read
 * from the API a page of 100 rows at a time, so no list is capped and memory stays flat.
 */
export async function loader({ request, params }: LoaderFunctionArgs) {
  const { api } = await signedIn(request); // the route guard, first
  const entity = entityOrThrow({ request, params });
  const state = readListState(entity, new URL(request.url).searchParams);
  const { page: _page, limit: _limit, ...query } = toApiQuery(state);
  const rows = eachRow(api, entity, query);
  // The first page is read before answering, so an API failure is still an error page and not a broken file.
  const first = await rows.next();
  const encoder = new TextEncoder();
  const body = new ReadableStream<Uint8Array>({
    start(controller) {
      controller.enqueue(encoder.encode('\uFEFF' + csvHeader(entity)));
      if (!first.done) controller.enqueue(encoder.encode(csvRow(entity, first.value)));
      if (first.done) controller.close();
    },
    async pull(controller) {
      if (first.done) return;
      try {
        const next = await rows.next();
        if (next.done) controller.close();
        else controller.enqueue(encoder.encode(csvRow(entity, next.value)));
      } catch (error) {
        controller.error(error);
      }
    },
    async cancel() {
      await rows.return(undefined);
    },
  });
  const day = new Date().toISOString().slice(0, 10);
  return new Response(body, {
    headers: {
      'Content-Type': 'text/csv; charset=utf-8',
      'Content-Disposition': `attachment; filename="${entity.resource}-${day}.csv"`,
      'Cache-Control': 'private, no-store',
    },
  });
}
