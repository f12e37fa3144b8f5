/**
 * The backup file: one stream of entries (the database dump, the files of DATA_DIR), encrypted with a key derived
 * from a passphrase (decision 0059).
 *
 * ```
 * file    = "CAMPUS-BACKUP\n" ‖ header JSON ‖ "\n" ‖ chunk…
 * header  = { version: 1, kdf: { name: "scrypt", N, r, p, salt }, noncePrefix, check }   (base64 for the bytes)
 * key     = scrypt(passphrase (UTF-8, NFC), salt, 32 bytes, N, r, p)
 * check   = HMAC-SHA256(key, "campus-backup-check"): tells a wrong passphrase from a damaged file
 * chunk i = AES-256-GCM(key, nonce = noncePrefix(7) ‖ i as u32 big-endian ‖ last(1), aad = header line, ≤ 64 KiB)
 * ```
 * The chunks are the STREAM construction of online authenticated encryption (as age and Tink use it): each chunk is
 * authenticated on its own, its number in the nonce stops reordering, and the flag of the last chunk stops
 * truncation. Every chunk but the last holds exactly `CHUNK` bytes; the last holds fewer (possibly none).
 *
 * Inside, the plain stream is a list of frames `kind(1) ‖ length(u32 BE) ‖ payload`: an entry begins with its name
 * and mode (JSON), continues with data frames and ends with its size and SHA-256 (JSON); a final frame ends the list.
 */
import { createCipheriv, createDecipheriv, createHash, createHmac, randomBytes, scrypt, timingSafeEqual, type ScryptOptions } from 'node:crypto';
import { once } from 'node:events';
import type { Readable, Writable } from 'node:stream';

export const MAGIC = 'CAMPUS-BACKUP\n';
export const CHUNK = 64 * 1024;
const TAG = 16;
const DATA_FRAME = 256 * 1024;

/** scrypt's cost: 2^17 × 8 × 128 bytes = 128 MiB of memory and about half a second, OWASP's figure for scrypt. */
export const KDF_COST = { N: 2 ** 17, r: 8, p: 1 } as const;

enum Frame {
  Begin = 1,
  Data = 2,
  End = 3,
  Finish = 4,
}

interface Header {
  readonly version: 1;
  readonly kdf: { readonly name: 'scrypt'; readonly N: number; readonly r: number; readonly p: number; readonly salt: string };
  readonly noncePrefix: string;
  readonly check: string;
}

/** The passphrase did not open the backup. */
export class WrongPassphraseError extends Error {
  constructor() {
    super('The passphrase does not open this backup.');
  }
}

/** The file is not a backup, or was cut short or changed after it was written. */
export class DamagedBackupError extends Error {}

function deriveKey(passphrase: string, salt: Buffer, cost: { N: number; r: number; p: number }): Promise<Buffer> {
  const options: ScryptOptions = { N: cost.N, r: cost.r, p: cost.p, maxmem: 256 * cost.N * cost.r + 1024 * 1024 };
  return new Promise((resolve, reject) =>
    scrypt(Buffer.from(passphrase.normalize('NFC'), 'utf8'), salt, 32, options, (error, key) => (error ? reject(error) : resolve(key))),
  );
}

const checkValue = (key: Buffer) => createHmac('sha256', key).update('campus-backup-check').digest();

function nonce(prefix: Buffer, counter: number, last: boolean): Buffer {
  const value = Buffer.alloc(12);
  prefix.copy(value, 0, 0, 7);
  value.writeUInt32BE(counter, 7);
  value[11] = last ? 1 : 0;
  return value;
}

async function put(out: Writable, bytes: Buffer): Promise<void> {
  if (!out.write(bytes)) await once(out, 'drain');
}

/** Writes an encrypted backup to `out`, entry by entry. */
export class ArchiveWriter {
  private pending: Buffer[] = [];
  private pendingBytes = 0;
  private counter = 0;
  private entry: { name: string; size: number; hash: ReturnType<typeof createHash> } | undefined;
  /** Plain bytes written so far (for progress). */
  written = 0;

  private constructor(
    private readonly out: Writable,
    private readonly key: Buffer,
    private readonly prefix: Buffer,
    private readonly aad: Buffer,
  ) {}

  static async open(out: Writable, passphrase: string, cost: { N: number; r: number; p: number } = KDF_COST): Promise<ArchiveWriter> {
    const salt = randomBytes(16);
    const key = await deriveKey(passphrase, salt, cost);
    const prefix = randomBytes(7);
    const header: Header = {
      version: 1,
      kdf: { name: 'scrypt', N: cost.N, r: cost.r, p: cost.p, salt: salt.toString('base64') },
      noncePrefix: prefix.toString('base64'),
      check: checkValue(key).toString('base64'),
    };
    const line = Buffer.from(`${JSON.stringify(header)}\n`, 'utf8');
    await put(out, Buffer.concat([Buffer.from(MAGIC, 'utf8'), line]));
    return new ArchiveWriter(out, key, prefix, line);
  }

