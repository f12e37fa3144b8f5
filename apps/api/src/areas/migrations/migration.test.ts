import { describe, expect, it } from 'vitest';
import { sql, type SQL } from 'drizzle-orm';
import ExcelJS from 'exceljs';
import iconv from 'iconv-lite';
import { decodeEnvelope } from '@campus/api-contract';
import { TEMPLATES } from '@campus/domain-campus';
import { rows } from '../../platform/db/client.js';
import { pgErrorCode } from '../../resources/crud.js';
import { ENCRYPTION_KEY, startTestApi } from '../../test/harness.js';
import { insertImportReferences } from './test/references.js';

const api = await startTestApi();
await api.app.jobs.start();
const admin = await api.signIn('admin@example.edu');
const registrar = await api.signIn('registrar@example.edu');
const BASE = '/core/v1.0/migrations';
const call = (method: string, url: string, token = admin, body?: unknown) => api.call(method, `${BASE}${url}`, { token, body });

const db = api.database.db;
await insertImportReferences(db);

/** A multipart body with the target and one file. */
function form(resource: string, name: string, bytes: Buffer) {
  const boundary = '----campus-test-boundary';
  const head = Buffer.from(
    `--${boundary}\r\nContent-Disposition: form-data; name="resource"\r\n\r\n${resource}\r\n` +
      `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="${name}"\r\nContent-Type: application/octet-stream\r\n\r\n`,
  );
  return { payload: Buffer.concat([head, bytes, Buffer.from(`\r\n--${boundary}--\r\n`)]), headers: { 'content-type': `multipart/form-data; boundary=${boundary}` } };
}

async function uploaded(resource: string, name: string, content: string | Buffer) {
  const { payload, headers } = form(resource, name, typeof content === 'string' ? Buffer.from(content, 'utf8') : content);
  const raw = await api.app.inject({ method: 'POST', url: `${BASE}/runs`, payload, headers: { ...headers, authorization: `Bearer ${admin}` } });
  expect(raw.statusCode, raw.body).toBe(201);
  const id = /"_id":"([0-9a-f-]{36})"/.exec(decodeBody(raw))?.[1];
  return (await call('GET', `/runs/${id}`)).body.data;
}

function decodeBody(raw: { body: string }): string {
  return raw.body.startsWith('v1.') ? JSON.stringify(decodeEnvelope(raw.body, ENCRYPTION_KEY)) : raw.body;
}

async function until(id: string, states: string[]) {
  const end = Date.now() + 60_000;
  for (;;) {
    const run = (await call('GET', `/runs/${id}`)).body.data;
    if (states.includes(run.state)) return run;
    if (Date.now() > end) throw new Error(`run ${id} stayed ${run.state}`);
    await new Promise((r) => setTimeout(r, 150));
  }
}

async function check(run: { _id: string; mapping: Record<string, string> }, mode = 'skip') {
  const started = await call('POST', `/runs/${run._id}/check`, admin, { mapping: run.mapping, mode, dateFormat: 'mm/dd/yyyy' });
  expect(started.status, JSON.stringify(started.body)).toBe(202);
  return until(run._id, ['checked', 'failed']);
}
async function runIt(run: { _id: string; mapping: Record<string, string> }, mode = 'skip') {
  const started = await call('POST', `/runs/${run._id}/start`, admin, { mapping: run.mapping, mode, dateFormat: 'mm/dd/yyyy' });
  expect(started.status, JSON.stringify(started.body)).toBe(202);
  return until(run._id, ['completed', 'failed']);
}
const fileText = (data: { contentBase64: string }) => Buffer.from(data.contentBase64, 'base64').toString('utf8');
const students = () => rows<{ student_number: string; first_name: string; last_name: string; gender: string | null }>(db, sql`select student_number, first_name, last_name, gender from students order by student_number`);

