import type { ReactNode } from 'react';
import { Button } from './Button.js';
import { Icon } from './Icon.js';

export type NoticeTone = 'success' | 'error' | 'warning' | 'info';

export interface NoticeProps {
  tone?: NoticeTone;
  title: ReactNode;
  description?: ReactNode;
  /** With JavaScript, a close button appears and calls this. */
  onDismiss?: () => void;
  className?: string;
}

/**
 * A titled message (spec §5, §8: `Validation Error`, `Success!`, `An error occured`, `No Access`).
 * Errors and warnings are announced at once (`role="alert"`), others politely (`role="status"`).
 */
export function Notice({ tone = 'info', title, description, onDismiss, className }: NoticeProps) {
  const role = tone === 'error' || tone === 'warning' ? 'alert' : 'status';
  return (
    <div role={role} className={['cas-notice', `cas-notice--${tone}`, className].filter(Boolean).join(' ')} data-tone={tone}>
      <div className="cas-notice__body">
        <p className="cas-notice__title">{title}</p>
        {description ? <p className="cas-notice__description">{description}</p> : null}
      </div>
      {onDismiss ? (
        <Button variant="ghost" isIconOnly aria-label="Dismiss" onPress={onDismiss}>
          <Icon name="close" size={16} />
        </Button>
      ) : null}
    </div>
  );
}

/** The standard notices of the spec, word for word. */
export const NOTICES = {
  validation: { tone: 'error', title: 'Validation Error', description: 'Please fillup required fields.' },
  created: { tone: 'success', title: 'Success!', description: 'New record created' },
  updated: { tone: 'success', title: 'Success!', description: 'New record updated' },
  noAccess: {
    tone: 'error',
    title: 'No Access',
    description: 'You have invalid authentication credentials to view the page requested',
  },
} as const satisfies Record<string, { tone: NoticeTone; title: string; description: string }>;

export const GENERAL_FAILURE_TITLE = 'An error occured';
export const GENERAL_FAILURE_DESCRIPTION = 'We cannot process your transaction, please contact the administrator.';

/** `An error occured` with the server's message, else the spec's default description. */
export function failureNotice(serverMessage?: string | null): { tone: 'error'; title: string; description: string } {
  const message = serverMessage?.trim();
  return { tone: 'error', title: GENERAL_FAILURE_TITLE, description: message ? message : GENERAL_FAILURE_DESCRIPTION };
}
