import { Form } from '@remix-run/react';
import { responseCategoryOptions } from '@campus/domain-chatbot';
import type { ResponsesPanelData } from './area.server';
import './chatbot.css';

const score = (n: number | null | undefined) => (n === null || n === undefined ? '—' : n.toFixed(2));
const words = (n: number) => `${Math.round(n * 100)} % of the words`;

/** "Try the bot" and the unanswered queue, above the list of responses; both work without JavaScript. */
export function ResponsesPanel({ data }: { data: ResponsesPanelData }) {
  const { tried, unanswered } = data;
  return (
    <>
      <section className="cas-chatbot-panel" aria-labelledby="try-title">
        <h2 id="try-title">Try the bot</h2>
        <Form method="get">
          <label>
            Message
            <input name="try" defaultValue={tried?.message ?? ''} maxLength={1000} required />
          </label>
          <button type="submit" className="cas-button">
            Ask
          </button>
        </Form>
        {tried?.error ? (
          <p role="alert" className="cas-error">
            {tried.error}
          </p>
        ) : null}
        {tried?.result ? (
          <dl aria-label="What the bot answers" data-testid="try-result">
            <dt>Match</dt>
            <dd>{tried.result.match ? `${tried.result.match.title} (score ${score(tried.result.match.score)}, ${words(tried.result.match.coverage)})` : `None with a score of at least ${score(tried.result.threshold)} and half of the words: the fallback is sent`}</dd>
            <dt>Best</dt>
            <dd>{tried.result.best ? `${tried.result.best.title} (score ${score(tried.result.best.score)}, ${words(tried.result.best.coverage)})` : '—'}</dd>
            <dt>Runner-up</dt>
            <dd>{tried.result.runnerUp ? `${tried.result.runnerUp.title} (score ${score(tried.result.runnerUp.score)})` : '—'}</dd>
            <dt>Reply{tried.result.persona ? ` as ${tried.result.persona}` : ''}</dt>
            <dd>{tried.result.reply}</dd>
          </dl>
        ) : null}
      </section>
      <section className="cas-chatbot-panel" aria-labelledby="unanswered-title">
        <h2 id="unanswered-title">Unanswered questions ({unanswered.length})</h2>
        {unanswered.length === 0 ? <p>Every question asked so far had an answer.</p> : null}
        <ul className="cas-chatbot-queue">
          {unanswered.map((q) => (
            <li key={q._id}>
              <strong>{q.question}</strong> — asked {q.count} {q.count === 1 ? 'time' : 'times'}
              {q.bestTitle ? `; closest: ${q.bestTitle} (score ${score(q.bestScore)})` : ''}
              <details>
                <summary>Answer it</summary>
                <Form method="post" action={`/app/chatbot-management/unanswered/${q._id}`}>
                  <input type="hidden" name="intent" value="answer" />
                  <label>
                    Title (required)
                    <input name="title" required maxLength={150} defaultValue={q.question.slice(0, 150)} />
                  </label>
                  <label>
                    Category (required)
                    <select name="category" required defaultValue="GENERAL">
                      {responseCategoryOptions.map((o) => (
                        <option key={o.value} value={o.value}>
                          {o.label}
                        </option>
                      ))}
                    </select>
                  </label>
                  <label>
                    Answer (required)
                    <textarea name="answer" required maxLength={5000} rows={3} />
                  </label>
                  <label>
                    More ways to ask (one a line)
                    <textarea name="questions" maxLength={4000} rows={2} />
                  </label>
                  <button type="submit" className="cas-button">
                    Create response
                  </button>
                </Form>
              </details>
              <Form method="post" action={`/app/chatbot-management/unanswered/${q._id}`}>
                <input type="hidden" name="intent" value="dismiss" />
                <button type="submit" className="cas-button cas-button--secondary" aria-label={`Dismiss “${q.question}”`}>
                  Dismiss
                </button>
              </Form>
            </li>
          ))}
        </ul>
      </section>
    </>
  );
}
