import { availableParallelism } from 'node:os';
import { defineConfig } from 'vitest/config';

// Two projects so CI can split the run (`vitest run --project unit`, `--project api`):
// `unit` needs no database except tests/unit's own; `api` opens a database per file.
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
          ],
        },
      },
      {
        extends: true,
        test: { name: 'api', include: ['server/**/*.test.ts'] },
      },
    ],
  },
});
