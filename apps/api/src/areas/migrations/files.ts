import { createReadStream } from 'node:fs';
import { open } from 'node:fs/promises';
import { parse } from 'csv-parse';
import ExcelJS from 'exceljs';
import iconv from 'iconv-lite';
import unzipper, { type Entry } from 'unzipper';
import type { ImportColumn, ImportTarget } from '@campus/domain-migration';
import { IMPORT_MAX_ROWS, templateColumns, XLSX_MAX_PARTS, XLSX_MAX_UNPACKED_BYTES } from '@campus/domain-migration';
import { csvLine, sheetRow } from '@campus/formatters';
import { HttpError } from '../../platform/http/errors.js';

export const CSV_TYPE = 'text/csv; charset=utf-8';
export const XLSX_TYPE = 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet';

/** A file's rows as read: the header row and each data row as cells keyed by header, with its line number. */
export interface ReadRow {
  readonly line: number;
  readonly cells: Record<string, string>;
}

/**
 * Whether a file's bytes are valid UTF-8, read as a stream: spreadsheets save CSV in UTF-8 (with or without a
 * byte-order mark) or Windows-1252, and bytes that are not valid UTF-8 mean Windows-1252.
 */
async function isUtf8(path: string): Promise<boolean> {
  const decoder = new TextDecoder('utf-8', { fatal: true });
  try {
    for await (const chunk of createReadStream(path)) decoder.decode(chunk as Buffer, { stream: true });
    decoder.decode();
    return true;
  } catch {
    return false;
  }
}

/** The first bytes of a file, enough to tell what it holds. */
async function headOf(path: string, length = 8192): Promise<Buffer> {
  const handle = await open(path, 'r');
  try {
    const head = Buffer.alloc(length);
    const { bytesRead } = await handle.read(head, 0, length, 0);
    return head.subarray(0, bytesRead);
  } finally {
    await handle.close();
  }
}

const refuse = (message: string, status = 400) => new HttpError(status, message, { file: [message] });
const UPLOAD_AGAIN = 'Upload a CSV or XLSX file.';

/**
 * What a file holds, told by its content and never by its name: an XLSX workbook (a zip), text read as CSV, or a
 * refusal in plain words for what it is instead (an Excel 97–2003 workbook, a PDF, UTF-16 text, other binary).
 */
export function fileKind(head: Buffer): 'xlsx' | 'csv' {
  const starts = (...bytes: number[]) => bytes.every((b, i) => head[i] === b);
  if (starts(0x50, 0x4b, 0x03, 0x04) || starts(0x50, 0x4b, 0x05, 0x06)) return 'xlsx';
  if (starts(0xd0, 0xcf, 0x11, 0xe0, 0xa1, 0xb1, 0x1a, 0xe1))
    throw refuse('This is an Excel 97–2003 workbook (.xls) or a workbook locked with a password. Open it in a spreadsheet, remove any password, save it as XLSX or as CSV (UTF-8), and upload it again.');
  if (starts(0x25, 0x50, 0x44, 0x46)) throw refuse(`This is a PDF document, not a spreadsheet. ${UPLOAD_AGAIN}`);
  if (starts(0xff, 0xfe) || starts(0xfe, 0xff)) throw refuse('This file is saved as UTF-16 text. Save it as CSV (UTF-8) and upload it again.');
  if (starts(0x1f, 0x8b)) throw refuse(`This is a compressed (gzip) file. Unpack it first. ${UPLOAD_AGAIN}`);
  // Text has no control characters besides tab and line ends; exports of old systems may pad cells with NULs or end
  // with a DOS end-of-file mark (^Z), so a few of them in a short file are still text.
  let control = 0;
  let nul = 0;
  for (const b of head) {
    if (b === 0) nul += 1;
    else if (b < 0x20 && b !== 0x09 && b !== 0x0a && b !== 0x0d) control += 1;
  }
  if (control > Math.max(4, head.length * 0.01) || nul > Math.max(4, head.length * 0.3))
    throw refuse(`This file is not a CSV or XLSX file: its content is not text. ${UPLOAD_AGAIN}`);
  return 'csv';
}

