import { codedValues, defineLifecycle } from '@campus/domain-core';

/**
 * Academic years and semesters. A term is planned (UPCOMING), opened for enrolment and classes (OPEN), closed
 * when the term ends (CLOSED) — it may be reopened for late corrections — and finally ARCHIVED, read-only.
 */
export const termLifecycle = defineLifecycle({
  values: codedValues([
    ['UPCOMING', 'Upcoming'],
    ['OPEN', 'Open'],
    ['CLOSED', 'Closed'],
    ['ARCHIVED', 'Archived'],
  ] as const),
  initial: 'UPCOMING',
  transitions: {
    UPCOMING: ['OPEN'],
    OPEN: ['CLOSED'],
    CLOSED: ['OPEN', 'ARCHIVED'],
    ARCHIVED: [],
  },
});
export type TermStatus = (typeof termLifecycle.values)[number]['value'];

/**
 * Sections. A section is prepared (DRAFT), OPEN for enrolment, CLOSED to enrolment while classes run (it may be
 * reopened), and COMPLETED once grades are final. A section that does not run is DISSOLVED, from DRAFT or OPEN.
 * COMPLETED and DISSOLVED are final.
 */
export const sectionLifecycle = defineLifecycle({
  values: codedValues([
    ['DRAFT', 'Draft'],
    ['OPEN', 'Open'],
    ['CLOSED', 'Closed'],
    ['COMPLETED', 'Completed'],
    ['DISSOLVED', 'Dissolved'],
  ] as const),
  initial: 'DRAFT',
  transitions: {
    DRAFT: ['OPEN', 'DISSOLVED'],
    OPEN: ['CLOSED', 'DISSOLVED'],
    CLOSED: ['OPEN', 'COMPLETED'],
    COMPLETED: [],
    DISSOLVED: [],
  },
});
export type SectionStatus = (typeof sectionLifecycle.values)[number]['value'];
