import type { ReactNode } from 'react';
import { Avatar } from './Avatar.js';

export interface PersonNameProps {
  readonly firstName: string;
  readonly lastName: string;
  /** Picture URL; initials when missing. */
  readonly src?: string | null;
  /** A second line: role, email, office. */
  readonly detail?: ReactNode;
  readonly size?: 'small' | 'medium';
}

/** A person as their avatar and name (and a second line): the name is the text, the avatar only decorates it. */
export function PersonName({ firstName, lastName, src, detail, size = 'medium' }: PersonNameProps) {
  const name = `${firstName} ${lastName}`.trim();
  return (
    <span className="cas-person" data-size={size}>
      <span aria-hidden="true" className="cas-person__avatar">
        <Avatar firstName={firstName} lastName={lastName} src={src} size={size === 'small' ? 24 : 36} />
      </span>
      <span className="cas-person__text">
        <span className="cas-person__name">{name}</span>
        {detail ? <span className="cas-person__detail">{detail}</span> : null}
      </span>
    </span>
  );
}
