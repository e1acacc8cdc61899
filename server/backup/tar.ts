// The backup archive's container (docs/deploy.md "Backups"): a plain POSIX tar (ustar, with a pax
// header for long paths and large sizes), written and read as a stream so neither side ever holds a
// part in memory. Plain tar so an operator can list an unencrypted archive with `tar tzf`.
import { once } from 'node:events';
import type { Readable, Writable } from 'node:stream';

const BLOCK = 512;
const ZEROS = Buffer.alloc(BLOCK * 2);

function octal(value: number, width: number): string {
  return value.toString(8).padStart(width - 1, '0') + '\0';
}

function header(name: string, size: number, type: '0' | 'x', mtime: number): Buffer {
  const block = Buffer.alloc(BLOCK);
  block.write(name.slice(0, 100), 0, 'utf8');
  block.write(octal(0o600, 8), 100, 'ascii');
  block.write(octal(0, 8), 108, 'ascii');
  block.write(octal(0, 8), 116, 'ascii');
  block.write(octal(size, 12), 124, 'ascii');
  block.write(octal(Math.floor(mtime / 1000), 12), 136, 'ascii');
  block.write('        ', 148, 'ascii'); // the checksum counts itself as spaces
  block.write(type, 156, 'ascii');
  block.write('ustar\0', 257, 'ascii');
  block.write('00', 263, 'ascii');
  let sum = 0;
  for (const byte of block) sum += byte;
  block.write(sum.toString(8).padStart(6, '0') + '\0 ', 148, 'ascii');
  return block;
}

function paxRecord(key: string, value: string): string {
  const body = ` ${key}=${value}\n`;
  let length = Buffer.byteLength(body) + 1;
  while (String(length).length + Buffer.byteLength(body) !== length) length += 1;
  return `${length}${body}`;
}

const MAX_OCTAL_SIZE = 8 ** 11 - 1;

/** The header blocks of one entry: a pax header first when the path or size does not fit ustar. */
export function entryHeader(path: string, size: number, mtime = Date.now()): Buffer {
  const long = Buffer.byteLength(path) > 100 || /[^\x20-\x7e]/.test(path);
  const big = size > MAX_OCTAL_SIZE;
  if (!long && !big) return header(path, size, '0', mtime);
  const pax = Buffer.from(
    (long ? paxRecord('path', path) : '') + (big ? paxRecord('size', String(size)) : ''),
  );
  return Buffer.concat([
    header('PaxHeader', pax.length, 'x', mtime),
    pax,
    Buffer.alloc(padding(pax.length)),
    header(path.slice(0, 100), big ? 0 : size, '0', mtime),
  ]);
}

const padding = (size: number) => (BLOCK - (size % BLOCK)) % BLOCK;

/** Writes entries to `out`, waiting when it is full; every write fails once `out` failed. */
export class TarWriter {
  readonly #out: Writable;
  #failure: Error | undefined;

