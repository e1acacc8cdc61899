// `npm start` builds again when any source of the site changes (scripts/build-inputs.ts).
import { mkdirSync, mkdtempSync, utimesSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { BUILD_INPUTS, needsBuild } from '../../scripts/build-inputs.ts';

function tree() {
  const root = mkdtempSync(path.join(tmpdir(), 'start-'));
  for (const dir of ['src/lib', 'contract', 'common', 'public'])
    mkdirSync(path.join(root, dir), { recursive: true });
  writeFileSync(path.join(root, 'src/lib/a.ts'), '');
  writeFileSync(path.join(root, 'common/config.ts'), '');
  mkdirSync(path.join(root, 'dist/server'), { recursive: true });
  const built = path.join(root, 'dist/server/entry.mjs');
  writeFileSync(built, '');
  const past = new Date(Date.now() - 60_000);
  for (const p of [
    'src/lib/a.ts',
    'src/lib',
    'src',
    'common/config.ts',
    'common',
    'contract',
    'public',
  ])
    utimesSync(path.join(root, p), past, past);
  // the build half a minute old: a file touched now is newer even when both fall in one millisecond
  const builtAt = new Date(Date.now() - 30_000);
  utimesSync(built, builtAt, builtAt);
  return { root, touch: (p: string) => utimesSync(path.join(root, p), new Date(), new Date()) };
}

describe('npm start rebuilds on any source change', () => {
  it('builds when there is no build, not when the build is newer than every source', () => {
    const { root } = tree();
    expect(needsBuild(root, 'dist')).toBe(false);
    expect(needsBuild(root, 'dist-none')).toBe(true);
  });

  it.each(['src/lib/a.ts', 'common/config.ts'])('builds again after %s changes', (file) => {
    const { root, touch } = tree();
    touch(file);
    expect(needsBuild(root, 'dist')).toBe(true);
  });

  it('watches everything the site build reads', () => {
    expect(BUILD_INPUTS).toEqual(
      expect.arrayContaining([
        'src',
        'contract',
        'common',
        'public',
        'astro.config.mjs',
        'package.json',
        'package-lock.json',
      ]),
    );
  });
});
