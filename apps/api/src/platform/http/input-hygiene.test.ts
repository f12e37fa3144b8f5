import { describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { BIDI_MESSAGE, INVISIBLE_MESSAGE, NUL_MESSAGE } from '@campus/domain-core';
import { rows } from '../db/client.js';
import { startTestApi, TEST_PASSWORD } from '../../test/harness.js';

const api = await startTestApi();
const admin = await api.signIn('admin@example.edu');
const NUL = '\u0000';

const createCampus = (body: Record<string, unknown>) => api.call('POST', '/core/v1.0/campuses', { token: admin, body });

describe('a NUL character answers 400, never 500', () => {
  it.each([
    ['a record field', 'POST', '/core/v1.0/campuses', { code: `MA${NUL}IN`, name: 'Main Campus' }, 'code'],
    ['a multi-line field', 'POST', '/core/v1.0/announcements', { title: 'Hello', body: `a${NUL}b` }, 'body'],
    ['the sign-in email', 'POST', '/core/v1.0/auth', { email: `admin${NUL}@example.edu`, password: TEST_PASSWORD }, 'email'],
    ['the sign-in password', 'POST', '/core/v1.0/auth', { email: 'admin@example.edu', password: `pass${NUL}word` }, 'password'],
    ['a recovery email', 'POST', '/core/v1.0/auth/recovery', { email: `x${NUL}@example.edu` }, 'email'],
    ['a reported activity', 'POST', '/core/v1.0/audit-trails', { activity: `Opened${NUL}` }, 'activity'],
  ])('in %s', async (_where, method, url, body, field) => {
    const result = await api.call(method, url, { token: admin, body });
    expect(result.status).toBe(400);
    expect(result.body.fieldErrors[field]).toEqual([NUL_MESSAGE]);
  });

  it.each([
    ['search', '/core/v1.0/campuses?search=name:Main%00'],
    ['q', '/core/v1.0/students?q=san%00tos'],
    ['resource', '/core/v1.0/audit-trails?resource=camp%00uses'],
  ])('in the %s of a list query', async (field, url) => {
    const result = await api.call('GET', url, { token: admin });
    expect(result.status).toBe(400);
    expect(result.body.fieldErrors[field]).toEqual([NUL_MESSAGE]);
  });

  it('in an update, which then changes nothing', async () => {
    const campus = (await createCampus({ code: 'NULU', name: 'Update Campus' })).body.data;
    const result = await api.call('PUT', `/core/v1.0/campuses/${campus._id}`, { token: admin, body: { name: `Up${NUL}date` } });
    expect(result.status).toBe(400);
    expect((await api.call('GET', `/core/v1.0/campuses/${campus._id}`, { token: admin })).body.data.name).toBe('Update Campus');
  });
});

describe('names and codes', () => {
  it.each([
    ['zero-width spaces', { code: '\u200B\u200B', name: 'Invisible Code Campus' }, 'code', INVISIBLE_MESSAGE],
    ['a word joiner and a direction mark', { code: 'VIS1', name: '\u2060\u200E' }, 'name', INVISIBLE_MESSAGE],
    ['Hangul fillers', { code: 'VIS2', name: '\u3164\u3164' }, 'name', INVISIBLE_MESSAGE],
    ['a right-to-left override', { code: 'VIS3', name: 'Main \u202EsupmaC' }, 'name', BIDI_MESSAGE],
    ['a direction isolate', { code: 'V\u2067IS4', name: 'Isolate Campus' }, 'code', BIDI_MESSAGE],
  ])('refuses %s with a field error', async (_what, body, field, message) => {
    const result = await createCampus(body);
    expect(result.status).toBe(400);
    expect(result.body.fieldErrors[field]).toEqual([message]);
  });

  it('stores text in NFC, so the same name typed decomposed is found and collides', async () => {
    const decomposed = 'Sta. Cruz Campus Ban\u0303os'; // n + combining tilde
    const composed = 'Sta. Cruz Campus Ba\u00F1os';
    expect(decomposed).not.toBe(composed);
    const first = await createCampus({ code: 'NFD1', name: decomposed });
    expect(first.status).toBe(201);
    expect(first.body.data.name).toBe(composed);
    const [stored] = await rows<{ name: string }>(api.database.db, sql`select name from campuses where code = 'NFD1'`);
    expect(stored!.name).toBe(composed);

    const second = await createCampus({ code: 'NFC2', name: composed });
    expect(second.status).toBe(409);
    expect(second.body.message).toBe(`Name is existing in ${composed}.`);
    const again = await createCampus({ code: 'NFD3', name: decomposed });
    expect(again.status).toBe(409);

    const found = await api.call('GET', `/core/v1.0/campuses?search=${encodeURIComponent(`name:${decomposed}`)}`, { token: admin });
    expect(found.body.rows.map((r: { code: string }) => r.code)).toEqual(['NFD1']);
  });

  it('still takes names in any script, with accents and inner spaces', async () => {
    const result = await createCampus({ code: 'INTL', name: 'Kampus ng Lungsod — 大学 — جامعة' });
    expect(result.status).toBe(201);
  });
});
