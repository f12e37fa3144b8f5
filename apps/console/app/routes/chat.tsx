import { data, type ActionFunctionArgs, type LoaderFunctionArgs, type MetaFunction } from '@remix-run/node';
import { Form, useActionData, useLoaderData, useNavigation } from '@remix-run/react';
import { useEffect, useRef } from 'react';
import { chatbotContract, CHAT_CODE_LENGTH, CHAT_MESSAGE_MAX, type Conversation } from '@campus/api-contract';
import { RouteError } from '../features/resources/RouteError';
import { publicContractClient } from '../lib/api.server';
import { APP_TITLE } from '../lib/constants';
import { assertSameOrigin } from '../lib/security.server';
import { chatTokenOf, keepChatToken } from '../areas/chatbot-management/chat.server';
import '../areas/chatbot-management/chatbot.css';

/** Anyone may open this page without signing in. */
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

type ChatAnswer = {
  conversation: Conversation | null;
  error: string | null;
  message: string;
  /** After "Send me a code": what the API said (the same whether or not the address is known). */
  codeSent?: string;
  emailError?: string;
  codeError?: string;
};

const problemOf = (body: unknown, field: string, fallback: string) => {
  const b = body as { message?: string; fieldErrors?: Record<string, string[]> };
  return b.fieldErrors?.[field]?.[0] ?? b.message ?? fallback;
};

export async function action({ request, context }: ActionFunctionArgs) {
  assertSameOrigin(request);
  const form = await request.formData();
  const intent = String(form.get('intent') ?? 'message');
  const token = await chatTokenOf(request);
  const chat = publicContractClient(context, chatbotContract);
  const cookie = (value: string) => keepChatToken(request, value);
  const answer = (a: Partial<ChatAnswer>, init?: ResponseInit) => data<ChatAnswer>({ conversation: null, error: null, message: '', ...a }, init);

  if (intent === 'identify') {
    const result = await chat.identifyChatbotChat({ body: { email: String(form.get('email') ?? ''), ...(token ? { token } : {}) } });
    if (result.status !== 200) return answer({ emailError: problemOf(result.body, 'email', 'We cannot send a code right now.') }, { status: result.status });
    const sent = (result.body as { data: { token: string; message: string } }).data;
    return answer({ codeSent: sent.message }, { headers: await cookie(sent.token) });
  }
  if (intent === 'confirm' || intent === 'forget') {
    if (!token) return answer({ codeError: 'Ask for a code first.' }, { status: 400 });
    const result =
      intent === 'confirm'
        ? await chat.confirmChatbotChat({ body: { token, code: String(form.get('code') ?? '') } })
        : await chat.forgetChatbotChat({ body: { token } });
    if (result.status === 200) return answer({ conversation: (result.body as { data: Conversation }).data });
    return answer({ codeSent: ' ', codeError: problemOf(result.body, 'code', 'We cannot confirm the code right now.') }, { status: result.status });
  }

  const message = String(form.get('message') ?? '');
  const result = await chat.sendChatbotChat({ body: { message, ...(token ? { token } : {}) } });
  if (result.status === 200) {
    const conversation = (result.body as { data: Conversation }).data;
    return answer({ conversation }, { headers: await cookie(conversation.token) });
  }
  return answer({ error: problemOf(result.body, 'message', 'We cannot process your message right now.'), message }, { status: result.status });
}

/** A broadcast's time in the campus time zone, the same on the server and in the browser. */
const when = (iso: string) =>
  new Intl.DateTimeFormat('en-PH', { timeZone: 'Asia/Manila', dateStyle: 'medium', timeStyle: 'short' }).format(new Date(iso));

function Identity({ conversation, result }: { conversation: Conversation; result: ChatAnswer | undefined }) {
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
          <button type="submit" name="intent" value="forget" className="cas-button cas-button--secondary">
            Forget me on this device
          </button>
        </Form>
      </section>
    );
  }
  return (
    <section className="cas-chat-identity" aria-labelledby="identity-title">
      <h2 id="identity-title">Messages sent to you</h2>
      <p>Confirm who you are to read the messages we sent you and to stop or start them here. We email a code to the address we have for you.</p>
      {result?.codeSent ? (
        <Form method="post" noValidate>
          {result.codeSent.trim() ? <p role="status">{result.codeSent}</p> : null}
          <label htmlFor="chat-code">Code from the email</label>
          <div className="cas-chat-row">
            <input
              id="chat-code"
              name="code"
              inputMode="numeric"
              autoComplete="one-time-code"
              maxLength={CHAT_CODE_LENGTH}
              required
              aria-invalid={result.codeError ? true : undefined}
              aria-describedby={result.codeError ? 'chat-code-error' : undefined}
            />
            <button type="submit" name="intent" value="confirm" className="cas-button">
              Confirm
            </button>
          </div>
          {result.codeError ? (
            <p id="chat-code-error" role="alert" className="cas-error">
              {result.codeError}
            </p>
          ) : null}
        </Form>
      ) : null}
      <Form method="post" noValidate>
        <label htmlFor="chat-email">Your email address</label>
        <div className="cas-chat-row">
          <input
            id="chat-email"
            name="email"
            type="email"
            autoComplete="email"
            required
            aria-invalid={result?.emailError ? true : undefined}
            aria-describedby={result?.emailError ? 'chat-email-error' : undefined}
          />
          <button type="submit" name="intent" value="identify" className="cas-button cas-button--secondary">
            Send me a code
          </button>
        </div>
        {result?.emailError ? (
          <p id="chat-email-error" role="alert" className="cas-error">
            {result.emailError}
          </p>
        ) : null}
      </Form>
    </section>
  );
}

export default function Chat() {
  const loaded = useLoaderData<typeof loader>();
  const result = useActionData<typeof action>() as ChatAnswer | undefined;
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
            name="message"
            autoComplete="off"
            required
            maxLength={CHAT_MESSAGE_MAX}
            defaultValue={result?.message ?? ''}
            aria-invalid={result?.error ? true : undefined}
            aria-describedby={result?.error ? 'chat-error' : 'chat-note'}
          />
          <button type="submit" className="cas-button" disabled={sending}>
            Send
          </button>
        </div>
        {result?.error ? (
          <p id="chat-error" role="alert" className="cas-error">
            {result.error}
          </p>
        ) : null}
        <p id="chat-note" className="cas-chat-note">
          Do not share passwords. Email addresses, phone numbers and ID numbers are removed from what we keep.
        </p>
      </Form>
      <Identity conversation={conversation} result={result} />
    </main>
  );
}

export const ErrorBoundary = RouteError;
