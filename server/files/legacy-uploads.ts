// Uploads kept by earlier versions straight under DATA_DIR/uploads/<kind>/<name> are moved once,
// at start, into the file store under the same key (docs/deploy.md "Files"): their public paths
// stay valid, on every node, whichever backend is chosen.
import { readdir, readFile, rmdir, unlink } from 'node:fs/promises';
import path from 'node:path';
import { contentTypeOf } from './content-type.ts';
import { isFileKey, type FileStore } from './file-store.ts';

/** Moves every file of DATA_DIR/uploads into `files`; answers how many were moved. */
export async function moveLegacyUploads(dataDir: string, files: FileStore): Promise<number> {
  const root = path.resolve(dataDir, 'uploads');
  const kinds = await readdir(root, { withFileTypes: true }).catch(() => []);
  let moved = 0;
  for (const kind of kinds) {
    if (!kind.isDirectory()) continue;
    const dir = path.join(root, kind.name);
    for (const entry of await readdir(dir, { withFileTypes: true })) {
      const key = `uploads/${kind.name}/${entry.name}`;
      if (!entry.isFile() || !isFileKey(key)) continue;
      const file = path.join(dir, entry.name);
      // A file already in the store (another node moved it first) wins: names are random and unique.
      if (!(await files.head(key))) await files.put(key, await readFile(file), contentTypeOf(key));
      await unlink(file);
      moved++;
    }
    await rmdir(dir).catch(() => undefined); // left when it still holds something unexpected
  }
  await rmdir(root).catch(() => undefined);
  return moved;
}
