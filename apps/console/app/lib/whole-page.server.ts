import { Writable } from 'node:stream';
import { promisify } from 'node:util';
import { gzip } from 'node:zlib';

const gzipped = promisify(gzip);

/** Pages smaller than this go out as they are (as the compression middleware's own threshold does). */
const COMPRESS_FROM = 1024;

/** Whether an `Accept-Encoding` header takes gzip: named (or `*`) with a weight above 0. */
export function takesGzip(acceptEncoding: string | null): boolean {
  if (!acceptEncoding) return false;
  let star = false;
  for (const part of acceptEncoding.split(',')) {
    const [name = '', ...params] = part.trim().toLowerCase().split(';');
    const q = params.map((p) => p.trim()).find((p) => p.startsWith('q='));
    const weight = q === undefined ? 1 : Number(q.slice(2));
    if (name === 'gzip') return weight > 0;
    if (name === '*') star = weight > 0;
  }
  return star;
}

/**
 * Collects everything a renderer pipes (`pipe(into)`) and gives it back as one body: gzipped when the browser takes
 * gzip and the page is worth it, with `Content-Encoding`, `Vary` and `Content-Length` set on `headers`. Node writes
 * a body that is known whole together with the status line and headers, so a response either leaves entire or not
 * at all; the server's compression middleware leaves an encoded body alone.
 */
export async function wholePage(
  pipe: (into: Writable) => unknown,
  acceptEncoding: string | null,
  headers: Headers,
): Promise<Buffer<ArrayBuffer>> {
  const pieces: Buffer[] = [];
  await new Promise<void>((resolve, reject) => {
    const into = new Writable({
      write(piece: Buffer, _encoding, done) {
        pieces.push(piece);
        done();
      },
    });
    into.once('finish', resolve);
    into.once('error', reject);
    pipe(into);
  });
  const page = Buffer.concat(pieces);
  headers.append('Vary', 'Accept-Encoding');
  if (page.length < COMPRESS_FROM || !takesGzip(acceptEncoding)) {
    headers.set('Content-Length', String(page.length));
    return page;
  }
  // (Copied once into a buffer of its own, as the web Response takes: a few KB.)
  const body = Buffer.concat([await gzipped(page)]);
  headers.set('Content-Encoding', 'gzip');
  headers.set('Content-Length', String(body.length));
  return body;
}
