import { Form, Link, useLoaderData } from '@remix-run/react';
import { formatDate } from '@campus/formatters';
import { DataFormProvider, Pagination } from '@campus/ui';
import { RouterForm } from '../../components/RouterForm';
import type { loadNotifications } from './notifications.server';

/** The notification centre: the user's notices, newest first, unread ones marked, mark read one by one or all. */
export function NotificationCentre() {
  const { rows, count, unread, page, limit } = useLoaderData<Awaited<ReturnType<typeof loadNotifications>>>();
  return (
    <DataFormProvider form={RouterForm}>
      <section aria-labelledby="notifications-title">
        <div className="cas-list-toolbar">
          <h1 id="notifications-title" className="cas-page-title">
            Notifications
          </h1>
          <p aria-live="polite">{unread} unread</p>
          {unread > 0 ? (
            <Form method="post">
              <input type="hidden" name="page" value={page} />
              <button type="submit" name="intent" value="all" className="cas-button cas-button--secondary">
                Mark all read
              </button>
            </Form>
          ) : null}
        </div>
        {rows.length === 0 ? <p>No notifications.</p> : null}
        <ul className="cas-notifications">
          {rows.map((n) => (
            <li key={n._id} className={n.readAt ? 'cas-notification' : 'cas-notification cas-notification--unread'}>
              <h2>
                {n.readAt ? null : <span className="cas-visually-hidden">Unread: </span>}
                {n.link ? <Link to={n.link}>{n.title}</Link> : n.title}
              </h2>
              <p>{n.body}</p>
              <p>
                <time dateTime={n.createdAt}>{formatDate(n.createdAt, { style: 'medium', time: 'short' })}</time>
              </p>
              {n.readAt ? null : (
                <Form method="post">
                  <input type="hidden" name="id" value={n._id} />
                  <input type="hidden" name="page" value={page} />
                  <button type="submit" name="intent" value="one" className="cas-button cas-button--ghost" aria-label={`Mark read: ${n.title}`}>
                    Mark read
                  </button>
                </Form>
              )}
            </li>
          ))}
        </ul>
        <Pagination count={count} page={page} limit={limit} searchParams="" pageSizes={[limit]} />
      </section>
    </DataFormProvider>
  );
}
