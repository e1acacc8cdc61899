// Spreadsheet rows from a CSV or .xlsx file (docs/staff.md "Moving in"), one at a time, so a file
// of 20,000 people never sits in memory as objects: CSV is split as it is read, .xlsx goes through
// exceljs's streaming reader (first worksheet only) once its zip has been unpacked under the caps
// (zip.ts). Rows and columns are capped too (limits.ts). The reading itself runs on a worker
// thread (parse-thread.ts): `tableRows` hands the rows over in pages.
import { Readable } from 'node:stream';
import type * as ExcelJS from 'exceljs';
import { ImportLimitError, IMPORT_LIMITS, type ImportLimits } from './limits.ts';
import { parseStream } from './parse-thread.ts';
import { decodeText } from './text.ts';
import { isZip, unpack, zipEntries } from './zip.ts';

export { decodeText };

export interface TableRow {
  /** The line (CSV) or row (spreadsheet) number a person sees in their program, from 1. */
  line: number;
  cells: string[];
}

export type TableFormat = 'csv' | 'xlsx';

/** .xlsx by its zip signature, CSV otherwise (a name can lie; the bytes cannot). */
export function tableFormat(bytes: Buffer): TableFormat {
  return isZip(bytes) ? 'xlsx' : 'csv';
}

/** The separator of the first line outside quotes: `;` (Brazilian Excel), tab, or `,`. */
function delimiterOf(text: string): string {
  const counts = { ',': 0, ';': 0, '\t': 0 };
  let quoted = false;
  for (const ch of text.slice(0, 4000)) {
    if (ch === '"') quoted = !quoted;
    else if (!quoted && ch === '\n') break;
    else if (!quoted && ch in counts) counts[ch as keyof typeof counts]++;
  }
  const [best, n] = Object.entries(counts).sort((a, b) => b[1] - a[1])[0]!;
  return n > 0 ? best : ',';
}

/** RFC 4180 rows (quoted fields may hold separators, quotes and line breaks). */
export function* csvRows(text: string): Generator<TableRow> {
  const sep = delimiterOf(text);
  let cells: string[] = [];
  let cell = '';
  let quoted = false;
  let line = 1;
  let rowLine = 1;
  for (let i = 0; i < text.length; i++) {
    const ch = text[i]!;
    if (quoted) {
      if (ch === '"') {
        if (text[i + 1] === '"') {
          cell += '"';
          i++;
        } else quoted = false;
      } else {
        if (ch === '\n') line++;
        cell += ch;
      }
    } else if (ch === '"' && cell === '') quoted = true;
    else if (ch === sep) {
      cells.push(cell);
      cell = '';
    } else if (ch === '\n' || ch === '\r') {
      if (ch === '\r' && text[i + 1] === '\n') i++;
      cells.push(cell);
      if (cells.some((c) => c.trim() !== '')) yield { line: rowLine, cells };
      cells = [];
      cell = '';
      line++;
      rowLine = line;
    } else cell += ch;
  }
  cells.push(cell);
  if (cells.some((c) => c.trim() !== '')) yield { line: rowLine, cells };
}

const pad = (n: number) => String(n).padStart(2, '0');

/** A cell as text: dates as yyyy-mm-dd, numbers as written without exponent, formulas by their result. */
function cellText(value: ExcelJS.CellValue): string {
  if (value === null || value === undefined) return '';
  if (value instanceof Date)
    return `${value.getUTCFullYear()}-${pad(value.getUTCMonth() + 1)}-${pad(value.getUTCDate())}`;
  if (typeof value === 'number') return Number.isInteger(value) ? value.toFixed(0) : String(value);
  if (typeof value === 'object') {
    if ('result' in value) return cellText(value.result as ExcelJS.CellValue);
    if ('richText' in value) return value.richText.map((r) => r.text).join('');
    if ('text' in value) return String(value.text);
    if ('error' in value) return '';
  }
  return String(value);
}

/**
 * The same zip with its worksheets stored after every other part. ExcelJS's streaming reader reads
 * the parts in stored order, and a worksheet met before the workbook, its styles or its shared
 * strings fails or loses its dates; writers (ExcelJS's own, under load) store them in any order.
 * Only the stored entries move (no recompression); an archive it cannot read is returned as it is.
 */
