import { randomBytes } from 'node:crypto';

/** A `multipart/form-data` body for `app.inject`: text fields and files (a JPEG photo unless named and typed). */
export function multipartForm(fields: Record<string, string>, files: { field: string; bytes: Buffer; name?: string; type?: string }[]) {
  const boundary = `----campus${randomBytes(8).toString('hex')}`;
  const chunks: Buffer[] = [];
  for (const [name, value] of Object.entries(fields)) {
    chunks.push(Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="${name}"\r\n\r\n${value}\r\n`));
  }
  files.forEach((file, i) => {
    chunks.push(
      Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="${file.field}"; filename="${file.name ?? `photo-${i + 1}.jpg`}"\r\nContent-Type: ${file.type ?? 'image/jpeg'}\r\n\r\n`),
      file.bytes,
      Buffer.from('\r\n'),
    );
  });
  chunks.push(Buffer.from(`--${boundary}--\r\n`));
  return { payload: Buffer.concat(chunks), headers: { 'content-type': `multipart/form-data; boundary=${boundary}` } };
}
