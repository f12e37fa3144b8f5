import { Notice } from '@campus/ui';
import type { NoticeData } from './NoticeArea';

/** A notice shown at the top of a form after a rejected submission. */
export function FormNotice({ notice }: { notice: NoticeData | null | undefined }) {
  return notice ? <Notice {...notice} /> : null;
}
