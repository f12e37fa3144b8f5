import { data, type ActionFunctionArgs, type LoaderFunctionArgs, type MetaFunction } from '@remix-run/node';
import { Form, useActionData, useLoaderData } from '@remix-run/react';
import { supportContract } from '@campus/api-contract';
import { RouteError } from '../features/resources/RouteError';
import { publicContractClient } from '../lib/api.server';
import { APP_TITLE } from '../lib/constants';
import { assertSameOrigin } from '../lib/security.server';
import '../areas/support-management/support.css';

/** Anyone may open this page without signing in. */
export const publicPage = true;

export const meta: MetaFunction = () => [{ title: `Your request · ${APP_TITLE}`, }, { name: 'referrer', content: 'no-referrer' }];

interface PublicTicket {
  reference: string;
  subject: string;
  state: string;
  canRate: boolean;
  canReply: boolean;
  rating: number | null;
  messages: { kind: string; authorName: string; body: string; at: string }[];
}

/** The requester's private page: the thread without internal notes, a reply box and, once resolved, the rating. */
export async function loader({ params, context }: LoaderFunctionArgs) {
  const result = await publicContractClient(context, supportContract).getPublicTicket({ params: { token: params.token ?? '' } });
  if (result.status !== 200) throw data({ message: 'This page could not be found' }, { status: 404 });
  return (result.body as { data: PublicTicket }).data;
}

export async function action({ request, params, context }: ActionFunctionArgs) {
  assertSameOrigin(request);
  const form = await request.formData();
  const api = publicContractClient(context, supportContract);
  const token = params.token ?? '';
  const result =
    form.get('intent') === 'rate'
      ? await api.rateTicket({ params: { token }, body: { rating: Number(form.get('rating')), comment: String(form.get('comment') ?? '') || undefined } })
      : await api.replyToPublicTicket({ params: { token }, body: { body: String(form.get('body') ?? '') } });
  if (result.status >= 400) return data({ error: (result.body as { message?: string }).message ?? 'Error' }, { status: result.status });
  return { done: form.get('intent') === 'rate' ? 'Thank you for your rating.' : 'Your reply was sent.' };
}

export default function PublicTicketPage() {
  const t = useLoaderData<typeof loader>();
  const result = useActionData<typeof action>();
  return (
    <main style={{ margin: '2rem auto', maxWidth: '40rem', padding: '0 1rem' }}>
      <h1>
        {t.reference} · {t.subject}
      </h1>
      <p>State: {t.state}</p>
      {result && 'error' in result ? <p role="alert" className="cas-error">{result.error}</p> : null}
      {result && 'done' in result ? <p role="status">{result.done}</p> : null}
      <ol className="cas-thread">
        {t.messages.map((m, i) => (
          <li key={i}>
            <strong>{m.authorName}</strong> · {new Date(m.at).toLocaleString('en-PH', { timeZone: 'Asia/Manila' })}
            <pre>{m.body}</pre>
          </li>
        ))}
      </ol>
      {t.canRate ? (
        <Form method="post" className="cas-support-form">
          <input type="hidden" name="intent" value="rate" />
          <fieldset>
            <legend>How did we do?</legend>
            {[1, 2, 3, 4, 5].map((n) => (
              <label key={n} style={{ flexDirection: 'row' }}>
                <input type="radio" name="rating" value={n} required /> {n}
              </label>
            ))}
          </fieldset>
          <label>
            Comment
            <textarea name="comment" rows={3} />
          </label>
          <button type="submit" className="cas-button">
            Send rating
          </button>
        </Form>
      ) : null}
      {t.canReply ? (
        <Form method="post" className="cas-support-form">
          <input type="hidden" name="intent" value="reply" />
          <label>
            Your reply
            <textarea name="body" rows={5} required />
          </label>
          <button type="submit" className="cas-button">
            Send reply
          </button>
        </Form>
      ) : null}
    </main>
  );
}

export const ErrorBoundary = RouteError;
