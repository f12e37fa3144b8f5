import { randomBytes } from 'node:crypto';
import { PassThrough, Readable } from 'node:stream';
import { describe, expect, it } from 'vitest';
import { ArchiveWriter, CHUNK, DamagedBackupError, readArchive, WrongPassphraseError } from './archive.js';

const CHEAP = { N: 2 ** 10, r: 8, p: 1 };
const PASS = 'correct horse battery staple';

async function write(entries: [string, Buffer][], passphrase = PASS): Promise<Buffer> {
  const out = new PassThrough();
  const pieces: Buffer[] = [];
  out.on('data', (piece: Buffer) => pieces.push(piece));
  const archive = await ArchiveWriter.open(out, passphrase, CHEAP);
  for (const [name, content] of entries) {
    // Large entries go in as a stream, small ones as bytes: both paths are used.
    await archive.add(name, content.length > CHUNK ? Readable.from([content.subarray(0, 1000), content.subarray(1000)]) : content);
  }
  await archive.finish();
  out.end();
  return Buffer.concat(pieces);
}

async function read(file: Buffer, passphrase = PASS): Promise<[string, Buffer][]> {
  const found: [string, Buffer][] = [];
  for await (const entry of readArchive(Readable.from([file]), passphrase)) {
    const pieces: Buffer[] = [];
    for await (const piece of entry.content) pieces.push(piece);
    found.push([entry.name, Buffer.concat(pieces)]);
  }
  return found;
}

describe('the encrypted backup file', () => {
  it.each([
    ['no entries', []],
    ['an empty entry', [0]],
    ['small entries', [10, 200, 3]],
    ['an entry spanning many chunks', [5 * CHUNK + 123]],
    ['content ending exactly on a chunk boundary', [CHUNK * 3 - 40]],
  ])('gives back exactly what was written: %s', async (_name, sizes) => {
    const entries = (sizes as number[]).map((size, i): [string, Buffer] => [`files/f${i}`, randomBytes(size)]);
    const file = await write(entries);
    expect(await read(file)).toEqual(entries);
  });

  it('holds no plain text of its entries', async () => {
    const secret = Buffer.from('sessionSecret=do-not-show-me '.repeat(50));
    const file = await write([['files/secrets.json', secret]]);
    expect(file.includes(Buffer.from('do-not-show-me'))).toBe(false);
    expect(file.includes(Buffer.from('secrets.json'))).toBe(false);
  });

  it('refuses a wrong passphrase before reading any entry', async () => {
    const file = await write([['a', randomBytes(100)]]);
    await expect(read(file, 'wrong horse battery staple')).rejects.toBeInstanceOf(WrongPassphraseError);
  });

  it('finds a file cut short, even at a chunk boundary', async () => {
    const file = await write([['a', randomBytes(4 * CHUNK)]]);
    const header = file.indexOf(0x0a, 'CAMPUS-BACKUP\n'.length) + 1;
    for (const cut of [file.length - 1, header + (CHUNK + 16) * 2, header + 10]) {
      await expect(read(file.subarray(0, cut))).rejects.toBeInstanceOf(DamagedBackupError);
    }
  });

  it('finds a changed byte, a swapped chunk and bytes added at the end', async () => {
    const file = await write([['a', randomBytes(3 * CHUNK)]]);
    const header = file.indexOf(0x0a, 'CAMPUS-BACKUP\n'.length) + 1;
    const changed = Buffer.from(file);
    changed[header + CHUNK + 100]! ^= 1;
    await expect(read(changed)).rejects.toBeInstanceOf(DamagedBackupError);
    const size = CHUNK + 16;
    const swapped = Buffer.concat([
      file.subarray(0, header),
      file.subarray(header + size, header + 2 * size),
      file.subarray(header, header + size),
      file.subarray(header + 2 * size),
    ]);
    await expect(read(swapped)).rejects.toBeInstanceOf(DamagedBackupError);
    await expect(read(Buffer.concat([file, Buffer.from('x')]))).rejects.toBeInstanceOf(DamagedBackupError);
  });

  it('refuses a file that is not a backup', async () => {
    await expect(read(Buffer.from('PGDMP not a backup\n'))).rejects.toBeInstanceOf(DamagedBackupError);
  });
});
