import type { AttentionNotes } from '../../features/resources/attention-notes';

/** Campus Chatbot Management's notes on the figures its API module reports (`apps/api/src/areas/chatbot-management/attention.ts`). */
export const attention: AttentionNotes = {
  'broadcasts-awaiting-approval': {
    href: '/app/chatbot-management/broadcasts?status=AWAITING_APPROVAL',
    hint: 'Another administrator than the author approves a broadcast before it sends.',
  },
};