  constructor(out: Writable) {
    this.#out = out;
    out.once('error', (error) => (this.#failure ??= error));
    out.once('close', () => (this.#failure ??= new Error('the archive stream closed early')));
  }

  async #write(chunk: Buffer): Promise<void> {
    if (this.#failure) throw this.#failure;
    if (this.#out.write(chunk)) return;
    // Either it drains or it fails (a full disk destroys the whole pipeline).
    await Promise.race([once(this.#out, 'drain'), once(this.#out, 'close')]);
    if (this.#failure) throw this.#failure;
  }

  /** One entry whose bytes are in memory. */
  async add(path: string, bytes: Buffer): Promise<void> {
    await this.#write(entryHeader(path, bytes.length));
    await this.#write(bytes);
    await this.#write(ZEROS.subarray(0, padding(bytes.length)));
  }

  /** One entry streamed from `source`, which must yield exactly `size` bytes. */
  async addStream(path: string, size: number, source: AsyncIterable<Buffer>): Promise<void> {
    await this.#write(entryHeader(path, size));
    let written = 0;
    for await (const chunk of source) {
      written += chunk.length;
      if (written > size) throw new Error(`${path} grew while it was archived`);
      await this.#write(chunk);
    }
    if (written !== size) throw new Error(`${path} shrank while it was archived`);
    await this.#write(ZEROS.subarray(0, padding(size)));
  }

  /** The two zero blocks that end a tar, then the end of the stream. */
  async finish(): Promise<void> {
    await this.#write(ZEROS);
    this.#out.end();
  }
}

/** Reads exact byte counts from a stream of chunks. */
class ByteReader {
  readonly #it: AsyncIterator<Buffer>;
  #held: Buffer = Buffer.alloc(0);
  #done = false;

  constructor(source: AsyncIterable<Buffer>) {
    this.#it = source[Symbol.asyncIterator]();
  }

  async #fill(): Promise<boolean> {
    if (this.#done) return false;
    const next = await this.#it.next();
    if (next.done) {
      this.#done = true;
      return false;
    }
    this.#held = this.#held.length ? Buffer.concat([this.#held, next.value]) : next.value;
    return true;
  }

  /** Exactly `n` bytes, or null at a clean end before any of them. */
  async exact(n: number): Promise<Buffer | null> {
    while (this.#held.length < n) if (!(await this.#fill())) break;
    if (this.#held.length === 0 && n > 0) return null;
    if (this.#held.length < n) throw new Error('the archive ends in the middle of an entry');
    const out = this.#held.subarray(0, n);
    this.#held = this.#held.subarray(n);
    return out;
  }

  /** `n` bytes as they arrive, without gathering them. */
  async *chunks(n: number): AsyncGenerator<Buffer> {
    let left = n;
    while (left > 0) {
      if (this.#held.length === 0 && !(await this.#fill()))
        throw new Error('the archive ends in the middle of an entry');
      const take = Math.min(left, this.#held.length);
      const out = this.#held.subarray(0, take);
      this.#held = this.#held.subarray(take);
      left -= take;
      yield out;
    }
  }
}

export interface TarEntry {
  path: string;
  size: number;
  /** The entry's bytes; read them (or not) before asking for the next entry. */
  body: AsyncIterable<Buffer>;
}

const field = (block: Buffer, at: number, width: number) =>
  block
    .subarray(at, at + width)
    .toString('utf8')
    .replace(/\0.*$/s, '');

function parsePax(text: string): Record<string, string> {
  const out: Record<string, string> = {};
  for (const line of text.split('\n')) {
    const match = /^\d+ ([^=]+)=(.*)$/s.exec(line);
    if (match) out[match[1]!] = match[2]!;
  }
  return out;
}

/** The entries of a tar stream, one after the other; an entry left unread is skipped. */
export async function* readTar(source: Readable | AsyncIterable<Buffer>): AsyncGenerator<TarEntry> {
  const reader = new ByteReader(source as AsyncIterable<Buffer>);
  let pax: Record<string, string> = {};
  for (;;) {
    const block = await reader.exact(BLOCK);
    if (!block) throw new Error('the archive ends without its end marker');
    if (block.every((b) => b === 0)) return;
    let sum = 0;
    for (let i = 0; i < BLOCK; i++) sum += i >= 148 && i < 156 ? 32 : block[i]!;
    if (parseInt(field(block, 148, 8).trim(), 8) !== sum)
      throw new Error('the archive is damaged (a header checksum does not match)');
    const type = field(block, 156, 1);
    let size = parseInt(field(block, 124, 12).trim() || '0', 8);
    if (type === 'x') {
      const body = await reader.exact(size + padding(size));
      pax = parsePax(body!.subarray(0, size).toString('utf8'));
      continue;
    }
    const path = pax.path ?? field(block, 0, 100);
    if (pax.size) size = Number(pax.size);
    pax = {};
    let left = size;
    const body = (async function* () {
      for await (const chunk of reader.chunks(left)) {
        left -= chunk.length;
        yield chunk;
      }
    })();
    yield { path, size, body };
    // What the reader left unread (all of it, or the rest after a break) is skipped.
    for await (const chunk of reader.chunks(left)) left -= chunk.length;
    await reader.exact(padding(size));
  }
}
