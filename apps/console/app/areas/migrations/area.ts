import type { AreaManifest } from '../types';

/** Data Migration Management (spec §2: templates, apis, databases, histories, api-connector, db-connector, uploader), its index and its downloads. */
export const area: AreaManifest = {
  application: {
    code: 'DATA',
    name: 'Data Migration Management',
    description: 'Import templates, API and database connectors, uploads and migration history.',
    order: 6,
  },
  icon: 'database',
  importer: 'uploader',
  screens: [
    { path: '', index: true, file: 'routes/index.route.tsx' },
    { path: 'templates', file: 'routes/templates.route.tsx', label: 'Templates' },
    { path: 'templates/file', file: 'routes/templates-file.route.ts' },
    { path: 'apis', file: 'routes/apis.route.tsx', label: 'APIs' },
    { path: 'databases', file: 'routes/databases.route.tsx', label: 'Databases' },
    { path: 'histories', file: 'routes/histories.route.tsx', label: 'Histories' },
    { path: 'histories/errors', file: 'routes/histories-errors.route.ts' },
    { path: 'api-connector', file: 'routes/api-connector.route.tsx', label: 'API Connector' },
    { path: 'db-connector', file: 'routes/db-connector.route.tsx', label: 'Database Connector' },
    { path: 'uploader', file: 'routes/uploader.route.tsx', label: 'Uploader' },
  ],
};