const header = TEMPLATES.Students.join(',');
const line = (n: string, names: string, extra: Partial<Record<string, string>> = {}) =>
  TEMPLATES.Students.map((c) => (<Record<string, string | undefined>>{ studentNumber: n, names, gender: 'Male', birthDate: '2007-11-30', campusCode: 'MAIN', collegeCode: 'CAS', courseCode: 'BSMATH', isActive: 'true', ...extra })[c] ?? '')
    .map((v) => (v.includes(',') ? `"${v}"` : v))
    .join(',');

describe('Data Migration Management', () => {
  it('answers 403 without DATA', async () => {
    expect((await call('GET', '/targets', registrar)).status).toBe(403);
    expect((await call('GET', '/runs', registrar)).status).toBe(403);
    expect((await call('GET', '/targets/students/template?format=csv', registrar)).status).toBe(403);
  });

  it('lists every entity with a template once, with the spec columns in order', async () => {
    const { data } = (await call('GET', '/targets')).body;
    const names = data.map((t: { name: string }) => t.name);
    expect(new Set(names).size).toBe(names.length);
    for (const [name, columns] of Object.entries(TEMPLATES)) {
      const target = data.find((t: { name: string }) => t.name === name);
      expect(target, name).toBeTruthy();
      expect(target.columns.filter((c: { inTemplate: boolean }) => c.inTemplate).map((c: { name: string }) => c.name)).toEqual(columns);
    }
    expect(names).toEqual(expect.arrayContaining(['Departments', 'Designations', 'SalaryGrades', 'LeaveCredits']));
  });

  it('gives a CSV template with a commented guide and an XLSX template with a Guide sheet', async () => {
    const csv = (await call('GET', '/targets/students/template?format=csv')).body.data;
    expect(csv.name).toBe('Students.csv');
    const text = fileText(csv);
    const lines = text.trim().split('\r\n');
    expect(lines.at(-1)).toBe(header);
    expect(lines.filter((l) => !l.startsWith('#'))).toHaveLength(1);
    expect(text).toContain('# gender | coded value | no | Male = Male; Female = Female; Other = Other');
    expect(text).toContain('# studentNumber | text | yes');

    const xlsx = (await call('GET', '/targets/students/template?format=xlsx')).body.data;
    const book = new ExcelJS.Workbook();
    await book.xlsx.load(Buffer.from(xlsx.contentBase64, 'base64') as unknown as ArrayBuffer);
    expect(book.worksheets.map((w) => w.name)).toEqual(['Students', 'Guide']);
    expect((book.worksheets[0]!.getRow(1).values as unknown[]).slice(1)).toEqual([...TEMPLATES.Students]);
    expect((book.worksheets[1]!.getRow(2).values as unknown[]).slice(1, 4)).toEqual(['studentNumber', 'text', 'yes']);
  });

  it('round-trips the template: filled rows become records equal to the file', async () => {
    const template = fileText((await call('GET', '/targets/students/template?format=csv')).body.data);
    const filled = `${template}${line('2026-0001', 'Bonifacio, Andres, de Castro')}\r\n${line('2026-0002', 'Silang, Gabriela', { gender: 'Female' })}\r\n`;
    const run = await uploaded('students', 'students.csv', filled);
    expect(run.state).toBe('uploaded');
    expect(run.mapping.studentNumber).toBe('studentNumber');
    expect(run.matchKinds.names).toBe('exact');
    const checked = await check(run);
    expect(checked.rejectedRows).toEqual([]);
    expect(checked.preview).toEqual({ read: 2, created: 2, updated: 0, rejected: 0 });
    expect(await students()).toEqual([]);
    const done = await runIt(run);
    expect(done.counts).toEqual({ read: 2, created: 2, updated: 0, rejected: 0 });
    expect(await students()).toEqual([
      { student_number: '2026-0001', first_name: 'Andres', last_name: 'Bonifacio', gender: 'Male' },
      { student_number: '2026-0002', first_name: 'Gabriela', last_name: 'Silang', gender: 'Female' },
    ]);
    const [audit] = await rows<{ n: number }>(db, sql`select count(*)::int as n from audit_trails where activity like 'Created student%'`);
    expect(audit!.n).toBe(2);
  });

  it('counts good, bad and reference-broken rows exactly, and the error file holds only the rejected rows', async () => {
    const content = [
      'Student Number,names,gender,campus_code,courseCode,birthDate,Notes',
      '2026-0101,"Luna, Antonio",Male,MAIN,BSMATH,2007-01-02,x',
      '2026-0102,"Luna, Juan",Robot,MAIN,BSMATH,2007-01-02,y',
      '2026-0103,"Jacinto, Emilio",Male,NOWHERE,BSMATH,2007-01-02,z',
      '2026-0104,"Aquino, Melchora",Female,MAIN,BSMATH,01/31/2007,w',
      '2026-0001,"Bonifacio, Andres Jr",Male,MAIN,BSMATH,2007-11-30,u',
    ].join('\n');
    const run = await uploaded('students', 'mixed.csv', content);
    expect(run.mapping).toEqual({ 'Student Number': 'studentNumber', names: 'names', gender: 'gender', campus_code: 'campusCode', courseCode: 'courseCode', birthDate: 'birthDate', Notes: '' });
    expect(run.matchKinds['Student Number']).toBe('loose');
    const checked = await check(run);
    expect(checked.preview).toEqual({ read: 5, created: 2, updated: 1, rejected: 2 });
    expect(checked.rejectedRows.map((r: { line: number; error: string }) => [r.line, r.error])).toEqual([
      [3, 'gender: Choose one of: Male, Female, Other.'],
      [4, 'campus_code: No record with the code NOWHERE.'],
    ]);
    const done = await runIt(run);
    expect(done.counts).toEqual({ read: 5, created: 2, updated: 1, rejected: 2 });
    expect((await students()).map((s) => s.student_number)).toEqual(['2026-0001', '2026-0002', '2026-0101', '2026-0104']);
    const [updated] = await rows<{ first_name: string; birth_date: string }>(db, sql`select first_name, birth_date::text from students where student_number = '2026-0001'`);
    expect(updated!.first_name).toBe('Andres Jr');
    const [dated] = await rows<{ birth_date: string }>(db, sql`select birth_date::text from students where student_number = '2026-0104'`);
    expect(dated!.birth_date).toBe('2007-01-31');

    const errors = fileText((await call('GET', `/runs/${run._id}/errors?format=csv`)).body.data).replace(/^\ufeff/, '');
    expect(errors.trim().split('\r\n')).toEqual([
      'line,Student Number,names,gender,campus_code,courseCode,birthDate,Notes,error',
      '3,2026-0102,"Luna, Juan",Robot,MAIN,BSMATH,2007-01-02,y,"gender: Choose one of: Male, Female, Other."',
      '4,2026-0103,"Jacinto, Emilio",Male,NOWHERE,BSMATH,2007-01-02,z,campus_code: No record with the code NOWHERE.',
    ]);

    // The missing campus is added; re-running only the rejected rows brings in the one whose reference now resolves.
    await db.execute(sql`insert into campuses (code, name, is_active, created_at, updated_at) values ('NOWHERE', 'Nowhere Campus', true, now(), now())`);
    const rerun = await call('POST', `/runs/${run._id}/rerun`);
    expect(rerun.status).toBe(201);
    expect(rerun.body.data.parentRunId).toBe(run._id);
    const again = await runIt(rerun.body.data);
    expect(again.counts).toEqual({ read: 2, created: 1, updated: 0, rejected: 1 });

    const history = (await call('GET', '/runs?resource=students')).body;
    const listed = history.rows.find((r: { _id: string }) => r._id === rerun.body.data._id);
    expect(listed).toMatchObject({ state: 'completed', sourceName: 'mixed.csv', startedByName: 'Jose Rizal', targetName: 'Students', mode: 'skip' });
    expect(listed.durationMs).toBeGreaterThanOrEqual(0);
    expect(history.rows.find((r: { _id: string }) => r._id === run._id).counts.rejected).toBe(2);
  });

  it('all or nothing leaves nothing when a row is rejected', async () => {
    const before = (await students()).length;
    const run = await uploaded('students', 'strict.csv', `${header}\n${line('2026-0201', 'Mabini, Apolinario')}\n${line('2026-0202', 'Ricarte, Artemio', { courseCode: 'NOPE' })}\n`);
    const done = await runIt(run, 'all');
    expect(done.state).toBe('failed');
    expect(done.counts).toEqual({ read: 2, created: 0, updated: 0, rejected: 1 });
    expect(done.message).toBe('Nothing was saved: 1 of 2 rows were rejected.');
    expect((await students()).length).toBe(before);
    const errors = fileText((await call('GET', `/runs/${run._id}/errors`)).body.data);
    expect(errors).toContain('2026-0202');
    expect(errors).not.toContain('2026-0201');
  });

  it('reads UTF-8 with a byte-order mark and Windows-1252', async () => {
    const bom = Buffer.concat([Buffer.from([0xef, 0xbb, 0xbf]), Buffer.from(`${header}\n${line('2026-0301', 'Peña, José')}\n`, 'utf8')]);
    const a = await uploaded('students', 'bom.csv', bom);
    expect(a.headers[0]).toBe('studentNumber');
    await runIt(a);
    const cp = iconv.encode(`${header}\r\n${line('2026-0302', 'Muñoz, Ángel')}\r\n`, 'win1252');
    const b = await uploaded('students', 'windows.csv', cp);
    expect((await runIt(b)).counts.created).toBe(1);
    const names = await rows<{ last_name: string; first_name: string }>(db, sql`select last_name, first_name from students where student_number in ('2026-0301', '2026-0302') order by student_number`);
    expect(names).toEqual([{ last_name: 'Peña', first_name: 'José' }, { last_name: 'Muñoz', first_name: 'Ángel' }]);
  });

  it('imports an XLSX file, dates as cells included', async () => {
    const book = new ExcelJS.Workbook();
    const sheet = book.addWorksheet('Students');
    sheet.addRow(['studentNumber', 'names', 'campusCode', 'courseCode', 'birthDate', 'isActive']);
    sheet.addRow(['2026-0401', 'Del Pilar, Gregorio', 'MAIN', 'BSMATH', new Date(Date.UTC(2006, 10, 14)), true]);
    const run = await uploaded('students', 'students.xlsx', Buffer.from(await book.xlsx.writeBuffer()));
    expect((await runIt(run)).counts).toEqual({ read: 1, created: 1, updated: 0, rejected: 0 });
    const [s] = await rows<{ birth_date: string }>(db, sql`select birth_date::text from students where student_number = '2026-0401'`);
    expect(s!.birth_date).toBe('2006-11-14');
  });

  it('saves rows set-based with the outcomes and audit rows of one-by-one saving: an existing key updates, a repeated one is rejected, a clash falls back row by row', async () => {
    const content = [
      header,
      line('2026-0501', 'Ponce, Mariano', { birthDate: '2001-01-01' }),
      line('2026-0502', 'Lopez, Graciano', { birthDate: '2001-01-02' }),
      line('2026-0501', 'Ponce, Mariano Sr', { birthDate: '2001-01-01' }),
      line('2026-0500', 'Bonifacio, Andres III'),
    ].join('\n');
    await runIt(await uploaded('students', 'first.csv', `${header}\n${line('2026-0500', 'Bonifacio, Andres')}\n`));
    const run = await uploaded('students', 'repeated.csv', content);
    expect((await check(run)).preview).toEqual({ read: 4, created: 2, updated: 1, rejected: 1 });
    expect((await runIt(run)).counts).toEqual({ read: 4, created: 2, updated: 1, rejected: 1 });
    await runIt(await uploaded('students', 'second.csv', `${header}\n${line('2026-0501', 'Ponce, Mariano Jr', { birthDate: '2001-01-01' })}\n`));
    const ponce = await rows<{ id: string; first_name: string }>(db, sql`select id, first_name from students where student_number = '2026-0501'`);
    expect(ponce.map((p) => p.first_name)).toEqual(['Mariano Jr']);
    const audit = await rows<{ activity: string; changes: Record<string, { before: unknown; after: unknown }> }>(
      db,
      sql`select activity, changes from audit_trails where record_id = ${ponce[0]!.id} order by created_at, activity`,
    );
    expect(audit.map((a) => a.activity)).toEqual([expect.stringMatching(/^Created student /), expect.stringMatching(/^Updated student /)]);
    expect(audit[0]!.changes).toMatchObject({ studentNumber: { before: null, after: '2026-0501' }, firstName: { before: null, after: 'Mariano' }, lastName: { before: null, after: 'Ponce' } });
    expect(audit[1]!.changes).toEqual({ firstName: { before: 'Mariano', after: 'Mariano Jr' } });
    const [andres] = await rows<{ first_name: string }>(db, sql`select first_name from students where student_number = '2026-0500'`);
    expect(andres!.first_name).toBe('Andres III');

    // A rule the entity does not know (here a unique birth date) makes the set fail: the chunk is saved row by row.
    await db.execute(sql`create unique index migration_test_clash on students (birth_date) where student_number like '2026-06%'`);
    try {
      const clash = await uploaded('students', 'clash.csv', [header, line('2026-0601', 'Mabini, A', { birthDate: '2002-02-02' }), line('2026-0602', 'Mabini, B', { birthDate: '2002-02-02' }), line('2026-0603', 'Mabini, C', { birthDate: '2002-02-03' })].join('\n'));
      const done = await runIt(clash);
      expect(done.counts).toEqual({ read: 3, created: 2, updated: 0, rejected: 1 });
      expect(done.rejectedRows.map((r: { line: number; error: string }) => [r.line, r.error])).toEqual([[3, 'This student clashes with an existing one.']]);
      const saved = await rows<{ student_number: string }>(db, sql`select student_number from students where student_number like '2026-06%' order by 1`);
      expect(saved.map((s) => s.student_number)).toEqual(['2026-0601', '2026-0603']);
    } finally {
      await db.execute(sql`drop index migration_test_clash`);
    }
  });

  it('writes an imported record\'s audit row as a record saved by hand gets it', async () => {
    // The same student by hand (the generic create) and through an import (saved set-based), but for number and name;
    // the middle name holds what JSON and SQL text escape (an apostrophe, a backslash, letters beyond ASCII).
    const middle = "D'Ñ \\ Famy 🎓";
    const [refs] = await rows<{ campus: string; college: string; course: string }>(
      db,
      sql`select (select id from campuses where code = 'MAIN') as campus, (select id from colleges where code = 'CAS') as college, (select id from courses where code = 'BSMATH') as course`,
    );
    const byHand = await api.call('POST', '/core/v1.0/students', {
      token: admin,
      body: { studentNumber: '2026-0801', lastName: 'Aguinaldo', firstName: 'Emilio', middleName: middle, gender: 'Male', birthDate: '2007-11-30', campusId: refs!.campus, collegeId: refs!.college, courseId: refs!.course, isActive: true },
    });
    expect(byHand.status, JSON.stringify(byHand.body)).toBe(201);
    const done = await runIt(await uploaded('students', 'hand.csv', `${header}\n${line('2026-0802', `Luna, Emilio, ${middle}`)}\n`));
    expect(done.counts).toEqual({ read: 1, created: 1, updated: 0, rejected: 0 });
    const audit = await rows<{ student_number: string; activity: string; changes: Record<string, { before: unknown; after: unknown }> }>(
      db,
      sql`select s.student_number, a.activity, a.changes from audit_trails a join students s on s.id::text = a.record_id
           where s.student_number in ('2026-0801', '2026-0802') order by s.student_number`,
    );
    expect(audit.map((a) => a.activity)).toEqual(['Created student Aguinaldo', 'Created student Luna']);
    const same = (changes: Record<string, { before: unknown; after: unknown }>) => {
      const { studentNumber: _n, lastName: _l, ...rest } = changes;
      return rest;
    };
    expect(audit[1]!.changes.studentNumber).toEqual({ before: null, after: '2026-0802' });
    expect(audit[1]!.changes.lastName).toEqual({ before: null, after: 'Luna' });
    expect(audit[1]!.changes.middleName).toEqual({ before: null, after: middle });
    expect(same(audit[1]!.changes)).toEqual(same(audit[0]!.changes));
    expect(Object.keys(audit[0]!.changes).sort()).toEqual(
      ['birthDate', 'campusId', 'collegeId', 'courseId', 'firstName', 'gender', 'isActive', 'lastName', 'middleName', 'studentNumber', 'subjectIds'].sort(),
    );
  });

  it("refuses a set's row whose second unique field another record holds, or an earlier row of the set claims", async () => {
    // Campuses are keyed by code and also unique by name: a new code with Main Campus's name is refused, naming it.
    const content = ['code,name,isActive', 'NORTH,North Campus,true', 'SOUTH,main campus,true', 'EAST,North Campus,true', 'WEST,West Campus,true'].join('\n');
    const done = await runIt(await uploaded('campuses', 'campuses.csv', content));
    expect(done.counts).toEqual({ read: 4, created: 2, updated: 0, rejected: 2 });
    expect(done.rejectedRows.map((r: { line: number; error: string }) => [r.line, r.error])).toEqual([
      [3, 'name: Name is existing in Main Campus.'],
      [4, 'name: Name is existing in North Campus.'],
    ]);
    const saved = await rows<{ code: string }>(db, sql`select code from campuses where code in ('NORTH', 'SOUTH', 'EAST', 'WEST') order by code`);
    expect(saved.map((c) => c.code)).toEqual(['NORTH', 'WEST']);
  });

  it('refuses a file without rows and an unknown target', async () => {
    const { payload, headers } = form('students', 'empty.csv', Buffer.from(`${header}\n`));
    const raw = await api.app.inject({ method: 'POST', url: `${BASE}/runs`, payload, headers: { ...headers, authorization: `Bearer ${admin}` } });
    expect(raw.statusCode).toBe(400);
    const other = form('nothing', 'x.csv', Buffer.from('a\n1\n'));
    const raw2 = await api.app.inject({ method: 'POST', url: `${BASE}/runs`, payload: other.payload, headers: { ...other.headers, authorization: `Bearer ${admin}` } });
    expect(raw2.statusCode).toBe(404);
  });

  it('keeps staged rows to runs that exist, their cells as given, and deletes them with their run', async () => {
    const run = await uploaded('students', 'kept.csv', `${header}\n${line('2026-50001', 'Kept, Row')}\n${line('2026-50002', 'Kept, Other')}\n`);
    const staged = await rows<{ line: number; cells: string }>(db, sql`select line, cells::text as cells from migration_rows where run_id = ${run._id} order by line`);
    expect(staged).toHaveLength(2);
    // The cells keep the file's column order, as the file gave them.
    expect(Object.keys(JSON.parse(staged[0]!.cells) as object)).toEqual(TEMPLATES.Students);
    const nowhere = '00000000-0000-4000-8000-000000000001';
    const refusal = (statement: SQL) => db.execute(statement).then(() => ({}), pgErrorCode);
    expect(await refusal(sql`insert into migration_rows (run_id, line, cells) values (${nowhere}, 1, '{}')`)).toEqual({
      code: '23503',
      constraint: 'migration_rows_run_id_fkey',
    });
    expect(await refusal(sql`update migration_rows set run_id = ${nowhere} where run_id = ${run._id}`)).toMatchObject({ code: '23503' });
    expect(await refusal(sql`update migration_runs set id = ${nowhere} where id = ${run._id}`)).toMatchObject({ code: '23503' });
    // A set of rows of which one names no run is refused whole.
    expect(await refusal(sql`insert into migration_rows (run_id, line, cells) values (${run._id}, 90, '{}'), (${nowhere}, 91, '{}')`)).toMatchObject({
      code: '23503',
    });
    expect(await rows(db, sql`select line from migration_rows where run_id = ${run._id} order by line`)).toEqual([{ line: 2 }, { line: 3 }]);
    await db.execute(sql`delete from migration_runs where id = ${run._id}`);
    expect(await rows(db, sql`select count(*)::int as n from migration_rows where run_id = ${run._id}`)).toEqual([{ n: 0 }]);
  });
});
