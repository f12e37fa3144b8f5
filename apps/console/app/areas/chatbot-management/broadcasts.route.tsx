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
import { Button, RowTable } from '@campus/ui';
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
      <Form method="get" className="cas-chatbot-panel cas-chatbot-filters" aria-label="Filter broadcasts">
        <CodedSelect label="Status" name="status" options={broadcastStatusOptions} value={status} />
        <Button type="submit" variant="secondary">
          Filter
        </Button>
        <Link to="/app/chatbot-management/broadcast" className="cas-button">
          New broadcast
        </Link>
      </Form>
      <p role="status">
        {count} {count === 1 ? 'broadcast' : 'broadcasts'}
      </p>
      <RowTable
        caption="Broadcasts"
        isCaptionHidden
        rows={rows}
        rowKey={(b) => b._id}
        emptyMessage="No broadcasts."
        columns={[
          { key: 'subject', header: 'Subject', cell: (b) => <Link to={b._id}>{b.subject}</Link> },
          { key: 'audience', header: 'Audience', cell: (b) => labelOf(broadcastAudienceOptions, b.audience) },
          { key: 'status', header: 'Status', cell: (b) => labelOf(broadcastStatusOptions, b.status) },
          { key: 'sent', header: 'Sent', isNumeric: true, cell: (b) => b.counts.sent },
          { key: 'failed', header: 'Failed', isNumeric: true, cell: (b) => b.counts.failed },
          { key: 'skipped', header: 'Skipped', isNumeric: true, cell: (b) => b.counts.skipped },
          {
            key: 'written',
            header: 'Written',
            cell: (b) => (
              <>
                <span className="cas-chatbot-nowrap">{when(b.createdAt)}</span>
                {b.createdBy ? ` by ${b.createdBy}` : ''}
              </>
            ),
          },
        ]}
      />
      <nav aria-label="Pages" className="cas-tabs">
        {page > 1 ? <Link to={link(page - 1)}>Previous page</Link> : null}
        {page * 20 < count ? <Link to={link(page + 1)}>Next page</Link> : null}
      </nav>
    </>
  );
}

export const ErrorBoundary = RouteError;
