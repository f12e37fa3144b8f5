import { sql } from 'drizzle-orm';
import { answerCache } from '../../../platform/cache.js';
import { rows } from '../../../platform/db/client.js';
import { viewerOf, type BatchContext, type HandlerInput } from '../context.js';

type NoticePage = { rows: unknown[] | null; count: number; unread: number };

/**
 * Every page of the console asks for the unread count (the header's bell): an answer is remembered until the
 * notifications table changes (its `list_version` trigger, migration 0020).
 */
const noticePages = answerCache<NoticePage | undefined>({ name: 'notification pages', maxEntries: 5_000 });

/** The caller's notices, newest first, with how many are unread. */
export function listNotifications(area: BatchContext) {
  return async ({ query, request }: HandlerInput) => {
    const viewer = viewerOf(request);
    const q = query as { unread?: boolean; page: number; limit: number };
    const key = JSON.stringify([viewer.id, Boolean(q.unread), q.page, q.limit]);
    const page = await noticePages(area.app.database, key, ['notifications'], () =>
      readNotices(area, viewer.id, q),
    );
    return {
      status: 200 as const,
      body: { rows: page?.rows ?? [], count: page?.count ?? 0, unread: page?.unread ?? 0 },
    };
  };
}

async function readNotices(
  area: BatchContext,
  userId: string,
  q: { unread?: boolean; page: number; limit: number },
) {
  const only = q.unread ? sql`and read_at is null` : sql``;
  const [page] = await rows<NoticePage>(
    area.app.db,
    sql`select (select count(*)::int from notifications where user_id = ${userId} ${only}) as count,
                 (select count(*)::int from notifications where user_id = ${userId} and read_at is null) as unread,
                 (select jsonb_agg(jsonb_build_object('_id', n.id, 'title', n.title, 'body', n.body, 'link', n.link,
                                                      'readAt', n.read_at, 'createdAt', n.created_at) order by n.created_at desc, n.id desc)
                    from (select * from notifications where user_id = ${userId} ${only}
                           order by created_at desc, id desc limit ${q.limit} offset ${(q.page - 1) * q.limit}) n) as rows`,
  );
  return page;
}

/** Marks the caller's chosen notices, or all of them, read; answers how many changed. */
export function markNotificationsRead(area: BatchContext) {
  return async ({ body, request }: HandlerInput) => {
    const viewer = viewerOf(request);
    const input = body as { ids?: string[]; all?: true };
    const which = input.all ? sql`` : sql`and id = any(${`{${(input.ids ?? []).join(',')}}`}::uuid[])`;
    const changed = await rows<{ id: string }>(
      area.app.db,
      sql`update notifications set read_at = ${area.app.config.now().toISOString()}
           where user_id = ${viewer.id} and read_at is null ${which} returning id`,
    );
    return { status: 200 as const, body: { data: { count: changed.length } } };
  };
}
