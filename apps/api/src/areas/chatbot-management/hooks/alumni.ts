import { sql } from 'drizzle-orm';
import { rows, type Db } from '../../../platform/db/client.js';
import { HttpError } from '../../../platform/http/errors.js';
import type { ResourceHooks } from '../../../resources/crud.js';

export const SECOND_ALUMNUS_MESSAGE = 'This subscriber already has an alumni record.';

/** Refuses a second alumni record for one subscriber, under a lock on the subscriber so two saves cannot both pass. */
async function refuseSecond(tx: Db, subscriberId: unknown, exceptId: string | null): Promise<void> {
  if (typeof subscriberId !== 'string') return;
  await rows(tx, sql`select id from chatbot_subscribers where id = ${subscriberId} for update`);
  const [taken] = await rows<{ id: string }>(
    tx,
    sql`select id from chatbot_alumni where subscriber_id = ${subscriberId} ${exceptId ? sql`and id <> ${exceptId}` : sql``} limit 1`,
  );
  if (taken) throw new HttpError(400, SECOND_ALUMNUS_MESSAGE, { subscriberId: [SECOND_ALUMNUS_MESSAGE] });
}

/** The alumni segment: one record per subscriber. */
export const alumnusHooks: ResourceHooks = {
  async beforeCreate(tx, data) {
    await refuseSecond(tx, data.subscriberId, null);
    return {};
  },
  async beforeUpdate(tx, current, changes) {
    if ('subscriberId' in changes && changes.subscriberId !== current.subscriberId) await refuseSecond(tx, changes.subscriberId, String(current._id));
  },
};
