import type { AreaScreen } from '../types';

/** Access Management's own screens beside the generic resource screens. */
export const screens: readonly AreaScreen[] = [
  { path: 'outbox', file: 'areas/access-management/routes/outbox.route.tsx' },
  { path: 'outbox/:id', file: 'areas/access-management/routes/outbox-message.route.tsx' },
];
