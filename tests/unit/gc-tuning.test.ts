// server/gc-tuning.ts sets V8's flags for the server process; it must run before any other module
// of the server allocates (a pretenuring decision, once made, stays for the process's life).
import { readFileSync } from 'node:fs';
import { expect, it } from 'vitest';

it("server.ts imports V8's settings before anything else", () => {
  const firstImport = readFileSync('server.ts', 'utf8')
    .split('\n')
    .find((line) => line.startsWith('import '));
  expect(firstImport).toMatch(/^import '\.\/server\/gc-tuning\.ts';/);
  expect(readFileSync('server/gc-tuning.ts', 'utf8')).toContain(
    "v8.setFlagsFromString('--no-allocation-site-pretenuring');",
  );
});
