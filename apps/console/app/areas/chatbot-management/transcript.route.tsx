import type { LoaderFunctionArgs, MetaFunction } from '@remix-run/node';
import { Link, useLoaderData } from '@remix-run/react';
import { RouteError } from '../../features/resources/RouteError';
import { APP_TITLE } from '../../lib/constants';
import { chatbotContract } from '@campus/api-contract';
import { answerOf } from '../../lib/answers.server';
import { signedIn } from '../../lib/request.server';
import type { TranscriptRow } from './logs.server';
import './chatbot.css';
import { when } from './broadcast-labels';

export const meta: MetaFunction = () => [{ title: `Transcript · ${APP_TITLE}` }];

interface Transcript extends TranscriptRow {
  messages: { from: 'visitor' | 'bot'; text: string; at: string; matched: boolean | null; score: number | null }[];
}

export async function loader({ request, params }: LoaderFunctionArgs) {
  const api = (await signedIn(request)).client(chatbotContract);
  const { data }: { data: Transcript } = answerOf(await api.getChatbotTranscript({ params: { id: params.id ?? '' } }), 200);
  return data;
}



/** One conversation as stored: personal data redacted, profanity masked; each reply says whether a response matched. */
export default function TranscriptRoute() {
  const t = useLoaderData<typeof loader>();
  const persona = t.persona ?? 'Bot';
  return (
    <>
      <p>
        <Link to="..">Chat Audit Logs</Link>
      </p>
      <h1 className="cas-page-title">Conversation of {when(t.startedAt)}</h1>
      <ol className="cas-chat-log" aria-label="Transcript">
        {t.messages.map((m, i) => (
          <li key={i} className={m.from === 'bot' ? 'cas-chat-bot' : 'cas-chat-visitor'}>
            <span className="cas-chat-sender">
              {m.from === 'bot' ? persona : 'Visitor'} · {when(m.at)}
              {m.from === 'bot' ? (m.matched ? ` · matched (score ${m.score?.toFixed(2) ?? '—'})` : ' · fallback (unanswered)') : ''}
            </span>
            {m.text}
          </li>
        ))}
      </ol>
    </>
  );
}

export const ErrorBoundary = RouteError;
