import { sql } from 'drizzle-orm';
import { nowSql, type AttentionDefinition } from '../../platform/area-summary.js';

/** What the Access Management index asks an administrator to look at. */
export const accessAttention: readonly AttentionDefinition[] = [
  {
    key: 'users-temporary-password',
    label: 'Users who must change their temporary password',
    resource: 'users',
    table: 'users',
    where: () => sql`t.must_change_password and t.is_active`,
  },
  {
    key: 'users-locked',
    label: 'Locked accounts',
    resource: 'users',
    table: 'users',
    where: (context) => sql`t.locked_until > ${nowSql(context)}`,
  },
];
