import type { LoaderFunctionArgs, MetaFunction } from '@remix-run/node';
import { useLoaderData } from '@remix-run/react';
import { KeyValueList, LinkTabs, RowTable } from '@campus/ui';
import { entityRegistry, type EntityRecord } from '@campus/api-contract';
import type { AnyEntity } from '@campus/domain-core';
import { dayStatusOfRecord, TIMESHEET_DAY_STATUSES, timesheetColor, timesheetLabel, type DailyRecordFacts } from '@campus/domain-hr';
import { formatDuration, formatPeso, maskHealthNumber, maskTin } from '@campus/formatters';
import { RouteError } from '../../../features/resources/RouteError';
import { APP_TITLE } from '../../../lib/constants';
import { EMPLOYEE_TABS, type EmployeeTabKey } from './employee-tabs';
import { loadEmployeePage } from './employee.server';

export const meta: MetaFunction<typeof loader> = ({ data }) => [
  { title: `${data ? `${String(data.employee.lastName)}, ${String(data.employee.firstName)}` : 'Employee'} · ${APP_TITLE}` },
];

export async function loader({ request, params }: LoaderFunctionArgs) {
  return loadEmployeePage(request, params.id);
}

/** A field's value as read: coded values by label, money with formatPeso, booleans as Yes/No. */
function shown(entity: AnyEntity, name: string, value: unknown): string {
  if (value === null || value === undefined || value === '') return '—';
  const f = entity.fields[name];
  if (f?.kind === 'number' && f.format === 'peso' && typeof value === 'number') return formatPeso(value);
  if (f && (f.kind === 'enum' || f.kind === 'multi-enum') && 'options' in f) {
    const options = f.options as readonly { value: unknown; label: string }[];
    const one = (v: unknown) => options.find((o) => o.value === v)?.label ?? String(v);
    return Array.isArray(value) ? value.map(one).join(', ') : one(value);
  }
  if (typeof value === 'boolean') return value ? 'Yes' : 'No';
  if (Array.isArray(value)) return value.join(', ');
  if (typeof value === 'object') {
    const o = value as Record<string, unknown>;
    return String(o.name ?? o.label ?? o.lastName ?? '—');
  }
  return String(value);
}

function RecordsTable({ entity, rows, returnTo, caption }: { entity: AnyEntity; rows: EntityRecord[]; returnTo: string; caption: string }) {
  const columns = entity.listColumns.filter((c) => c !== 'employeeId' && c !== 'recordId');
  return (
    <RowTable
      caption={caption}
      isCaptionHidden
      rows={rows}
      rowKey={(r) => r._id}
      emptyMessage="No entries yet."
      columns={[
        ...columns.map((c) => ({ key: c, header: entity.fields[c]?.label ?? c, cell: (row: EntityRecord) => shown(entity, c, (row as Record<string, unknown>)[c]) })),
        {
          key: 'edit',
          header: <span className="cas-visually-hidden">Actions</span>,
          cardLabel: 'Actions',
          noWrap: true,
          cell: (row: EntityRecord) => <a href={`${entity.consolePath}/${row._id}/edit?${new URLSearchParams({ returnTo })}`}>Edit</a>,
        },
      ]}
    />
  );
}

function Pds({ employee }: { employee: EntityRecord }) {
  const entity = entityRegistry.byResource('employees')!;
  const e = employee as Record<string, unknown>;
  const labels = (employee as { _labels?: Record<string, string> })._labels ?? {};
  const masked: Record<string, string> = { tin: maskTin(e.tin as string), philhealthNumber: maskHealthNumber(e.philhealthNumber as string) };
  // A reference shows the record's name, never its id.
  const valueOf = (name: string) => {
    if (!e[name]) return '';
    if (entity.fields[name]?.kind === 'reference') return labels[name] ?? '';
    return masked[name] ?? shown(entity, name, e[name]);
  };
  return (
    <KeyValueList
      layout="grid"
      aria-label="Personal data"
      items={Object.keys(entity.fields).map((name) => ({ label: entity.fields[name]!.label, value: valueOf(name) }))}
    />
  );
}

function Ledger({ title, rows }: { title: string; rows: EntityRecord[] }) {
  const sorted = [...rows].sort((a, b) => String(a.createdAt).localeCompare(String(b.createdAt)));
  const field = (r: EntityRecord, name: string) => (r as Record<string, unknown>)[name];
  return (
    <div data-testid={`ledger-${title.toLowerCase().replace(/\s+/g, '-')}`}>
      <RowTable
        caption={title}
        rows={sorted}
        rowKey={(r) => r._id}
        emptyMessage="No entries yet."
        columns={[
          { key: 'type', header: 'Type', cell: (r) => String(field(r, 'typeCode')) },
          { key: 'asOf', header: 'As of', noWrap: true, cell: (r) => String(field(r, 'asOf') ?? '—') },
          { key: 'credit', header: 'Credit', isNumeric: true, cell: (r) => (field(r, 'credit') ? String(field(r, 'credit')) : '') },
          { key: 'debit', header: 'Debit', isNumeric: true, cell: (r) => (field(r, 'debit') ? String(field(r, 'debit')) : '') },
          { key: 'balance', header: 'Balance', isNumeric: true, cell: (r) => <strong>{String(field(r, 'balance') ?? 0)}</strong> },
          { key: 'remarks', header: 'Remarks', cell: (r) => String(field(r, 'remarks') ?? '') },
        ]}
      />
    </div>
  );
}

