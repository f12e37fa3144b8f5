import { describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { rows } from '../../../platform/db/client.js';
import { startTestApi } from '../../../test/harness.js';

const api = await startTestApi();

const me = (token: string) => api.call('GET', '/core/v1.0/users/me', { token });

describe('sign out everywhere', () => {
  it("ends every session of the user, the calling one included, and no one else's", async () => {
    const first = await api.signIn('registrar@example.edu');
    const second = await api.signIn('registrar@example.edu');
    const other = await api.signIn('admin@example.edu');
    const result = await api.call('POST', `/core/v1.0/auth/logout/${api.users.registrar}/all`, { token: first });
    expect(result.status).toBe(200);
    expect(result.body.data).toEqual({ message: 'Signed out everywhere.', sessionsEnded: 2 });
    expect((await me(first)).status).toBe(401);
    expect((await me(second)).status).toBe(401);
    expect((await me(other)).status).toBe(200);
    const audit = await rows<{ activity: string; actor_id: string }>(
      api.database.db,
      sql`select activity, actor_id from audit_trails where record_id = ${api.users.registrar} and activity like 'Signed out everywhere%'`,
    );
    expect(audit).toEqual([{ activity: 'Signed out everywhere (2 sessions ended)', actor_id: api.users.registrar }]);
  });

  it('refuses to sign out another user', async () => {
    const token = await api.signIn('registrar@example.edu');
    const other = await api.signIn('admin@example.edu');
    const result = await api.call('POST', `/core/v1.0/auth/logout/${api.users.admin}/all`, { token });
    expect(result.status).toBe(403);
    expect((await me(other)).status).toBe(200);
  });

  it('needs a live token', async () => {
    expect((await api.call('POST', `/core/v1.0/auth/logout/${api.users.registrar}/all`)).status).toBe(401);
  });
});
