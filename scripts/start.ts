// `npm start`: builds the site when the build is missing or older than any of its sources
// (scripts/build-inputs.ts), then starts the one-process server (server.ts).
import { execFileSync } from 'node:child_process';
import { needsBuild } from './build-inputs.ts';

if (needsBuild(process.cwd(), process.env.DIST_DIR ?? 'dist')) {
  console.log('Building the site…');
  execFileSync('npm', ['run', 'build'], { stdio: 'inherit' });
}
const { main } = await import('../server.ts');
await main();
