// server/gc-tuning.ts sets V8's flags for the server process; it must run before any other module
// of the server allocates (a pretenuring decision, once made, stays for the process's life).
import { readFileSync } from 'node:fs';
import { expect, it } from 'vitest';

const firstImport = (file: string) =>
  readFileSync(file, 'utf8')
    .split('\n')
    .find((line) => line.startsWith('import '));

it("server.ts imports V8's settings before anything else", () => {
  expect(firstImport('server.ts')).toMatch(/^import '\.\/server\/gc-tuning\.ts';/);
  expect(readFileSync('server/gc-tuning.ts', 'utf8')).toContain(
    "v8.setFlagsFromString('--no-allocation-site-pretenuring');",
  );
});

it("the chat's own entry (its bench and two-node test) imports them first as well", () => {
  expect(firstImport('server/chat/standalone.ts')).toMatch(/^import '\.\.\/gc-tuning\.ts';/);
});
