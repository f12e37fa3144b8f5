import { PassThrough, type Readable, type Writable } from 'node:stream';
import { Suspense, type ReactNode } from 'react';
import { renderToPipeableStream } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import { Bursts } from './bursts.server';

/** A value that arrives later: the boundary around it streams in a second burst. */
function later<T>(value: T, ms: number) {
  let result: { value: T } | undefined;
  const pending = new Promise<void>((resolve) =>
    setTimeout(() => {
      result = { value };
      resolve();
    }, ms),
  );
  return function Later(): ReactNode {
    if (!result) throw pending;
    return <p>{String(result.value)}</p>;
  };
}

/** A page of some size: a shell of many rows, and a part that streams in after it. */
function Page() {
  const Streamed = later('streamed in later', 20);
  return (
    <main>
      <ul>
        {Array.from({ length: 400 }, (_, i) => (
          <li key={i} data-row={i}>
            Row {i} · {'é'.repeat(i % 7)} <a href={`/app/rows/${i}`}>open</a>
          </li>
        ))}
      </ul>
      <Suspense fallback={<p>waiting</p>}>
        <Streamed />
      </Suspense>
    </main>
  );
}

/** Renders the page into `into` and collects the chunks that come out of it. */
function render(into: Readable & Writable): Promise<Buffer[]> {
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    into.on('data', (chunk: Buffer) => chunks.push(chunk));
    into.once('end', () => resolve(chunks));
    into.once('error', reject);
    const { pipe } = renderToPipeableStream(<Page />, { onShellReady: () => pipe(into), onShellError: reject });
  });
}

describe('Bursts', () => {
  it('passes on the same bytes as a plain stream, in one chunk per flush of React instead of 2 KB pieces', async () => {
    const plain = await render(new PassThrough());
    const bursts = await render(new Bursts());
    const text = (chunks: Buffer[]) => Buffer.concat(chunks).toString('utf8');
    // useId-free markup: both renders write the same document.
    expect(text(bursts)).toBe(text(plain));
    expect(text(bursts)).toContain('streamed in later');
    expect(Buffer.concat(plain).length).toBeGreaterThan(20_000);
    expect(plain.length).toBeGreaterThan(10);
    // The shell, then the streamed boundary: one chunk each.
    expect(bursts.length).toBe(2);
    expect(text([bursts[0]!])).toContain('data-row="399"');
    expect(text([bursts[0]!])).not.toContain('streamed in later');
    expect(text([bursts[1]!])).toContain('streamed in later');
  });

  it('passes on a single piece as it is, and nothing for a flush with nothing written', async () => {
    const stream = new Bursts();
    const chunks: Buffer[] = [];
    stream.on('data', (chunk: Buffer) => chunks.push(chunk));
    stream.flush();
    const piece = Buffer.from('<p>one</p>');
    stream.write(piece);
    stream.flush();
    stream.end(Buffer.from('<p>two</p>'));
    await new Promise((resolve) => stream.once('end', resolve));
    expect(chunks.map(String)).toEqual(['<p>one</p>', '<p>two</p>']);
  });
});
