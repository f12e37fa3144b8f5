import { z } from 'zod';
import { DATE_FORMATS } from './convert.js';

/**
 * A run's life: reading (a database source being read into the run), uploaded (columns to check), checking/checked
 * (dry run), running, then completed or failed.
 */
export const RUN_STATES = ['reading', 'uploaded', 'checking', 'checked', 'running', 'completed', 'failed'] as const;
export type RunState = (typeof RUN_STATES)[number];

/** `skip`: rejected rows are left out and the rest saved; `all`: one transaction, nothing saved if a row is rejected. */
export const RUN_MODES = ['skip', 'all'] as const;
export type RunMode = (typeof RUN_MODES)[number];
export const RUN_MODE_LABELS: Record<RunMode, string> = { skip: 'Skip rejected rows', all: 'All or nothing' };

export const SOURCE_KINDS = ['file', 'database', 'api'] as const;

/** Largest upload, in bytes. */
export const UPLOAD_MAX_BYTES = 50 * 1024 * 1024;
/** Most rows one file or source may hold. */
export const IMPORT_MAX_ROWS = 1_000_000;
/** Most bytes an XLSX workbook (a zip) may unpack to, all its parts together, checked before it is parsed. */
export const XLSX_MAX_UNPACKED_BYTES = 256 * 1024 * 1024;
/** Most parts an XLSX workbook may hold. */
export const XLSX_MAX_PARTS = 10_000;
/** Rejected rows a dry run or run shows (the error file has them all). */
export const REJECTED_SAMPLE = 20;

/** What the person confirms before a dry run or a run: the column of each header, the mode, the date format. */
export const RunSettingsSchema = z
  .object({
    /** Header → import column, or '' to ignore it. */
    mapping: z.record(z.string(), z.string()),
    mode: z.enum(RUN_MODES).default('skip'),
    dateFormat: z.enum(DATE_FORMATS).default('mm/dd/yyyy'),
  })
  .strict();
export type RunSettings = z.infer<typeof RunSettingsSchema>;
