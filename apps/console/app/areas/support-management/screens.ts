import type { AreaScreen } from '../types';

/** Customer Support Management's own screens beside the generic ones (offices, teams, categories…). */
export const screens: readonly AreaScreen[] = [
  { path: 'tickets', file: 'areas/support-management/tickets.route.tsx' },
  { path: 'tickets/new', file: 'areas/support-management/ticket-new.route.tsx' },
  { path: 'attachments/:id', file: 'areas/support-management/attachment.route.ts' },
  { path: 'tickets/export.csv', file: 'areas/support-management/tickets-export.route.ts' },
  { path: 'tickets/:id', file: 'areas/support-management/ticket.route.tsx' },
];
