import { sql } from 'drizzle-orm';
import type { Db } from './db/client.js';

/** A notice for one user: a title, a line of text and where it leads (a console path). */
export interface Notice {
  readonly userId: string;
  readonly title: string;
  readonly body?: string;
  readonly link?: string | null;
}

/** Sends notices (stored, delivered on the user's next page view). */
export type Notify = (notice: Notice, db?: Db) => Promise<void>;

/**
 * The notify function other areas call (a finished batch, a ticket assigned, a broadcast awaiting approval):
 * `notify({ userId, title, body, link })`. Pass the transaction of the change as `db` so the notice is written
 * with it, or nothing to write it on its own.
 */
export function notifier(db: Db, now: () => Date): Notify {
  return async (notice, on = db) => {
    await on.execute(
      sql`insert into notifications (user_id, title, body, link, created_at)
          values (${notice.userId}, ${notice.title.slice(0, 200)}, ${(notice.body ?? '').slice(0, 2000)},
                  ${notice.link ?? null}, ${now().toISOString()})`,
    );
  };
}
