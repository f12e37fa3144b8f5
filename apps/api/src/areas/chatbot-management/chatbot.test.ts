import { sql } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { rows } from '../../platform/db/client.js';
import { startTestApi, type TestApi } from '../../test/harness.js';

const BASE = '/chatbot/v1.0';
const RESPONSES = '/core/v1.0/chatbot-responses';
const PERSONAS = '/core/v1.0/chatbot-personas';

let api: TestApi;
let token: string;
let personaId: string;

async function createResponse(title: string, questions: string, answer: string, category = 'ENROLMENT') {
  const created = await api.call('POST', RESPONSES, { token, body: { title, questions, answer, category } });
  expect(created.status).toBe(201);
  return created.body.data._id as string;
}

beforeAll(async () => {
  api = await startTestApi();
  token = await api.signIn('admin@example.edu');
  const persona = await api.call('POST', PERSONAS, {
    token,
    body: { name: 'Iska', greeting: 'Hi, I am Iska!', fallback: 'Sorry, I do not know that yet; the Registrar will look into it.' },
  });
  expect(persona.status).toBe(201);
  personaId = persona.body.data._id;
  await createResponse('Enrolment dates', 'When is enrolment?\nenrolment schedule\nwhen can I enroll', 'Enrolment runs from 3 to 14 August.');
  await createResponse('Tuition payment', 'How do I pay my tuition?\npayment options for fees', 'Pay at the Cashier or through the bank portal.', 'FEES');
  await createResponse('Grade release', 'When are grades released?\nwhere can I see my grades', 'Grades are out two weeks after finals.', 'GRADES');
  await api.call('POST', '/core/v1.0/profanity-words', { token, body: { word: 'damn', kind: 'BLOCK' } });
}, 120_000);

describe('permissions', () => {
  it('refuses the chatbot routes without CHATBOT (403) and without sign-in (401); the web chat is public', async () => {
    const registrar = await api.signIn('registrar@example.edu');
    expect((await api.call('POST', `${BASE}/try`, { token: registrar, body: { message: 'enrolment' } })).status).toBe(403);
    expect((await api.call('GET', `${BASE}/unanswered`, { token: registrar })).status).toBe(403);
    expect((await api.call('GET', `${BASE}/settings`, { token: registrar })).status).toBe(403);
    expect((await api.call('GET', RESPONSES, { token: registrar })).status).toBe(403);
    expect((await api.call('GET', `${BASE}/transcripts`)).status).toBe(401);
    expect((await api.call('GET', `${BASE}/chat`)).status).toBe(200);
  });
});

describe('matching', () => {
  it('answers with the best response, its score and the runner-up; a typo still matches', async () => {
    const tried = await api.call('POST', `${BASE}/try`, { token, body: { message: 'how can I pay my tuiton fees for enrolment?' } });
    expect(tried.status).toBe(200);
    expect(tried.body.data.match.title).toBe('Tuition payment');
    expect(tried.body.data.reply).toBe('Pay at the Cashier or through the bank portal.');
    expect(tried.body.data.match.score).toBeGreaterThanOrEqual(tried.body.data.threshold);
    expect(tried.body.data.runnerUp).not.toBeNull();
    expect(tried.body.data.runnerUp.score).toBeLessThan(tried.body.data.match.score);
  });

  it('answers with the persona fallback below the threshold, from the settings', async () => {
    const changed = await api.call('PUT', `${BASE}/settings`, { token, body: { defaultPersonaId: personaId, scoreThreshold: 999 } });
    expect(changed.body).toMatchObject({ data: { defaultPersonaId: personaId } });
    const tried = await api.call('POST', `${BASE}/try`, { token, body: { message: 'when is enrolment' } });
    expect(tried.body.data.match).toBeNull();
    expect(tried.body.data.best.title).toBe('Enrolment dates');
    expect(tried.body.data.reply).toBe('Sorry, I do not know that yet; the Registrar will look into it.');
    expect((await api.call('PUT', `${BASE}/settings`, { token, body: { scoreThreshold: 3 } })).body.data.scoreThreshold).toBe(3);
    const bad = await api.call('PUT', `${BASE}/settings`, { token, body: { timeZone: 'Mars/Olympus', retentionDays: 0 } });
    expect(bad.status).toBe(400);
    expect((await api.call('GET', `${BASE}/settings`, { token })).body.data.timeZone).toBe('Asia/Manila');
  });

  it('sees an edited bank at once', async () => {
    const id = await createResponse('Library hours', 'library opening hours', 'The library is open 7:00 to 19:00.', 'GENERAL');
    expect((await api.call('POST', `${BASE}/try`, { token, body: { message: 'library hours' } })).body.data.match.id).toBe(id);
    expect((await api.call('PUT', `${RESPONSES}/${id}`, { token, body: { isActive: false } })).body).toMatchObject({ data: { isActive: false } });
    expect((await api.call('POST', `${BASE}/try`, { token, body: { message: 'library hours' } })).body.data.match).toBeNull();
  });
});

