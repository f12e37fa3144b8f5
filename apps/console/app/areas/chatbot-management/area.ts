import type { AreaManifest } from '../types';

/** Campus Chatbot Management: its own screens beside the generic ones (responses, personas…), and the public web chat. */
export const area: AreaManifest = {
  application: {
    code: 'CHATBOT',
    name: 'Campus Chatbot Management',
    description: 'Chatbot responses, personas, subscribers, broadcasts and chat audit logs.',
    order: 3,
  },
  icon: 'chat',
  screens: [
    { path: 'broadcast', file: 'broadcast.route.tsx', label: 'Broadcast' },
    { path: 'schedules', file: 'schedules.route.ts', label: 'Scheduled Broadcast' },
    { path: 'broadcasts', file: 'broadcasts.route.tsx' },
    { path: 'broadcasts/:id', file: 'broadcast-detail.route.tsx' },
    { path: 'broadcasts/:id/deliveries.csv', file: 'broadcast-export.route.ts' },
    { path: 'unanswered/:id', file: 'unanswered.route.ts' },
    { path: 'logs', file: 'logs.route.tsx', label: 'Chat Audit Logs' },
    { path: 'logs/export.csv', file: 'logs-export.route.ts' },
    { path: 'logs/:id', file: 'transcript.route.tsx' },
    { path: 'settings', file: 'settings.route.tsx', label: 'Settings' },
  ],
  publicPages: [
    { path: 'chat', file: 'public-chat.route.tsx' },
    { path: 'chat/unsubscribe/:token', file: 'public-unsubscribe.route.tsx' },
  ],
  attention: {
    'broadcasts-awaiting-approval': {
      href: '/app/chatbot-management/broadcasts?status=AWAITING_APPROVAL',
      hint: 'Another administrator than the author approves a broadcast before it sends.',
    },
  },
};
