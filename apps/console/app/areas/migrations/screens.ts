import type { AreaScreen } from '../types';

/** Data Migration Management's screens (spec §2: templates, apis, databases, histories, api-connector, db-connector, uploader), its index and its downloads. */
export const screens: readonly AreaScreen[] = [
  { path: '', index: true, file: 'areas/migrations/routes/index.route.tsx' },
  { path: 'templates', file: 'areas/migrations/routes/templates.route.tsx' },
  { path: 'templates/file', file: 'areas/migrations/routes/templates-file.route.ts' },
  { path: 'apis', file: 'areas/migrations/routes/apis.route.tsx' },
  { path: 'api-connector', file: 'areas/migrations/routes/api-connector.route.tsx' },
  { path: 'databases', file: 'areas/migrations/routes/databases.route.tsx' },
  { path: 'db-connector', file: 'areas/migrations/routes/db-connector.route.tsx' },
  { path: 'uploader', file: 'areas/migrations/routes/uploader.route.tsx' },
  { path: 'histories', file: 'areas/migrations/routes/histories.route.tsx' },
  { path: 'histories/errors', file: 'areas/migrations/routes/histories-errors.route.ts' },
];
