import type { Writable } from 'node:stream';
import { gunzipSync } from 'node:zlib';
import { renderToPipeableStream } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import { takesGzip, wholePage } from './whole-page.server';

function Page({ rows }: { rows: number }) {
  return (
    <main>
      <ul>
        {Array.from({ length: rows }, (_, i) => (
          <li key={i}>
            Row {i} · {'é'.repeat(i % 7)} <a href={`/app/rows/${i}`}>open</a>
          </li>
        ))}
      </ul>
    </main>
  );
}

function rendered(rows: number, acceptEncoding: string | null) {
  const headers = new Headers();
  return new Promise<{ body: Uint8Array; headers: Headers }>((resolve, reject) => {
    const { pipe } = renderToPipeableStream(<Page rows={rows} />, {
      onAllReady: () => wholePage((into: Writable) => pipe(into), acceptEncoding, headers).then((body) => resolve({ body, headers }), reject),
      onShellError: reject,
    });
  });
}

describe('a page that leaves whole', () => {
  it('reads Accept-Encoding as browsers and HTTP clients write it', () => {
    expect(takesGzip('gzip, deflate, br, zstd')).toBe(true);
    expect(takesGzip('br;q=1.0, gzip;q=0.8, *;q=0.1')).toBe(true);
    expect(takesGzip('*')).toBe(true);
    expect(takesGzip('gzip;q=0, *')).toBe(false);
    expect(takesGzip('identity')).toBe(false);
    expect(takesGzip('deflate, *;q=0')).toBe(false);
    expect(takesGzip(null)).toBe(false);
  });

  it('is the whole rendered page in one body, gzipped with its length when the browser takes gzip', async () => {
    const plain = await rendered(400, null);
    const html = Buffer.from(plain.body).toString('utf8');
    expect(html.startsWith('<main><ul><li>Row <!-- -->0')).toBe(true);
    expect(html.endsWith('</ul></main>')).toBe(true);
    expect(plain.headers.get('content-length')).toBe(String(plain.body.length));
    expect(plain.headers.get('content-encoding')).toBeNull();

    const packed = await rendered(400, 'gzip, deflate');
    expect(packed.headers.get('content-encoding')).toBe('gzip');
    expect(packed.headers.get('content-length')).toBe(String(packed.body.length));
    expect(packed.headers.get('vary')).toBe('Accept-Encoding');
    expect(packed.body.length).toBeLessThan(plain.body.length / 4);
    expect(gunzipSync(packed.body).toString('utf8')).toBe(html);
  });

  it('leaves a small page as it is', async () => {
    const small = await rendered(2, 'gzip');
    expect(small.headers.get('content-encoding')).toBeNull();
    expect(Buffer.from(small.body).toString('utf8')).toContain('Row <!-- -->1');
  });
});
