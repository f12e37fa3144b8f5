import { useForm } from '@conform-to/react';
import { SiteBanner } from '@campus/ui';
import { parseWithZod } from '@conform-to/zod';
import { data, type ActionFunctionArgs, type LoaderFunctionArgs, type MetaFunction } from '@remix-run/node';
import { Form, useActionData, useLoaderData } from '@remix-run/react';
import { PublicReplySchema, RatingSchema, supportContract } from '@campus/api-contract';
import { z } from 'zod';
import { RouteError } from '../../features/resources/RouteError';
import { FormNotice } from '../../components/FormNotice';
import { publicContractClient } from '../../lib/api.server';
import { formAnswerOf, invalidForm } from '../../lib/answers.server';
import { APP_TITLE } from '../../lib/constants';
import { assertSameOrigin } from '../../lib/security.server';
import './support.css';
import { ticketFormBody } from './ticket-files.server';

/** Anyone may open this page without signing in (declared in the area's `area.ts`, mounted outside `/app`). */
export const publicPage = true;

/** Refusals the page says in its own words instead of an error page: too large, too many requests. */
const SHOWN = [413, 429] as const;

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

/** The requester's two forms: a reply (no files from this page), and the rating once the request is resolved. */
const PublicTicketForm = z.discriminatedUnion('intent', [
  PublicReplySchema.extend({ intent: z.literal('reply') }),
  RatingSchema.extend({ intent: z.literal('rate') }),
]);

export async function action({ request, params, context }: ActionFunctionArgs) {
  assertSameOrigin(request);
  const submission = parseWithZod(await request.formData(), { schema: PublicTicketForm });
  if (submission.status !== 'success') return invalidForm(submission);
  const api = publicContractClient(context, supportContract);
  const token = params.token ?? '';
  const form = submission.value;
  if (form.intent === 'rate') {
    const { intent: _intent, ...rating } = form;
    const answer = formAnswerOf(await api.rateTicket({ params: { token }, body: rating }), 200, submission, { shownStatuses: SHOWN });
    if (answer.refusal) return answer.refusal;
    return { done: 'Thank you for your rating.' };
  }
  const answer = formAnswerOf(await api.replyToPublicTicket({ params: { token }, body: ticketFormBody({ body: form.body }, []) }), 201, submission, { shownStatuses: SHOWN });
  if (answer.refusal) return answer.refusal;
  return { done: 'Your reply was sent.' };
}

export default function PublicTicketPage() {
  const t = useLoaderData<typeof loader>();
  const result = useActionData<typeof action>();
  const refused = result && 'result' in result ? result : undefined;
  const [form] = useForm({ lastResult: refused?.result });
  // What was typed in a refused form comes back.
  const typed = (refused?.result.initialValue ?? {}) as Record<string, unknown>;
  const typedText = (name: string) => (typeof typed[name] === 'string' ? String(typed[name]) : undefined);
  const fieldError = (name: string) =>
    form.allErrors[name]?.[0] ? (
      <span id={`${name}-error`} className="cas-error">
        {form.allErrors[name][0]}
      </span>
    ) : null;
  const described = (name: string) => (form.allErrors[name]?.[0] ? { 'aria-invalid': true, 'aria-describedby': `${name}-error` } : {});
  return (
    <>
      <SiteBanner title={APP_TITLE} />
      <main style={{ margin: '2rem auto', maxWidth: '40rem', padding: '0 1rem' }}>
        <h1>
          {t.reference} · {t.subject}
        </h1>
        <p>State: {t.state}</p>
        <FormNotice notice={refused?.notice} />
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
                  <input type="radio" name="rating" value={n} required defaultChecked={typedText('rating') === String(n)} {...described('rating')} /> {n}
                </label>
              ))}
              {fieldError('rating')}
            </fieldset>
            <label>
              Comment
              <textarea name="comment" rows={3} defaultValue={typedText('comment')} {...described('comment')} />
              {fieldError('comment')}
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
              <textarea name="body" rows={5} required defaultValue={typedText('body')} {...described('body')} />
              {fieldError('body')}
            </label>
            <button type="submit" className="cas-button">
              Send reply
            </button>
          </Form>
        ) : null}
      </main>
    </>
  );
}

export const ErrorBoundary = RouteError;
