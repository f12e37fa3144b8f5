import type { OutboxMessage } from '@campus/api-contract';
import { KeyValueList } from '@campus/ui';
import { formatDateTime } from './format';

/**
 * One kept message: who it was for, when, its headers and its text (long addresses and links wrap on a phone). The HTML version is shown as source, never
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
        <KeyValueList
          aria-label="Envelope"
          items={[
            { label: 'To', value: message.to },
            { label: 'Kept at', value: formatDateTime(message.createdAt) },
            ...Object.entries(message.headers ?? {}).map(([name, value]) => ({ label: name, value })),
          ]}
        />
        <h2 style={{ fontSize: '1rem' }}>Text</h2>
        <pre style={{ whiteSpace: 'pre-wrap', overflowWrap: 'anywhere' }}>{message.text}</pre>
        {message.html ? (
          <>
            <h2 style={{ fontSize: '1rem' }}>HTML source</h2>
            <pre style={{ whiteSpace: 'pre-wrap', overflowWrap: 'anywhere' }}>{message.html}</pre>
          </>
        ) : null}
      </section>
    </>
  );
}
