import { existsSync, statSync } from 'node:fs';
import { readFile } from 'node:fs/promises';
import Fastify from 'fastify';
import multipart from '@fastify/multipart';
import { afterAll, describe, expect, it } from 'vitest';
import { multipartForm } from '../../test/multipart-form.js';
import { HttpError } from './errors.js';
import { formObject, readUpload, type UploadLimits } from './multipart.js';

const MEMORY: UploadLimits<'memory'> = {
  store: 'memory',
  fileSize: 10,
  files: 2,
  fieldSize: 20,
  types: ['text/plain'],
  messages: { tooLarge: 'The file is larger than 10 bytes.', tooMany: 'Send at most 2 files.' },
};
const DISK: UploadLimits<'disk'> = { ...MEMORY, store: 'disk' };

const app = Fastify();
await app.register(multipart, { limits: { fileSize: 1, files: 0, fields: 20 } });
app.setErrorHandler((error, _request, reply) =>
  error instanceof HttpError ? reply.status(error.statusCode).send({ message: error.message }) : reply.status(500).send({ message: String(error) }),
);
app.post('/memory', async (request) => {
  const form = await readUpload(request, MEMORY);
  return { fields: form.fields, files: form.files.map((f) => ({ field: f.field, filename: f.filename, contentType: f.contentType, text: f.bytes.toString() })) };
});
let kept = '';
app.post('/disk', async (request) => {
  const form = await readUpload(request, DISK);
  const file = form.files[0]!;
  kept = file.path;
  const answer = { mode: statSync(file.path).mode & 0o777, text: await readFile(file.path, 'utf8'), size: file.size };
  await form.discard();
  return answer;
});
afterAll(() => app.close());

const send = (url: string, form: ReturnType<typeof multipartForm>) => app.inject({ method: 'POST', url, payload: form.payload, headers: form.headers });
const text = (bytes: string, type = 'text/plain', name = 'a.txt') => ({ field: 'file', bytes: Buffer.from(bytes), name, type });

describe('the multipart reader', () => {
  it('reads fields and files in memory; a type outside the route’s list is kept as an opaque download', async () => {
    const answer = await send('/memory', multipartForm({ note: 'hello' }, [text('one'), text('<b>', 'text/html', 'b.html')]));
    expect(answer.json()).toEqual({
      fields: { note: 'hello' },
      files: [
        { field: 'file', filename: 'a.txt', contentType: 'text/plain', text: 'one' },
        { field: 'file', filename: 'b.html', contentType: 'application/octet-stream', text: '<b>' },
      ],
    });
  });

  it('streams a file to a private temporary file that discard removes', async () => {
    const answer = await send('/disk', multipartForm({}, [text('on disk')]));
    expect(answer.json()).toEqual({ mode: 0o600, text: 'on disk', size: 7 });
    expect(existsSync(kept)).toBe(false);
  });

  it('says what limit was passed: file size, file count, field size, not multipart', async () => {
    expect((await send('/memory', multipartForm({}, [text('more than ten bytes')]))).json()).toEqual({ message: 'The file is larger than 10 bytes.' });
    expect((await send('/disk', multipartForm({}, [text('more than ten bytes')]))).statusCode).toBe(413);
    expect((await send('/memory', multipartForm({}, [text('1'), text('2'), text('3')]))).json()).toEqual({ message: 'Send at most 2 files.' });
    expect((await send('/memory', multipartForm({ note: 'x'.repeat(30) }, []))).json()).toEqual({ message: 'A field of the form is too long.' });
    const json = await app.inject({ method: 'POST', url: '/memory', payload: { note: 'hello' } });
    expect(json.statusCode).toBe(415);
  });
});

describe('formObject', () => {
  it('nests a group one level, and no field name reaches a prototype', () => {
    const object = formObject({ subject: 'Help', 'customFields.copies': '2', 'customFields.purpose': 'Work', '__proto__.polluted': 'yes' });
    expect(Object.keys(object)).toEqual(['subject', 'customFields', '__proto__']);
    expect(object.customFields).toEqual({ copies: '2', purpose: 'Work' });
    expect(({} as Record<string, unknown>).polluted).toBeUndefined();
    expect(Object.getPrototypeOf(object)).toBe(Object.prototype);
  });
});
