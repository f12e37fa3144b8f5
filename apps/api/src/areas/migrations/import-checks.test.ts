import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { crc32, createDeflateRaw, deflateRawSync } from 'node:zlib';
import { afterAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import ExcelJS from 'exceljs';
import { decodeEnvelope } from '@campus/api-contract';
import { IMPORT_MAX_ROWS, XLSX_MAX_UNPACKED_BYTES } from '@campus/domain-migration';
import { rows } from '../../platform/db/client.js';
import { ENCRYPTION_KEY, startTestApi } from '../../test/harness.js';
import { insertImportReferences } from './test/references.js';

/** What an uploaded file is checked for before anything of it is saved, and what the error file tells. */
const api = await startTestApi();
await api.app.jobs.start();
const admin = await api.signIn('admin@example.edu');
const BASE = '/core/v1.0/migrations';
const call = (method: string, url: string, body?: unknown) => api.call(method, `${BASE}${url}`, { token: admin, body });
const db = api.database.db;
await insertImportReferences(db);

function form(resource: string, name: string, bytes: Buffer) {
  const boundary = '----campus-test-boundary';
  const head = Buffer.from(
    `--${boundary}\r\nContent-Disposition: form-data; name="resource"\r\n\r\n${resource}\r\n` +
      `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="${name}"\r\nContent-Type: application/octet-stream\r\n\r\n`,
  );
  return { payload: Buffer.concat([head, bytes, Buffer.from(`\r\n--${boundary}--\r\n`)]), headers: { 'content-type': `multipart/form-data; boundary=${boundary}` } };
}

/** Uploads a file: the status and the decoded answer. */
async function upload(name: string, content: string | Buffer, resource = 'students') {
  const { payload, headers } = form(resource, name, typeof content === 'string' ? Buffer.from(content, 'utf8') : content);
  const raw = await api.app.inject({ method: 'POST', url: `${BASE}/runs`, payload, headers: { ...headers, authorization: `Bearer ${admin}` } });
  const body = raw.body.startsWith('v1.') ? (decodeEnvelope(raw.body, ENCRYPTION_KEY) as Record<string, unknown>) : JSON.parse(raw.body);
  return { status: raw.statusCode, body: body as { message?: string; fieldErrors?: Record<string, string[]>; data?: Run } };
}
interface Run {
  _id: string;
  state: string;
  mapping: Record<string, string>;
  message: string | null;
  preview: Record<string, number> | null;
  counts: Record<string, number> | null;
  rejectedRows: { line: number; error: string }[];
}
async function uploaded(name: string, content: string | Buffer, resource = 'students'): Promise<Run> {
  const r = await upload(name, content, resource);
  expect(r.status, JSON.stringify(r.body)).toBe(201);
  return r.body.data!;
}
async function until(id: string, states: string[]): Promise<Run> {
  const end = Date.now() + 60_000;
  for (;;) {
    const run = (await call('GET', `/runs/${id}`)).body.data as Run;
    if (states.includes(run.state)) return run;
    if (Date.now() > end) throw new Error(`run ${id} stayed ${run.state}`);
    await new Promise((r) => setTimeout(r, 150));
  }
}
async function dryRun(run: Run) {
  expect((await call('POST', `/runs/${run._id}/check`, { mapping: run.mapping, mode: 'skip', dateFormat: 'mm/dd/yyyy' })).status).toBe(202);
  return until(run._id, ['checked', 'failed']);
}
async function runIt(run: Run, mode = 'skip') {
  expect((await call('POST', `/runs/${run._id}/start`, { mapping: run.mapping, mode, dateFormat: 'mm/dd/yyyy' })).status).toBe(202);
  return until(run._id, ['completed', 'failed']);
}
const errorsCsv = async (id: string) =>
  Buffer.from((await call('GET', `/runs/${id}/errors?format=csv`)).body.data.contentBase64, 'base64')
    .toString('utf8')
    .replace(/^\ufeff/, '')
    .trim()
    .split('\r\n');
const student = (n: string) =>
  rows<{ first_name: string; middle_name: string | null; last_name: string }>(db, sql`select first_name, middle_name, last_name from students where student_number = ${n}`);
const runsCount = async () => (await rows<{ n: number }>(db, sql`select count(*)::int as n from migration_runs`))[0]!.n;
const lineErrors = (run: Run) => run.rejectedRows.map(({ line, error }) => ({ line, error }));
const HEADER = 'studentNumber,names,gender,campusCode,courseCode,birthDate';

describe('a key repeated inside one file', () => {
  it('is flagged by the dry run and rejected by the run; the record keeps the first line alone', async () => {
    const content = [
      HEADER,
      '2026-0701,"Ponce, Mariano, Reyes",Male,MAIN,BSMATH,2001-01-01',
      '2026-0702,"Lopez, Graciano",Male,MAIN,BSMATH,2001-01-02',
      '2026-0701,"Ponce, Juan",Male,MAIN,BSMATH,2001-01-03',
    ].join('\n');
    const run = await uploaded('repeated.csv', content);
    const checked = await dryRun(run);
    expect(checked.preview).toEqual({ read: 3, created: 2, updated: 0, rejected: 1 });
    expect(lineErrors(checked)).toEqual([{ line: 4, error: 'studentNumber: line 4 repeats the key of line 2.' }]);

    const done = await runIt(run);
    expect(done.counts).toEqual({ read: 3, created: 2, updated: 0, rejected: 1 });
    expect(await student('2026-0701')).toEqual([{ first_name: 'Mariano', middle_name: 'Reyes', last_name: 'Ponce' }]);

    // Re-running the rejected rows alone still sees the line it repeats.
    const rerun = await call('POST', `/runs/${run._id}/rerun`);
    expect(rerun.status).toBe(201);
    const again = await runIt(rerun.body.data);
    expect(again.counts).toEqual({ read: 1, created: 0, updated: 0, rejected: 1 });
    expect(again.rejectedRows[0]!.error).toBe('studentNumber: line 4 repeats the key of line 2.');
    expect(await student('2026-0701')).toEqual([{ first_name: 'Mariano', middle_name: 'Reyes', last_name: 'Ponce' }]);
   }, 120_000);

  it('leaves nothing saved in an all-or-nothing run', async () => {
    const run = await uploaded('repeated-all.csv', [HEADER, '2026-0711,"Luna, Antonio",Male,MAIN,BSMATH,2001-01-01', '2026-0711,"Luna, Juan",Male,MAIN,BSMATH,2001-01-01'].join('\n'));
    const done = await runIt(run, 'all');
    expect(done.state).toBe('failed');
    expect(lineErrors(done)).toEqual([{ line: 3, error: 'studentNumber: line 3 repeats the key of line 2.' }]);
    expect(await student('2026-0711')).toEqual([]);
  });
});

describe('a row with more cells than the header', () => {
  it('is rejected with its cell count, and the error file shows the cells past the header', async () => {
    const content = [
      HEADER,
      '2026-0721,"Jacinto, Emilio",Male,MAIN,BSMATH,2001-01-01,surplus,more',
      '2026-0722,"Aguinaldo, Emilio",Male,MAIN,BSMATH,2001-01-01,,',
      '2026-0723,"Mabini, Apolinario",Male,MAIN,BSMATH,2001-01-01',
    ].join('\n');
    const run = await uploaded('wide.csv', content);
    const done = await runIt(run);
    expect(done.counts).toEqual({ read: 3, created: 2, updated: 0, rejected: 1 });
    expect(lineErrors(done)).toEqual([{ line: 2, error: 'The line has 8 cells; the header has 6.' }]);
    expect(await student('2026-0721')).toEqual([]);
    expect(await errorsCsv(run._id)).toEqual([`line,${HEADER},cell 7,cell 8,error`, '2,2026-0721,"Jacinto, Emilio",Male,MAIN,BSMATH,2001-01-01,surplus,more,"The line has 8 cells; the header has 6."']);
  });
});

describe('NUL characters', () => {
  it('are removed from the cells, said so, and the rows import (no server error)', async () => {
    const run = await uploaded('nul.csv', `${HEADER}\n2026-0731,"Silang\0\0, Diego",Male,MAIN,BSMATH,2001-01-01\0\n`);
    expect(run.message).toBe('2 cells held NUL characters, which were removed.');
    expect((await runIt(run)).counts).toEqual({ read: 1, created: 1, updated: 0, rejected: 0 });
    expect(await student('2026-0731')).toEqual([{ first_name: 'Diego', middle_name: null, last_name: 'Silang' }]);
  });
});

describe('NUL characters from a connector', () => {
  // The old system's REST API, on loopback, answering one student whose values carry NULs (`\u0000` in JSON).
  const server = createServer((_req, res) => {
    res.writeHead(200, { 'content-type': 'application/json' });
    res.end(JSON.stringify([{ studentNumber: '2026-0735\u0000', 'names\u0000': 'Rizal\u0000, Paciano', gender: 'Male', campusCode: 'MAIN', courseCode: 'BSMATH' }]));
  });
  const listening = new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  afterAll(() => new Promise((resolve) => server.close(resolve)));

  it('are removed from what an API source reads too, and the read run imports', async () => {
    await listening;
    const settings = (await api.call('GET', '/core/v1.0/settings', { token: admin })).body.data.settings;
    expect((await api.call('PUT', '/core/v1.0/settings', { token: admin, body: { ...settings, apiSourceHosts: '127.0.0.1' } })).status).toBe(200);
    const source = await call('POST', '/api-sources', { name: 'Old SIS with NULs', baseUrl: `http://127.0.0.1:${(server.address() as AddressInfo).port}/students` });
    expect(source.status, JSON.stringify(source.body)).toBe(201);
    const started = await call('POST', `/api-sources/${source.body.data._id}/read`, { resource: 'students', incremental: false });
    expect(started.status, JSON.stringify(started.body)).toBe(202);
    const read = await until(started.body.data._id, ['uploaded', 'failed']);
    expect(read.state, read.message ?? '').toBe('uploaded');
    expect((await runIt(read)).counts).toEqual({ read: 1, created: 1, updated: 0, rejected: 0 });
    expect(await student('2026-0735')).toEqual([{ first_name: 'Paciano', middle_name: null, last_name: 'Rizal' }]);
  });
});

describe('files that are not what they say', () => {
  it('reads a short CSV that ends with a DOS end-of-file mark as text', async () => {
    const run = await uploaded('dos.csv', `${HEADER}\r\n2026-0745,"Jacinto, Marina",Female,MAIN,BSMATH,2001-01-01\r\n\u001a`);
    expect((await runIt(run)).counts).toEqual({ read: 1, created: 1, updated: 0, rejected: 0 });
  });

  it('reads an XLSX workbook named .csv as the workbook it is', async () => {
    const book = new ExcelJS.Workbook();
    const sheet = book.addWorksheet('Students');
    sheet.addRow(HEADER.split(','));
    sheet.addRow(['2026-0741', 'Tandang Sora, Melchora', 'Female', 'MAIN', 'BSMATH', '1812-01-06']);
    const run = await uploaded('renamed.csv', Buffer.from(await book.xlsx.writeBuffer()));
    expect((await runIt(run)).counts).toEqual({ read: 1, created: 1, updated: 0, rejected: 0 });
  });

  it.each([
    ['binary garbage', 'garbage.csv', Buffer.from([0x7a, 0x70, 0x1f, 0x8c, 0x00, 0x01, 0x02, 0x22, 0x03, 0x04, 0x05, 0x06, 0x0e, 0x0f, 0x10, 0x11, 0x12, 0x13, 0x22, 0x14]), 'This file is not a CSV or XLSX file: its content is not text. Upload a CSV or XLSX file.'],
    ['an Excel 97–2003 workbook', 'old.xls', Buffer.from([0xd0, 0xcf, 0x11, 0xe0, 0xa1, 0xb1, 0x1a, 0xe1, 0, 0, 0, 0]), 'This is an Excel 97–2003 workbook (.xls) or a workbook locked with a password. Open it in a spreadsheet, remove any password, save it as XLSX or as CSV (UTF-8), and upload it again.'],
    ['a PDF', 'students.csv', Buffer.from('%PDF-1.7\n1 0 obj\n'), 'This is a PDF document, not a spreadsheet. Upload a CSV or XLSX file.'],
    ['UTF-16 text', 'students.csv', Buffer.concat([Buffer.from([0xff, 0xfe]), Buffer.from(`${HEADER}\n`, 'utf16le')]), 'This file is saved as UTF-16 text. Save it as CSV (UTF-8) and upload it again.'],
    ['a text file named .xlsx that is not a workbook', 'students.xlsx', Buffer.from('this is not, a workbook\n"x\n'), 'The file could not be read as CSV. Line 2: a quoted cell is never closed: a closing quote (") is missing.'],
    ['a stray quote', 'quote.csv', Buffer.from(`${HEADER}\n2026-0751,Luna "Tony" Antonio,Male,MAIN,BSMATH,2001-01-01\n`), 'The file could not be read as CSV. Line 2: a quote (") appears inside a cell that does not start with one. Put the whole cell in quotes and double the quotes inside it.'],
    ['a ZIP archive that is not a workbook', 'archive.xlsx', zipOf([{ name: 'readme.txt', data: Buffer.from('hello') }]), 'This file is a ZIP archive but not an XLSX workbook. Upload a CSV or XLSX file.'],
  ])('refuses %s in plain words, echoing nothing of it, and saves nothing', async (_what, name, bytes, message) => {
    const before = await runsCount();
    const r = await upload(name, bytes);
    expect(r.status).toBe(400);
    expect(r.body.message).toBe(message);
    expect(r.body.fieldErrors).toEqual({ file: [message] });
    expect(await runsCount()).toBe(before);
  });
});

describe('the error file', () => {
  it('starts with the line of each rejected row in the source, in CSV and XLSX', async () => {
    const content = [HEADER, '2026-0761,"Luna, Antonio",Male,MAIN,BSMATH,2001-01-01', '# a comment line', '2026-0762,"Luna, Juan",Robot,MAIN,BSMATH,2001-01-01'].join('\n');
    const run = await uploaded('lines.csv', content);
    await runIt(run);
    expect(await errorsCsv(run._id)).toEqual([`line,${HEADER},error`, '4,2026-0762,"Luna, Juan",Robot,MAIN,BSMATH,2001-01-01,"gender: Choose one of: Male, Female, Other."']);
    const xlsx = (await call('GET', `/runs/${run._id}/errors?format=xlsx`)).body.data;
    const book = new ExcelJS.Workbook();
    await book.xlsx.load(Buffer.from(xlsx.contentBase64, 'base64') as unknown as ArrayBuffer);
    const sheet = book.worksheets[0]!;
    expect([sheet.getCell('A1').value, sheet.getCell('A2').value, sheet.getCell('B2').value]).toEqual(['line', 4, '2026-0762']);
  });
});

/** A zip archive written by hand: each part deflated, with its true sizes, or with `claim` as its unpacked size. */
function zipOf(parts: { name: string; data: Buffer; deflated?: Buffer; crc?: number; size?: number; claim?: number }[]): Buffer {
  const locals: Buffer[] = [];
  const central: Buffer[] = [];
  let offset = 0;
  for (const p of parts) {
    const body = p.deflated ?? deflateRawSync(p.data);
    const crc = p.crc ?? crc32(p.data);
    const size = p.claim ?? p.size ?? p.data.length;
    const name = Buffer.from(p.name);
    const local = Buffer.alloc(30);
    local.writeUInt32LE(0x04034b50, 0);
    local.writeUInt16LE(20, 4);
    local.writeUInt16LE(8, 8);
    local.writeUInt32LE(crc >>> 0, 14);
    local.writeUInt32LE(body.length, 18);
    local.writeUInt32LE(size, 22);
    local.writeUInt16LE(name.length, 26);
    locals.push(local, name, body);
    const entry = Buffer.alloc(46);
    entry.writeUInt32LE(0x02014b50, 0);
    entry.writeUInt16LE(20, 4);
    entry.writeUInt16LE(20, 6);
    entry.writeUInt16LE(8, 10);
    entry.writeUInt32LE(crc >>> 0, 16);
    entry.writeUInt32LE(body.length, 20);
    entry.writeUInt32LE(size, 24);
    entry.writeUInt16LE(name.length, 28);
    entry.writeUInt32LE(offset, 42);
    central.push(entry, name);
    offset += local.length + name.length + body.length;
  }
  const dir = Buffer.concat(central);
  const end = Buffer.alloc(22);
  end.writeUInt32LE(0x06054b50, 0);
  end.writeUInt16LE(parts.length, 8);
  end.writeUInt16LE(parts.length, 10);
  end.writeUInt32LE(dir.length, 12);
  end.writeUInt32LE(offset, 16);
  return Buffer.concat([...locals, dir, end]);
}

/** Deflates `head`, `count` times `unit`, then `tail`, streaming: the compressed bytes, the CRC and the size. */
async function deflateRepeated(unit: Buffer, count: number, head: Buffer, tail: Buffer) {
  const size = head.length + unit.length * count + tail.length;
  const deflate = createDeflateRaw({ level: 9 });
  const out: Buffer[] = [];
  deflate.on('data', (c: Buffer) => out.push(c));
  const done = new Promise((resolve) => deflate.on('end', resolve));
  let crc = crc32(head);
  deflate.write(head);
  const block = Buffer.alloc(unit.length * Math.floor((1024 * 1024) / unit.length));
  for (let i = 0; i < block.length; i += unit.length) unit.copy(block, i);
  let left = unit.length * count;
  while (left > 0) {
    const piece = left >= block.length ? block : block.subarray(0, left);
    crc = crc32(piece, crc);
    if (!deflate.write(piece)) await new Promise((r) => deflate.once('drain', r));
    left -= piece.length;
  }
  crc = crc32(tail, crc);
  deflate.end(tail);
  await done;
  return { deflated: Buffer.concat(out), crc, size };
}

const WORKBOOK_PARTS = [
  { name: '[Content_Types].xml', data: Buffer.from('<?xml version="1.0"?><Types xmlns="http://schemas.openxmlformats.org/package/2006/content-types"/>') },
  { name: 'xl/workbook.xml', data: Buffer.from('<?xml version="1.0"?><workbook xmlns="http://schemas.openxmlformats.org/spreadsheetml/2006/main"><sheets><sheet name="S" sheetId="1"/></sheets></workbook>') },
];

describe('a workbook that unpacks to far more than it weighs (a zip bomb)', () => {
  const unit = Buffer.from('<si><t>x</t></si>');
  const strings = deflateRepeated(unit, Math.ceil((XLSX_MAX_UNPACKED_BYTES + 1024 * 1024) / unit.length), Buffer.from('<sst>'), Buffer.from('</sst>'));

  it.each([
    ['that says so in its headers', false],
    ['whose headers claim a few bytes', true],
  ])('is refused with 413 before it is parsed, %s, and the server stays up', async (_what, lie) => {
    const bomb = zipOf([...WORKBOOK_PARTS, { name: 'xl/sharedStrings.xml', data: Buffer.alloc(0), ...(await strings), ...(lie ? { claim: 1000 } : {}) }]);
    expect(bomb.length).toBeLessThan(2 * 1024 * 1024);
    const before = await runsCount();
    const heap = process.memoryUsage().heapUsed;
    const r = await upload('bomb.xlsx', bomb);
    expect(r.status).toBe(413);
    expect(r.body.message).toBe('The workbook unpacks to more than 256 MB. Split it into smaller files, or save it as CSV, and upload them one by one.');
    expect(process.memoryUsage().heapUsed - heap).toBeLessThan(200 * 1024 * 1024);
    expect(await runsCount()).toBe(before);
    expect((await call('GET', '/targets')).status).toBe(200);
  });

  it(`is refused with 413 when its sheet holds more than ${IMPORT_MAX_ROWS} rows`, async () => {
    const sheet = await deflateRepeated(Buffer.from('<row><c t="inlineStr"><is><t>1</t></is></c></row>'), IMPORT_MAX_ROWS + 10, Buffer.from('<worksheet><sheetData>'), Buffer.from('</sheetData></worksheet>'));
    const r = await upload('rows.xlsx', zipOf([...WORKBOOK_PARTS, { name: 'xl/worksheets/sheet1.xml', data: Buffer.alloc(0), ...sheet }]));
    expect(r.status).toBe(413);
    expect(r.body.message).toBe('The file has more than 1,000,000 rows. Split it into smaller files and upload them one by one.');
  });
});
