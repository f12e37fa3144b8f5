import { entityRegistry, type ApiClient, type EntityRecord } from '@campus/api-contract';
import type { AnyEntity } from '@campus/domain-core';
import { answerOf } from '../../../lib/answers.server';
import { signedIn } from '../../../lib/request.server';
import { EMPLOYEE_TABS, type EmployeeTabKey } from './employee-tabs';


const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

async function rowsOf(api: ApiClient, resource: string, employeeId: string): Promise<EntityRecord[]> {
  const result = await api.resource(resource).list({ search: `employeeId:${employeeId}`, limit: 100 });
  return result.status === 200 ? result.body.rows : [];
}

/** One employee and what the chosen tab shows (only that tab's records are read). */
export async function loadEmployeePage(request: Request, id: string | undefined) {
  const { api } = await signedIn(request);
  if (!id || !UUID.test(id)) throw new Response('Not found', { status: 404 });
  const found = await api.resource('employees').get(id);
  if (found.status === 404) throw new Response('Not found', { status: 404 });
  const employee = answerOf(found, 200).data;
  const requested = new URL(request.url).searchParams.get('tab');
  const tab = EMPLOYEE_TABS.find((t) => t.key === requested) ?? EMPLOYEE_TABS[0];
  let rows: EntityRecord[] = [];
  let credits: { leave: EntityRecord[]; service: EntityRecord[] } | null = null;
  if ('resource' in tab) rows = await rowsOf(api, tab.resource, id);
  if (tab.key === 'credits') {
    const [leave, service] = await Promise.all([rowsOf(api, 'leave-credits', id), rowsOf(api, 'service-credits', id)]);
    credits = { leave, service };
  }
  if (tab.key === 'dtr') rows = await rowsOf(api, 'daily-time-records', id);
  let appointment: { designation: EntityRecord | null; appointments: EntityRecord[] } | null = null;
  if (tab.key === 'appointment') {
    const e: Record<string, unknown> = employee;
    const designationId = typeof e.designationId === 'string' ? e.designationId : null;
    const departmentId = typeof e.departmentId === 'string' ? e.departmentId : null;
    const [designation, appointments] = await Promise.all([
      designationId ? api.resource('designations').get(designationId) : null,
      departmentId ? api.resource('appointments').list({ search: `departmentId:${departmentId}`, limit: 100 }) : null,
    ]);
    appointment = {
      designation: designation?.status === 200 ? designation.body.data : null,
      appointments: appointments?.status === 200 ? appointments.body.rows : [],
    };
  }
  return { employee, tab: tab.key as EmployeeTabKey, rows, credits, appointment };
}

export function entityOfTab(key: EmployeeTabKey): AnyEntity | undefined {
  const tab = EMPLOYEE_TABS.find((t) => t.key === key);
  return tab && 'resource' in tab ? entityRegistry.byResource(tab.resource) : undefined;
}
