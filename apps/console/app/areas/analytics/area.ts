import type { AreaManifest } from '../types';

/** Analytics and Reports: the report pages, the audit-trail viewer and the exports of their charts. */
export const area: AreaManifest = {
  application: {
    code: 'REPORTS',
    name: 'Analytics and Reports',
    description: 'Chatbot, support and ticket analytics, and the audit trail.',
    order: 7,
  },
  icon: 'chart',
  screens: [
    { path: 'chatbot', file: 'chatbot.route.tsx', label: 'Chatbot' },
    { path: 'support', file: 'support.route.tsx', label: 'Support' },
    { path: 'tickets', file: 'tickets.route.tsx', label: 'Tickets' },
    { path: 'audit-trails', file: 'audit-trails.route.tsx', label: 'Audit Trails' },
    { path: 'audit-trails/export.csv', file: 'audit-export.route.ts' },
    { path: 'audit-trails/:id', file: 'audit-entry.route.tsx' },
    { path: 'export', file: 'export.route.ts' },
  ],
};
