import type { LoaderFunctionArgs, MetaFunction } from '@remix-run/node';
import { Form, Link, useLoaderData } from '@remix-run/react';
import { BroadcastListQuerySchema, chatbotContract, type Broadcast } from '@campus/api-contract';
import { broadcastAudienceOptions, broadcastStatusOptions } from '@campus/domain-chatbot';
import { RouteError } from '../../features/resources/RouteError';
import { APP_TITLE } from '../../lib/constants';
import { answerOf, queryOrThrow } from '../../lib/answers.server';
import { signedIn } from '../../lib/request.server';
import { labelOf, when } from './broadcast-labels';
import { CodedSelect } from './CodedSelect';
import '../../features/resources/resources.css';
import './chatbot.css';

export const meta: MetaFunction = () => [{ title: `Broadcasts · ${APP_TITLE}` }];

/** Every broadcast, newest first, filtered by status in the address. */
export async function loader({ request }: LoaderFunctionArgs) {
  const url = new URL(request.url);
  const status = url.searchParams.get('status') ?? '';
  const page = Math.max(1, Number(url.searchParams.get('page')) || 1);
  const api = (await signedIn(request)).client(chatbotContract);
  const query = queryOrThrow(BroadcastListQuerySchema, { page: String(page), limit: '20', ...(status ? { status } : {}) });
  const list: { rows: Broadcast[]; count: number } = answerOf(await api.listChatbotBroadcasts({ query }), 200);
  return { ...list, status, page };
}

export default function BroadcastsRoute() {
  const { rows, count, status, page } = useLoaderData<typeof loader>();
  const link = (p: number) => `?${new URLSearchParams({ ...(status ? { status } : {}), page: String(p) })}`;
  return (
    <>
      <h1 className="cas-page-title">Broadcasts</h1>
      <Form method="get" className="cas-chatbot-panel" aria-label="Filter broadcasts">
        <CodedSelect label="Status" name="status" options={broadcastStatusOptions} value={status} />
        <button type="submit" className="cas-button cas-button--secondary">
          Filter
        </button>
        <Link to="/app/chatbot-management/broadcast" className="cas-button">
          New broadcast
        </Link>
      </Form>
      <p role="status">
        {count} {count === 1 ? 'broadcast' : 'broadcasts'}
      </p>
      <table className="cas-table">
        <thead>
          <tr>
            <th scope="col">Subject</th>
            <th scope="col">Audience</th>
            <th scope="col">Status</th>
            <th scope="col">Sent</th>
            <th scope="col">Failed</th>
            <th scope="col">Skipped</th>
            <th scope="col">Written</th>
          </tr>
        </thead>
        <tbody>
          {rows.map((b) => (
            <tr key={b._id}>
              <td>
                <Link to={b._id}>{b.subject}</Link>
              </td>
              <td>{labelOf(broadcastAudienceOptions, b.audience)}</td>
              <td>{labelOf(broadcastStatusOptions, b.status)}</td>
              <td>{b.counts.sent}</td>
              <td>{b.counts.failed}</td>
              <td>{b.counts.skipped}</td>
              <td>
                {when(b.createdAt)}
                {b.createdBy ? ` by ${b.createdBy}` : ''}
              </td>
            </tr>
          ))}
        </tbody>
      </table>
      <nav aria-label="Pages" className="cas-tabs">
        {page > 1 ? <Link to={link(page - 1)}>Previous page</Link> : null}
        {page * 20 < count ? <Link to={link(page + 1)}>Next page</Link> : null}
      </nav>
    </>
  );
}

export const ErrorBoundary = RouteError;
