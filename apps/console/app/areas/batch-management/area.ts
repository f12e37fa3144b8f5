import type { AreaManifest } from '../types';
import { BATCH_LIST } from './paths';

/** Batch Management's screens (spec §2: tabs/batch, tabs/batch-jobs, tabs/batch-view), and its own index. */
export const area: AreaManifest = {
  application: {
    code: 'BATCH',
    name: 'Batch Management',
    description: 'Batch jobs, their schedules and their runs.',
    order: 8,
    // Anyone may start a batch over a list they can see, and follow it: their own batches and jobs.
    ownPages: ['tabs/batch', 'tabs/batch-jobs', 'tabs/batch-view'],
  },
  icon: 'layers',
  screens: [
    { path: '', index: true, file: 'routes/index.route.tsx' },
    { path: 'tabs/batch', file: 'routes/tabs-batch.route.tsx', label: 'Batch' },
    { path: 'tabs/batch-jobs', file: 'routes/tabs-batch-jobs.route.tsx', label: 'Batch Jobs' },
    { path: 'tabs/batch-view', file: 'routes/tabs-batch-view.route.tsx', label: 'Batch View' },
    { path: 'tabs/batch-view/file', file: 'routes/tabs-batch-view-file.route.tsx' },
  ],
  attention: {
    'batches-failed': {
      hint: 'Open a batch to read its failed jobs and their logs, then retry them or start it again.',
      href: `${BATCH_LIST}?state=failed`,
    },
  },
};