/** A day's length of time for the week (`Xh Ym Zs`, spec §9); nothing for none. */
const hours = (seconds: unknown) => (typeof seconds === 'number' && seconds > 0 ? formatDuration(seconds) : null);

/**
 * The week of the latest daily time record, each day in its status colour (spec §9) with its hours: worked, and
 * late, short or without pay when it was. The days wrap onto more rows on a narrow screen rather than cut words.
 */
function DtrWeek({ rows }: { rows: EntityRecord[] }) {
  // A deactivated record (a day struck out by HR) is not the day's record.
  const active = rows.filter((r) => (r as Record<string, unknown>).isActive !== false);
  const byDate = new Map(active.map((r) => [String((r as Record<string, unknown>).date), r as Record<string, unknown>]));
  const latest = [...byDate.keys()].sort().at(-1);
  const anchor = latest ? new Date(`${latest}T00:00:00Z`) : new Date();
  const monday = new Date(anchor.getTime() - ((anchor.getUTCDay() + 6) % 7) * 86_400_000);
  const days = Array.from({ length: 7 }, (_, i) => new Date(monday.getTime() + i * 86_400_000).toISOString().slice(0, 10));
  return (
    <section aria-labelledby="dtr-week-title">
      <h2 id="dtr-week-title" className="cas-panel-title">
        Week of {days[0]}
      </h2>
      <ol className="cas-dtr-week" style={{ display: 'grid', gridTemplateColumns: 'repeat(auto-fit, minmax(8.5rem, 1fr))', gap: 4, listStyle: 'none', padding: 0 }}>
        {days.map((day) => {
          const record = byDate.get(day);
          const status = record ? dayStatusOfRecord(record as DailyRecordFacts) : null;
          const figures = record
            ? ([
                ['Worked', hours(record.totalDuration) ?? '0h 0m 0s'],
                ['Late', hours(record.tardinessDuration)],
                ['Undertime', hours(record.undertimeDuration)],
                ['LWOP', hours(record.lwopDuration)],
              ] as const)
            : [];
          return (
            <li
              key={day}
              data-testid={`dtr-${day}`}
              style={{ background: status ? timesheetColor(status) : '#eee', color: '#111', padding: 8, borderRadius: 4, minHeight: 56, overflowWrap: 'break-word' }}
            >
              <strong>{new Date(`${day}T00:00:00Z`).toLocaleDateString('en-PH', { weekday: 'short', timeZone: 'UTC' })}</strong> {day.slice(5)}
              <div>{status ? timesheetLabel(status) : 'No record'}</div>
              {figures.length > 0 ? (
                <dl style={{ margin: '4px 0 0', fontSize: '0.8125rem' }}>
                  {figures.map(([label, value]) =>
                    value ? (
                      <div key={label}>
                        <dt style={{ display: 'inline' }}>{label}: </dt>
                        <dd style={{ display: 'inline', margin: 0 }}>{value}</dd>
                      </div>
                    ) : null,
                  )}
                </dl>
              ) : null}
            </li>
          );
        })}
      </ol>
      <ul aria-label="Colour legend" style={{ display: 'flex', flexWrap: 'wrap', gap: 8, listStyle: 'none', padding: 0 }}>
        {TIMESHEET_DAY_STATUSES.map((s) => (
          <li key={s.value}>
            <span aria-hidden="true" style={{ display: 'inline-block', width: 12, height: 12, background: s.color, marginRight: 4 }} />
            {s.label}
          </li>
        ))}
      </ul>
    </section>
  );
}

