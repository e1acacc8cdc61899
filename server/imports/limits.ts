// The caps every moving-in file is read under (docs/staff.md "Moving in", docs/security.md
// "Hostile files"): a file over one is refused as a whole with a message naming the cap, so a zip
// bomb, a spreadsheet of a million columns or a calendar repeating every second costs the server
// a bounded amount of memory and time, whatever it holds. Tests pass lower caps to stay fast.

export interface ImportLimits {
  /** Entries of a zip (songs, the parts of an .xlsx). */
  zipEntries: number;
  /** Unpacked bytes of one entry. */
  entryBytes: number;
  /** Unpacked bytes of the whole archive (the entries read). */
  unpackedBytes: number;
  /** Unpacked size over packed size, once an entry unpacks past `ratioFrom` bytes. */
  ratio: number;
  ratioFrom: number;
  /** Unpacked bytes of one song file of a zip (a ChordPro text is at most 50,000 characters). */
  songBytes: number;
  /** Rows of a spreadsheet, the header included. */
  rows: number;
  /** Columns of one row. */
  columns: number;
  /** Events of a calendar. */
  events: number;
  /** Occurrences of one repeating event walked to find its next one (beyond: the event is refused). */
  occurrences: number;
  /** Occurrences walked over the whole calendar (beyond: the file is refused). */
  occurrencesTotal: number;
  /** Items (posts and attachments) of a WordPress export. */
  posts: number;
  /** Bytes of one post's HTML (beyond: the post is refused). */
  postBytes: number;
  /** Images of one post brought from the file's attachments. */
  postImages: number;
  /** Time a worker may spend on one file before it is stopped. */
  parseMs: number;
  /** Heap of the reading thread: a file that needs more is refused, the server does not notice. */
  heapMb: number;
}

const MB = 1024 * 1024;

export const IMPORT_LIMITS: ImportLimits = {
  zipEntries: 10_000,
  entryBytes: 150 * MB,
  unpackedBytes: 200 * MB,
  ratio: 200,
  ratioFrom: MB,
  songBytes: 256 * 1024,
  rows: 100_000,
  columns: 500,
  events: 20_000,
  occurrences: 5_000,
  occurrencesTotal: 100_000,
  posts: 50_000,
  postBytes: 2 * MB,
  postImages: 200,
  parseMs: 10 * 60_000,
  heapMb: 512,
};

/**
 * A file refused by a cap: `key` is a catalogue key (contract/messages/staff-import.ts), `values`
 * its placeholders. It crosses the worker boundary as `{ key, values }`.
 */
export class ImportLimitError extends Error {
  readonly key: string;
  readonly values: Record<string, string | number>;
  constructor(key: string, values: Record<string, string | number> = {}) {
    super(key);
    this.name = 'ImportLimitError';
    this.key = key;
    this.values = values;
  }
}

/** Bytes as megabytes for a message: 20, 150, 0.25. */
export const mb = (bytes: number) => Number((bytes / MB).toPrecision(2));

/**
 * How a failed import's reason is stored in `importacao.erro`: a cap's key and values as JSON
 * (translated when shown, in the reader's language), any other failure as its text.
 */
export function storedError(error: unknown): string {
  if (error instanceof ImportLimitError)
    return JSON.stringify({ chave: error.key, valores: error.values });
  return String((error as Error)?.message ?? error).slice(0, 500);
}

/** The stored reason back as a catalogue key and values, or null when it is plain text. */
export function refusalOf(
  stored: string | null,
): { chave: string; valores: Record<string, string | number> } | null {
  if (!stored?.startsWith('{"chave":')) return null;
  try {
    return JSON.parse(stored) as { chave: string; valores: Record<string, string | number> };
  } catch {
    return null;
  }
}