/** A CSV parser's error in plain words, with its line; never the cell's content (it may be binary or personal). */
function csvProblem(error: unknown): HttpError {
  const { code, lines } = error as { code?: string; lines?: number };
  const at = lines ? `Line ${lines}: ` : '';
  const words: Record<string, string> = {
    INVALID_OPENING_QUOTE: 'a quote (") appears inside a cell that does not start with one. Put the whole cell in quotes and double the quotes inside it.',
    CSV_INVALID_CLOSING_QUOTE: 'a quoted cell goes on after its closing quote. Put the whole cell in quotes and double the quotes inside it.',
    CSV_NON_TRIMABLE_CHAR_AFTER_CLOSING_QUOTE: 'a quoted cell goes on after its closing quote. Put the whole cell in quotes and double the quotes inside it.',
    CSV_QUOTE_NOT_CLOSED: 'a quoted cell is never closed: a closing quote (") is missing.',
    CSV_MAX_RECORD_SIZE: 'the line is too long to be a row.',
  };
  return refuse(`The file could not be read as CSV. ${at}${words[code ?? ''] ?? 'the line is not valid CSV.'}`);
}

/**
 * Checks an XLSX workbook before it is parsed, by reading it as the parser will (part by part, from the local
 * headers) and unpacking every part without keeping it: refused with 413 when its parts unpack to more than
 * `XLSX_MAX_UNPACKED_BYTES` (a "zip bomb", whatever sizes its headers claim), hold more than `XLSX_MAX_PARTS` parts,
 * or its first sheet more than `IMPORT_MAX_ROWS` rows.
 */
export async function checkWorkbook(path: string): Promise<void> {
  const input = createReadStream(path);
  const zip = input.pipe(unzipper.Parse({ forceStream: true }));
  const tooLarge = () =>
    refuse(`The workbook unpacks to more than ${XLSX_MAX_UNPACKED_BYTES / 1024 / 1024} MB. Split it into smaller files, or save it as CSV, and upload them one by one.`, 413);
  const tooManyRows = () => refuse(`The file has more than ${IMPORT_MAX_ROWS.toLocaleString('en-US')} rows. Split it into smaller files and upload them one by one.`, 413);
  let unpacked = 0;
  let parts = 0;
  let sheetSeen = false;
  try {
    for await (const entry of zip as AsyncIterable<Entry>) {
      parts += 1;
      if (parts > XLSX_MAX_PARTS) throw refuse(`The workbook holds more than ${XLSX_MAX_PARTS.toLocaleString('en-US')} parts. ${UPLOAD_AGAIN}`, 413);
      if (unpacked + entry.vars.uncompressedSize > XLSX_MAX_UNPACKED_BYTES) throw tooLarge();
      // Rows of the first sheet, counted as `<row` tags across the chunks (a tag may straddle two).
      const isSheet: boolean = !sheetSeen && /^xl\/worksheets\/sheet\d+\.xml$/.test(entry.path);
      sheetSeen ||= isSheet;
      let rows = 0;
      let tail = '';
      for await (const chunk of entry as AsyncIterable<Buffer>) {
        unpacked += chunk.length;
        if (unpacked > XLSX_MAX_UNPACKED_BYTES) throw tooLarge();
        if (!isSheet) continue;
        const text = tail + chunk.toString('latin1');
        for (let at = text.indexOf('<row'); at !== -1 && at + 4 < text.length; at = text.indexOf('<row', at + 4))
          if (/[\s>/]/.test(text[at + 4]!)) rows += 1;
        tail = text.slice(-4);
        if (rows > IMPORT_MAX_ROWS + 1) throw tooManyRows();
      }
    }
  } catch (error) {
    if (error instanceof HttpError) throw error;
    throw refuse(`This file is a damaged ZIP archive or not an XLSX workbook. ${UPLOAD_AGAIN}`);
  } finally {
    input.destroy();
    zip.destroy();
  }
}

function cellText(value: ExcelJS.CellValue): string {
  if (value === null || value === undefined) return '';
  if (value instanceof Date) {
    const iso = value.toISOString();
    return iso.endsWith('T00:00:00.000Z') ? iso.slice(0, 10) : iso;
  }
  if (typeof value === 'object') {
    if ('result' in value) return cellText(value.result as ExcelJS.CellValue);
    if ('richText' in value) return value.richText.map((r) => r.text).join('');
    if ('text' in value) return String(value.text);
    if ('error' in value) return '';
    return '';
  }
  return String(value);
}