describe('web chat', () => {
  it('answers a visitor, keeps the conversation by its token, and queues what it cannot answer', async () => {
    const first = await api.call('POST', `${BASE}/chat`, { body: { message: 'When is enrolment?' } });
    expect(first.status).toBe(200);
    const chatToken = first.body.data.token as string;
    expect(chatToken.length).toBeGreaterThan(20);
    expect(first.body.data.persona.name).toBe('Iska');
    expect(first.body.data.messages.map((m: { from: string; text: string }) => [m.from, m.text])).toEqual([
      ['visitor', 'When is enrolment?'],
      ['bot', 'Enrolment runs from 3 to 14 August.'],
    ]);
    const second = await api.call('POST', `${BASE}/chat`, { body: { token: chatToken, message: 'Is there a swimming pool on campus?' } });
    expect(second.body.data.messages).toHaveLength(4);
    expect(second.body.data.messages[3].text).toBe('Sorry, I do not know that yet; the Registrar will look into it.');
    await api.call('POST', `${BASE}/chat`, { body: { message: 'is there a swimming pool on campus' } });
    const reread = await api.call('GET', `${BASE}/chat?token=${encodeURIComponent(chatToken)}`);
    expect(reread.body.data.messages).toHaveLength(4);
    expect((await api.call('GET', `${BASE}/chat?token=not-a-token`)).body.data.messages).toEqual([]);

    const queue = await api.call('GET', `${BASE}/unanswered`, { token });
    const pool = queue.body.rows.find((r: { question: string }) => /swimming pool/i.test(r.question));
    expect(pool.count).toBe(2);

    const answered = await api.call('POST', `${BASE}/unanswered/${pool._id}/answer`, {
      token,
      body: { title: 'Swimming pool', answer: 'The pool at the Sports Complex is open to students.', category: 'GENERAL', questions: 'pool hours' },
    });
    expect(answered.status).toBe(201);
    const response = await api.call('GET', `${RESPONSES}/${answered.body.data.responseId}`, { token });
    expect(response.body.data.questions).toBe('Is there a swimming pool on campus?\npool hours');
    expect((await api.call('GET', `${BASE}/unanswered`, { token })).body.rows.some((r: { _id: string }) => r._id === pool._id)).toBe(false);
    const again = await api.call('POST', `${BASE}/chat`, { body: { message: 'swimming pool on campus?' } });
    expect(again.body.data.messages[1].text).toBe('The pool at the Sports Complex is open to students.');
    expect((await api.call('POST', `${BASE}/unanswered/${pool._id}/answer`, { token, body: { title: 'x', answer: 'y', category: 'GENERAL' } })).status).toBe(404);
  });

  it('stores transcripts with personal data redacted and profanity masked', async () => {
    const sent = await api.call('POST', `${BASE}/chat`, {
      body: { message: 'Damn, my email is maria.clara@up.edu.ph, phone 0917-123-4567, student no. 2021-00123. When is the enrolment schedule?' },
    });
    expect(sent.body.data.messages[0].text).toBe('D***, my email is [email], phone [phone], student no. [id number]. When is the enrolment schedule?');
    expect(sent.body.data.messages[1].text).toBe('Enrolment runs from 3 to 14 August.');
    const stored = await rows<{ body: string }>(api.database.db, sql`select body from chatbot_messages`);
    const all = stored.map((r) => r.body).join('\n');
    expect(all).not.toContain('maria.clara');
    expect(all).not.toContain('4567');
    expect(all).not.toContain('2021-00123');
    expect(all.toLowerCase()).not.toContain('damn');
  });

  it('refuses an empty or too long message with a clear message', async () => {
    const empty = await api.call('POST', `${BASE}/chat`, { body: { message: '   ' } });
    expect(empty.status).toBe(400);
    expect(empty.body.fieldErrors.message).toEqual(['Type a message.']);
    expect((await api.call('POST', `${BASE}/chat`, { body: { message: 'x'.repeat(1001) } })).status).toBe(400);
  });
});

