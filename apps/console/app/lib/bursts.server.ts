import { Transform, type TransformCallback } from 'node:stream';

/**
 * The stream React renders a page into (`pipe(new Bursts())`), which hands on what React writes between two of its
 * flushes as one chunk. React's server renderer writes in 2 KB pieces and calls `flush()` when it has written all it
 * has for now (the shell, then each piece of streamed data). Passed on one by one, each piece would take its own trip
 * through the web stream Remix answers with and its own write to the response (a chunk of HTTP framing each, and for
 * a browser that accepts gzip a compression flush each, as Remix flushes after every chunk): a list page is about
 * forty pieces, written in four or five rounds as the stream's buffers fill and drain. The bytes, and the moments
 * they leave, are the same; a burst holds no more than React produced without waiting.
 */
export class Bursts extends Transform {
  #pieces: Buffer[] = [];

  override _transform(piece: Buffer, _encoding: BufferEncoding, done: TransformCallback): void {
    // React never writes into a piece it has handed over (each full view is a new one), so keeping it is safe.
    this.#pieces.push(piece);
    done();
  }

  /** React's signal that it has nothing more to write for now: what it wrote goes on, as one chunk. */
  flush(): void {
    const pieces = this.#pieces;
    if (pieces.length === 0) return;
    this.#pieces = [];
    this.push(pieces.length === 1 ? pieces[0] : Buffer.concat(pieces));
  }

  override _flush(done: TransformCallback): void {
    this.flush();
    done();
  }
}
