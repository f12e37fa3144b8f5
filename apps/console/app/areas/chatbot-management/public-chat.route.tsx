import { useForm, type SubmissionResult } from '@conform-to/react';
import { Button, SiteBanner } from '@campus/ui';
import { formatZonedTime } from '@campus/formatters';
import { parseWithZod } from '@conform-to/zod';
import { data, type ActionFunctionArgs, type LoaderFunctionArgs, type MetaFunction } from '@remix-run/node';
import { Form, useActionData, useLoaderData, useNavigation } from '@remix-run/react';
import { useEffect, useRef } from 'react';
import { chatbotContract, CHAT_CODE_LENGTH, CHAT_MESSAGE_MAX, type Conversation } from '@campus/api-contract';
import { RouteError } from '../../features/resources/RouteError';
import { publicContractClient } from '../../lib/api.server';
import { problemOf } from '../../lib/answers.server';
import { APP_TITLE } from '../../lib/constants';
import { assertSameOrigin } from '../../lib/security.server';
import { ChatForm, chatTokenOf, keepChatToken } from './chat.server';
import './chatbot.css';

/** Anyone may open this page without signing in (declared in the area's `area.ts`, mounted outside `/app`). */
export const publicPage = true;

export const meta: MetaFunction = () => [{ title: `Chat with us · ${APP_TITLE}` }];

const EMPTY: Conversation = { token: '', persona: { name: 'Campus Bot', avatarUrl: null, greeting: '' }, messages: [], subscriber: null, inbox: [] };

/** The public web chat: no sign-in; the conversation is kept by a token in an HTTP-only cookie. */
export async function loader({ request, context }: LoaderFunctionArgs) {
  const token = await chatTokenOf(request);
  const result = await publicContractClient(context, chatbotContract).startChatbotChat({ query: token ? { token } : {} });
  const conversation = result.status === 200 ? (result.body as { data: Conversation }).data : EMPTY;
  // A returning visitor's cookie is written again: its 30 days start over, and a copy from before it covered the whole site goes.
  return data({ conversation }, token && conversation.token === token ? { headers: await keepChatToken(request, token) } : undefined);
}

/**
 * What the chat answers a form: the conversation when it changed, after "Send me a code" what the API said (the same
 * whether or not the address is known), and the form's reply (what was typed and each problem by its field, or the
 * form cleared).
 */
interface ChatAnswer {
  readonly conversation: Conversation | null;
  readonly codeSent?: string;
  readonly result: SubmissionResult<string[]>;
}

/** Which field of the page a form's problem is said beside. */
const FIELD = { identify: 'email', confirm: 'code', forget: 'code', message: 'message' } as const;

/** The chat's words when the API gives none. */
const FALLBACK = {
  identify: 'We cannot send a code right now.',
  confirm: 'We cannot confirm the code right now.',
  forget: 'We cannot confirm the code right now.',
  message: 'We cannot process your message right now.',
} as const;

