import type { LoaderFunctionArgs, MetaFunction } from '@remix-run/node';
import { useLoaderData } from '@remix-run/react';
import { entityRegistry, type EntityRecord } from '@campus/api-contract';
import type { AnyEntity } from '@campus/domain-core';
import { cellText, type EntityRow, KeyValueList, PrintLayout, PrintSection, RowTable, SiteBanner } from '@campus/ui';
import { RouteError } from '../../../features/resources/RouteError';
import { APP_TITLE } from '../../../lib/constants';
import { loadPds } from './pds.server';
import './pds.css';

export const meta: MetaFunction = () => [{ title: `Personal Data Sheet · ${APP_TITLE}` }];

export async function loader({ request, params }: LoaderFunctionArgs) {
  return loadPds(request, params.id);
}

/** The civil-service form's sections, in its order, with the records that fill each. */
const SECTIONS: readonly { roman: string; title: string; resource: string }[] = [
  { roman: 'II', title: 'Family background', resource: 'employee-family' },
  { roman: 'III', title: 'Educational background', resource: 'employee-education' },
  { roman: 'IV', title: 'Civil service eligibility', resource: 'employee-eligibilities' },
  { roman: 'V', title: 'Work experience', resource: 'work-experiences' },
  { roman: 'VI', title: 'Voluntary work', resource: 'employee-voluntary-work' },
  { roman: 'VII', title: 'Learning and development', resource: 'employee-learning' },
  { roman: 'VIII', title: 'Other information', resource: 'employee-other-info' },
];

/** A field of a record as the sheet reads: coded values by their names, government numbers with their masks. */
const shown = (entity: AnyEntity, field: string, row: EntityRecord) => cellText(entity, field, row as EntityRow) || '—';

function Section({ roman, title, resource, rows }: { roman: string; title: string; resource: string; rows: EntityRecord[] }) {
  const entity = entityRegistry.byResource(resource)!;
  const columns = Object.keys(entity.fields).filter((f) => f !== 'employeeId');
  return (
    <PrintSection title={`${roman}. ${title}`}>
      <RowTable
        caption={`${roman}. ${title}`}
        isCaptionHidden
        rows={rows}
        rowKey={(r) => r._id}
        emptyMessage="N/A"
        columns={columns.map((c) => ({ key: c, header: entity.fields[c]!.label, cell: (r: EntityRecord) => shown(entity, c, r) }))}
      />
    </PrintSection>
  );
}

/** The personal data sheet as a printable page (PDF through the browser's print), laid out like CS Form 212. */
export default function PrintablePds() {
  const { employee, sections } = useLoaderData<typeof loader>();
  const employees = entityRegistry.byResource('employees')!;
  const personal: [string, string][] = (
    [
      ['Surname', 'lastName'],
      ['First name', 'firstName'],
      ['Middle name', 'middleName'],
      ['Name extension', 'nameExtension'],
      ['Date of birth', 'birthDate'],
      ['Place of birth', 'birthPlace'],
      ['Sex', 'sex'],
      ['Civil status', 'civilStatus'],
      ['Citizenship', 'citizenship'],
      ['Height (m)', 'height'],
      ['Weight (kg)', 'weight'],
      ['Blood type', 'bloodType'],
      ['GSIS ID no.', 'gsisNumber'],
      ['Pag-IBIG ID no.', 'pagibigNumber'],
      ['PhilHealth no.', 'philhealthNumber'],
      ['SSS no.', 'sssNumber'],
      ['TIN', 'tin'],
      ['Employee no.', 'employeeNumber'],
      ['Residential address', 'residentialAddress'],
      ['Permanent address', 'permanentAddress'],
      ['Telephone no.', 'telephoneNumber'],
      ['Mobile no.', 'mobileNumber'],
      ['Email address', 'email'],
    ] as const
  ).map(([label, field]) => [label, shown(employees, field, employee)]);
  const e = employee as Record<string, unknown>;
  return (
    <>
      <SiteBanner title={APP_TITLE} className="cas-no-print" />
      <main className="cas-pds-print">
        <PrintLayout
          organisation="Civil Service Form No. 212"
          title="Personal Data Sheet"
          subtitle={`${String(e.lastName)}, ${String(e.firstName)} · ${String(e.employeeNumber ?? '')}`}
          actions={
            <>
              <a href={`/app/campus-management/hr/employee/${employee._id}`}>Back to the employee</a>
              <span className="cas-pds-hint">Use Print, or the browser&apos;s print (Ctrl+P), to print or save as PDF.</span>
            </>
          }
        >
          <PrintSection title="I. Personal information">
            <KeyValueList layout="grid" items={personal.map(([label, value]) => ({ label, value: value === '—' ? '' : value }))} />
          </PrintSection>
          {SECTIONS.map((s) => (
            <Section key={s.resource} {...s} rows={sections[s.resource] ?? []} />
          ))}
        </PrintLayout>
      </main>
    </>
  );
}

export const ErrorBoundary = RouteError;
