import type { Db } from '../../platform/db/client.js';
import type { SeedRecord } from '../../platform/db/insert-rows.js';

export interface HrSeed {
  readonly id: () => string;
  readonly employees: readonly string[];
  /** The day the database is created: the records' dates fall in the last year whose first half is past. */
  readonly at: Date;
}

/**
 * The year the demo's HR records belong to: the year of the day six months before `at`, so every dated entry (1 January
 * to 15 May) lies in the past and within the last eighteen months, whatever day the database is created.
 */
export function hrSeedYear(at: Date): number {
  const back = new Date(at);
  back.setUTCMonth(back.getUTCMonth() - 6);
  return back.getUTCFullYear();
}

/**
 * Demo HR records beside the employees: allowance and deduction types, an employee's allowances, deductions,
 * PDS sections, a training, and credit ledgers (each entry its own insert, so the database works out the running
 * balance in order).
 */
export async function seedHr(_tx: Db, put: (resource: string, records: SeedRecord[]) => Promise<void>, seed: HrSeed): Promise<void> {
  const { id } = seed;
  const year = hrSeedYear(seed.at);
  const day = (monthDay: string) => `${year}-${monthDay}`;
  // The salary grade table, grades 11 to 20: step 1 of the 2023 schedule, each further step about 1.07 % more.
  const firstSteps: readonly [number, number][] = [
    [11, 27000], [12, 29165], [13, 31320], [14, 33843], [15, 36619], [16, 39672], [17, 43030], [18, 46725], [19, 51357], [20, 57347],
  ];
  await put(
    'salary-grades',
    firstSteps.flatMap(([grade, first]) =>
      Array.from({ length: 8 }, (_, i) => ({ id: id(), name: `SG ${grade}`, step: i + 1, salary: Math.round(first * 1.0107 ** i) })),
    ),
  );
  const pera = id();
  const rata = id();
  const gsis = id();
  const phic = id();
  await put('allowance-types', [
    { id: pera, code: 'PERA', name: 'Personnel economic relief allowance', amount: 2000 },
    { id: rata, code: 'RATA', name: 'Representation and transportation allowance', amount: 5000 },
    { id: id(), code: 'CLOTHING', name: 'Clothing and uniform allowance', amount: 7000 },
  ]);
  await put('deduction-types', [
    { id: gsis, code: 'GSIS', name: 'GSIS personal share', amount: 2430 },
    { id: phic, code: 'PHIC', name: 'PhilHealth contribution', amount: 675 },
    { id: id(), code: 'HDMF', name: 'Pag-IBIG contribution', amount: 200 },
    { id: id(), code: 'WTAX', name: 'Withholding tax' },
  ]);
  for (const employeeId of seed.employees) {
    await put('employee-allowances', [
      { id: id(), employeeId, allowanceTypeId: pera, amount: 2000, effectiveFrom: day('01-01') },
      { id: id(), employeeId, allowanceTypeId: rata, amount: 5000, effectiveFrom: day('01-01') },
    ]);
    await put('employee-deductions', [
      { id: id(), employeeId, deductionTypeId: gsis, amount: 2430, effectiveFrom: day('01-01') },
      { id: id(), employeeId, deductionTypeId: phic, amount: 675, effectiveFrom: day('01-01') },
    ]);
    await put('employee-education', [
      { id: id(), employeeId, level: 'COLLEGE', school: 'Bicol University', degreeCourse: 'BS Accountancy', fromYear: 2003, toYear: 2007, yearGraduated: 2007 },
    ]);
    await put('employee-eligibilities', [{ id: id(), employeeId, eligibility: 'Career Service Professional', rating: 83.4, examDate: '2008-08-10', examPlace: 'Legazpi City' }]);
    await put('employee-other-info', [
      { id: id(), employeeId, kind: 'SKILL', text: 'Records management' },
      { id: id(), employeeId, kind: 'MEMBERSHIP', text: 'Philippine Association of Government Personnel Officers' },
    ]);
    await put('trainings', [{ id: id(), employeeId, title: 'Data Privacy Act compliance', from: day('02-09'), to: day('02-10'), hours: 16, type: 'TECHNICAL', conductedBy: 'National Privacy Commission' }]);
    for (const entry of [
      { typeCode: 'VL', credit: 15, asOf: day('01-01'), remarks: 'Opening balance' },
      { typeCode: 'SL', credit: 15, asOf: day('01-01'), remarks: 'Opening balance' },
      { typeCode: 'VL', debit: 2, asOf: day('03-06'), remarks: 'Vacation leave, 5–6 March' },
      { typeCode: 'VL', credit: 1.25, asOf: day('03-31'), remarks: 'Monthly accrual' },
    ]) {
      await put('leave-credits', [{ id: id(), employeeId, ...entry }]);
    }
    await put('service-credits', [{ id: id(), employeeId, typeCode: 'ELECTION', credit: 3, asOf: day('05-15'), remarks: 'Election duty' }]);
  }
}
