import { sql } from 'drizzle-orm';
import type { FastifyRequest } from 'fastify';
import { rows, type Db } from '../../../platform/db/client.js';
import { writeAudit } from '../../../platform/audit/audit.js';
import { HttpError } from '../../../platform/http/errors.js';
import { actorOf, FACES_CHANNEL, type FrsState } from '../state.js';

/** Deletes an employee's enrolment with every photo, thumbnail and embedding (one cascade), in every index. */
export async function deleteFace(state: FrsState, request: FastifyRequest, employeeId: string) {
  const actor = actorOf(request);
  const now = state.ctx.config.now();
  await state.ctx.db.transaction(async (txRaw) => {
    const tx = txRaw as unknown as Db;
    const [deleted] = await rows<{ id: string; photos: number | string }>(
      tx,
      sql`delete from frs_enrolments e where e.employee_id = ${employeeId}
          returning e.id, (select count(*) from frs_face_photos p where p.enrolment_id = e.id) as photos`,
    );
    if (!deleted) throw new HttpError(404, 'This employee has no face enrolment.');
    await writeAudit(
      tx,
      { actor, activity: 'Deleted a face enrolment and all its photos', resource: 'faces', recordId: employeeId, changes: { photos: { before: Number(deleted.photos), after: 0 } } },
      now,
    );
    await tx.execute(sql`select pg_notify(${FACES_CHANNEL}, ${employeeId})`);
  });
  await state.refresh(employeeId);
  return { status: 200 as const, body: { data: { message: 'The face enrolment and all its photos were deleted.' } } };
}