/** The employee's appointment: its status, designation (with the salary its grade and step give), department. */
function Appointment({ employee, designation, appointments }: { employee: EntityRecord; designation: EntityRecord | null; appointments: EntityRecord[] }) {
  const employees = entityRegistry.byResource('employees')!;
  const designations = entityRegistry.byResource('designations')!;
  const appointmentEntity = entityRegistry.byResource('appointments')!;
  const e = employee as Record<string, unknown>;
  const d = (designation ?? {}) as Record<string, unknown>;
  const labels = (employee as { _labels?: Record<string, string> })._labels ?? {};
  const item = (label: string, text: string) => (
    <div key={label} style={{ display: 'contents' }}>
      <dt>{label}</dt>
      <dd>{text}</dd>
    </div>
  );
  return (
    <>
      <dl className="cas-pds" data-testid="employee-appointment">
        {item(employees.fields.appointmentStatus!.label, shown(employees, 'appointmentStatus', e.appointmentStatus))}
        {item(employees.fields.employeeType!.label, shown(employees, 'employeeType', e.employeeType))}
        {item(employees.fields.designationId!.label, designation ? String(d.name) : (labels.designationId ?? '—'))}
        {item(employees.fields.departmentId!.label, labels.departmentId ?? '—')}
        {item(employees.fields.dateHired!.label, shown(employees, 'dateHired', e.dateHired))}
        {designation ? item(designations.fields.plantillaItem!.label, shown(designations, 'plantillaItem', d.plantillaItem)) : null}
        {designation
          ? item('Salary grade and step', d.salaryGradeCode ? `${String(d.salaryGradeCode)}, step ${String(d.salaryGradeStep)}` : '—')
          : null}
        {designation ? item(designations.fields.monthlySalary!.label, shown(designations, 'monthlySalary', d.monthlySalary)) : null}
      </dl>
      <p>
        <a href="/app/campus-management/hr/salary-grade-table">The salary grade table</a>
        {designation ? (
          <>
            {' '}
            · <a href={`${designations.consolePath}/${designation._id}/edit`}>Edit the designation</a>
          </>
        ) : null}
      </p>
      <RowTable
        caption="Appointments of the department"
        rows={appointments}
        rowKey={(a) => a._id}
        emptyMessage="No appointments for this department yet."
        columns={[
          {
            key: 'name',
            header: appointmentEntity.fields.name!.label,
            cell: (a) => <a href={`${appointmentEntity.consolePath}/${a._id}/edit`}>{String((a as Record<string, unknown>).name)}</a>,
          },
          {
            key: 'status',
            header: appointmentEntity.fields.appointmentStatus!.label,
            cell: (a) => shown(appointmentEntity, 'appointmentStatus', (a as Record<string, unknown>).appointmentStatus),
          },
        ]}
      />
    </>
  );
}

export default function EmployeePage() {
  const { employee, tab, rows, credits, appointment } = useLoaderData<typeof loader>();
  const e = employee as Record<string, unknown>;
  const here = `/app/campus-management/hr/employee/${employee._id}`;
  const current = EMPLOYEE_TABS.find((t) => t.key === tab)!;
  const entity = 'resource' in current ? entityRegistry.byResource(current.resource) : undefined;
  const returnTo = `${here}?tab=${tab}`;
  return (
    <>
      <nav aria-label="Breadcrumb" className="cas-breadcrumb">
        <a href="/app/campus-management/hr/employees">Employees</a>
      </nav>
      <h1 className="cas-page-title">
        {String(e.lastName)}, {String(e.firstName)} <span className="cas-page-subtitle">{String(e.employeeNumber)}</span>
      </h1>
      <p>
        <a href={`/app/campus-management/hr/employees/${employee._id}/edit?${new URLSearchParams({ returnTo: here })}`}>Edit the employee</a> ·{' '}
        <a href={`${here}/pds`}>Printable personal data sheet</a>
      </p>
      <LinkTabs label="Employee record" current={`${here}?tab=${tab}`} tabs={EMPLOYEE_TABS.map((t) => ({ href: `${here}?tab=${t.key}`, label: t.title }))} />
      <section className="cas-panel" aria-labelledby="tab-title">
        <h2 id="tab-title" className="cas-panel-title">
          {current.title}
        </h2>
        {tab === 'pds' ? <Pds employee={employee} /> : null}
        {entity && tab !== ('dtr' as EmployeeTabKey) ? (
          <>
            <p>
              <a href={`${entity.consolePath}/new?${new URLSearchParams({ employeeId: employee._id, returnTo })}`}>Add {entity.label.toLowerCase()}</a>
            </p>
            <RecordsTable entity={entity} rows={rows} returnTo={returnTo} caption={current.title} />
          </>
        ) : null}
        {tab === 'credits' && credits ? (
          <>
            <p>
              <a href={`/app/campus-management/hr/leave-credits/new?${new URLSearchParams({ employeeId: employee._id, returnTo })}`}>Add a leave credit entry</a>{' '}
              ·{' '}
              <a href={`/app/campus-management/hr/service-credits/new?${new URLSearchParams({ employeeId: employee._id, returnTo })}`}>Add a service credit entry</a>
            </p>
            <Ledger title="Leave credits" rows={credits.leave} />
            <Ledger title="Service credits" rows={credits.service} />
          </>
        ) : null}
        {tab === 'dtr' ? <DtrWeek rows={rows} /> : null}
        {tab === 'appointment' && appointment ? (
          <Appointment employee={employee} designation={appointment.designation} appointments={appointment.appointments} />
        ) : null}
      </section>
    </>
  );
}

export const ErrorBoundary = RouteError;
