import type { AreaScreen } from '../types';

/** Analytics and Reports: the report pages, the audit-trail viewer and the exports of their charts. */
export const screens: readonly AreaScreen[] = [
  { path: 'chatbot', file: 'areas/analytics/chatbot.route.tsx' },
  { path: 'support', file: 'areas/analytics/support.route.tsx' },
  { path: 'tickets', file: 'areas/analytics/tickets.route.tsx' },
  { path: 'audit-trails', file: 'areas/analytics/audit-trails.route.tsx' },
  { path: 'audit-trails/export.csv', file: 'areas/analytics/audit-export.route.ts' },
  { path: 'audit-trails/:id', file: 'areas/analytics/audit-entry.route.tsx' },
  { path: 'export', file: 'areas/analytics/export.route.ts' },
];
