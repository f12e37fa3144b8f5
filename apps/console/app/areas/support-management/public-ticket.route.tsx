import { useForm } from '@conform-to/react';
import { Button, FormField, RadioGroup, SiteBanner, Thread, type ThreadItem } from '@campus/ui';
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
  const errorOf = (name: string) => form.allErrors[name]?.[0];
  const thread: ThreadItem[] = t.messages.map((m, i) => ({
    id: String(i),
    kind: 'message',
    at: m.at,
    author: personOf(m.authorName),
    // The requester's own messages on one side, the university's on the other.
    isOutgoing: m.kind !== 'requester',
    body: <p className="cas-ticket-body">{m.body}</p>,
  }));
  return (
    <>
      <SiteBanner title={APP_TITLE} />
      <main className="cas-support-public">
        <h1 className="cas-page-title">
          <span className="cas-ticket-ref">{t.reference}</span> · {t.subject}
        </h1>
        <p>State: {t.state}</p>
        <FormNotice notice={refused?.notice} />
        {result && 'done' in result ? <p role="status">{result.done}</p> : null}
        <Thread label="Conversation" items={thread} emptyText="No messages yet." />
        {t.canRate ? (
          <Form method="post" className="cas-panel cas-support-form" aria-label="Rate the answer">
            <input type="hidden" name="intent" value="rate" />
            <RadioGroup
              label="How did we do?"
              name="rating"
              orientation="row"
              isRequired
              defaultValue={typedText('rating')}
              error={errorOf('rating')}
              options={[1, 2, 3, 4, 5].map((n) => ({ value: String(n), label: String(n) }))}
            />
            <FormField label="Comment" error={errorOf('comment')}>
              {(p) => <textarea {...p} name="comment" rows={3} defaultValue={typedText('comment')} className="cas-input" />}
            </FormField>
            <div>
              <Button type="submit">Send rating</Button>
            </div>
          </Form>
        ) : null}
        {t.canReply ? (
          <Form method="post" className="cas-panel cas-support-form" aria-label="Reply">
            <input type="hidden" name="intent" value="reply" />
            <FormField label="Your reply" isRequired error={errorOf('body')}>
              {(p) => <textarea {...p} name="body" rows={5} required defaultValue={typedText('body')} className="cas-input" />}
            </FormField>
            <div>
              <Button type="submit">Send reply</Button>
            </div>
          </Form>
        ) : null}
      </main>
    </>
  );
}

/** The part of a name before its last word, and that word: enough for initials beside an avatar. */
function personOf(name: string) {
  const words = name.trim().split(/\s+/);
  return { firstName: words.slice(0, -1).join(' ') || (words[0] ?? ''), lastName: words.length > 1 ? words[words.length - 1]! : '' };
}

export const ErrorBoundary = RouteError;
