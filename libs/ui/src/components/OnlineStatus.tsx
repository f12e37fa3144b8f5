import { useEffect, useState } from 'react';

/** Tracks the browser's online/offline state (spec §4); assumes online on the server. */
export function useOnlineStatus(): boolean {
  const [isOnline, setOnline] = useState(true);
  useEffect(() => {
    const update = () => setOnline(navigator.onLine);
    update();
    window.addEventListener('online', update);
    window.addEventListener('offline', update);
    return () => {
      window.removeEventListener('online', update);
      window.removeEventListener('offline', update);
    };
  }, []);
  return isOnline;
}

export interface OnlineStatusProps {
  /** Override the tracked state (stories and tests). */
  isOnline?: boolean;
}

/** A small indicator: Online / Offline, announced politely when it changes. */
export function OnlineStatus({ isOnline }: OnlineStatusProps) {
  const tracked = useOnlineStatus();
  const online = isOnline ?? tracked;
  return (
    <span className="cas-online" data-online={String(online)} role="status">
      <span className="cas-online__text">{online ? 'Online' : 'Offline'}</span>
    </span>
  );
}
