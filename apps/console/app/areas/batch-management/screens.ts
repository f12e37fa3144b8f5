import type { AreaScreen } from '../types';

/** Batch Management's screens (spec §2: tabs/batch, tabs/batch-jobs, tabs/batch-view), and its own index. */
export const screens: readonly AreaScreen[] = [
  { path: '', index: true, file: 'areas/batch-management/routes/index.route.tsx' },
  { path: 'tabs/batch', file: 'areas/batch-management/routes/tabs-batch.route.tsx' },
  { path: 'tabs/batch-jobs', file: 'areas/batch-management/routes/tabs-batch-jobs.route.tsx' },
  { path: 'tabs/batch-view', file: 'areas/batch-management/routes/tabs-batch-view.route.tsx' },
  { path: 'tabs/batch-view/file', file: 'areas/batch-management/routes/tabs-batch-view-file.route.tsx' },
];
