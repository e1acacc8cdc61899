// Files that hold accounts, reset links or the token key are the server user's alone
// (docs/security.md "Files on disk"): folders 0700, files 0600, whatever the umask.
import { chmodSync, lstatSync, mkdirSync, readdirSync } from 'node:fs';
import path from 'node:path';

export const PRIVATE_DIR = 0o700;
export const PRIVATE_FILE = 0o600;

/** Creates `dir` (and missing parents) readable only by this user; tightens it if it exists. */
export function makePrivateDir(dir: string): void {
  mkdirSync(dir, { recursive: true, mode: PRIVATE_DIR });
  chmodSync(dir, PRIVATE_DIR);
}

/** Sets every folder under `dir` (itself included) to 0700 and every file to 0600. */
export function restrictTree(dir: string): void {
  const stat = lstatSync(dir, { throwIfNoEntry: false });
  if (!stat || stat.isSymbolicLink()) return;
  if (!stat.isDirectory()) {
    if ((stat.mode & 0o777) !== PRIVATE_FILE) chmodSync(dir, PRIVATE_FILE);
    return;
  }
  if ((stat.mode & 0o777) !== PRIVATE_DIR) chmodSync(dir, PRIVATE_DIR);
  for (const name of readdirSync(dir)) restrictTree(path.join(dir, name));
}

/** True when users other than the owner may read or write the file. */
export function othersCanAccess(file: string): boolean {
  return (lstatSync(file).mode & 0o077) !== 0;
}