describe('area index', () => {
  it('counts responses overdue for review and unanswered questions', async () => {
    await createResponse('Old answer', 'old question about the library card', 'Ask the library.', 'GENERAL');
    const old = await api.call('POST', RESPONSES, { token, body: { title: 'Stale answer', questions: 'stale', answer: 'x', category: 'GENERAL', reviewBy: '2020-01-01' } });
    expect(old.status).toBe(201);
    const summary = await api.call('GET', '/core/v1.0/areas/CHATBOT/summary', { token });
    const figures = Object.fromEntries((summary.body.data.attention as { key: string; count: number }[]).map((a) => [a.key, a.count]));
    expect(figures['responses-overdue']).toBe(1);
    const queue = await api.call('GET', `${BASE}/unanswered`, { token });
    expect(figures['questions-unanswered']).toBe(queue.body.count);
  });
});

describe('transcripts', () => {
  it('finds conversations by their text and outcome, and reads one', async () => {
    const found = await api.call('GET', `${BASE}/transcripts?q=swimming`, { token });
    expect(found.status).toBe(200);
    expect(found.body.count).toBeGreaterThanOrEqual(2);
    const unanswered = await api.call('GET', `${BASE}/transcripts?outcome=unanswered`, { token });
    expect(unanswered.body.rows.every((r: { unanswered: number }) => r.unanswered > 0)).toBe(true);
    const matched = await api.call('GET', `${BASE}/transcripts?outcome=matched`, { token });
    expect(matched.body.rows.every((r: { unanswered: number }) => r.unanswered === 0)).toBe(true);
    expect(unanswered.body.count + matched.body.count).toBe((await api.call('GET', `${BASE}/transcripts`, { token })).body.count);
    const one = await api.call('GET', `${BASE}/transcripts/${found.body.rows[0]._id}`, { token });
    expect(one.body.data.messages.length).toBeGreaterThanOrEqual(2);
    expect(one.body.data.persona).toBe('Iska');
  });

  it('filters conversations by persona and by subscriber', async () => {
    expect((await api.call('POST', `${BASE}/chat`, { body: { message: 'When is enrolment?' } })).status).toBe(200);
    const all = (await api.call('GET', `${BASE}/transcripts?limit=100`, { token })).body;
    expect((await api.call('GET', `${BASE}/transcripts?persona=${personaId}`, { token })).body.count).toBe(all.count);
    const other = await api.call('POST', PERSONAS, { token, body: { name: 'Tala', greeting: 'Hello!', fallback: 'I do not know yet.' } });
    expect((await api.call('GET', `${BASE}/transcripts?persona=${other.body.data._id}`, { token })).body.count).toBe(0);

    const subscriber = await api.call('POST', '/core/v1.0/chatbot-subscribers', {
      token,
      body: { firstName: 'Gregoria', lastName: 'de Jesus', kinds: ['STUDENT'], email: 'gregoria@example.edu', consentAt: '2026-08-01' },
    });
    expect(subscriber.status).toBe(201);
    // As confirming the emailed code in the web chat links them (chat-identity.test.ts).
    const linked = all.rows[0]._id as string;
    await api.database.db.execute(sql`update chatbot_conversations set subscriber_id = ${subscriber.body.data._id} where id = ${linked}`);
    const theirs = await api.call('GET', `${BASE}/transcripts?subscriber=${subscriber.body.data._id}&persona=${personaId}`, { token });
    expect(theirs.status).toBe(200);
    expect(theirs.body.rows.map((r: { _id: string }) => r._id)).toEqual([linked]);
    expect(theirs.body.rows[0].subscriber).toBe('Gregoria de Jesus');

    const bad = await api.call('GET', `${BASE}/transcripts?persona=Iska`, { token });
    expect(bad.status, JSON.stringify(bad.body)).toBe(400);
    expect(bad.body.message).toContain('Choose a persona from the list.');
  });
});

