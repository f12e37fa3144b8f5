import { DEFAULT_TIME_ZONE, formatZonedTime, toDate, type DateInput } from '@campus/formatters';
import { useId, type ReactNode } from 'react';
import { PersonName } from './PersonName.js';
import { StatusPill } from './StatusPill.js';

export interface ThreadPerson {
  readonly firstName: string;
  readonly lastName: string;
  readonly src?: string | null;
}

export interface ThreadItem {
  readonly id: string;
  /** `message`: written to or by the requester; `note`: internal, staff only; `event`: something that happened. */
  readonly kind: 'message' | 'note' | 'event';
  readonly at: DateInput;
  readonly author?: ThreadPerson;
  /** A word after the author ("Requester", "Agent"). */
  readonly role?: string;
  /** Messages from the organisation sit on the other side of the thread. */
  readonly isOutgoing?: boolean;
  readonly body: ReactNode;
}

export interface ThreadProps {
  /** Names the list for assistive technology ("Conversation"). */
  readonly label: string;
  readonly items: readonly ThreadItem[];
  readonly timeZone?: string;
  /** What the thread says when it has nothing yet. */
  readonly emptyText?: ReactNode;
}

function When({ at, timeZone }: { readonly at: DateInput; readonly timeZone: string }) {
  const parsed = toDate(at);
  if (!parsed) return null;
  return (
    <time className="cas-thread__time" dateTime={parsed.date.toISOString()}>
      {formatZonedTime(parsed.date, { timeZone, withDate: true })}
    </time>
  );
}

function Entry({ item, timeZone }: { readonly item: ThreadItem; readonly timeZone: string }) {
  const headId = useId();
  if (item.kind === 'event') {
    return (
      <li className="cas-thread__item" data-kind="event">
        <span className="cas-thread__dot" aria-hidden="true" />
        <p className="cas-thread__event">
          {item.body}
          {item.author ? ` — ${item.author.firstName} ${item.author.lastName}` : null}{' '}
          <When at={item.at} timeZone={timeZone} />
        </p>
      </li>
    );
  }
  return (
    <li className="cas-thread__item" data-kind={item.kind} data-outgoing={item.isOutgoing || undefined}>
      <article className="cas-thread__card" aria-labelledby={headId}>
        <div className="cas-thread__head" id={headId}>
          {item.author ? (
            <PersonName
              firstName={item.author.firstName}
              lastName={item.author.lastName}
              src={item.author.src}
              size="small"
              detail={item.role}
            />
          ) : null}
          {item.kind === 'note' ? <StatusPill tone="warning">Internal note</StatusPill> : null}
          <When at={item.at} timeZone={timeZone} />
        </div>
        <div className="cas-thread__body">{item.body}</div>
      </article>
    </li>
  );
}

/**
 * A conversation or history as a timeline: messages as cards (the organisation's on the right on wide screens),
 * internal notes in amber marked "Internal note", events as one-line entries on the rail. Oldest first.
 */
export function Thread({
  label,
  items,
  timeZone = DEFAULT_TIME_ZONE,
  emptyText = 'Nothing here yet.',
}: ThreadProps) {
  if (items.length === 0) return <p className="cas-thread__empty">{emptyText}</p>;
  return (
    <ol className="cas-thread" aria-label={label}>
      {items.map((item) => (
        <Entry key={item.id} item={item} timeZone={timeZone} />
      ))}
    </ol>
  );
}
