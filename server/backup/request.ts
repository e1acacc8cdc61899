// `npm run backup` against a running PGlite server (docs/deploy.md "Backups"): PGlite is one process
// and only the server may read its folder, so the command leaves a request file in
// DATA_DIR/backup-requests (0700, the server user's alone: being able to write there is the
// authentication) and the server's `backup.requests` job writes the archive and a reply beside it.
import { randomBytes } from 'node:crypto';
import { existsSync } from 'node:fs';
import { readdir, readFile, rename, unlink, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { makePrivateDir, PRIVATE_FILE } from '../utils/private-files.ts';
import type { Manifest } from './backup.ts';

export const requestsDir = (dataDir: string) => path.join(dataDir, 'backup-requests');

interface Reply {
  ok: boolean;
  error?: string;
  tables?: number;
  rows?: number;
  files?: number;
}

/** The job's side: takes each waiting request (by renaming it, so one taker) and answers it. */
export async function serveBackupRequests(
  dataDir: string,
  write: (out: string) => Promise<Manifest>,
): Promise<number> {
  const dir = requestsDir(dataDir);
  if (!existsSync(dir)) return 0;
  let served = 0;
  for (const name of await readdir(dir)) {
    if (!name.endsWith('.json')) continue;
    const id = name.slice(0, -'.json'.length);
    const taken = path.join(dir, `${id}.taken`);
    try {
      await rename(path.join(dir, name), taken);
    } catch {
      continue; // gone: withdrawn by the command
    }
    let reply: Reply;
    try {
      const { out } = JSON.parse(await readFile(taken, 'utf8')) as { out: string };
      if (typeof out !== 'string' || !path.isAbsolute(out)) throw new Error('no archive path');
      const manifest = await write(out);
      reply = {
        ok: true,
        tables: manifest.database.tables.length,
        rows: manifest.database.tables.reduce((n, t) => n + t.rows, 0),
        files: manifest.files.backend === 'local' ? manifest.files.count : 0,
      };
    } catch (error) {
      reply = { ok: false, error: (error as Error).message };
    }
    await writeFile(path.join(dir, `${id}.done`), JSON.stringify(reply), { mode: PRIVATE_FILE });
    await unlink(taken).catch(() => undefined);
    served += 1;
  }
  return served;
}

/** The command's side: asks the running server for an archive at `out` and waits for its reply. */
export async function requestBackup(
  dataDir: string,
  out: string,
  { pickupMs = 20_000, pollMs = 250 }: { pickupMs?: number; pollMs?: number } = {},
): Promise<Reply> {
  const dir = requestsDir(dataDir);
  makePrivateDir(dir);
  const id = `${Date.now()}-${randomBytes(4).toString('hex')}`;
  const request = path.join(dir, `${id}.json`);
  const done = path.join(dir, `${id}.done`);
  await writeFile(request, JSON.stringify({ out: path.resolve(out) }), { mode: PRIVATE_FILE });
  const started = Date.now();
  for (;;) {
    await new Promise((r) => setTimeout(r, pollMs));
    if (existsSync(done)) {
      const reply = JSON.parse(await readFile(done, 'utf8')) as Reply;
      await unlink(done).catch(() => undefined);
      return reply;
    }
    if (existsSync(request) && Date.now() - started > pickupMs) {
      await unlink(request).catch(() => undefined);
      return {
        ok: false,
        error:
          'no running server took the request (is it running, with JOB_RUNNER on?). If the server is stopped, run again with --offline.',
      };
    }
  }
}
