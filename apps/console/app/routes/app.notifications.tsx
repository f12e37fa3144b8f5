import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from '@remix-run/node';
import { AreaLayout } from '../components/AreaLayout';
import { NotificationCentre } from '../features/notifications/NotificationCentre';
import { loadNotifications, markRead } from '../features/notifications/notifications.server';
import { RouteError } from '../features/resources/RouteError';
import { APP_TITLE } from '../lib/constants';
import { signedIn } from '../lib/request.server';
import { assertSameOrigin } from '../lib/security.server';

export const meta: MetaFunction = () => [{ title: `Notifications · ${APP_TITLE}` }];

export async function loader({ request }: LoaderFunctionArgs) {
  await signedIn(request); // the route guard, first
  return loadNotifications(request);
}

export async function action({ request }: ActionFunctionArgs) {
  assertSameOrigin(request);
  await signedIn(request); // the route guard
  return markRead(request);
}

export default function NotificationsRoute() {
  return (
    <AreaLayout>
      <NotificationCentre />
    </AreaLayout>
  );
}

export const ErrorBoundary = RouteError;
