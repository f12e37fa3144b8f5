import type { LoaderFunctionArgs } from '@remix-run/node';
import { calendarItems } from './calendar.server';
import { icsOf } from './calendar';
import { signedIn } from '../../../lib/request.server';

/** The campus calendar as an iCalendar feed: academic events, breaks and grade release dates. */
export async function loader({ request }: LoaderFunctionArgs) {
  const { api } = await signedIn(request); // the route guard, first
  const body = icsOf(await calendarItems(api), new Date(), new URL(request.url).origin);
  return new Response(body, {
    headers: {
      'Content-Type': 'text/calendar; charset=utf-8',
      'Content-Disposition': 'inline; filename="campus-calendar.ics"',
      'Cache-Control': 'private, no-store',
    },
  });
}
