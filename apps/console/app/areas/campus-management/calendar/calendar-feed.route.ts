import type { LoaderFunctionArgs } from '@remix-run/node';
import { calendarItems } from './calendar.server';
import { icsOf } from './calendar';
import { apiFor } from '../../../lib/api.server';
import { requireUser } from '../../../lib/session.server';

/** The campus calendar as an iCalendar feed: academic events, breaks and grade release dates. */
export async function loader({ request }: LoaderFunctionArgs) {
  await requireUser(request); // the route guard, first
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
