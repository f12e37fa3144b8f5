import { sql } from 'drizzle-orm';
import { rows, type Db } from '../../../platform/db/client.js';
import { HttpError } from '../../../platform/http/errors.js';
import type { ResourceHooks } from '../../../resources/crud.js';

/**
 * A designation's grade and step must be a cell of the salary grade table: its monthly salary follows that cell
 * (the database works it out, migration 0017), so a grade or step the table does not hold is refused.
 */
async function checkGrade(tx: Db, grade: unknown, step: unknown): Promise<void> {
  if (typeof grade !== 'string' || grade.trim() === '' || typeof step !== 'number') return; // the rules answer
  const [row] = await rows<{ salary: number | null }>(tx, sql`select salary_of_grade(${grade}, ${step}) as salary`);
  if (row?.salary === null || row?.salary === undefined) {
    const message = `The salary grade table has no step ${step} of ${grade.trim()}.`;
    throw new HttpError(400, message, { salaryGradeCode: [message] });
  }
}

export const designationGradeHooks: ResourceHooks = {
  async beforeCreate(tx, data) {
    await checkGrade(tx, data.salaryGradeCode, data.salaryGradeStep);
    return {};
  },
  async beforeUpdate(tx, current, changes) {
    if (!('salaryGradeCode' in changes) && !('salaryGradeStep' in changes)) return;
    const merged = { ...current, ...changes };
    await checkGrade(tx, merged.salaryGradeCode, merged.salaryGradeStep);
  },
};
