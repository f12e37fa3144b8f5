import { Notice, useIsHydrated, type NoticeTone } from '@campus/ui';
import { useEffect, useState } from 'react';

export interface NoticeData {
  tone: NoticeTone;
  title: string;
  description?: string;
}

/** Shows the flash notice of the last redirect (spec §5, §8); closable once JavaScript runs. */
export function NoticeArea({ notice }: { notice: NoticeData | null }) {
  const [shown, setShown] = useState(notice);
  const isHydrated = useIsHydrated();
  useEffect(() => setShown(notice), [notice]);
  if (!shown) return null;
  return (
    <div className="cas-notice-region">
      <Notice {...shown} onDismiss={isHydrated ? () => setShown(null) : undefined} />
    </div>
  );
}
