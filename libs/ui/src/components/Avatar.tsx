import { initials } from '@campus/formatters';
import { useState, type CSSProperties } from 'react';

export interface AvatarProps {
  firstName: string;
  lastName: string;
  /** Picture URL; when missing or failing to load, the initials show instead. */
  src?: string | null;
  size?: number;
}

export function Avatar({ firstName, lastName, src, size = 40 }: AvatarProps) {
  const [hasFailed, setFailed] = useState(false);
  const name = `${firstName} ${lastName}`.trim();
  const style = { '--cas-avatar-size': `${size}px` } as CSSProperties;
  if (src && !hasFailed) {
    return (
      <span className="cas-avatar" style={style}>
        <img src={src} alt={name} width={size} height={size} onError={() => setFailed(true)} />
      </span>
    );
  }
  return (
    <span className="cas-avatar" style={style} role="img" aria-label={name}>
      <span aria-hidden="true">{initials(firstName, lastName)}</span>
    </span>
  );
}
