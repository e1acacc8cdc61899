import { availableParallelism } from 'node:os';
import path from 'node:path';
import { defineConfig } from 'vitest/config';

// The servers some tests start (the two-node suite, the database outage, the job worker processes)
// reuse V8's compiled code of their modules from the starts before (tests/README.md).
process.env.NODE_COMPILE_CACHE ??= path.resolve('node_modules/.cache/node-compile-cache');

/**
 * API test files that need a module graph of their own (the rest share one per worker, below):
 * the two-node suite resets the module registry for its browser-side chat clients.
 */
const OWN_MODULES = ['server/cluster/two-nodes.redis.test.ts'];

// Three projects so CI can split the run (`vitest run --project unit`, `--project 'api*'`):
// `unit` needs no database except tests/unit's own; the API projects open a database per file.
export default defineConfig({
  test: {
    environment: 'node',
    // Each file opens its own database; PGlite start-up dominates, so allow for it.
    testTimeout: 30_000,
    hookTimeout: 180_000,
    // Vitest's default is one worker fewer than the cores: one on this 2-core machine, which left a
    // core idle while a file waited on PostgreSQL, a server process or a timer (tests/README.md).
    maxWorkers: Math.max(2, availableParallelism() - 1),
    allowOnly: !process.env.CI,
    projects: [
      {
        extends: true,
        test: {
          name: 'unit',
          include: [
            'src/**/*.test.ts',
            'contract/**/*.test.ts',
            'common/**/*.test.ts',
            'tests/unit/**/*.test.ts',
            // the benches' own logic (the targets table of `npm run bench`)
            'bench/**/*.test.ts',
          ],
        },
      },
      {
        extends: true,
        test: {
          name: 'api',
          include: ['server/**/*.test.ts'],
          exclude: OWN_MODULES,
          // The server's modules are imported once per worker, not once per file (~3.5 s of CPU
          // each, a third of the phase: tests/README.md "Time of each phase"); the setup file
          // puts back the environment and settings a file changed.
          isolate: false,
          setupFiles: ['server/test-file-setup.ts'],
        },
      },
      {
        extends: true,
        test: { name: 'api-isolated', include: OWN_MODULES },
      },
    ],
  },
});