export async function action({ request, context }: ActionFunctionArgs) {
  assertSameOrigin(request);
  const submission = parseWithZod(await request.formData(), { schema: ChatForm, disableAutoCoercion: true });
  const intentOf = (payload: Record<string, unknown>) => (payload.intent === 'identify' || payload.intent === 'confirm' || payload.intent === 'forget' ? payload.intent : 'message');
  const answer = (a: { conversation?: Conversation; codeSent?: string; result: SubmissionResult<string[]> }, init?: ResponseInit) =>
    data<ChatAnswer>({ conversation: null, ...a }, init);
  // A refused form: the problem beside its field (the contract's words, or the API's), a code form kept open.
  const refused = (intent: keyof typeof FIELD, problem: string, status: number) =>
    answer({ ...(intent === 'identify' || intent === 'message' ? {} : { codeSent: ' ' }), result: submission.reply({ fieldErrors: { [FIELD[intent]]: [problem] } }) }, { status });
  if (submission.status !== 'success') {
    const intent = intentOf(submission.payload);
    const problem = Object.values(submission.error ?? {}).flatMap((messages) => messages ?? [])[0];
    return refused(intent, problem ?? FALLBACK[intent], 400);
  }
  const form = submission.value;
  const token = await chatTokenOf(request);
  const chat = publicContractClient(context, chatbotContract);
  const cookie = (value: string) => keepChatToken(request, value);
  const cleared = () => submission.reply({ resetForm: true });
  const apiProblem = (body: unknown) => {
    const { message, fieldErrors } = problemOf(body);
    return fieldErrors[FIELD[form.intent]]?.[0] ?? (message || FALLBACK[form.intent]);
  };

  if (form.intent === 'identify') {
    const result = await chat.identifyChatbotChat({ body: { email: form.email, ...(token ? { token } : {}) } });
    if (result.status !== 200) return refused(form.intent, apiProblem(result.body), result.status);
    const sent = (result.body as { data: { token: string; message: string } }).data;
    return answer({ codeSent: sent.message, result: cleared() }, { headers: await cookie(sent.token) });
  }
  if (form.intent === 'confirm' || form.intent === 'forget') {
    if (!token) return refused(form.intent, 'Ask for a code first.', 400);
    const result =
      form.intent === 'confirm'
        ? await chat.confirmChatbotChat({ body: { token, code: form.code } })
        : await chat.forgetChatbotChat({ body: { token } });
    if (result.status === 200) return answer({ conversation: (result.body as { data: Conversation }).data, result: cleared() });
    return refused(form.intent, apiProblem(result.body), result.status);
  }
  const result = await chat.sendChatbotChat({ body: { message: form.message, ...(token ? { token } : {}) } });
  if (result.status === 200) {
    const conversation = (result.body as { data: Conversation }).data;
    return answer({ conversation, result: cleared() }, { headers: await cookie(conversation.token) });
  }
  return refused(form.intent, apiProblem(result.body), result.status);
}

/** A broadcast's time in the campus time zone, the same on the server and in the browser. */
const when = (iso: string) => formatZonedTime(iso, { withDate: true });

/** The problems of the last form by field (`email`, `code`, `message`). */
type Problems = Readonly<Record<string, string[] | undefined>>;

function Identity({ conversation, codeSent, errors, typedEmail }: { conversation: Conversation; codeSent: string | undefined; errors: Problems; typedEmail: string }) {
  const codeError = errors.code?.[0];
  const emailError = errors.email?.[0];
  if (conversation.subscriber) {
    return (
      <section className="cas-chat-identity" aria-labelledby="identity-title">
        <h2 id="identity-title">Messages for you</h2>
        <p>
          You confirmed you are {conversation.subscriber.name}. Type STOP to stop our broadcasts, START to receive them again.
        </p>
        {conversation.inbox.length > 0 ? (
          <ol className="cas-chat-inbox" aria-labelledby="identity-title">
            {conversation.inbox.map((m, i) => (
              <li key={i}>
                <span className="cas-chat-sender">{m.persona}</span> <time dateTime={m.at}>{when(m.at)}</time>
                <p>{m.body}</p>
              </li>
            ))}
          </ol>
        ) : (
          <p>No messages for you yet.</p>
        )}
        <Form method="post">
          <Button type="submit" name="intent" value="forget" variant="secondary">
            Forget me on this device
          </Button>
        </Form>
      </section>
    );
  }
  return (
    <section className="cas-chat-identity" aria-labelledby="identity-title">
      <h2 id="identity-title">Messages sent to you</h2>
      <p>Confirm who you are to read the messages we sent you and to stop or start them here. We email a code to the address we have for you.</p>
      {codeSent ? (
        <Form method="post" noValidate>
          {codeSent.trim() ? <p role="status">{codeSent}</p> : null}
          <label htmlFor="chat-code">Code from the email</label>
          <div className="cas-chat-row">
            <input
              id="chat-code"
              className="cas-input"
              name="code"
              inputMode="numeric"
              autoComplete="one-time-code"
              maxLength={CHAT_CODE_LENGTH}
              required
              aria-invalid={codeError ? true : undefined}
              aria-describedby={codeError ? 'chat-code-error' : undefined}
            />
            <Button type="submit" name="intent" value="confirm">
              Confirm
            </Button>
          </div>
          {codeError ? (
            <p id="chat-code-error" role="alert" className="cas-error">
              {codeError}
            </p>
          ) : null}
        </Form>
      ) : null}
      <Form method="post" noValidate>
        <label htmlFor="chat-email">Your email address</label>
        <div className="cas-chat-row">
          <input
            id="chat-email"
            className="cas-input"
            name="email"
            type="email"
            autoComplete="email"
            required
            defaultValue={typedEmail}
            aria-invalid={emailError ? true : undefined}
            aria-describedby={emailError ? 'chat-email-error' : undefined}
          />
          <Button type="submit" name="intent" value="identify" variant="secondary">
            Send me a code
          </Button>
        </div>
        {emailError ? (
          <p id="chat-email-error" role="alert" className="cas-error">
            {emailError}
          </p>
        ) : null}
      </Form>
    </section>
  );
}

