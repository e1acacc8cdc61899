// The one file store of the product (docs/deploy.md "Files"): every uploaded or generated file
// (profile photos, prayer images, staff uploads, song scores, Play media and renditions) is kept
// under a key by one of these backends, so every node of a deployment sees the same files.
// Feature stores (server/images/store.ts, pdf-store.ts, Play media) check and shape the bytes; this
// layer only keeps them.

/** What a backend answers for a key. */
export interface StoredFile {
  bytes: Buffer;
  contentType: string;
  size: number;
}

export interface FileStore {
  /** Which backend keeps the files: this node's DATA_DIR, the database, or an S3-compatible store. */
  readonly backend: 'local' | 'postgres' | 's3';
  /** Stores (or replaces) the bytes under `key`. */
  put(key: string, bytes: Buffer, contentType: string): Promise<void>;
  /** The file under `key`, or null when there is none. */
  get(key: string): Promise<StoredFile | null>;
  /** Size and type without the bytes, or null. */
  head(key: string): Promise<{ size: number; contentType: string } | null>;
  /** Removes the file; a missing key is not an error. */
  delete(key: string): Promise<void>;
  /** The keys that start with `prefix` (a folder ends with `/`), sorted. */
  list(prefix: string): Promise<string[]>;
  /** Removes every key that starts with `prefix`. */
  deletePrefix(prefix: string): Promise<void>;
}

/** Keys are relative paths of lower-case letters, digits, `.`, `_`, `-` and `/`; never `..`. */
const KEY = /^[a-z0-9][a-z0-9._-]*(\/[a-z0-9][a-z0-9._-]*)*$/;

export function isFileKey(key: string): boolean {
  return KEY.test(key) && !key.split('/').includes('..') && key.length <= 512;
}

/** Throws on a key a backend must never be asked for (a caller bug, not user input). */
export function checkFileKey(key: string): string {
  if (!isFileKey(key)) throw new Error(`invalid file key: ${JSON.stringify(key)}`);
  return key;
}
