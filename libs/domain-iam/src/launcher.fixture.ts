import { registerApplications, type ApplicationInfo } from '@campus/domain-core';

/**
 * The launcher of spec §1 as the area manifests declare it, for this library's tests (the apps register theirs from
 * their area folders at start).
 */
export const SPEC_APPLICATIONS: readonly ApplicationInfo[] = [
  { code: 'IAM', name: 'Identity and Access Management', segment: 'access-management' },
  { code: 'CAMPUS', name: 'Campus Management', segment: 'campus-management' },
  { code: 'CHATBOT', name: 'Campus Chatbot Management', segment: 'chatbot-management' },
  { code: 'SUPPORT', name: 'Customer Support Management', segment: 'support-management' },
  { code: 'FRS', name: 'Facial Recognition Management', segment: 'frs-management' },
  { code: 'DATA', name: 'Data Migration Management', segment: 'migrations' },
  { code: 'REPORTS', name: 'Analytics and Reports', segment: 'analytics' },
  { code: 'BATCH', name: 'Batch Management', segment: 'batch-management', ownPages: ['tabs/batch', 'tabs/batch-jobs', 'tabs/batch-view'] },
].map((a, i) => ({ ...a, code: a.code as Uppercase<string>, description: `${a.name}: its records and screens.`, order: i + 1 }));

registerApplications(SPEC_APPLICATIONS);
