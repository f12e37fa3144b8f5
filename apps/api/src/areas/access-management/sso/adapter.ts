import { sql } from 'drizzle-orm';
import type { Adapter, AdapterPayload } from 'oidc-provider';
import { rows, type Db } from '../../../platform/db/client.js';

/** How a registered client reaches the provider: its settings row, as client metadata. */
export type ClientLoader = (clientId: string) => Promise<AdapterPayload | undefined>;

interface PayloadRow {
  payload: AdapterPayload;
  consumed_at: string | Date | null;
  expires_at: string | Date | null;
}

/**
 * The provider's storage: one generic table keyed by model and id (decision 0014). Clients are not stored here;
 * they are read from the application's client settings. Expired rows are ignored on read and swept now and then.
 */
export function adapterFactory(db: Db, now: () => Date, loadClient: ClientLoader): (name: string) => Adapter {
  return (model: string) => {
    const live = (row: PayloadRow | undefined): AdapterPayload | undefined => {
      if (!row) return undefined;
      if (row.expires_at && new Date(row.expires_at).getTime() <= now().getTime()) return undefined;
      return row.consumed_at
        ? { ...row.payload, consumed: Math.floor(new Date(row.consumed_at).getTime() / 1000) }
        : row.payload;
    };
    const findBy = async (column: 'id' | 'uid' | 'user_code', value: string) => {
      const [row] = await rows<PayloadRow>(
        db,
        sql`select payload, consumed_at, expires_at from sso_payloads
            where model = ${model} and ${sql.identifier(column)} = ${value} limit 1`,
      );
      return live(row);
    };
    return {
      async upsert(id: string, payload: AdapterPayload, expiresIn: number) {
        const expiresAt = expiresIn ? new Date(now().getTime() + expiresIn * 1000).toISOString() : null;
        const text = (v: unknown) => (typeof v === 'string' ? v : null);
        await db.execute(
          sql`insert into sso_payloads (model, id, payload, account_id, client_id, grant_id, uid, user_code, expires_at)
              values (${model}, ${id}, ${JSON.stringify(payload)}::jsonb, ${text(payload.accountId)}, ${text(payload.clientId)},
                      ${text(payload.grantId)}, ${text(payload.uid)}, ${text(payload.userCode)}, ${expiresAt})
              on conflict (model, id) do update set payload = excluded.payload, account_id = excluded.account_id,
                client_id = excluded.client_id, grant_id = excluded.grant_id, uid = excluded.uid,
                user_code = excluded.user_code, expires_at = excluded.expires_at`,
        );
      },
      async find(id: string) {
        if (model === 'Client') return loadClient(id);
        return findBy('id', id);
      },
      findByUid: (uid: string) => findBy('uid', uid),
      findByUserCode: (userCode: string) => findBy('user_code', userCode),
      async consume(id: string) {
        await db.execute(
          sql`update sso_payloads set consumed_at = ${now().toISOString()} where model = ${model} and id = ${id}`,
        );
      },
      async destroy(id: string) {
        await db.execute(sql`delete from sso_payloads where model = ${model} and id = ${id}`);
      },
      async revokeByGrantId(grantId: string) {
        await db.execute(sql`delete from sso_payloads where grant_id = ${grantId}`);
      },
    };
  };
}

/** Removes rows whose expiry has passed (run now and then; reads already ignore them). */
export async function sweepExpired(db: Db, at: Date): Promise<void> {
  await db.execute(sql`delete from sso_payloads where expires_at < ${at.toISOString()}`);
}
