export const SLA_LABELS: Record<string, string> = {
  ok: 'On time',
  'near-breach': 'Near breach',
  breached: 'Breached',
  paused: 'Paused',
  met: 'Met',
  none: 'No target',
};
