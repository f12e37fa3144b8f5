import { sql } from 'drizzle-orm';
import { scheduleClashes, scheduleClashMessage, type ScheduleSlot, type WeekdayCode } from '@campus/domain-campus';
import { rows, type Db } from '../../../platform/db/client.js';
import { HttpError } from '../../../platform/http/errors.js';
import type { EntityRecord, ResourceHooks } from '../../../resources/crud.js';

interface ScheduleRow {
  id: string;
  code: string | null;
  name: string | null;
  days: string[];
  from: string;
  to: string;
  room_id: string | null;
  instructor_id: string | null;
}

/**
 * A room or an instructor booked twice at the same time is refused. Only active schedules count, and only
 * those sharing the room or the instructor are read (both columns are indexed).
 */
async function refuseClashes(tx: Db, slot: ScheduleSlot & { isActive?: unknown }, ownId: string | null) {
  if (slot.isActive === false || (!slot.roomId && !slot.instructorId)) return;
  const others = await rows<ScheduleRow>(
    tx,
    sql`select id, code, name, days, "from"::text as "from", "to"::text as "to", room_id, instructor_id
          from schedules
         where is_active
           and (${ownId}::uuid is null or id <> ${ownId}::uuid)
           and (room_id = ${slot.roomId ?? null}::uuid or instructor_id = ${slot.instructorId ?? null}::uuid)`,
  );
  for (const other of others) {
    const clashes = scheduleClashes(slot, {
      days: other.days as WeekdayCode[],
      from: other.from,
      to: other.to,
      roomId: other.room_id,
      instructorId: other.instructor_id,
    });
    const clash = clashes[0];
    if (!clash) continue;
    const message = scheduleClashMessage(clash, other.name ?? other.code ?? 'another schedule');
    throw new HttpError(409, message, { [clash === 'room' ? 'roomId' : 'instructorId']: [message] });
  }
}

const asSlot = (record: Record<string, unknown>) =>
  ({
    days: (record.days as WeekdayCode[] | undefined) ?? [],
    from: String(record.from ?? ''),
    to: String(record.to ?? ''),
    roomId: (record.roomId as string | null | undefined) ?? null,
    instructorId: (record.instructorId as string | null | undefined) ?? null,
    isActive: record.isActive,
  }) satisfies ScheduleSlot & { isActive?: unknown };

export const scheduleHooks: ResourceHooks = {
  async beforeCreate(tx, data) {
    await refuseClashes(tx, asSlot(data), null);
    return {};
  },
  async beforeUpdate(tx, current: EntityRecord, changes) {
    await refuseClashes(tx, asSlot({ ...current, ...changes }), current._id);
  },
};
