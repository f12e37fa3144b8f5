import type { AreaManifest } from '../types';

/** Facial Recognition Management: its overview, face enrolment, the devices of each location, and the kiosk. */
export const area: AreaManifest = {
  application: {
    code: 'FRS',
    name: 'Facial Recognition Management',
    description: 'Face registration and the locations of recognition devices.',
    order: 5,
  },
  icon: 'face',
  screens: [
    { path: '', index: true, file: 'overview.tsx' },
    { path: 'faces', file: 'faces.route.tsx', label: 'Face Registration' },
    { path: 'device-locations', file: 'devices.route.tsx', label: 'Device Locations' },
  ],
  publicPages: [{ path: 'kiosk', file: 'public-kiosk.route.tsx' }],
};
