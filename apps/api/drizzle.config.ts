import { defineConfig } from 'drizzle-kit';

// Migrations are generated from the descriptor-built tables in src/platform/db/schema and committed; the API applies
// them at start-up on PGlite and PostgreSQL alike. Regenerate with `npm run db:generate -w @campus/api`.
export default defineConfig({
  dialect: 'postgresql',
  schema: './src/platform/db/schema/*.ts',
  out: './drizzle',
});
