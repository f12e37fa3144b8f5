import { describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { rows } from '../db/client.js';
import { insertAccount } from '../db/users.js';
import { startTestApi, TEST_PASSWORD } from '../../test/harness.js';

const api = await startTestApi({ lockoutThreshold: 5 });
const SIXTEEN_MINUTES = 16 * 60 * 1000;
const WRONG = 'not the password at all';

async function account(email: string) {
  return insertAccount(
    api.database.db,
    { email, password: TEST_PASSWORD, firstName: 'Test', lastName: 'Account', adminScopes: ['CAMPUS'] },
    api.config.argon2,
  );
}

const signIn = (email: string, password: string) => api.call('POST', '/core/v1.0/auth', { body: { email, password } });

async function activities(recordId: string): Promise<string[]> {
  const found = await rows<{ activity: string }>(api.database.db, sql`select activity from audit_trails where record_id = ${recordId}`);
  return found.map((r) => r.activity);
}

describe('lockout under parallel attempts', () => {
  it.each([20, 100])('counts each of %i parallel wrong passwords, then refuses the right one while locked', async (n) => {
    const email = `parallel-${n}@example.edu`;
    const id = await account(email);
    const answers = await Promise.all(Array.from({ length: n }, () => signIn(email, WRONG)));
    expect(answers.map((a) => a.status)).toEqual(Array(n).fill(401));

    const right = await signIn(email, TEST_PASSWORD);
    expect(right.status).toBe(401);
    expect(right.body).toEqual({ message: 'Incorrect email or password.' });
    // Every wrong password was counted: each left a failure, a lock, or a refusal of the locked account.
    const written = await activities(id);
    expect(written.filter((a) => a === 'Failed sign-in' || a.startsWith('Account locked') || a.startsWith('Sign-in refused')).length).toBe(n + 1);
    expect(written).toContain('Account locked after 5 failed sign-ins');

    api.clock.advance(SIXTEEN_MINUTES);
    expect((await signIn(email, TEST_PASSWORD)).status).toBe(200);
  });
});

describe('changing the password', () => {
  it('counts wrong current passwords toward the lockout, which then also stops sign-in and the change itself', async () => {
    const email = 'stolen-token@example.edu';
    await account(email);
    const token = await api.signIn(email);
    const change = (currentPassword: string) =>
      api.call('POST', '/core/v1.0/auth/password', { token, body: { currentPassword, newPassword: 'A brand new passphrase 42' } });

    const guesses = await Promise.all(Array.from({ length: 5 }, (_, i) => change(`guess number ${i}`)));
    expect(guesses.map((g) => g.status)).toEqual([400, 400, 400, 400, 400]);
    expect(guesses[0]!.body.fieldErrors).toEqual({ currentPassword: ['The current password is incorrect.'] });

    expect((await signIn(email, TEST_PASSWORD)).status).toBe(401);
    const rightWhileLocked = await change(TEST_PASSWORD);
    expect(rightWhileLocked.status).toBe(400);
    expect(rightWhileLocked.body.message).toBe('The current password is incorrect.');

    api.clock.advance(SIXTEEN_MINUTES);
    expect((await change(TEST_PASSWORD)).status).toBe(200);
    expect((await signIn(email, 'A brand new passphrase 42')).status).toBe(200);
  });
});
