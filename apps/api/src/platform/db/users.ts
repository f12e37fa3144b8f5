import { sql } from 'drizzle-orm';
import type { Argon2Options } from '../../config.js';
import { hashPassword } from '../auth/passwords.js';
import { rows, type Db } from './client.js';

export interface NewAccount {
  readonly email: string;
  readonly password: string;
  readonly firstName: string;
  readonly lastName: string;
  readonly middleName?: string | null;
  readonly adminScopes: readonly string[];
  readonly iamAdmin?: boolean;
  readonly employeeId?: string | null;
  readonly mustChangePassword?: boolean;
  readonly isActive?: boolean;
}

/** Writes an account directly (the seed and tests); everything else goes through the users resource. */
export async function insertAccount(db: Db, account: NewAccount, argon2: Argon2Options): Promise<string> {
  const [row] = await rows<{ id: string }>(
    db,
    sql`insert into users (email, first_name, middle_name, last_name, admin_scopes, iam_admin, employee_id,
                           password_hash, must_change_password, is_active)
        values (${account.email}, ${account.firstName}, ${account.middleName ?? null}, ${account.lastName},
                ${`{${account.adminScopes.join(',')}}`}::text[], ${account.iamAdmin ?? false}, ${account.employeeId ?? null},
                ${await hashPassword(account.password, argon2)}, ${account.mustChangePassword ?? false},
                ${account.isActive ?? true})
        returning id`,
  );
  return row!.id;
}
