import { sql } from 'drizzle-orm';
import type { FastifyRequest } from 'fastify';
import { createSchemaOf, updateSchemaOf, type AnyEntity } from '@campus/domain-core';
import { pdsSections, type PdsSectionKey } from '@campus/domain-hr';
import { fieldErrorsOf, listQuerySchemaFor, type UpdateRequest, type UpdateRequestInput } from '@campus/api-contract';
import { writeAudit } from '../../platform/audit/audit.js';
import { rows, type Db } from '../../platform/db/client.js';
import { HttpError } from '../../platform/http/errors.js';
import type { AreaContext } from '../../platform/area.js';
import { createRecord, updateRecord } from '../../resources/crud.js';

export const NOT_AN_EMPLOYEE = 'Your account is not linked to an employee record.';
export const NOT_YOUR_RECORD = 'That entry is not in your record.';
export const ALREADY_DECIDED = 'This request was decided already.';

const sectionOf = (key: PdsSectionKey) => pdsSections.find((s) => s.key === key)!;
const tableOf = (entity: AnyEntity) => entity.resource.replace(/-/g, '_');

const REQUEST_JSON = sql.raw(`jsonb_build_object('_id', r.id, 'employeeId', r.employee_id,
  'employeeName', e.last_name || ', ' || e.first_name, 'section', r.section, 'recordId', r.record_id, 'data', r.data,
  'status', r.status, 'note', r.note, 'createdAt', r.created_at, 'decidedAt', r.decided_at)`);

/**
 * `/employee/v1.0`: the caller's own employee, found through their account — never from the request — and HR's
 * queue of the changes employees ask for.
 */
