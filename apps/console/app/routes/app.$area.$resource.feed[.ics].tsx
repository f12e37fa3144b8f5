import type { LoaderFunctionArgs } from '@remix-run/node';
import { calendarItems } from '../features/resources/calendar.server';
import { icsOf } from '../features/resources/calendar';
import { entityOrThrow } from '../features/resources/resource.server';
import { apiFor } from '../lib/api.server';
import { requireUser } from '../lib/session.server';

/** The campus calendar as an iCalendar feed: academic events, breaks and grade release dates. */
export async function loader({ request, params }: LoaderFunctionArgs) {
  const entity = entityOrThrow(params);
  if (entity.resource !== 'calendar-events')
    throw new Response('This page could not be found', { status: 404 });
  await requireUser(request);
  const api = await apiFor(request);
  const body = icsOf(await calendarItems(api), new Date(), new URL(request.url).origin);
  return new Response(body, {
    headers: {
      'Content-Type': 'text/calendar; charset=utf-8',
      'Content-Disposition': 'inline; filename="campus-calendar.ics"',
      'Cache-Control': 'private, no-store',
    },
  });
}
