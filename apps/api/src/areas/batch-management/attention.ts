import { sql } from 'drizzle-orm';
import type { AttentionDefinition } from '../../platform/area-summary.js';

/**
 * What the Batch Management index asks an administrator to look at: batches that ended with failed jobs. Retrying
 * a batch's failed jobs puts it back to running, so it leaves the figure; the list filtered by state shows them.
 */
export const batchAttention: readonly AttentionDefinition[] = [
  {
    key: 'batches-failed',
    label: 'Failed batches',
    table: 'batches',
    where: () => sql`t.state = 'failed'`,
  },
];
