import type { MetaFunction } from '@remix-run/node';
import { APP_TITLE } from '../../lib/constants';
import '../../features/resources/resources.css';
import './analytics.css';

export const meta: MetaFunction = () => [{ title: `Chatbot report · ${APP_TITLE}` }];

/** The Chatbot report needs the Chatbot area's conversations and broadcasts; until they are recorded it says so. */
export default function ChatbotReportRoute() {
  return (
    <>
      <h1 className="cas-page-title">Chatbot</h1>
      <section className="cas-panel" aria-labelledby="chatbot-empty">
        <h2 id="chatbot-empty">No chatbot data yet</h2>
        <p>
          Conversations, answered and unanswered questions, broadcasts and subscribers appear here once the Chatbot records them.
        </p>
      </section>
    </>
  );
}
