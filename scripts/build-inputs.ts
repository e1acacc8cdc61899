// What the site build reads: when any of it is newer than the build (a file changed, added or
// removed: a folder's time changes too), `npm start` builds again. server/ is not among them:
// Node runs it from source, and src/ may not import it (tests/unit/import-direction.test.ts).
import { existsSync, readdirSync, statSync } from 'node:fs';
import path from 'node:path';

export const BUILD_INPUTS = [
  'src',
  'contract',
  'common',
  'public',
  'astro.config.mjs',
  'tsconfig.json',
  'package.json',
  'package-lock.json',
  'scripts/build-service-worker.ts',
];

/** The newest modification time under `p` (0 when it does not exist). */
export function newest(p: string): number {
  if (!existsSync(p)) return 0;
  const s = statSync(p);
  if (!s.isDirectory()) return s.mtimeMs;
  return Math.max(s.mtimeMs, ...readdirSync(p).map((name) => newest(path.join(p, name))));
}

/** True when `distDir` has no build or one older than any input under `root`. */
export function needsBuild(root: string, distDir: string): boolean {
  const built = path.join(root, distDir, 'server/entry.mjs');
  if (!existsSync(built)) return true;
  return Math.max(...BUILD_INPUTS.map((p) => newest(path.join(root, p)))) > statSync(built).mtimeMs;
}
