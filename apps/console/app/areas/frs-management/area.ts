import type { AreaManifest } from '../types';

/** Facial Recognition Management: its overview, face enrolment, the devices of each location, and the kiosk. */
export const area: AreaManifest = {
  icon: 'face',
  screens: [
    { path: '', index: true, file: 'overview.tsx' },
    { path: 'faces', file: 'faces.route.tsx', label: 'Face Registration' },
    { path: 'device-locations', file: 'devices.route.tsx', label: 'Device Locations' },
  ],
  publicPages: [{ path: 'kiosk', file: 'public-kiosk.route.tsx' }],
};
