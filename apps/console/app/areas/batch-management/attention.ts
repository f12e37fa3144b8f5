import type { AttentionNotes } from '../../features/resources/attention-notes';
import { BATCH_LIST } from './paths';

/** Batch Management's notes on the figures its API module reports (`apps/api/src/areas/batch-management/attention.ts`). */
export const attention: AttentionNotes = {
  'batches-failed': {
    hint: 'Open a batch to read its failed jobs and their logs, then retry them or start it again.',
    href: `${BATCH_LIST}?state=failed`,
  },
};
