import { createWriteStream } from 'node:fs';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Transform } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import type { FastifyRequest } from 'fastify';
import { HttpError } from './errors.js';

/**
 * A route's upload limits, declared once beside the route: how many files of what size, how many text fields, the
 * declared types kept as sent, where the files go, and the messages the sender reads when a limit is passed.
 */
export interface UploadLimits<S extends UploadStore = UploadStore> {
  /** Largest file, in bytes: a larger one is stopped at the limit, never read whole. */
  readonly fileSize: number;
  /** Most files in one form. */
  readonly files: number;
  /** Most text fields, and the largest one in bytes. */
  readonly fields?: number;
  readonly fieldSize?: number;
  /** The field names that may carry files; a file in any other field is refused. */
  readonly fileFields?: readonly string[];
  /**
   * Types kept as the sender declares them; a file of any other declared type is recorded as
   * `application/octet-stream`, so it is only ever served as an opaque download. Unset: the content decides later.
   */
  readonly types?: readonly string[];
  /** Keep a named file that is empty, so that the route can say so (an unfilled file input is always left out). */
  readonly keepEmpty?: boolean;
  /** `memory`: each file's bytes; `disk`: each file streamed to a private temporary folder, removed by `discard`. */
  readonly store: S;
  readonly messages: {
    /** A file passed `fileSize`: the message, or the error for that file (its name and place among the files). */
    readonly tooLarge: string | ((file: { filename: string; index: number }) => HttpError);
    /** More than `files` files: the message, or the error. */
    readonly tooMany: string | (() => HttpError);
  };
}

export type UploadStore = 'memory' | 'disk';

interface FileBase {
  readonly field: string;
  /** The name the sender gave (the route checks it if it keeps it). */
  readonly filename: string;
  readonly contentType: string;
  readonly size: number;
}
export type MemoryFile = FileBase & { readonly bytes: Buffer };
export type DiskFile = FileBase & { readonly path: string };

export interface UploadForm<S extends UploadStore> {
  readonly fields: Record<string, string>;
  /** The files in the order they came; unfilled file inputs are left out. */
  readonly files: (S extends 'disk' ? DiskFile : MemoryFile)[];
  /** Removes the files streamed to disk (nothing for `memory`); call it when done, whatever happened. */
  discard(): Promise<void>;
}

export const NOT_MULTIPART = 'Send the form as multipart/form-data.';
const UNREADABLE = 'The form could not be read; send it as multipart/form-data.';

/** Counts the bytes going through. */
function counter() {
  let size = 0;
  const stream = new Transform({
    transform(chunk: Buffer, _encoding, done) {
      size += chunk.length;
      done(null, chunk);
    },
  });
  return { stream, size: () => size };
}

/**
 * Reads a `multipart/form-data` request part by part with the route's limits (`@fastify/multipart` stops a file at
 * the size limit instead of reading it all). Files are kept in memory only as long as the request, or streamed to a
 * private temporary folder (mode 0600) and never held whole; neither is ever executed or served as received.
 */
export async function readUpload<S extends UploadStore>(request: FastifyRequest, limits: UploadLimits<S>): Promise<UploadForm<S>> {
  if (!request.isMultipart()) throw new HttpError(415, NOT_MULTIPART);
  const folder = limits.store === 'disk' ? await mkdtemp(join(tmpdir(), 'campus-upload-')) : undefined;
  const discard = async () => {
    if (folder) await rm(folder, { recursive: true, force: true });
  };
  const fields: Record<string, string> = {};
  const files: (MemoryFile | DiskFile)[] = [];
  const tooLarge = (filename: string, index: number) =>
    typeof limits.messages.tooLarge === 'string' ? new HttpError(413, limits.messages.tooLarge) : limits.messages.tooLarge({ filename, index });
  let index = 0;
  let filename = '';
  try {
    for await (const part of request.parts({
      limits: { fileSize: limits.fileSize, files: limits.files, fields: limits.fields ?? 20, fieldSize: limits.fieldSize ?? 10_000 },
    })) {
      if (part.type === 'file') {
        if (limits.fileFields && !limits.fileFields.includes(part.fieldname)) {
          part.file.resume();
          throw new HttpError(400, `The form has no file field ${part.fieldname}.`);
        }
        filename = part.filename ?? '';
        const declared = part.mimetype || 'application/octet-stream';
        const contentType = !limits.types || limits.types.includes(declared) ? declared : 'application/octet-stream';
        const base = { field: part.fieldname, filename, contentType };
        if (folder) {
          const path = join(folder, `upload-${index}`);
          const count = counter();
          await pipeline(part.file, count.stream, createWriteStream(path, { mode: 0o600 }));
          if (part.file.truncated) throw tooLarge(filename, index);
          if (count.size() > 0 || (limits.keepEmpty && filename)) files.push({ ...base, size: count.size(), path });
        } else {
          const bytes = await part.toBuffer();
          if (part.file.truncated) throw tooLarge(filename, index);
          if (bytes.length > 0 || (limits.keepEmpty && filename)) files.push({ ...base, size: bytes.length, bytes });
        }
        index += 1;
      } else if (typeof part.value === 'string') {
        if (part.valueTruncated || part.fieldnameTruncated) throw new HttpError(413, 'A field of the form is too long.');
        fields[part.fieldname] = part.value;
      }
    }
  } catch (error) {
    await discard();
    if (error instanceof HttpError) throw error;
    const code = (error as { code?: string }).code ?? '';
    if (code === 'FST_REQ_FILE_TOO_LARGE') throw tooLarge(filename, index);
    if (code === 'FST_FILES_LIMIT') {
      const { tooMany } = limits.messages;
      throw typeof tooMany === 'string' ? new HttpError(413, tooMany) : tooMany();
    }
    if (code === 'FST_PARTS_LIMIT' || code === 'FST_FIELDS_LIMIT') throw new HttpError(413, 'The form has too many fields.');
    throw new HttpError(400, UNREADABLE);
  }
  return { fields, files: files as UploadForm<S>['files'], discard };
}

/**
 * A form's text fields as an object for its schema: a `group.name` field nests one level (`customFields.copies` →
 * `{ customFields: { copies } }`). Built from entries, so no field name can reach a prototype.
 */
export function formObject(fields: Record<string, string>): Record<string, unknown> {
  const flat: [string, unknown][] = [];
  const groups = new Map<string, [string, string][]>();
  for (const [name, value] of Object.entries(fields)) {
    const dot = name.indexOf('.');
    if (dot <= 0) flat.push([name, value]);
    else {
      const group = name.slice(0, dot);
      if (!groups.has(group)) groups.set(group, []);
      groups.get(group)!.push([name.slice(dot + 1), value]);
    }
  }
  for (const [group, entries] of groups) flat.push([group, Object.fromEntries(entries)]);
  return Object.fromEntries(flat);
}
