import { sql } from 'drizzle-orm';
import type { AttentionDefinition } from '../../platform/area-summary.js';

/** What the Customer Support Management index asks the help desk to look at. */
export const supportAttention: readonly AttentionDefinition[] = [
  {
    key: 'tickets-breached',
    label: 'Open tickets past their SLA',
    table: 'support_tickets',
    where: () => sql`t.sla_status = 'breached' and t.state in ('new', 'open', 'pending')`,
  },
  {
    key: 'tickets-untaken',
    label: 'New tickets nobody has taken',
    table: 'support_tickets',
    where: () => sql`t.state = 'new' and t.assignee_id is null`,
  },
];