export function worksheetsLast(bytes: Buffer): Buffer {
  const end = bytes.lastIndexOf(Buffer.from([0x50, 0x4b, 0x05, 0x06]));
  if (end < 0 || end + 22 > bytes.length) return bytes;
  const count = bytes.readUInt16LE(end + 10);
  const directory = bytes.readUInt32LE(end + 16);
  const entries: { name: string; start: number }[] = [];
  for (let at = directory, i = 0; i < count; i++) {
    if (at + 46 > end || bytes.readUInt32LE(at) !== 0x02014b50) return bytes;
    const nameLength = bytes.readUInt16LE(at + 28);
    const name = bytes.toString('utf8', at + 46, at + 46 + nameLength);
    entries.push({ name, start: bytes.readUInt32LE(at + 42) });
    at += 46 + nameLength + bytes.readUInt16LE(at + 30) + bytes.readUInt16LE(at + 32);
  }
  // an entry runs from its local header to the next one's (its data descriptor included)
  const stored = entries.toSorted((a, b) => a.start - b.start);
  if (stored.some((e) => e.start >= directory)) return bytes;
  const parts = stored.map((e, i) => ({
    name: e.name,
    bytes: bytes.subarray(e.start, stored[i + 1]?.start ?? directory),
  }));
  const isSheet = (name: string) => /^xl\/worksheets\/sheet\d+\.xml$/.test(name);
  return Buffer.concat([
    ...parts.filter((p) => !isSheet(p.name)).map((p) => p.bytes),
    ...parts.filter((p) => isSheet(p.name)).map((p) => p.bytes),
    bytes.subarray(directory), // a streaming reader stops at the directory; its offsets are not read
  ]);
}

/** Every row within the caps: past the row cap or a row wider than the column cap, the file is refused. */
function* capped(rows: Iterable<TableRow>, limits: ImportLimits): Generator<TableRow> {
  let count = 0;
  for (const row of rows) {
    if (++count > limits.rows)
      throw new ImportLimitError('staff.import.limit.rows', { n: limits.rows });
    if (row.cells.length > limits.columns)
      throw new ImportLimitError('staff.import.limit.columns', {
        line: row.line,
        n: limits.columns,
      });
    yield row;
  }
}

async function* xlsxRows(bytes: Buffer, limits: ImportLimits): AsyncGenerator<TableRow> {
  // every part is unpacked once under the caps (and thrown away) before exceljs unpacks it again
  const budget = { unpacked: 0 };
  for (const entry of zipEntries(bytes, limits))
    unpack(bytes, entry, limits, budget, { keep: false });
  const { default: exceljs } = await import('exceljs'); // loaded only for a spreadsheet
  const reader = new exceljs.stream.xlsx.WorkbookReader(Readable.from([worksheetsLast(bytes)]), {
    sharedStrings: 'cache',
    styles: 'cache',
    hyperlinks: 'ignore',
    worksheets: 'emit',
    entries: 'emit',
  });
  let count = 0;
  for await (const sheet of reader) {
    for await (const row of sheet as AsyncIterable<ExcelJS.Row>) {
      if (row.cellCount > limits.columns)
        throw new ImportLimitError('staff.import.limit.columns', {
          line: row.number,
          n: limits.columns,
        });
      const values = (row.values as ExcelJS.CellValue[]).slice(1);
      const cells = Array.from({ length: values.length }, (_, i) => cellText(values[i]).trim());
      if (!cells.some((c) => c !== '')) continue;
      if (++count > limits.rows)
        throw new ImportLimitError('staff.import.limit.rows', { n: limits.rows });
      yield { line: row.number, cells };
    }
    return; // the first worksheet only
  }
}

/** Every non-blank row of the file, the header first, read on this thread (the worker's half). */
export function readTableRows(
  bytes: Buffer,
  limits: ImportLimits = IMPORT_LIMITS,
): AsyncIterable<TableRow> {
  if (tableFormat(bytes) === 'xlsx') return xlsxRows(bytes, limits);
  const rows = capped(csvRows(decodeText(bytes)), limits);
  return (async function* () {
    yield* rows;
  })();
}

/** Every non-blank row of the file, the header first, read on a worker thread. */
export function tableRows(bytes: Buffer, limits?: Partial<ImportLimits>): AsyncIterable<TableRow> {
  return parseStream<TableRow>('rows', bytes, { limits });
}

/** The header and the first rows (the mapping screen's examples). */
export async function tableHead(
  bytes: Buffer,
  sample = 5,
  limits?: Partial<ImportLimits>,
): Promise<{ header: string[]; rows: TableRow[] }> {
  let header: string[] | null = null;
  const rows: TableRow[] = [];
  for await (const row of tableRows(bytes, limits)) {
    if (!header) header = row.cells.map((c) => c.trim());
    else rows.push(row);
    if (rows.length >= sample) break;
  }
  return { header: header ?? [], rows };
}
