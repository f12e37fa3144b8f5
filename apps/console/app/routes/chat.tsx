import { data, type ActionFunctionArgs, type LoaderFunctionArgs, type MetaFunction } from '@remix-run/node';
import { Form, useActionData, useLoaderData, useNavigation } from '@remix-run/react';
import { useEffect, useRef } from 'react';
import { chatbotContract, CHAT_MESSAGE_MAX, type Conversation } from '@campus/api-contract';
import { RouteError } from '../features/resources/RouteError';
import { publicContractClient } from '../lib/api.server';
import { APP_TITLE } from '../lib/constants';
import { assertSameOrigin } from '../lib/security.server';
import { chatCookie, chatTokenOf } from '../areas/chatbot-management/chat.server';
import '../areas/chatbot-management/chatbot.css';

export const meta: MetaFunction = () => [{ title: `Chat with us · ${APP_TITLE}` }];

const EMPTY: Conversation = { token: '', persona: { name: 'Campus Bot', avatarUrl: null, greeting: '' }, messages: [] };

/** The public web chat: no sign-in; the conversation is kept by a token in an HTTP-only cookie. */
export async function loader({ request, context }: LoaderFunctionArgs) {
  const token = await chatTokenOf(request);
  const result = await publicContractClient(context, chatbotContract).startChatbotChat({ query: token ? { token } : {} });
  return { conversation: result.status === 200 ? (result.body as { data: Conversation }).data : EMPTY };
}

export async function action({ request, context }: ActionFunctionArgs) {
  assertSameOrigin(request);
  const form = await request.formData();
  const message = String(form.get('message') ?? '');
  const token = await chatTokenOf(request);
  const result = await publicContractClient(context, chatbotContract).sendChatbotChat({ body: { message, ...(token ? { token } : {}) } });
  if (result.status === 200) {
    const conversation = (result.body as { data: Conversation }).data;
    return data({ conversation, error: null, message: '' }, { headers: { 'set-cookie': await chatCookie(request).serialize(conversation.token) } });
  }
  const body = result.body as { message?: string; fieldErrors?: Record<string, string[]> };
  const error = body.fieldErrors?.message?.[0] ?? body.message ?? 'We cannot process your message right now.';
  return data({ conversation: null, error, message }, { status: result.status });
}

export default function Chat() {
  const loaded = useLoaderData<typeof loader>();
  const result = useActionData<typeof action>();
  const navigation = useNavigation();
  const conversation = result?.conversation ?? loaded.conversation;
  const sending = navigation.state === 'submitting';
  const form = useRef<HTMLFormElement>(null);
  const log = useRef<HTMLOListElement>(null);
  useEffect(() => {
    if (result?.conversation) form.current?.reset();
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
    </main>
  );
}

export const ErrorBoundary = RouteError;
