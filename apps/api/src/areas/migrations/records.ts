import { migrationApiSourceEntity, migrationConnectionEntity } from '@campus/domain-migration';
import type { ResourceHooks } from '../../resources/crud.js';
import type { Sealer } from '../../platform/sealer.js';

/** The ISO 8601 text (UTC) the answers give times in, as SQL over a `timestamptz` expression. */
const isoText = (expression: string) => `to_char(${expression} at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"')`;

/**
 * A saved database connection through the generic handlers: the password sealed on the way in (a blank one on an
 * edit keeps the stored one), never answered (only `hasPassword`), audited only as set or changed; the cursors of its
 * incremental reads answered with it; a name clash answered 400 as before; deletable.
 */
export function connectionHooks(sealer: Sealer): ResourceHooks {
  /** Takes the password out of the input and answers the column to write, if one was typed. */
  const sealed = (input: Record<string, unknown>): Record<string, unknown> => {
    const password = typeof input.password === 'string' ? input.password : '';
    delete input.password;
    return password ? { password_sealed: sealer.seal(password) } : {};
  };
  return {
    beforeCreate: async (_tx, data, actor) => ({ ...sealed(data), created_by_id: actor.id }),
    beforeUpdate: async (_tx, _current, changes) => sealed(changes),
    audit: ({ kind, extra }) => {
      const set = extra.password_sealed !== undefined;
      if (kind === 'create') return { activity: 'Added a database connection', changes: set ? { password: { before: null, after: 'set' } } : undefined };
      if (kind === 'update') return { activity: 'Changed a database connection', changes: set ? { password: { before: 'set', after: 'changed' } } : undefined };
      return { activity: 'Deleted a database connection' };
    },
    deleted: () => 'Connection deleted.',
    clashStatus: 400,
    computed: {
      fields: {
        hasPassword: 'coalesce(octet_length(t.password_sealed), 0) > 0',
        cursors: `select coalesce(jsonb_agg(jsonb_build_object('source', k.source, 'cursorColumn', k.cursor_column, 'lastValue', k.last_value,
                    'updatedAt', ${isoText('k.updated_at')}) order by k.source, k.cursor_column), '[]'::jsonb)
                    from migration_cursors k where k.connection_id = t.id`,
      },
      tables: ['migration_cursors'],
    },
  };
}

/**
 * A saved REST API source through the generic handlers: the secret sealed on the way in, kept for a kind that
 * sends one (a blank one on an edit keeps it; no authentication forgets it), never answered (only `hasSecret`),
 * audited only as set, changed or removed; the header name kept only for header authentication; a changed cursor
 * field starts incremental reads over; a name clash answered 400 as before; deletable.
 */
export function apiSourceHooks(sealer: Sealer): ResourceHooks {
  /** Normalises the input and answers the secret's column to write: sealed, forgotten (null) or left as it is. */
  const secretColumns = (input: Record<string, unknown>): Record<string, unknown> => {
    const secret = typeof input.secret === 'string' ? input.secret : '';
    delete input.secret;
    if (input.authKind !== 'header') input.authHeader = '';
    if (input.authKind === 'none') return { secret_sealed: null };
    return secret ? { secret_sealed: sealer.seal(secret) } : {};
  };
  return {
    beforeCreate: async (_tx, data, actor) => ({ ...secretColumns(data), created_by_id: actor.id }),
    beforeUpdate: async (_tx, current, changes) => {
      const extra = secretColumns(changes);
      // The remembered value belongs to the old cursor field.
      if ('cursorField' in changes && changes.cursorField !== current.cursorField) Object.assign(extra, { last_cursor: null, cursor_updated_at: null });
      return extra;
    },
    audit: ({ kind, before, extra }) => {
      const sealed = extra.secret_sealed !== undefined && extra.secret_sealed !== null;
      if (kind === 'create') return { activity: 'Added an API source', changes: sealed ? { secret: { before: null, after: 'set' } } : undefined };
      if (kind === 'update') {
        const had = before?.hasSecret === true;
        if (sealed) return { activity: 'Changed an API source', changes: { secret: { before: had ? 'set' : null, after: 'changed' } } };
        if (had && extra.secret_sealed === null) return { activity: 'Changed an API source', changes: { secret: { before: 'set', after: null } } };
        return { activity: 'Changed an API source' };
      }
      return { activity: 'Deleted an API source' };
    },
    deleted: () => 'API source deleted.',
    clashStatus: 400,
    computed: { fields: { hasSecret: 'coalesce(octet_length(t.secret_sealed), 0) > 0' } },
  };
}

/** The records Data Migration serves through the generic handlers, with what each adds. */
export const migrationRecordHooks = (sealer: Sealer): Readonly<Record<string, ResourceHooks>> => ({
  [migrationConnectionEntity.resource]: connectionHooks(sealer),
  [migrationApiSourceEntity.resource]: apiSourceHooks(sealer),
});
