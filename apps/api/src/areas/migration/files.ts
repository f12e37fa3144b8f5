import { createReadStream } from 'node:fs';
import { open } from 'node:fs/promises';
import { parse } from 'csv-parse';
import ExcelJS from 'exceljs';
import iconv from 'iconv-lite';
import type { ImportColumn, ImportTarget } from '@campus/domain-migration';
import { templateColumns } from '@campus/domain-migration';
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

/** The first bytes of a file (an XLSX file is a zip: `PK`). */
async function headOf(path: string, length = 4): Promise<Buffer> {
  const handle = await open(path, 'r');
  try {
    const head = Buffer.alloc(length);
    const { bytesRead } = await handle.read(head, 0, length, 0);
    return head.subarray(0, bytesRead);
  } finally {
    await handle.close();
  }
}

const isXlsx = (name: string, head: Buffer) =>
  /\.xlsx$/i.test(name) || (head[0] === 0x50 && head[1] === 0x4b);

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
 * Reads a CSV or XLSX file at `path` row by row (CSV decoded and parsed as a stream, XLSX through exceljs's
 * streaming reader), handing rows to `onRows` in chunks: a large file is never held in memory, as bytes, text or
 * objects. Comment lines (`#`)
 * of a CSV template's guide are skipped. Answers the headers and the number of data rows.
 */
export async function readRows(
  name: string,
  path: string,
  onRows: (headers: string[], rows: ReadRow[]) => Promise<void>,
  chunk = 1000,
): Promise<{ headers: string[]; count: number }> {
  let headers: string[] | undefined;
  let pending: ReadRow[] = [];
  let count = 0;
  const push = async (line: number, values: string[]) => {
    if (!headers) {
      headers = uniqueHeaders(values);
      return;
    }
    if (values.every((v) => v.trim() === '')) return;
    const cells: Record<string, string> = {};
    headers.forEach((h, i) => (cells[h] = values[i] ?? ''));
    pending.push({ line, cells });
    count += 1;
    if (pending.length >= chunk) {
      const rows = pending;
      pending = [];
      await onRows(headers, rows);
    }
  };
  if (isXlsx(name, await headOf(path))) {
    try {
      const reader = new ExcelJS.stream.xlsx.WorkbookReader(createReadStream(path), {
        sharedStrings: 'cache',
        styles: 'cache',
        hyperlinks: 'ignore',
        worksheets: 'emit',
      });
      for await (const sheet of reader) {
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
      throw new HttpError(400, 'The file could not be read as XLSX.');
    }
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
      throw new HttpError(400, `The file could not be read as CSV: ${(error as Error).message}`);
    }
  }
  if (!headers) throw new HttpError(400, 'The file is empty: it needs a header row.');
  if (pending.length) await onRows(headers, pending);
  return { headers, count };
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
  rows: readonly string[][],
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
