import type { FastifyRequest } from 'fastify';
import { HttpError } from '../../platform/http/errors.js';

export interface UploadedFile {
  readonly field: string;
  readonly bytes: Buffer;
}

export interface ReadForm {
  readonly fields: Record<string, string>;
  readonly files: UploadedFile[];
}

export interface FormLimits {
  /** Largest file, in bytes. */
  readonly fileSize: number;
  readonly files: number;
  readonly fields?: number;
}

/**
 * Reads a `multipart/form-data` request part by part with this route's limits (`@fastify/multipart` stops a file
 * at the size limit instead of reading it all). Files stay in memory only as long as the request: the photos are
 * decoded, never written to disk as received, executed or served.
 */
export async function readForm(request: FastifyRequest, limits: FormLimits): Promise<ReadForm> {
  if (!request.isMultipart()) throw new HttpError(415, 'Send the form as multipart/form-data.');
  const fields: Record<string, string> = {};
  const files: UploadedFile[] = [];
  const tooLarge = `A photo is larger than ${Math.round(limits.fileSize / 1024 / 1024)} MB.`;
  try {
    for await (const part of request.parts({ limits: { fileSize: limits.fileSize, files: limits.files, fields: limits.fields ?? 20, fieldSize: 10_000 } })) {
      if (part.type === 'file') {
        const bytes = await part.toBuffer();
        if (part.file.truncated) throw new HttpError(413, tooLarge);
        if (bytes.length > 0) files.push({ field: part.fieldname, bytes });
      } else if (typeof part.value === 'string') {
        fields[part.fieldname] = part.value;
      }
    }
  } catch (error) {
    if (error instanceof HttpError) throw error;
    const code = (error as { code?: string }).code ?? '';
    if (code === 'FST_REQ_FILE_TOO_LARGE') throw new HttpError(413, tooLarge);
    if (code === 'FST_FILES_LIMIT') throw new HttpError(413, `Send at most ${limits.files} photos.`);
    if (code === 'FST_PARTS_LIMIT' || code === 'FST_FIELDS_LIMIT') throw new HttpError(413, 'The form has too many fields.');
    throw new HttpError(400, 'The form could not be read; send it as multipart/form-data.');
  }
  return { fields, files };
}