export function employeeSelfHandlers(ctx: AreaContext) {
  async function ownEmployeeId(request: FastifyRequest): Promise<string> {
    const auth = ctx.authOf(request);
    const [row] = await rows<{ employee_id: string | null }>(ctx.db, sql`select employee_id from users where id = ${auth.user.id}`);
    if (!row?.employee_id) throw new HttpError(404, NOT_AN_EMPLOYEE);
    return row.employee_id;
  }

  async function listOf(resource: string, employeeId: string): Promise<Record<string, unknown>[]> {
    const service = ctx.resources.of(resource);
    const query = listQuerySchemaFor(service.entity).parse({ search: `employeeId:${employeeId}`, limit: 100 });
    return (JSON.parse(await service.list(query)) as { rows: Record<string, unknown>[] }).rows;
  }

  async function requestById(db: Db, id: string, lock = false) {
    const [row] = await rows<{ request: UpdateRequest; user_id: string }>(
      db,
      sql`select ${REQUEST_JSON} as request, r.user_id from employee_update_requests r join employees e on e.id = r.employee_id
          where r.id = ${id} ${lock ? sql`for update of r` : sql``}`,
    );
    return row;
  }

  return {
    async getOwnEmployee({ request }: { request: FastifyRequest }) {
      const id = await ownEmployeeId(request);
      return { status: 200 as const, body: { data: await ctx.resources.of('employees').get(id) } };
    },

    async listOwnSection({ params, request }: { params: { section: PdsSectionKey }; request: FastifyRequest }) {
      const id = await ownEmployeeId(request);
      return { status: 200 as const, body: { data: await listOf(sectionOf(params.section).entity.resource, id) } };
    },

    async listOwnCredits({ request }: { request: FastifyRequest }) {
      const id = await ownEmployeeId(request);
      const [leave, service] = await Promise.all([listOf('leave-credits', id), listOf('service-credits', id)]);
      return { status: 200 as const, body: { data: { leave, service } } };
    },

    async listOwnAttendance({ request }: { request: FastifyRequest }) {
      const id = await ownEmployeeId(request);
      const dtr = await listOf('daily-time-records', id);
      const timesheets = (
        await rows<{ row: Record<string, unknown> }>(
          ctx.db,
          sql`select jsonb_build_object('_id', t.id, 'recordId', t.record_id, 'date', d.date, 'timeIn', t.time_in,
                'timeOut', t.time_out, 'duration', t.duration, 'workArrangement', t.work_arrangement) as row
              from timesheets t join daily_time_records d on d.id = t.record_id
              where d.employee_id = ${id} and t.is_active order by d.date desc, t.time_in limit 200`,
        )
      ).map((r) => r.row);
      return { status: 200 as const, body: { data: { dtr, timesheets } } };
    },

    async listOwnUpdateRequests({ request }: { request: FastifyRequest }) {
      const id = await ownEmployeeId(request);
      const found = await rows<{ request: UpdateRequest }>(
        ctx.db,
        sql`select ${REQUEST_JSON} as request from employee_update_requests r join employees e on e.id = r.employee_id
            where r.employee_id = ${id} order by r.created_at desc, r.id limit 200`,
      );
      return { status: 200 as const, body: { data: found.map((r) => r.request) } };
    },

    /** Validates the change like HR's own form would, then keeps it pending (nothing changes in the record yet). */
    async submitUpdateRequest({ body, request }: { body: UpdateRequestInput; request: FastifyRequest }) {
      const employeeId = await ownEmployeeId(request);
      const actor = ctx.actorOf(request);
      const { entity } = sectionOf(body.section);
      const { employeeId: _ignored, ...data } = body.data;
      if (body.recordId) {
        const [own] = await rows<{ id: string }>(
          ctx.db,
          sql`select id from ${sql.identifier(tableOf(entity))} where id = ${body.recordId} and employee_id = ${employeeId}`,
        );
        if (!own) throw new HttpError(404, NOT_YOUR_RECORD);
      }
      const parsed = body.recordId ? updateSchemaOf(entity).safeParse(data) : createSchemaOf(entity).safeParse({ ...data, employeeId });
      if (!parsed.success) {
        const fieldErrors = fieldErrorsOf(parsed.error);
        const first = Object.entries(fieldErrors)[0];
        throw new HttpError(400, first ? `Invalid ${first[0]}: ${first[1][0]}` : 'Invalid request.', fieldErrors);
      }
      const saved = await ctx.db.transaction(async (txRaw) => {
        const tx = txRaw as unknown as Db;
        const [made] = await rows<{ id: string }>(
          tx,
          sql`insert into employee_update_requests (employee_id, user_id, section, record_id, data, created_at)
              values (${employeeId}, ${actor.id}, ${body.section}, ${body.recordId ?? null}, ${JSON.stringify(parsed.data)}::jsonb, ${actor.now.toISOString()})
              returning id`,
        );
        await writeAudit(
          tx,
          { actor, activity: `Asked HR to change ${entity.pluralLabel.toLowerCase()}`, resource: 'employee-update-requests', recordId: made!.id, changes: { [body.section]: { before: null, after: parsed.data } } },
          actor.now,
        );
        return (await requestById(tx, made!.id))!.request;
      });
      return { status: 201 as const, body: { data: saved } };
    },

    async listUpdateRequests({ query }: { query: { status: string } }) {
      const found = await rows<{ request: UpdateRequest }>(
        ctx.db,
        sql`select ${REQUEST_JSON} as request from employee_update_requests r join employees e on e.id = r.employee_id
            where r.status = ${query.status} order by r.created_at, r.id limit 200`,
      );
      return { status: 200 as const, body: { data: found.map((r) => r.request) } };
    },

    /** Approving applies the change with the generic create or update (validated and audited) in the same transaction. */
    async decideUpdateRequest({ params, body, request }: { params: { id: string; decision: 'approve' | 'reject' }; body: { note?: string }; request: FastifyRequest }) {
      const actor = ctx.actorOf(request);
      const decided = await ctx.db.transaction(async (txRaw) => {
        const tx = txRaw as unknown as Db;
        const found = await requestById(tx, params.id, true);
        if (!found) throw new HttpError(404, 'No such request.');
        const { request: pending } = found;
        if (pending.status !== 'PENDING') throw new HttpError(409, ALREADY_DECIDED);
        const { entity } = sectionOf(pending.section);
        const service = ctx.resources.of(entity.resource);
        if (params.decision === 'approve') {
          const deps = ctx.resources.depsOf(entity.resource, tx as never);
          if (pending.recordId) {
            const [own] = await rows<{ id: string }>(
              tx,
              sql`select id from ${sql.identifier(tableOf(entity))} where id = ${pending.recordId} and employee_id = ${pending.employeeId}`,
            );
            if (!own) throw new HttpError(404, NOT_YOUR_RECORD);
            await updateRecord(deps, service.model, pending.recordId, pending.data, actor);
          } else {
            await createRecord(deps, service.model, { ...pending.data, employeeId: pending.employeeId }, actor);
          }
        }
        const status = params.decision === 'approve' ? 'APPROVED' : 'REJECTED';
        await tx.execute(
          sql`update employee_update_requests set status = ${status}, note = ${body.note ?? null}, decided_at = ${actor.now.toISOString()},
              decided_by = ${actor.id} where id = ${params.id}`,
        );
        await writeAudit(
          tx,
          { actor, activity: `${status === 'APPROVED' ? 'Approved' : 'Rejected'} an employee's change to ${entity.pluralLabel.toLowerCase()}`, resource: 'employee-update-requests', recordId: params.id, changes: { status: { before: 'PENDING', after: status } } },
          actor.now,
        );
        return (await requestById(tx, params.id))!.request;
      });
      return { status: 200 as const, body: { data: decided } };
    },
  };
}
