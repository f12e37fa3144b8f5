import { describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { rows } from '../db/client.js';
import { startTestApi } from '../../test/harness.js';

const api = await startTestApi();
const token = await api.signIn('admin@example.edu');
await api.call('POST', '/core/v1.0/campuses', { token, body: { code: 'MAIN', name: 'Main Campus' } });

const campusCount = async () => Number((await rows<{ n: string }>(api.database.db, sql`select count(*) as n from campuses`))[0]!.n);

describe('bad input is answered 400 (or handled safely) and writes nothing', () => {
  it.each([
    ['malformed JSON', '{"code": "X", "name": ', 'The request body is not valid JSON.'],
    ['a JSON array', '[1,2,3]', undefined],
    ['a number where text belongs', JSON.stringify({ code: 12, name: 'Twelve' }), undefined],
    ['text where a number belongs', JSON.stringify({ code: 'NUM', name: 'Numbers', lat: 'north' }), undefined],
    ['an oversize string', JSON.stringify({ code: 'X'.repeat(5000), name: 'Long' }), undefined],
    ['an unknown field', JSON.stringify({ code: 'UNK', name: 'Unknown', dropTable: true }), undefined],
    ['a server-owned field', JSON.stringify({ code: 'OWN', name: 'Owned', _id: '0b8a3c5e-2f1d-4c3b-9a8e-7d6c5b4a3f2e' }), undefined],
  ])('%s', async (_name, payload, message) => {
    const before = await campusCount();
    const result = await api.call('POST', '/core/v1.0/campuses', { token, body: payload, headers: { 'content-type': 'application/json' } });
    expect(result.status).toBe(400);
    expect(typeof result.body.message).toBe('string');
    if (message) expect(result.body.message).toBe(message);
    expect(JSON.stringify(result.body)).not.toMatch(/at .*\.js|select |insert |stack/i);
    expect(await campusCount()).toBe(before);
  });

  it('refuses a body sent as another media type', async () => {
    const result = await api.call('POST', '/core/v1.0/campuses', { token, body: 'code=X', headers: { 'content-type': 'application/x-www-form-urlencoded' } });
    expect(result.status).toBe(415);
  });

  it('refuses a body over the size limit', async () => {
    const result = await api.call('POST', '/core/v1.0/campuses', { token, body: JSON.stringify({ code: 'BIG', name: 'x'.repeat(300_000) }), headers: { 'content-type': 'application/json' } });
    expect(result.status).toBe(413);
  });

  it.each([
    ['limit=100000', 'limit is at most 100'],
    ['limit=-1', 'limit is at least 1'],
    ['page=0', 'page starts at 1'],
    ['sort=password', 'Cannot sort campuses by password'],
    ['sort=name;drop table campuses', 'Cannot sort campuses by'],
    ['search=name', 'Write search as field:value'],
    ["search=1=1;--:x", 'Cannot search campuses by'],
    ['search=_id:1 or 1=1', '_id must be a record id'],
    ['offset=5', 'Unknown field: offset'],
  ])('answers the list query %s with 400', async (query, message) => {
    const result = await api.call('GET', `/core/v1.0/campuses?${query}`, { token });
    expect(result.status).toBe(400);
    expect(result.body.message).toContain(message);
  });

  it.each([
    "search=name:x' or '1'='1",
    'search=code:%25',
    'q=%27%3B drop table campuses%3B --',
    "q=' or 1=1 --",
    'q=%5C',
    'q=Main%25',
  ])('treats SQL metacharacters in %s as plain text', async (query) => {
    const result = await api.call('GET', `/core/v1.0/campuses?${query}`, { token });
    expect(result.status).toBe(200);
    expect(result.body.count).toBe(0);
    expect(await campusCount()).toBe(1);
  });

  it('finds a record whose text holds SQL metacharacters', async () => {
    const created = await api.call('POST', '/core/v1.0/campuses', { token, body: { code: "O'BRIEN", name: "St. O'Brien 100% Campus_1" } });
    expect(created.status).toBe(201);
    expect((await api.call('GET', `/core/v1.0/campuses?search=code:o'brien`, { token })).body.count).toBe(1);
    expect((await api.call('GET', `/core/v1.0/campuses?q=${encodeURIComponent('100% campus_1')}`, { token })).body.count).toBe(1);
  });
});
