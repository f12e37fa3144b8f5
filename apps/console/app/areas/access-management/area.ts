import type { AreaManifest } from '../types';

/** Identity and Access Management: the generic screens of its records, and the outbox beside them. */
export const area: AreaManifest = {
  application: {
    code: 'IAM',
    name: 'Identity and Access Management',
    description: 'Applications, modules, services, roles and user accounts with their admin scopes.',
    order: 1,
  },
  icon: 'shield',
  screens: [
    // Mail kept instead of sent (no SMTP server): IAM administrators only.
    { path: 'outbox', file: 'routes/outbox.route.tsx', label: 'Outbox', isIamAdminOnly: true },
    { path: 'outbox/:id', file: 'routes/outbox-message.route.tsx' },
    { path: 'directory', file: 'routes/directory.route.tsx', label: 'Directory', isIamAdminOnly: true },
    // An application's SCIM delivery log, linked from its edit screen (IAM administrators only).
    { path: 'applications/:id/scim-deliveries', file: 'routes/scim-deliveries.route.tsx' },
  ],
  attention: {
    'users-temporary-password': { hint: 'They can only change their password until they sign in and replace it.' },
    'users-locked': { hint: 'Repeated failed sign-ins lock an account for a while; it unlocks by itself.' },
  },
};
