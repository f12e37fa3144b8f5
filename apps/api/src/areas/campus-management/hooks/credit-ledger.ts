import { sql } from 'drizzle-orm';
import { rows, type Db } from '../../../platform/db/client.js';
import { HttpError } from '../../../platform/http/errors.js';
import type { ResourceHooks } from '../../../resources/crud.js';

type LedgerTable = 'leave_credits' | 'service_credits';
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/**
 * Takes the ledger's lock for one employee and credit type (the same advisory lock as the database's balance
 * trigger, held to the end of the transaction) and reads the balance so far. Concurrent debits queue here.
 */
export async function lockedBalance(tx: Db, table: LedgerTable, employeeId: string, typeCode: string): Promise<number> {
  const key = `${table}:${employeeId}:${typeCode}`;
  await tx.execute(sql`select pg_advisory_xact_lock(hashtext(${key}))`);
  const [row] = await rows<{ balance: number | string }>(
    tx,
    sql`select coalesce(sum(coalesce(credit, 0) - coalesce(debit, 0)), 0)::float8 as balance
          from ${sql.identifier(table)} where employee_id = ${employeeId}::uuid and type_code = ${typeCode}`,
  );
  return Number(row?.balance ?? 0);
}

const days = (n: number) => `${Math.round(n * 1000) / 1000} ${Math.abs(n) === 1 ? 'day' : 'days'}`;

export const notEnoughCredits = (typeCode: string, left: number, asked: number) =>
  `Not enough ${typeCode} credits: ${days(left)} left, ${days(asked)} asked. The balance cannot fall below zero.`;

/**
 * Leave and service credits as a ledger: the database works out each entry's running balance (migration 0013);
 * this refuses, with a clear message, a debit that would take it below zero.
 */
export function creditLedgerHooks(table: LedgerTable): ResourceHooks {
  return {
    async beforeCreate(tx, data) {
      const employeeId = String(data.employeeId ?? '');
      const typeCode = String(data.typeCode ?? '');
      if (!UUID.test(employeeId) || !typeCode) return {}; // the reference check answers
      const balance = await lockedBalance(tx, table, employeeId, typeCode);
      const credit = Number(data.credit ?? 0);
      const debit = Number(data.debit ?? 0);
      if (balance + credit - debit < 0) throw new HttpError(400, notEnoughCredits(typeCode, balance, debit), { debit: [notEnoughCredits(typeCode, balance, debit)] });
      return {};
    },
  };
}

/**
 * An LWOP entry debits the chosen credits while any are left; the days not covered stay leave without pay (and
 * count as LWOP in the DTR). The debit is a ledger entry written in the same transaction.
 */
export const lwopHooks: ResourceHooks = {
  async beforeCreate(tx, data, actor) {
    const table: LedgerTable = data.creditKind === 'SERVICE' ? 'service_credits' : 'leave_credits';
    const employeeId = String(data.employeeId ?? '');
    const typeCode = String(data.typeCode ?? '');
    const asked = Number(data.days ?? 0);
    if (!UUID.test(employeeId)) return {}; // the reference check answers
    const balance = Math.max(0, await lockedBalance(tx, table, employeeId, typeCode));
    const covered = Math.min(balance, asked);
    if (covered > 0) {
      await tx.execute(
        sql`insert into ${sql.identifier(table)} (type_code, employee_id, credit, debit, as_of, remarks, modified_by_id)
            values (${typeCode}, ${employeeId}::uuid, 0, ${covered}, ${String(data.date)}::date,
                    ${`Leave without pay on ${String(data.date)}`}, ${actor.id}::uuid)`,
      );
    }
    return { covered_days: covered, uncovered_days: Math.round((asked - covered) * 1000) / 1000 };
  },
};