describe('subscribers', () => {
  it('keeps subscribers linked to an employee record, with consent and opt-out, and refuses bad input', async () => {
    const [employee] = await rows<{ id: string }>(
      api.database.db,
      sql`insert into employees (employee_number, first_name, last_name, employee_type) values ('EMP-0007', 'Andres', 'Bonifacio', 'Regular') returning id`,
    );
    const SUBSCRIBERS = '/core/v1.0/chatbot-subscribers';
    const created = await api.call('POST', SUBSCRIBERS, {
      token,
      body: { firstName: 'Andres', lastName: 'Bonifacio', kinds: ['EMPLOYEE', 'GUARDIAN'], email: 'andres@example.edu', employeeId: employee!.id, consentAt: '2026-08-01' },
    });
    expect(created.status).toBe(201);
    expect(created.body.data.kinds).toEqual(['EMPLOYEE', 'GUARDIAN']);
    const noAddress = await api.call('POST', SUBSCRIBERS, { token, body: { firstName: 'No', lastName: 'Address', kinds: ['OTHER'] } });
    expect(noAddress.status).toBe(400);
    expect(noAddress.body.fieldErrors.email).toEqual(['Enter an email or a mobile number.']);
    const wrongKind = await api.call('POST', SUBSCRIBERS, { token, body: { firstName: 'A', lastName: 'B', kinds: ['ALUMNUS'], mobile: '+63 917 555 0101', employeeId: employee!.id } });
    expect(wrongKind.body.fieldErrors.kinds).toEqual(['A subscriber linked to an employee record is an Employee.']);
    const twice = await api.call('POST', SUBSCRIBERS, { token, body: { firstName: 'Andres', lastName: 'Again', kinds: ['OTHER'], email: 'ANDRES@example.edu' } });
    expect(twice.status).toBe(409);
    const optedOut = await api.call('PUT', `${SUBSCRIBERS}/${created.body.data._id}`, { token, body: { optedOutAt: '2026-09-01' } });
    expect(optedOut.body.data.optedOutAt).toBe('2026-09-01');
    const registrar = await api.signIn('registrar@example.edu');
    expect((await api.call('GET', SUBSCRIBERS, { token: registrar })).status).toBe(403);
  });
});

