// Browser tests against the built server (npm run build first; npm test does).
import { existsSync } from 'node:fs';
import path from 'node:path';
import { defineConfig } from '@playwright/test';

const port = Number(process.env.E2E_PORT ?? 4391);
// Debian's headless shell (package chromium-headless-shell, what Playwright itself runs headless) uses
// about a third of the full browser's CPU for the same pages (tests/README.md); full Chromium otherwise.
// Set here once so the tests that launch a browser themselves use the same one.
process.env.CHROMIUM_PATH ??= existsSync('/usr/bin/chromium-headless-shell')
  ? '/usr/bin/chromium-headless-shell'
  : '/usr/bin/chromium';
// Every server this run starts (the web server, second servers, lifecycle.e2e.ts's) reuses V8's compiled
// code of its modules from the starts before: 3.0 s of CPU a start instead of 4.0 (tests/README.md).
process.env.NODE_COMPILE_CACHE ??= path.resolve('node_modules/.cache/node-compile-cache');
/** Tests of what only the full browser does: the shell denies notifications and shows none. */
const FULL_BROWSER = ['**/notifications-push.e2e.ts'];
const launchArgs = [
  // Custom church host names resolve to this machine; nothing else leaves it.
  '--host-resolver-rules=MAP igrejadagraca.test 127.0.0.1',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
  '--no-first-run',
  '--disable-quic',
];

export default defineConfig({
  testDir: 'tests/e2e',
  testMatch: '**/*.e2e.ts',
  forbidOnly: !!process.env.CI,
  fullyParallel: false,
  workers: 2,
  // On CI a test that fails once is tried again and reported as "flaky" in the list, so a rare
  // browser hiccup does not sink a run while the flake stays visible; locally nothing is retried.
  retries: process.env.CI ? 1 : 0,
  timeout: 120_000,
  // An island on a busy 2-core machine can take more than 5 s to hydrate; a missing element still fails.
  expect: { timeout: 10_000 },
  // The whole run took up to ~30 min on the busy 2-core machine (tests/README.md): a hang fails at
  // 60 min, which still leaves vitest and the build inside CI's own limit.
  globalTimeout: 60 * 60_000,
  // The pages the link walk kept are checked by the Nu Html Checker once, at the end (tests/e2e/html-check.ts).
  globalTeardown: './tests/e2e/global-teardown.ts',
  reporter: [['list']],
  use: {
    baseURL: `http://graca.localhost:${port}`,
    launchOptions: { executablePath: process.env.CHROMIUM_PATH, args: launchArgs },
    locale: 'pt-BR',
    trace: 'off',
  },
  projects: [
    { name: 'shell', testIgnore: FULL_BROWSER },
    {
      name: 'full',
      testMatch: FULL_BROWSER,
      use: { launchOptions: { executablePath: '/usr/bin/chromium', args: launchArgs } },
    },
  ],
  webServer: {
    command: `rm -rf .data/e2e-${port} && node server.ts`,
    url: `http://127.0.0.1:${port}/healthz`,
    reuseExistingServer: false,
    timeout: 120_000,
    env: {
      // ADMIN_URL unset: /admin is the staff area (docs/staff.md); admin.e2e.ts starts its own server with it set.
      ...(Object.fromEntries(
        Object.entries(process.env).filter(([key]) => key !== 'ADMIN_URL'),
      ) as Record<string, string>),
      PORT: String(port),
      HOST: '127.0.0.1',
      DATA_DIR: `.data/e2e-${port}`,
      LOG_LEVEL: 'error',
      // every page read in process is checked against its JSON (src/lib/api.ts, docs/performance.md)
      IN_PROCESS_CHECK: '1',
    },
  },
});
