import type { PgDatabase, PgQueryResultHKT } from 'drizzle-orm/pg-core';

/** A database handle or a transaction on it, the same type on PGlite and PostgreSQL (re-exported by `client.ts`). */
export type Db = PgDatabase<PgQueryResultHKT, Record<string, never>>;