  /** Adds one entry read from `source` (a stream or bytes); answers its size. `onBytes` hears the size so far. */
  async add(name: string, source: Readable | Uint8Array, mode = 0o600, onBytes?: (size: number) => void): Promise<number> {
    await this.frame(Frame.Begin, Buffer.from(JSON.stringify({ name, mode }), 'utf8'));
    this.entry = { name, size: 0, hash: createHash('sha256') };
    if (source instanceof Uint8Array) {
      for (let at = 0; at < source.length; at += DATA_FRAME) await this.data(Buffer.from(source.subarray(at, at + DATA_FRAME)));
    } else {
      for await (const piece of source) {
        await this.data(Buffer.isBuffer(piece) ? piece : Buffer.from(piece as Uint8Array));
        onBytes?.(this.entry.size);
      }
    }
    const { size, hash } = this.entry;
    this.entry = undefined;
    await this.frame(Frame.End, Buffer.from(JSON.stringify({ size, sha256: hash.digest('hex') }), 'utf8'));
    return size;
  }

  /** Ends the list of entries and writes the last chunk; the caller ends `out`. */
  async finish(): Promise<void> {
    await this.frame(Frame.Finish, Buffer.alloc(0));
    const rest = Buffer.concat(this.pending);
    this.pending = [];
    this.pendingBytes = 0;
    // Every chunk but the last is full; the last is shorter (possibly empty), so a cut file never ends cleanly.
    let at = 0;
    for (; rest.length - at >= CHUNK; at += CHUNK) await this.seal(rest.subarray(at, at + CHUNK), false);
    await this.seal(rest.subarray(at), true);
  }

  private async data(piece: Buffer): Promise<void> {
    const entry = this.entry!;
    entry.size += piece.length;
    entry.hash.update(piece);
    await this.frame(Frame.Data, piece);
  }

  private async frame(kind: Frame, payload: Buffer): Promise<void> {
    const head = Buffer.alloc(5);
    head[0] = kind;
    head.writeUInt32BE(payload.length, 1);
    this.push(head);
    if (payload.length) this.push(payload);
    this.written += payload.length;
    while (this.pendingBytes > CHUNK) {
      const all = Buffer.concat(this.pending);
      this.pending = [all.subarray(CHUNK)];
      this.pendingBytes = all.length - CHUNK;
      await this.seal(all.subarray(0, CHUNK), false);
    }
  }

  private push(bytes: Buffer): void {
    this.pending.push(bytes);
    this.pendingBytes += bytes.length;
  }

  private async seal(plain: Buffer, last: boolean): Promise<void> {
    if (this.counter > 0xffffffff) throw new Error('The backup is too large for one file.');
    const cipher = createCipheriv('aes-256-gcm', this.key, nonce(this.prefix, this.counter++, last));
    cipher.setAAD(this.aad);
    const body = Buffer.concat([cipher.update(plain), cipher.final()]);
    await put(this.out, Buffer.concat([body, cipher.getAuthTag()]));
  }
}

/** Bytes read from a stream in pieces of an exact size (fewer only at its end). */
class ExactReader {
  private buffered: Buffer[] = [];
  private bytes = 0;
  private done = false;
  private readonly iterator: AsyncIterator<Buffer>;
  constructor(source: Readable) {
    this.iterator = source[Symbol.asyncIterator]() as AsyncIterator<Buffer>;
  }
  private async fill(): Promise<void> {
    const next = await this.iterator.next();
    if (next.done) this.done = true;
    else {
      this.buffered.push(next.value);
      this.bytes += next.value.length;
    }
  }
  async read(size: number): Promise<Buffer> {
    while (this.bytes < size && !this.done) await this.fill();
    const all = Buffer.concat(this.buffered);
    const piece = all.subarray(0, size);
    this.buffered = [all.subarray(piece.length)];
    this.bytes = all.length - piece.length;
    return piece;
  }
  /** Reads up to and including the first newline (at most `limit` bytes). */
  async line(limit: number): Promise<Buffer> {
    for (;;) {
      const end = Buffer.concat(this.buffered).indexOf(0x0a);
      if (end >= 0) return this.read(end + 1);
      if (this.done || this.bytes > limit) throw new DamagedBackupError('This file is not a Campus Administration System backup.');
      await this.fill();
    }
  }
}

/** One entry as it is read back: its name and mode, and its content in pieces. */
export interface ArchiveEntry {
  readonly name: string;
  readonly mode: number;
  /** The entry's bytes; each piece is authenticated before it is given. Read them all before the next entry. */
  readonly content: AsyncIterable<Buffer>;
}

