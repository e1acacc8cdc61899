// `npm start`: builds the site when the build is missing or older than the sources, then
// starts the one-process server (server.ts).
import { execFileSync } from 'node:child_process';
import { existsSync, readdirSync, statSync } from 'node:fs';
import path from 'node:path';

const built = `${process.env.DIST_DIR ?? 'dist'}/server/entry.mjs`;
const sources = ['src', 'contract', 'public', 'astro.config.mjs', 'package-lock.json'];

function newest(p: string): number {
  if (!existsSync(p)) return 0;
  const s = statSync(p);
  if (!s.isDirectory()) return s.mtimeMs;
  return Math.max(s.mtimeMs, ...readdirSync(p).map((name) => newest(path.join(p, name))));
}

if (!existsSync(built) || Math.max(...sources.map(newest)) > statSync(built).mtimeMs) {
  console.log('Building the site…');
  execFileSync('npm', ['run', 'build'], { stdio: 'inherit' });
}
const { main } = await import('../server.ts');
await main();
