import type { LoaderFunctionArgs, MetaFunction } from '@remix-run/node';
import { useLoaderData } from '@remix-run/react';
import type { EntityRecord } from '@campus/api-contract';
import { SALARY_GRADE_STEPS, salaryGradeEntity, salaryGradeGrid, type SalaryGradeCell } from '@campus/domain-hr';
import { formatPeso } from '@campus/formatters';
import { RouteError } from '../../../features/resources/RouteError';
import { answerOf } from '../../../lib/answers.server';
import { APP_TITLE } from '../../../lib/constants';
import { signedIn } from '../../../lib/request.server';

export const meta: MetaFunction = () => [{ title: `Salary grade table · ${APP_TITLE}` }];

/** At most this many pages of 100 cells: 33 grades × 8 steps fit in three. */
const MAX_PAGES = 10;

export async function loader({ request }: LoaderFunctionArgs) {
  const { api } = await signedIn(request);
  const cells: EntityRecord[] = [];
  for (let page = 1; page <= MAX_PAGES; page += 1) {
    const { rows, count } = answerOf(await api.resource(salaryGradeEntity.resource).list({ limit: 100, page, sort: 'name' }), 200);
    cells.push(...rows);
    if (cells.length >= count || rows.length === 0) break;
  }
  const asCells: SalaryGradeCell[] = cells.map((row) => {
    const r = row as Record<string, unknown>;
    return { id: row._id, name: String(r.name), step: Number(r.step), salary: Number(r.salary), isActive: r.isActive !== false };
  });
  return { grid: salaryGradeGrid(asCells) };
}

const steps = Array.from({ length: SALARY_GRADE_STEPS }, (_, i) => i + 1);

/**
 * The salary grade table as HR reads it: a row per grade, a column per step, each monthly salary in pesos and a
 * link to edit that cell. Designations' monthly salaries follow these cells.
 */
export default function SalaryGradeTable() {
  const { grid } = useLoaderData<typeof loader>();
  const path = salaryGradeEntity.consolePath;
  const returnTo = new URLSearchParams({ returnTo: `${path.replace(/salary-grades$/, 'salary-grade-table')}` });
  return (
    <>
      <h1 className="cas-page-title">Salary grade table</h1>
      <p>
        The monthly salary of each step of each grade. A designation's monthly salary follows its grade and step here: change a
        salary and every designation of that grade and step shows the new one. <a href={`${path}/new`}>Add a salary</a> ·{' '}
        <a href={path}>All salary grades as a list</a>
      </p>
      <div style={{ overflowX: 'auto' }}>
        <table className="cas-table" data-testid="salary-grade-table">
          <caption>Monthly salary by grade and step</caption>
          <thead>
            <tr>
              <th scope="col">Grade</th>
              {steps.map((s) => (
                <th key={s} scope="col" style={{ textAlign: 'right' }}>
                  Step {s}
                </th>
              ))}
            </tr>
          </thead>
          <tbody>
            {grid.length === 0 ? (
              <tr>
                <td colSpan={steps.length + 1}>No salary grades yet.</td>
              </tr>
            ) : (
              grid.map((row) => (
                <tr key={row.grade}>
                  <th scope="row">{row.grade}</th>
                  {row.steps.map((cell, i) => (
                    <td key={i} style={{ textAlign: 'right', fontVariantNumeric: 'tabular-nums' }}>
                      {cell ? (
                        cell.id ? (
                          <a href={`${path}/${cell.id}/edit?${returnTo}`} aria-label={`${row.grade} step ${i + 1}: ${formatPeso(cell.salary)}, edit`}>
                            {formatPeso(cell.salary)}
                          </a>
                        ) : (
                          formatPeso(cell.salary)
                        )
                      ) : (
                        '—'
                      )}
                    </td>
                  ))}
                </tr>
              ))
            )}
          </tbody>
        </table>
      </div>
    </>
  );
}

export const ErrorBoundary = RouteError;
