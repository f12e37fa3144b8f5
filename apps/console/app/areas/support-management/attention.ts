import type { AttentionNotes } from '../../features/resources/attention-notes';

/** Customer Support Management's notes on the figures its API module reports (`apps/api/src/areas/support-management/attention.ts`). */
export const attention: AttentionNotes = {
  'tickets-breached': {
    hint: 'Answer or re-assign these first: their requesters are already waiting longer than promised.',
    href: '/app/support-management/tickets?sla=breached',
  },
  'tickets-untaken': { hint: 'Take them or assign them to an agent of their team.', href: '/app/support-management/tickets?state=new' },
};
