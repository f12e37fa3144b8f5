import { Form } from '@remix-run/react';
import { responseCategoryOptions } from '@campus/domain-chatbot';
import { formatCount } from '@campus/formatters';
import { buttonClassName, EmptyState, FormField, Icon, KeyValueList, LinkTabs, Select, TextField } from '@campus/ui';
import type { ResponsesPanelData } from './area.server';
import { RESPONSES_PATH, UNANSWERED_PATH, type ResponsesView } from './responses-views';
import './chatbot.css';

const score = (n: number | null | undefined) => (n === null || n === undefined ? '—' : n.toFixed(2));
const words = (n: number) => `${Math.round(n * 100)} % of the words`;
const times = (n: number) => `${formatCount(n)} ${n === 1 ? 'time' : 'times'}`;


const TRY_PATH = `${RESPONSES_PATH}?view=try`;
const VIEW_HREFS: Readonly<Record<ResponsesView, string>> = { bank: RESPONSES_PATH, unanswered: UNANSWERED_PATH, try: TRY_PATH };

/** The answer bank stands in the list itself; the other tabs take its place. */
export const isResponsesListReplaced = (data: ResponsesPanelData) => data.view !== 'bank';

/**
 * The responses screen's tabs, links that work without JavaScript: the answer bank (the list below, with its search),
 * the unanswered questions with compact actions, and "Try the bot" as a chat preview.
 */
export function ResponsesPanel({ data }: { data: ResponsesPanelData }) {
  const { view, unanswered } = data;
  return (
    <>
      <LinkTabs
        label="Responses views"
        current={VIEW_HREFS[view]}
        tabs={[
          { href: RESPONSES_PATH, label: 'Answer bank' },
          { href: UNANSWERED_PATH, label: 'Unanswered', count: unanswered.length },
          { href: TRY_PATH, label: 'Try the bot' },
        ]}
      />
      {view === 'unanswered' ? <UnansweredQueue unanswered={unanswered} /> : null}
      {view === 'try' ? <TryTheBot tried={data.tried} /> : null}
    </>
  );
}

/** The questions the bot could not answer, most asked first; each one answered (a new response) or dismissed. */
function UnansweredQueue({ unanswered }: { unanswered: ResponsesPanelData['unanswered'] }) {
  return (
    <section className="cas-unanswered" aria-labelledby="unanswered-title">
      <h2 id="unanswered-title" className="cas-visually-hidden">
        Unanswered questions ({unanswered.length})
      </h2>
      {unanswered.length === 0 ? (
        <EmptyState headingLevel={3} title="No unanswered questions" description="Every question asked so far had an answer. Questions the bot cannot answer wait here." />
      ) : (
        <ul className="cas-unanswered__list">
          {unanswered.map((q) => (
            <li key={q._id} className="cas-unanswered__item">
              <div className="cas-unanswered__text">
                <strong>{q.question}</strong>
                <span className="cas-unanswered__meta">
                  Asked {times(q.count)}
                  {q.bestTitle ? ` · closest: ${q.bestTitle} (score ${score(q.bestScore)})` : ''}
                </span>
              </div>
              <details className="cas-unanswered__answer">
                <summary className={buttonClassName('secondary', false, 'cas-unanswered__open')}>Answer it</summary>
                <Form method="post" action={`/app/chatbot-management/unanswered/${q._id}`} className="cas-unanswered__form" aria-label={`Answer “${q.question}”`}>
                  <input type="hidden" name="intent" value="answer" />
                  <TextField label="Title" name="title" isRequired maxLength={150} defaultValue={q.question.slice(0, 150)} />
                  <Select label="Category" name="category" isRequired defaultValue="GENERAL" options={responseCategoryOptions} />
                  <FormField label="Answer" isRequired className="cas-unanswered__wide">
                    {(control) => <textarea {...control} className="cas-input" name="answer" required maxLength={5000} rows={3} />}
                  </FormField>
                  <FormField label="More ways to ask" description="One a line." className="cas-unanswered__wide">
                    {(control) => <textarea {...control} className="cas-input" name="questions" maxLength={4000} rows={2} />}
                  </FormField>
                  <button type="submit" className={buttonClassName('primary')}>
                    Create response
                  </button>
                </Form>
              </details>
              <Form method="post" action={`/app/chatbot-management/unanswered/${q._id}`} className="cas-unanswered__dismiss">
                <input type="hidden" name="intent" value="dismiss" />
                <button type="submit" className={buttonClassName('ghost', true)} aria-label={`Dismiss “${q.question}”`} title="Dismiss">
                  <Icon name="close" size={16} />
                </button>
              </Form>
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}

/** A message asked as a visitor would, the bot's reply as a chat, and why it chose that reply. */
function TryTheBot({ tried }: { tried: ResponsesPanelData['tried'] }) {
  const result = tried?.result ?? null;
  return (
    <section className="cas-try" aria-labelledby="try-title">
      <h2 id="try-title">Try the bot</h2>
      <p className="cas-try__note">Ask as a visitor would: the bot answers with the response it would choose, and says why.</p>
      {tried && result ? (
        <>
          <ol className="cas-chat-log cas-try__log" aria-label="Preview conversation">
            <li className="cas-chat-visitor">
              <span className="cas-chat-sender">You</span>
              {tried.message}
            </li>
            <li className="cas-chat-bot">
              <span className="cas-chat-sender">{result.persona ?? 'The bot'}</span>
              {result.reply}
            </li>
          </ol>
          <div data-testid="try-result">
            <KeyValueList
              aria-label="What the bot answers"
              items={[
                {
                  label: 'Match',
                  value: result.match
                    ? `${result.match.title} (score ${score(result.match.score)}, ${words(result.match.coverage)})`
                    : `None with a score of at least ${score(result.threshold)} and half of the words: the fallback is sent`,
                },
                { label: 'Best', value: result.best ? `${result.best.title} (score ${score(result.best.score)}, ${words(result.best.coverage)})` : null },
                { label: 'Runner-up', value: result.runnerUp ? `${result.runnerUp.title} (score ${score(result.runnerUp.score)})` : null },
              ]}
            />
          </div>
        </>
      ) : null}
      <Form method="get" className="cas-try__ask">
        <input type="hidden" name="view" value="try" />
        <TextField
          label="Message"
          name="try"
          defaultValue={tried?.message ?? ''}
          maxLength={1000}
          isRequired
          error={tried?.error ?? undefined}
          placeholder="Where do I get a parking sticker?"
        />
        <button type="submit" className={buttonClassName('primary')}>
          Ask
        </button>
      </Form>
    </section>
  );
}
