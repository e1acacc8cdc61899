// Zip archives read under caps (server/imports/limits.ts; docs/security.md "Hostile files"): the
// entries are found through the central directory, checked against their local headers (so no
// entry hides between them for a streaming reader to find), and each is inflated in small steps
// whose output is counted, so an archive over a cap is refused after at most one step's output
// (16 KB in can only make about 16 MB out) instead of after inflating all of it.
import { Inflate } from 'fflate';
import { ImportLimitError, mb, type ImportLimits } from './limits.ts';

export interface ZipEntry {
  name: string;
  /** 0 stored, 8 deflated. */
  method: number;
  /** Where the entry's local header starts. */
  start: number;
  /** Where its data starts and how many bytes it has in the archive. */
  dataStart: number;
  packedSize: number;
}

const broken = () => new ImportLimitError('staff.import.zipBroken');

export const isZip = (bytes: Buffer) => bytes.length > 4 && bytes.readUInt32LE(0) === 0x04034b50;

/** The end of central directory record: at most 65,535 bytes of comment after it. */
function endRecord(bytes: Buffer): number {
  const from = Math.max(0, bytes.length - 22 - 0xffff);
  for (let at = bytes.length - 22; at >= from; at--)
    if (bytes.readUInt32LE(at) === 0x06054b50) return at;
  return -1;
}

/** The archive's entries in stored order; refused when damaged or holding too many. */
export function zipEntries(bytes: Buffer, limits: Pick<ImportLimits, 'zipEntries'>): ZipEntry[] {
  const end = endRecord(bytes);
  if (end < 0) throw broken();
  const count = bytes.readUInt16LE(end + 10);
  const directory = bytes.readUInt32LE(end + 16);
  if (count > limits.zipEntries)
    throw new ImportLimitError('staff.import.limit.zipEntries', { n: limits.zipEntries });
  if (count === 0xffff || directory === 0xffffffff || directory > end) throw broken(); // zip64
  const entries: ZipEntry[] = [];
  for (let at = directory, i = 0; i < count; i++) {
    if (at + 46 > end || bytes.readUInt32LE(at) !== 0x02014b50) throw broken();
    const method = bytes.readUInt16LE(at + 10);
    const packedSize = bytes.readUInt32LE(at + 20);
    const nameLength = bytes.readUInt16LE(at + 28);
    const start = bytes.readUInt32LE(at + 42);
    const name = bytes.toString('utf8', at + 46, at + 46 + nameLength);
    at += 46 + nameLength + bytes.readUInt16LE(at + 30) + bytes.readUInt16LE(at + 32);
    if (start + 30 > directory || bytes.readUInt32LE(start) !== 0x04034b50) throw broken();
    const localName = start + 30 + bytes.readUInt16LE(start + 26);
    if (bytes.toString('utf8', start + 30, localName) !== name) throw broken();
    if (bytes.readUInt16LE(start + 8) !== method) throw broken();
    const dataStart = localName + bytes.readUInt16LE(start + 28);
    if (dataStart + packedSize > directory) throw broken();
    entries.push({ name, method, start, dataStart, packedSize });
  }
  entries.sort((a, b) => a.start - b.start);
  // Each entry's data is followed by at most a data descriptor (up to 24 bytes), then the next
  // entry: nothing lies between them that a reader of local headers could take for an entry.
  entries.forEach((e, i) => {
    const next = entries[i + 1]?.start ?? directory;
    const gap = next - (e.dataStart + e.packedSize);
    if (gap < 0 || gap > 24) throw broken();
  });
  return entries;
}

/** Unpacked bytes counted across the entries of one archive. */
export interface UnpackBudget {
  unpacked: number;
}

/**
 * One entry's bytes, inflated under the caps: `cap` bytes for the entry (default the entry cap),
 * the archive's total in `budget`, and the ratio. With `keep: false` the bytes are only counted.
 */
export function unpack(
  bytes: Buffer,
  entry: ZipEntry,
  limits: Pick<ImportLimits, 'entryBytes' | 'unpackedBytes' | 'ratio' | 'ratioFrom'>,
  budget: UnpackBudget,
  { cap = limits.entryBytes, keep = true }: { cap?: number; keep?: boolean } = {},
): Buffer {
  const packed = bytes.subarray(entry.dataStart, entry.dataStart + entry.packedSize);
  const chunks: Uint8Array[] = [];
  let size = 0;
  const count = (n: number) => {
    size += n;
    budget.unpacked += n;
    if (size > cap)
      throw new ImportLimitError('staff.import.limit.entrySize', { name: entry.name, mb: mb(cap) });
    if (budget.unpacked > limits.unpackedBytes)
      throw new ImportLimitError('staff.import.limit.unpacked', { mb: mb(limits.unpackedBytes) });
    if (size > limits.ratioFrom && size > limits.ratio * Math.max(1, entry.packedSize))
      throw new ImportLimitError('staff.import.limit.ratio', {
        name: entry.name,
        n: limits.ratio,
      });
  };
  if (entry.method === 0) {
    count(packed.length);
    return keep ? Buffer.from(packed) : Buffer.alloc(0);
  }
  if (entry.method !== 8) throw broken();
  let ended = false;
  const inflate = new Inflate((data, final) => {
    count(data.length);
    if (keep) chunks.push(data);
    if (final) ended = true;
  });
  const STEP = 16 * 1024;
  try {
    for (let at = 0; at < packed.length || at === 0; at += STEP)
      inflate.push(packed.subarray(at, at + STEP), at + STEP >= packed.length);
  } catch (e) {
    if (e instanceof ImportLimitError) throw e;
    throw broken();
  }
  if (!ended) throw broken(); // the deflate stream goes on past the entry's packed size
  return keep ? Buffer.concat(chunks) : Buffer.alloc(0);
}
