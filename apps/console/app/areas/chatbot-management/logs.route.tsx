import type { LoaderFunctionArgs, MetaFunction } from '@remix-run/node';
import { Form, Link, useLoaderData } from '@remix-run/react';
import { RouteError } from '../../features/resources/RouteError';
import { APP_TITLE } from '../../lib/constants';
import { chatbotContract, TranscriptQuerySchema } from '@campus/api-contract';
import { answerOf, queryOf } from '../../lib/answers.server';
import { signedIn } from '../../lib/request.server';
import { logQueryOf, personaChoices, type TranscriptRow } from './logs.server';
import { when } from './broadcast-labels';
import { Button, DateField, RowTable, Select, TextField } from '@campus/ui';
import '../../features/resources/resources.css';
import './chatbot.css';

export const meta: MetaFunction = () => [{ title: `Chat Audit Logs · ${APP_TITLE}` }];

/** Every conversation of the web chat: full-text search and filters in the address, so each view is a link. */
export async function loader({ request }: LoaderFunctionArgs) {
  const query = logQueryOf(new URL(request.url));
  const api = (await signedIn(request)).client(chatbotContract);
  const checked = queryOf(TranscriptQuerySchema, query);
  const [result, personas] = await Promise.all([checked.query ? api.listChatbotTranscripts({ query: checked.query }) : null, personaChoices(request)]);
  if (!result || result.status === 400) {
    return { rows: [] as TranscriptRow[], count: 0, query, personas, error: result ? (result.body as { message: string }).message : (checked.error ?? '') };
  }
  const list: { rows: TranscriptRow[]; count: number } = answerOf(result, 200);
  return { ...list, query, personas, error: null };
}

const OUTCOMES = [
  { value: 'matched', label: 'Every question answered' },
  { value: 'unanswered', label: 'With unanswered questions' },
];

export default function LogsRoute() {
  const { rows, count, query, personas, error } = useLoaderData<typeof loader>();
  const subscriberName = rows.find((r) => r.subscriber)?.subscriber ?? 'one subscriber';
  const page = Number(query.page ?? 1);
  const exportQuery = new URLSearchParams(Object.entries(query).filter(([k]) => k !== 'page')).toString();
  return (
    <>
      <h1 className="cas-page-title">Chat Audit Logs</h1>
      <Form method="get" className="cas-chatbot-panel cas-chatbot-filters" aria-label="Filter conversations">
        <TextField label="Search the messages" name="q" type="search" defaultValue={query.q ?? ''} maxLength={200} />
        <Select label="Persona" name="persona" placeholder="All" defaultValue={query.persona ?? ''} options={personas.map((p) => ({ value: p._id, label: p.label }))} />
        {query.subscriber ? <input type="hidden" name="subscriber" value={query.subscriber} /> : null}
        <DateField label="From" name="from" defaultValue={query.from ?? ''} />
        <DateField label="To" name="to" defaultValue={query.to ?? ''} />
        <Select label="Outcome" name="outcome" placeholder="All" defaultValue={query.outcome ?? ''} options={OUTCOMES} />
        <Button type="submit">Filter</Button>
        <a className="cas-button cas-button--secondary" href={`logs/export.csv${exportQuery ? `?${exportQuery}` : ''}`} download>
          Export CSV
        </a>
      </Form>
      {error ? (
        <p role="alert" className="cas-error">
          {error}
        </p>
      ) : null}
      <p role="status">
        {count} {count === 1 ? 'conversation' : 'conversations'}
        {query.subscriber ? ` of ${subscriberName}` : ''}
      </p>
      {query.subscriber ? (
        <p>
          <Link to={`?${new URLSearchParams(Object.entries(query).filter(([k]) => k !== 'subscriber' && k !== 'page'))}`}>Every subscriber's conversations</Link>
        </p>
      ) : null}
      <RowTable
        caption="Conversations"
        isCaptionHidden
        hasRowHeader
        rows={rows}
        rowKey={(r) => r._id}
        emptyMessage="No conversations."
        columns={[
          { key: 'last', header: 'Last message', noWrap: true, cell: (r) => <Link to={r._id}>{when(r.lastAt)}</Link> },
          { key: 'preview', header: 'First question', cell: (r) => r.preview },
          { key: 'persona', header: 'Persona', cell: (r) => r.persona ?? '—' },
          {
            key: 'subscriber',
            header: 'Subscriber',
            cell: (r) => (r.subscriber && r.subscriberId ? <Link to={`?subscriber=${r.subscriberId}`}>{r.subscriber}</Link> : '—'),
          },
          { key: 'messages', header: 'Messages', isNumeric: true, cell: (r) => r.messageCount },
          { key: 'unanswered', header: 'Unanswered', isNumeric: true, cell: (r) => r.unanswered },
        ]}
      />
      <nav aria-label="Pages" className="cas-tabs">
        {page > 1 ? <Link to={`?${new URLSearchParams({ ...query, page: String(page - 1) })}`}>Previous page</Link> : null}
        {page * 20 < count ? <Link to={`?${new URLSearchParams({ ...query, page: String(page + 1) })}`}>Next page</Link> : null}
      </nav>
    </>
  );
}

export const ErrorBoundary = RouteError;
