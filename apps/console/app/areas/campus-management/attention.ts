import type { AttentionNotes } from '../../features/resources/attention-notes';

/** Campus Management's notes on the figures its API module reports (`apps/api/src/areas/campus-management/attention.ts`). */
export const attention: AttentionNotes = {
  'sections-unstaffed': { hint: 'Open each section and choose its instructor and room before classes start.' },
  'enrolments-draft': { hint: 'Drafts are not yet official: review and confirm them before grades are encoded.' },
};
