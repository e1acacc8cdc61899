// The graca prayer wall is shared by prayer.e2e.ts (exact counts, the newest request on the home)
// and prayer-actions.e2e.ts (posts and deletes requests there). Files run in parallel workers, so
// each takes this lock for its whole run. It lives in the e2e server's data dir, which the
// server's start removes: a run that was killed cannot leave it behind.
import { mkdirSync, rmSync } from 'node:fs';
import path from 'node:path';
import { port } from './helpers.ts';

const dataDir = path.resolve(`.data/e2e-${port}`);
const lockDir = path.join(dataDir, 'prayer-wall.lock');

/** Waits for the wall and returns the function that frees it. */
export async function lockPrayerWall(timeoutMs = 150_000): Promise<() => void> {
  mkdirSync(dataDir, { recursive: true });
  const started = Date.now();
  for (;;) {
    try {
      mkdirSync(lockDir); // atomic: only one worker creates it
      return () => rmSync(lockDir, { recursive: true, force: true });
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
      if (Date.now() - started > timeoutMs)
        throw new Error(`the prayer wall lock ${lockDir} was not freed in ${timeoutMs / 1000}s`);
      await new Promise((resolve) => setTimeout(resolve, 200));
    }
  }
}
