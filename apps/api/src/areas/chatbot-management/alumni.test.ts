import { beforeAll, describe, expect, it } from 'vitest';
import { startTestApi, type TestApi } from '../../test/harness.js';
import { SECOND_ALUMNUS_MESSAGE } from './hooks/alumni.js';

const BASE = '/chatbot/v1.0';
const CORE = '/core/v1.0';

let api: TestApi;
let admin: string;
const people: Record<string, string> = {};

beforeAll(async () => {
  api = await startTestApi({});
  admin = await api.signIn('admin@example.edu');
  for (const [key, firstName, kinds] of [
    ['andres', 'Andres', ['ALUMNUS', 'GUARDIAN']],
    ['gabriela', 'Gabriela', ['ALUMNUS']],
    ['josefa', 'Josefa', ['ALUMNUS']],
  ] as const) {
    const created = await api.call('POST', `${CORE}/chatbot-subscribers`, {
      token: admin,
      body: { firstName, lastName: 'Alumna', kinds, email: `${key}@alumni.example.edu`, consentAt: '2026-01-10' },
    });
    expect(created.status, JSON.stringify(created.body)).toBe(201);
    people[key] = created.body.data._id;
  }
});

const alumnus = (body: Record<string, unknown>) => api.call('POST', `${CORE}/chatbot-alumni`, { token: admin, body: { program: 'BS Nursing', graduationYear: 2015, consentAt: '2026-02-01', ...body } });

describe('the alumni segment', () => {
  it('keeps one record per subscriber, with a graduation year not in the future and consent withdrawn only after it was given', async () => {
    const first = await alumnus({ subscriberId: people.andres });
    expect(first.status, JSON.stringify(first.body)).toBe(201);
    const second = await alumnus({ subscriberId: people.andres, program: 'MA Education' });
    expect(second.status).toBe(400);
    expect(second.body.fieldErrors.subscriberId).toEqual([SECOND_ALUMNUS_MESSAGE]);
    const future = await alumnus({ subscriberId: people.gabriela, graduationYear: new Date().getFullYear() + 1 });
    expect(future.status).toBe(400);
    expect(future.body.fieldErrors.graduationYear).toEqual(['A graduation year cannot be in the future.']);
    const backwards = await alumnus({ subscriberId: people.gabriela, consentWithdrawnAt: '2026-01-31' });
    expect(backwards.status).toBe(400);
    expect(backwards.body.fieldErrors.consentWithdrawnAt).toEqual(['Consent cannot be withdrawn before it was given.']);
    expect((await alumnus({ subscriberId: people.gabriela, consentWithdrawnAt: '2026-03-01' })).status).toBe(201);
    expect((await alumnus({ subscriberId: people.josefa })).status).toBe(201);
    // Moving a record onto a subscriber who has one is refused too.
    const moved = await api.call('PUT', `${CORE}/chatbot-alumni/${first.body.data._id}`, { token: admin, body: { subscriberId: people.josefa } });
    expect(moved.status).toBe(400);
  });

  it('is reached as chosen subscribers: a broadcast counts them, and an alumnus who is also a guardian is one recipient', async () => {
    const preview = await api.call('POST', `${BASE}/audience-preview`, {
      token: admin,
      body: { audience: 'CUSTOM', ids: [people.andres, people.josefa], message: 'Homecoming is on 12 December.' },
    });
    expect(preview.body.data).toMatchObject({ recipients: 2, optedOut: 0, withEmail: 2 });
  });

  it('resolves an uploaded list of addresses to the active subscribers who have them, and names the rest', async () => {
    const matched = await api.call('POST', `${BASE}/subscribers/match`, {
      token: admin,
      body: { emails: ['JOSEFA@alumni.example.edu', 'andres@alumni.example.edu', 'stranger@example.com', 'andres@alumni.example.edu'] },
    });
    expect(matched.status, JSON.stringify(matched.body)).toBe(200);
    expect([...matched.body.data.ids].sort()).toEqual([people.andres, people.josefa].sort());
    expect(matched.body.data.unknown).toEqual(['stranger@example.com']);
    expect((await api.call('POST', `${BASE}/subscribers/match`, { token: admin, body: { emails: [] } })).status).toBe(400);
    const registrar = await api.signIn('registrar@example.edu');
    expect((await api.call('POST', `${BASE}/subscribers/match`, { token: registrar, body: { emails: ['andres@alumni.example.edu'] } })).status).toBe(403);
  });

  it('is refused to an administrator without CHATBOT', async () => {
    const registrar = await api.signIn('registrar@example.edu');
    expect((await api.call('GET', `${CORE}/chatbot-alumni`, { token: registrar })).status).toBe(403);
  });
});
