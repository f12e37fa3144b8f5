import type { AreaScreen } from '../types';

/** Campus Chatbot Management's own screens beside the generic ones (responses, personas). */
export const screens: readonly AreaScreen[] = [
  { path: 'broadcast', file: 'areas/chatbot-management/broadcast.route.tsx' },
  { path: 'schedules', file: 'areas/chatbot-management/schedules.route.ts' },
  { path: 'broadcasts', file: 'areas/chatbot-management/broadcasts.route.tsx' },
  { path: 'broadcasts/:id', file: 'areas/chatbot-management/broadcast-detail.route.tsx' },
  { path: 'broadcasts/:id/deliveries.csv', file: 'areas/chatbot-management/broadcast-export.route.ts' },
  { path: 'unanswered/:id', file: 'areas/chatbot-management/unanswered.route.ts' },
  { path: 'logs', file: 'areas/chatbot-management/logs.route.tsx' },
  { path: 'logs/export.csv', file: 'areas/chatbot-management/logs-export.route.ts' },
  { path: 'logs/:id', file: 'areas/chatbot-management/transcript.route.tsx' },
  { path: 'settings', file: 'areas/chatbot-management/settings.route.tsx' },
];
