// Spreadsheet rows from a CSV or .xlsx file (docs/staff.md "Moving in"), one at a time, so a file
// of 20,000 people never sits in memory as objects: CSV is split as it is read, .xlsx goes through
// exceljs's streaming reader (first worksheet only).
import { Readable } from 'node:stream';
import ExcelJS from 'exceljs';

export interface TableRow {
  /** The line (CSV) or row (spreadsheet) number a person sees in their program, from 1. */
  line: number;
  cells: string[];
}

export type TableFormat = 'csv' | 'xlsx';

/** .xlsx by its zip signature, CSV otherwise (a name can lie; the bytes cannot). */
export function tableFormat(bytes: Buffer): TableFormat {
  return bytes.length > 4 && bytes.readUInt32LE(0) === 0x04034b50 ? 'xlsx' : 'csv';
}

/** UTF-8 (with or without a BOM); Windows-1252 when the bytes are not UTF-8 (older Excel "CSV"). */
export function decodeText(bytes: Buffer): string {
  try {
    return new TextDecoder('utf-8', { fatal: true }).decode(bytes).replace(/^\uFEFF/, '');
  } catch {
    return new TextDecoder('windows-1252').decode(bytes);
  }
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

async function* xlsxRows(bytes: Buffer): AsyncGenerator<TableRow> {
  const reader = new ExcelJS.stream.xlsx.WorkbookReader(Readable.from([worksheetsLast(bytes)]), {
    sharedStrings: 'cache',
    styles: 'cache',
    hyperlinks: 'ignore',
    worksheets: 'emit',
    entries: 'emit',
  });
  for await (const sheet of reader) {
    for await (const row of sheet as AsyncIterable<ExcelJS.Row>) {
      const values = (row.values as ExcelJS.CellValue[]).slice(1);
      const cells = Array.from({ length: values.length }, (_, i) => cellText(values[i]).trim());
      if (cells.some((c) => c !== '')) yield { line: row.number, cells };
    }
    return; // the first worksheet only
  }
}

/** Every non-blank row of the file, the header first. */
export function tableRows(bytes: Buffer): AsyncIterable<TableRow> {
  if (tableFormat(bytes) === 'xlsx') return xlsxRows(bytes);
  const rows = csvRows(decodeText(bytes));
  return (async function* () {
    yield* rows;
  })();
}

/** The header and the first rows (the mapping screen's examples). */
export async function tableHead(
  bytes: Buffer,
  sample = 5,
): Promise<{ header: string[]; rows: TableRow[] }> {
  let header: string[] | null = null;
  const rows: TableRow[] = [];
  for await (const row of tableRows(bytes)) {
    if (!header) header = row.cells.map((c) => c.trim());
    else rows.push(row);
    if (rows.length >= sample) break;
  }
  return { header: header ?? [], rows };
}
