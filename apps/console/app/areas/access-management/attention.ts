import type { AttentionNotes } from '../../features/resources/attention-notes';

/** Access Management's notes on the figures its API module reports (`apps/api/src/areas/access-management/attention.ts`). */
export const attention: AttentionNotes = {
  'users-temporary-password': { hint: 'They can only change their password until they sign in and replace it.' },
  'users-locked': { hint: 'Repeated failed sign-ins lock an account for a while; it unlocks by itself.' },
};