describe('broadcast audiences', () => {
  it('resolves every audience code from the live records, counts opted-out subscribers, and personalises the message', async () => {
    const db = api.database.db;
    const one = async (query: ReturnType<typeof sql>) => (await rows<{ id: string }>(db, query))[0]!.id;
    const campus = await one(sql`insert into campuses (code, name) values ('AUD', 'Audience Campus') returning id`);
    const college = await one(sql`insert into colleges (code, name, campus_id) values ('CAS', 'Arts and Sciences', ${campus}) returning id`);
    const dept = await one(sql`insert into academic_departments (code, name, college_id) values ('MATH', 'Mathematics', ${college}) returning id`);
    const course = await one(sql`insert into courses (code, name, department_id, campus_id) values ('BSM', 'BS Mathematics', ${dept}, ${campus}) returning id`);
    const student = await one(
      sql`insert into students (student_number, first_name, last_name, campus_id, course_id) values ('2025-00001', 'Juana', 'Luna', ${campus}, ${course}) returning id`,
    );
    const hrDept = await one(sql`insert into hr_departments (name) values ('Registrar Services') returning id`);
    const designation = await one(sql`insert into designations (name, category) values ('Records Officer', 2) returning id`);
    const employee = await one(
      sql`insert into employees (employee_number, first_name, last_name, employee_type, department_id, designation_id) values ('EMP-0100', 'Emilio', 'Aguinaldo', 'Regular', ${hrDept}, ${designation}) returning id`,
    );
    await db.execute(sql`update chatbot_subscribers set is_active = false`);
    const SUBSCRIBERS = '/core/v1.0/chatbot-subscribers';
    const add = async (body: Record<string, unknown>) => {
      const created = await api.call('POST', SUBSCRIBERS, { token, body });
      expect(created.status).toBe(201);
      return created.body.data._id as string;
    };
    const juana = await add({ firstName: 'Juana', lastName: 'Luna', kinds: ['STUDENT'], email: 'juana@student.example.edu', studentId: student });
    await add({ firstName: 'Emilio', lastName: 'Aguinaldo', kinds: ['EMPLOYEE'], email: 'emilio@example.edu', employeeId: employee });
    const guardian = await add({ firstName: 'Gregoria', lastName: 'de Jesus', kinds: ['GUARDIAN', 'ALUMNUS'], mobile: '+63 917 555 0199' });
    await add({ firstName: 'Opted', lastName: 'Out', kinds: ['STUDENT'], email: 'out@student.example.edu', optedOutAt: '2026-10-01' });

    const preview = async (audience: string, ids: string[] = [], message?: string) =>
      api.call('POST', `${BASE}/audience-preview`, { token, body: { audience, ids, ...(message ? { message } : {}) } });
    const counts = async (audience: string, ids: string[] = []) => {
      const { recipients, optedOut } = (await preview(audience, ids)).body.data;
      return [recipients, optedOut];
    };
    expect(await counts('ALL')).toEqual([3, 1]);
    expect(await counts('STUDENTS')).toEqual([1, 1]);
    expect(await counts('EMPLOYEES')).toEqual([1, 0]);
    expect(await counts('GUARDIANS')).toEqual([1, 0]);
    expect(await counts('CAMPUS', [campus])).toEqual([1, 0]);
    expect(await counts('DEPARTMENTS', [hrDept])).toEqual([1, 0]);
    expect(await counts('DESIGNATIONS', [designation])).toEqual([1, 0]);
    expect(await counts('CUSTOM', [juana, guardian])).toEqual([2, 0]);

    const personal = await preview('DESIGNATIONS', [designation], 'Good day [[first_name]] [[last_name]], [[designation]] of [[department]]: the records room closes at 5 on [[date_now]].');
    expect(personal.body.data.sample.name).toBe('Emilio Aguinaldo');
    expect(personal.body.data.preview).toMatch(/^Good day Emilio Aguinaldo, Records Officer of Registrar Services: the records room closes at 5 on \w+ \d{1,2}, \d{4}\.$/);

    const unknown = await preview('ALL', [], 'Hello [[nickname]] and [[first_name]]');
    expect(unknown.status).toBe(400);
    expect(unknown.body.message).toBe('Unknown placeholder [[nickname]]. Use [[first_name]], [[last_name]], [[middle_name]], [[designation]], [[department]], [[date_now]].');
    const noIds = await preview('CAMPUS');
    expect(noIds.status).toBe(400);
    expect(noIds.body.fieldErrors.ids).toEqual(['Choose at least one.']);
    expect((await preview('EVERYONE')).body.message).toBe('Choose an audience.');
  });
});