export default function Chat() {
  const loaded = useLoaderData<typeof loader>();
  const result = useActionData<typeof action>();
  const [chatForm] = useForm({ lastResult: result?.result });
  const errors: Problems = chatForm.allErrors;
  // What was typed in a refused form comes back (a sent message is cleared).
  const typed = (result?.result.initialValue ?? {}) as Record<string, unknown>;
  const typedText = (name: string) => (typeof typed[name] === 'string' ? typed[name] : '');
  const navigation = useNavigation();
  const conversation = result?.conversation ?? loaded.conversation;
  const sending = navigation.state === 'submitting';
  const form = useRef<HTMLFormElement>(null);
  const log = useRef<HTMLOListElement>(null);
  useEffect(() => {
    if (result?.conversation && !result.codeSent) form.current?.reset();
    log.current?.lastElementChild?.scrollIntoView({ block: 'end' });
  }, [result]);
  return (
    <>
      <SiteBanner title={APP_TITLE} />
      <main className="cas-chat">
        <header className="cas-chat-header">
          {conversation.persona.avatarUrl ? <img src={conversation.persona.avatarUrl} alt="" width={40} height={40} /> : <span className="cas-chat-avatar" aria-hidden="true">{conversation.persona.name.slice(0, 1)}</span>}
          <h1>Chat with {conversation.persona.name}</h1>
        </header>
        <ol className="cas-chat-log" ref={log} aria-label="Conversation" aria-live="polite">
          {conversation.persona.greeting ? (
            <li className="cas-chat-bot">
              <span className="cas-chat-sender">{conversation.persona.name}</span> {conversation.persona.greeting}
            </li>
          ) : null}
          {conversation.messages.map((m, i) => (
            <li key={i} className={m.from === 'bot' ? 'cas-chat-bot' : 'cas-chat-visitor'}>
              <span className="cas-chat-sender">{m.from === 'bot' ? conversation.persona.name : 'You'}</span> {m.text}
            </li>
          ))}
        </ol>
        <Form method="post" className="cas-chat-form" ref={form}>
          <label htmlFor="chat-message">Your message</label>
          <div className="cas-chat-row">
            <input
              id="chat-message"
              className="cas-input"
              name="message"
              autoComplete="off"
              required
              maxLength={CHAT_MESSAGE_MAX}
              defaultValue={typedText('message')}
              aria-invalid={errors.message?.[0] ? true : undefined}
              aria-describedby={errors.message?.[0] ? 'chat-error' : 'chat-note'}
            />
            <Button type="submit" isDisabled={sending}>
              Send
            </Button>
          </div>
          {errors.message?.[0] ? (
            <p id="chat-error" role="alert" className="cas-error">
              {errors.message[0]}
            </p>
          ) : null}
          <p id="chat-note" className="cas-chat-note">
            Do not share passwords. Email addresses, phone numbers and ID numbers are removed from what we keep.
          </p>
        </Form>
        <Identity conversation={conversation} codeSent={result?.codeSent} errors={errors} typedEmail={typedText('email')} />
      </main>
    </>
  );
}

export const ErrorBoundary = RouteError;
