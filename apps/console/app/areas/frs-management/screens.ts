import type { AreaScreen } from '../types';

/** Facial Recognition Management's screens: its overview, face enrolment and the devices of each location. */
export const screens: readonly AreaScreen[] = [
  { path: '', index: true, file: 'areas/frs-management/overview.tsx' },
  { path: 'faces', file: 'areas/frs-management/faces.route.tsx' },
  { path: 'device-locations', file: 'areas/frs-management/devices.route.tsx' },
];
