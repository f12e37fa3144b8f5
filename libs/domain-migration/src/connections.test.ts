import { describe, expect, it } from 'vitest';
import { ConnectionInputSchema, readOnlySelectProblem } from './connections.js';

describe('the read-only SELECT guard', () => {
  it('lets one SELECT (or WITH … SELECT) through, words inside string literals included', () => {
    expect(readOnlySelectProblem('select * from students')).toBeNull();
    expect(readOnlySelectProblem('  SELECT id, updated_at FROM students WHERE note = \'delete me; -- not a comment\';  ')).toBeNull();
    expect(readOnlySelectProblem('with s as (select * from students) select * from s')).toBeNull();
  });

  it('refuses writes, several statements, comments and side-effecting functions', () => {
    expect(readOnlySelectProblem('')).toBe('Please fillup required fields.');
    expect(readOnlySelectProblem('delete from students')).toBe('Only a read-only SELECT can be run.');
    expect(readOnlySelectProblem('select 1; drop table students')).toBe('Write one SELECT statement.');
    expect(readOnlySelectProblem('select 1 -- hidden')).toBe('Remove the comments from the query.');
    expect(readOnlySelectProblem('select /* x */ 1')).toBe('Remove the comments from the query.');
    expect(readOnlySelectProblem('with d as (delete from s returning *) select * from d')).toBe('Only a read-only SELECT can be run.');
    expect(readOnlySelectProblem('select * into copy from students')).toBe('Only a read-only SELECT can be run.');
    expect(readOnlySelectProblem('select * from students for update')).toBe('Only a read-only SELECT can be run.');
    expect(readOnlySelectProblem('select pg_sleep(100)')).toBe('Only a read-only SELECT can be run.');
    expect(readOnlySelectProblem('select * from t into outfile "/tmp/x"')).toBe('Only a read-only SELECT can be run.');
  });

  it('reads a backslash in a string literal both ways, so an escaped quote cannot hide a second statement', () => {
    const hidden = "select E'\\'' as a) as s0;commit;create table x(a int);select * from (select 'x' as b";
    expect(readOnlySelectProblem(hidden)).toBe('Write one SELECT statement.');
    expect(readOnlySelectProblem(hidden.slice(7).replace(/^E/, 'select '))).toBe('Write one SELECT statement.');
    // A backslash that is only a character (PostgreSQL's standard strings) or an escape (E'…', MySQL) still passes.
    expect(readOnlySelectProblem("select * from files where path like 'C:\\%'")).toBeNull();
    expect(readOnlySelectProblem("select E'it\\'s' as a, 'x' as b")).toBeNull();
  });
});

describe('a connection as filled in', () => {
  it('needs every field but the password, and a port from 1 to 65535', () => {
    const ok = ConnectionInputSchema.parse({ name: ' Old ', kind: 'mariadb', host: 'db.example.edu', port: '3306', database: 'sis', username: 'reader' });
    expect(ok).toEqual({ name: 'Old', kind: 'mariadb', host: 'db.example.edu', port: 3306, database: 'sis', username: 'reader', password: '', tls: false, tlsCa: '' });
    const bad = ConnectionInputSchema.safeParse({ name: '', kind: 'oracle', host: 'x y', port: 0, database: '', username: '' });
    expect(bad.success).toBe(false);
    const messages = Object.fromEntries(bad.error!.issues.map((i) => [i.path.join('.'), i.message]));
    expect(messages).toEqual({
      name: 'Please fillup required fields.',
      kind: 'Choose PostgreSQL, MySQL or MariaDB.',
      host: 'Enter a host name or an address.',
      port: 'Enter a port from 1 to 65535.',
      database: 'Please fillup required fields.',
      username: 'Please fillup required fields.',
    });
  });

  it('takes an optional CA certificate in PEM form, one or more of them', () => {
    const base = { name: 'Registrar', kind: 'postgresql', host: 'db.example.edu', port: 5432, database: 'sis', username: 'reader', tls: true };
    const pem = '-----BEGIN CERTIFICATE-----\nMIIBszCCAVmgAwIBAgIUQ2E=\nAbCd+/==\n-----END CERTIFICATE-----';
    expect(ConnectionInputSchema.parse({ ...base, tlsCa: `\n${pem}\n` }).tlsCa).toBe(pem);
    expect(ConnectionInputSchema.parse({ ...base, tlsCa: `${pem}\n${pem}\n` }).tlsCa).toBe(`${pem}\n${pem}`);
    expect(ConnectionInputSchema.parse({ ...base, tlsCa: '   ' }).tlsCa).toBe('');
    const message = 'Paste the CA certificate in PEM form (-----BEGIN CERTIFICATE----- …).';
    for (const bad of ['not a certificate', pem.replace('-----END CERTIFICATE-----', ''), `${pem}\nextra text`, pem.replace('CERTIFICATE-----\n', 'PRIVATE KEY-----\n')]) {
      const refused = ConnectionInputSchema.safeParse({ ...base, tlsCa: bad });
      expect(refused.success, bad).toBe(false);
      expect(refused.error!.issues.map((i) => [i.path.join('.'), i.message])).toEqual([['tlsCa', message]]);
    }
    const long = ConnectionInputSchema.safeParse({ ...base, tlsCa: `-----BEGIN CERTIFICATE-----\n${'A'.repeat(20_000)}\n-----END CERTIFICATE-----` });
    expect(long.error!.issues.map((i) => i.message)).toContain('At most 20000 characters.');
  });
});