/**
 * Opens an encrypted backup: checks the passphrase (a wrong one throws `WrongPassphraseError` before anything is
 * read further) and answers its entries in order. Any chunk that fails its check, a cut file, or an entry whose
 * size or SHA-256 differs throws `DamagedBackupError`.
 */
export async function* readArchive(source: Readable, passphrase: string): AsyncGenerator<ArchiveEntry> {
  const input = new ExactReader(source);
  const magic = await input.read(MAGIC.length);
  if (magic.toString('utf8') !== MAGIC) throw new DamagedBackupError('This file is not a Campus Administration System backup.');
  const line = await input.line(4096);
  let header: Header;
  try {
    header = JSON.parse(line.toString('utf8')) as Header;
  } catch {
    throw new DamagedBackupError('The backup header is damaged.');
  }
  if (header.version !== 1 || header.kdf?.name !== 'scrypt') throw new DamagedBackupError('This backup was written by a newer version.');
  const { N, r, p } = header.kdf;
  // The cost comes from the file: bound it, so a crafted file cannot ask for unbounded memory.
  if (!(N >= 2 && N <= 2 ** 20 && (N & (N - 1)) === 0 && r >= 1 && r <= 32 && p >= 1 && p <= 16)) {
    throw new DamagedBackupError('The backup header is damaged.');
  }
  const key = await deriveKey(passphrase, Buffer.from(header.kdf.salt, 'base64'), { N, r, p });
  const expected = Buffer.from(header.check, 'base64');
  const check = checkValue(key);
  if (expected.length !== check.length || !timingSafeEqual(expected, check)) throw new WrongPassphraseError();
  const prefix = Buffer.from(header.noncePrefix, 'base64');

  // The plain stream, chunk by chunk, each authenticated before its bytes are used.
  let counter = 0;
  let ended = false;
  const plain: Buffer[] = [];
  let plainBytes = 0;
  const more = async (): Promise<void> => {
    if (ended) throw new DamagedBackupError('The backup ends in the middle of an entry.');
    const sealed = await input.read(CHUNK + TAG);
    const last = sealed.length < CHUNK + TAG;
    if (sealed.length < TAG) throw new DamagedBackupError('The backup was cut short.');
    const decipher = createDecipheriv('aes-256-gcm', key, nonce(prefix, counter++, last));
    decipher.setAAD(line);
    decipher.setAuthTag(sealed.subarray(sealed.length - TAG));
    try {
      const body = Buffer.concat([decipher.update(sealed.subarray(0, sealed.length - TAG)), decipher.final()]);
      plain.push(body);
      plainBytes += body.length;
    } catch {
      throw new DamagedBackupError(last ? 'The backup was cut short or changed.' : 'The backup was changed or damaged.');
    }
    if (last) {
      ended = true;
      if ((await input.read(1)).length) throw new DamagedBackupError('The backup has bytes after its end.');
    }
  };
  const take = async (size: number): Promise<Buffer> => {
    while (plainBytes < size) await more();
    const all = Buffer.concat(plain);
    plain.length = 0;
    plain.push(all.subarray(size));
    plainBytes = all.length - size;
    return all.subarray(0, size);
  };
  const frame = async () => {
    const head = await take(5);
    return { kind: head[0] as Frame, payload: await take(head.readUInt32BE(1)) };
  };

  for (;;) {
    const begin = await frame();
    if (begin.kind === Frame.Finish) {
      if (!ended || plainBytes) throw new DamagedBackupError('The backup has bytes after its end.');
      return;
    }
    if (begin.kind !== Frame.Begin) throw new DamagedBackupError('The backup is damaged.');
    const { name, mode } = JSON.parse(begin.payload.toString('utf8')) as { name: string; mode: number };
    let finished = false;
    async function* content(): AsyncGenerator<Buffer> {
      const hash = createHash('sha256');
      let size = 0;
      for (;;) {
        const next = await frame();
        if (next.kind === Frame.Data) {
          hash.update(next.payload);
          size += next.payload.length;
          yield next.payload;
          continue;
        }
        if (next.kind !== Frame.End) throw new DamagedBackupError('The backup is damaged.');
        const end = JSON.parse(next.payload.toString('utf8')) as { size: number; sha256: string };
        if (end.size !== size || end.sha256 !== hash.digest('hex')) throw new DamagedBackupError(`The entry ${name} of the backup is damaged.`);
        finished = true;
        return;
      }
    }
    const entry: ArchiveEntry = { name, mode, content: content() };
    yield entry;
    // An entry the caller did not read to its end is read (and checked) here.
    if (!finished) for await (const piece of entry.content) void piece;
  }
}
