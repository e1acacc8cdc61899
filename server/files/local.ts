// The `local` file store (docs/deploy.md "Files"): each key is a file under DATA_DIR/files, readable
// only by the server user (docs/security.md "Files on disk"); one node only — several nodes need
// `postgres` or `s3`. Writes go to a temp file renamed into place, so a reader never sees half a file.
// The type follows from the key's extension; another one is kept beside the file in `.<name>.type`.
import { randomBytes } from 'node:crypto';
import { mkdir, readdir, readFile, rename, rm, stat, unlink, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { PRIVATE_DIR, PRIVATE_FILE } from '../utils/private-files.ts';
import { checkFileKey, isFileKey, type FileStore } from './file-store.ts';
import { contentTypeOf } from './content-type.ts';

/** The folder the `local` backend keeps its keys in: DATA_DIR/files. */
export const localFilesDir = (dataDir: string) => path.join(dataDir, 'files');

/** A local store under a DATA_DIR read on each call (routes built without the runtime's store: tests). */
export const localFileStoreIn = (dataDir: () => string): FileStore =>
  createLocalFileStore(() => localFilesDir(dataDir()));

/** Temp files start with `.` so no key (which starts with a letter or digit) ever names one. */
const TEMP_PREFIX = '.tmp-';

/** `root` is the folder the keys live in (DATA_DIR/files), or a function reading it (tests change DATA_DIR). */
export function createLocalFileStore(root: string | (() => string)): FileStore {
  const rootNow = () => path.resolve(typeof root === 'function' ? root() : root);
  const fileOf = (key: string) => path.join(rootNow(), ...checkFileKey(key).split('/'));
  // A missing file, or a path through a file (`a/b` when `a` is a file): nothing there.
  const exists = (error: unknown) =>
    !['ENOENT', 'ENOTDIR'].includes((error as NodeJS.ErrnoException)?.code ?? '');
  const typeFileOf = (file: string) =>
    path.join(path.dirname(file), `.${path.basename(file)}.type`);
  const typeOf = async (key: string, file: string) =>
    (await readFile(typeFileOf(file), 'utf8').catch(() => '')) || contentTypeOf(key);
  async function writeAtomic(file: string, bytes: Buffer | string): Promise<void> {
    const temp = path.join(path.dirname(file), `${TEMP_PREFIX}${randomBytes(6).toString('hex')}`);
    try {
      await writeFile(temp, bytes, { mode: PRIVATE_FILE });
      await rename(temp, file);
    } catch (error) {
      await unlink(temp).catch(() => undefined);
      throw error;
    }
  }

  async function walk(dir: string, rel: string, out: string[]): Promise<void> {
    let entries;
    try {
      entries = await readdir(dir, { withFileTypes: true });
    } catch (error) {
      if (exists(error)) throw error;
      return;
    }
    for (const entry of entries) {
      if (entry.name.startsWith('.')) continue;
      const key = rel ? `${rel}/${entry.name}` : entry.name;
      if (entry.isDirectory()) await walk(path.join(dir, entry.name), key, out);
      else if (entry.isFile() && isFileKey(key)) out.push(key);
    }
  }

  return {
    backend: 'local',
    async put(key, bytes, contentType) {
      const file = fileOf(key);
      await mkdir(path.dirname(file), { recursive: true, mode: PRIVATE_DIR });
      if (contentType === contentTypeOf(key)) await unlink(typeFileOf(file)).catch(() => undefined);
      else await writeAtomic(typeFileOf(file), contentType);
      await writeAtomic(file, bytes);
    },
    async get(key) {
      try {
        const file = fileOf(key);
        const bytes = await readFile(file);
        return { bytes, size: bytes.length, contentType: await typeOf(key, file) };
      } catch (error) {
        if (exists(error) && (error as NodeJS.ErrnoException).code !== 'EISDIR') throw error;
        return null;
      }
    },
    async head(key) {
      try {
        const file = fileOf(key);
        const info = await stat(file);
        return info.isFile() ? { size: info.size, contentType: await typeOf(key, file) } : null;
      } catch (error) {
        if (exists(error)) throw error;
        return null;
      }
    },
    async delete(key) {
      const file = fileOf(key);
      await unlink(file).catch((error) => {
        if (exists(error) && (error as NodeJS.ErrnoException).code !== 'EISDIR') throw error;
      });
      await unlink(typeFileOf(file)).catch(() => undefined);
    },
    async list(prefix) {
      const keys: string[] = [];
      // Walk only the folder the prefix names, then filter by the rest of it.
      const slash = prefix.lastIndexOf('/');
      const folder = slash < 0 ? '' : prefix.slice(0, slash);
      if (folder && !isFileKey(folder)) return [];
      await walk(folder ? path.join(rootNow(), ...folder.split('/')) : rootNow(), folder, keys);
      return keys.filter((key) => key.startsWith(prefix)).sort();
    },
    async deletePrefix(prefix) {
      // A whole folder goes at once; otherwise key by key.
      if (prefix.endsWith('/') && isFileKey(prefix.slice(0, -1))) {
        await rm(path.join(rootNow(), ...prefix.slice(0, -1).split('/')), {
          recursive: true,
          force: true,
        });
        return;
      }
      for (const key of await this.list(prefix)) await this.delete(key);
    },
  };
}
