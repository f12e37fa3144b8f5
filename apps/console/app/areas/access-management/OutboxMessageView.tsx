import type { OutboxMessage } from '@campus/api-contract';
import { formatDateTime } from './format';

/**
 * One kept message: who it was for, when, its headers and its text. The HTML version is shown as source, never
 * rendered: it is mail content, not part of the console.
 */
export function OutboxMessageView({ message }: { message: OutboxMessage }) {
  return (
    <>
      <p>
        <a href="/app/access-management/outbox">Back to the outbox</a>
      </p>
      <h1 className="cas-page-title">{message.subject}</h1>
      <section className="cas-panel" aria-label="Message">
        <dl>
          <dt>To</dt>
          <dd>{message.to}</dd>
          <dt>Kept at</dt>
          <dd>{formatDateTime(message.createdAt)}</dd>
          {Object.entries(message.headers ?? {}).map(([name, value]) => (
            <div key={name}>
              <dt>{name}</dt>
              <dd>{value}</dd>
            </div>
          ))}
        </dl>
        <h2 style={{ fontSize: '1rem' }}>Text</h2>
        <pre style={{ whiteSpace: 'pre-wrap' }}>{message.text}</pre>
        {message.html ? (
          <>
            <h2 style={{ fontSize: '1rem' }}>HTML source</h2>
            <pre style={{ whiteSpace: 'pre-wrap' }}>{message.html}</pre>
          </>
        ) : null}
      </section>
    </>
  );
}
