// The PostgreSQL server of TEST_DATABASE_URL, for the statements that make and drop test databases (no vitest
// import: the global setup uses it too).
import pg from 'pg';

/** Runs `work` on a connection of its own to the server, closed afterwards. */
export async function onServer<T>(serverUrl: string, work: (admin: pg.Client) => Promise<T>): Promise<T> {
  const admin = new pg.Client({ connectionString: serverUrl });
  await admin.connect();
  try {
    return await work(admin);
  } finally {
    await admin.end();
  }
}
