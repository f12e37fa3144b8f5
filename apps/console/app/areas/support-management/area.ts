import type { AreaManifest } from '../types';

/** Customer Support Management: its own screens beside the generic ones (offices, teams, categories…), and the public help pages. */
export const area: AreaManifest = {
  application: {
    code: 'SUPPORT',
    name: 'Customer Support Management',
    description: 'Issue categories, support teams and offices.',
    order: 4,
  },
  icon: 'support',
  screens: [
    { path: 'tickets', file: 'tickets.route.tsx', label: 'Tickets' },
    { path: 'tickets/new', file: 'ticket-new.route.tsx' },
    { path: 'attachments/:id', file: 'attachment.route.ts' },
    { path: 'tickets/export.csv', file: 'tickets-export.route.ts' },
    { path: 'tickets/:id', file: 'ticket.route.tsx' },
  ],
  publicPages: [
    { path: 'support', file: 'public-form.route.tsx' },
    { path: 'support/t/:token', file: 'public-ticket.route.tsx' },
  ],
  attention: {
    'tickets-breached': {
      hint: 'Answer or re-assign these first: their requesters are already waiting longer than promised.',
      href: '/app/support-management/tickets?sla=breached',
    },
    'tickets-untaken': { hint: 'Take them or assign them to an agent of their team.', href: '/app/support-management/tickets?state=new' },
  },
};