function uniqueHeaders(raw: string[]): string[] {
  const seen = new Map<string, number>();
  return raw.map((h, i) => {
    const base = h.trim() || `Column ${i + 1}`;
    const n = seen.get(base) ?? 0;
    seen.set(base, n + 1);
    return n ? `${base} (${n + 1})` : base;
  });
}

/**
 * The name a cell past the header's last one is kept under (`cell 9`), so that a run rejects its row with the cell
 * count and the error file shows the cell; never one of the headers.
 */
function extraCellName(headers: readonly string[], index: number): string {
  let name = `cell ${index + 1}`;
  while (headers.includes(name)) name += ' (past the header)';
  return name;
}

/**
 * Reads a CSV or XLSX file at `path` row by row (CSV decoded and parsed as a stream, XLSX checked for its unpacked
 * size, then read through exceljs's streaming reader), handing rows to `onRows` in chunks: a large file is never
 * held in memory, as bytes, text or objects. What the file is comes from its content, not its name. Comment lines
 * (`#`) of a CSV template's guide are skipped; NUL characters (old systems pad cells with them; a database cannot
 * store them) are removed and counted; cells past the header's last are kept under names of their own (see
 * `extraCellName`). Answers the headers, the number of data rows and of cells that held NULs.
 */
export async function readRows(
  path: string,
  onRows: (headers: string[], rows: ReadRow[]) => Promise<void>,
  chunk = 1000,
): Promise<{ headers: string[]; count: number; nulCells: number }> {
  let headers: string[] | undefined;
  let pending: ReadRow[] = [];
  let count = 0;
  let nulCells = 0;
  const clean = (value: string) => {
    if (!value.includes('\0')) return value;
    nulCells += 1;
    return value.replaceAll('\0', '');
  };
  const push = async (line: number, raw: string[]) => {
    const values = raw.map(clean);
    if (!headers) {
      headers = uniqueHeaders(values);
      return;
    }
    // A blank line, or the DOS end-of-file mark (^Z) that ends some old exports, is no row.
    if (values.every((v) => v.replaceAll('\u001a', '').trim() === '')) return;
    count += 1;
    if (count > IMPORT_MAX_ROWS)
      throw refuse(`The file has more than ${IMPORT_MAX_ROWS.toLocaleString('en-US')} rows. Split it into smaller files and upload them one by one.`, 413);
    const cells: Record<string, string> = {};
    headers.forEach((h, i) => (cells[h] = values[i] ?? ''));
    let last = values.length;
    while (last > headers.length && values[last - 1]!.trim() === '') last -= 1;
    for (let i = headers.length; i < last; i += 1) cells[extraCellName(headers, i)] = values[i]!;
    pending.push({ line, cells });
    if (pending.length >= chunk) {
      const rows = pending;
      pending = [];
      await onRows(headers, rows);
    }
  };
  if (fileKind(await headOf(path)) === 'xlsx') {
    await checkWorkbook(path);
    let sheets = 0;
    try {
      const reader = new ExcelJS.stream.xlsx.WorkbookReader(createReadStream(path), {
        sharedStrings: 'cache',
        styles: 'cache',
        hyperlinks: 'ignore',
        worksheets: 'emit',
      });
      for await (const sheet of reader) {
        sheets += 1;
        for await (const row of sheet) {
          const values: string[] = [];
          row.eachCell(
            { includeEmpty: true },
            (cell, col) => (values[col - 1] = cellText(cell.value).trim()),
          );
          for (let i = 0; i < values.length; i++) values[i] ??= '';
          await push(row.number, values);
        }
        break; // the first sheet holds the rows; a template's second sheet is the guide
      }
    } catch (error) {
      if (error instanceof HttpError) throw error;
      throw refuse('The XLSX file could not be read: it may be damaged. Open it in a spreadsheet, save it again, and upload it.');
    }
    if (!sheets) throw refuse(`This file is a ZIP archive but not an XLSX workbook. ${UPLOAD_AGAIN}`);
  } else {
    // iconv-lite drops a UTF-8 byte-order mark; csv-parse's `bom` covers a file that starts with one anyway.
    const text = createReadStream(path).pipe(iconv.decodeStream((await isUtf8(path)) ? 'utf8' : 'win1252'));
    const parser = text.pipe(
      parse({
        comment: '#',
        comment_no_infix: true,
        relax_column_count: true,
        skip_empty_lines: true,
        info: true,
        trim: false,
        bom: true,
      }),
    );
    try {
      for await (const record of parser as AsyncIterable<{ record: string[]; info: { lines: number } }>) {
        await push(record.info.lines, record.record);
      }
    } catch (error) {
      if (error instanceof HttpError) throw error;
      throw csvProblem(error);
    }
  }
  if (!headers) throw refuse('The file is empty: it needs a header row.');
  if (pending.length) await onRows(headers, pending);
  return { headers, count, nulCells };
}

