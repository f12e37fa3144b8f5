import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from '@remix-run/node';
import { AreaLayout } from '../components/AreaLayout';
import { NotificationCentre } from '../features/notifications/NotificationCentre';
import { loadNotifications, markRead } from '../features/notifications/notifications.server';
import { RouteError } from '../features/resources/RouteError';
import { APP_TITLE } from '../lib/constants';
import { assertSameOrigin } from '../lib/security.server';

export const meta: MetaFunction = () => [{ title: `Notifications · ${APP_TITLE}` }];

export async function loader({ request }: LoaderFunctionArgs) {
  return loadNotifications(request);
}

export async function action({ request }: ActionFunctionArgs) {
  assertSameOrigin(request);
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