function guideRows(columns: readonly ImportColumn[]): string[][] {
  return columns.map((c) => [
    c.name,
    c.type,
    c.required ? 'yes' : 'no',
    c.codedValues.join('; '),
    c.example,
    c.description,
  ]);
}
const GUIDE_HEADER = ['column', 'type', 'required', 'allowed values', 'example', 'description'];

/**
 * The template of a target: a CSV whose header row holds exactly the spec's columns, preceded by a guide in
 * `#` comment lines (read back, they are skipped), or an XLSX with the header row on the first sheet and a
 * `Guide` sheet. Both carry one example row in the guide only, so a blank template imports nothing.
 */
export async function templateFile(
  target: ImportTarget,
  format: 'csv' | 'xlsx',
): Promise<{ name: string; contentType: string; bytes: Buffer }> {
  const columns = templateColumns(target);
  const names = columns.map((c) => c.name);
  if (format === 'csv') {
    const lines = [
      `# ${target.label} import template. Lines starting with # are a guide and are ignored on upload.`,
      `# ${GUIDE_HEADER.join(' | ')}`,
      ...guideRows(columns).map((r) => `# ${r.join(' | ')}`),
      `# Example row: ${csvLine(columns.map((c) => c.example))}`,
      csvLine(names),
    ];
    return {
      name: `${target.name}.csv`,
      contentType: CSV_TYPE,
      bytes: Buffer.from(`${lines.join('\r\n')}\r\n`, 'utf8'),
    };
  }
  const book = new ExcelJS.Workbook();
  const sheet = book.addWorksheet(target.name);
  sheet.addRow(sheetRow(names)).font = { bold: true };
  sheet.views = [{ state: 'frozen', ySplit: 1 }];
  names.forEach((n, i) => (sheet.getColumn(i + 1).width = Math.max(12, n.length + 2)));
  const guide = book.addWorksheet('Guide');
  guide.addRow(sheetRow(GUIDE_HEADER)).font = { bold: true };
  for (const r of guideRows(columns)) guide.addRow(sheetRow(r));
  guide.addRow([]);
  guide.addRow(['Example row']).font = { bold: true };
  guide.addRow(sheetRow(names));
  guide.addRow(sheetRow(columns.map((c) => c.example)));
  return {
    name: `${target.name}.xlsx`,
    contentType: XLSX_TYPE,
    bytes: Buffer.from(await book.xlsx.writeBuffer()),
  };
}

/** Rows as a file in the given headers (the rejected rows plus their `error` column), every cell written safely. */
export async function rowsFile(
  name: string,
  headers: readonly string[],
  rows: readonly (readonly unknown[])[],
  format: 'csv' | 'xlsx',
) {
  if (format === 'csv') {
    const text = [csvLine(headers), ...rows.map(csvLine)].join('\r\n');
    return { name: `${name}.csv`, contentType: CSV_TYPE, bytes: Buffer.from(`\ufeff${text}\r\n`, 'utf8') };
  }
  const book = new ExcelJS.Workbook();
  const sheet = book.addWorksheet('Rows');
  sheet.addRow(sheetRow(headers)).font = { bold: true };
  for (const r of rows) sheet.addRow(sheetRow(r));
  return { name: `${name}.xlsx`, contentType: XLSX_TYPE, bytes: Buffer.from(await book.xlsx.writeBuffer()) };
}
