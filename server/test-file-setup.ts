// Runs before each API test file (vitest.config.ts `setupFiles`). The API files of a worker share
// one module graph (`isolate: false`, tests/README.md "Time of each phase"): the server's modules
// are imported once per worker instead of once per file. What a file changes of the process is put
// back here for the next: the environment as the worker started, and the settings the modules
// parse from it on first use (server/auth/settings.ts).
import { resetAccountSettings } from './auth/settings.ts';

const shared = globalThis as { apiTestEnvAtStart?: Record<string, string | undefined> };
const start = (shared.apiTestEnvAtStart ??= { ...process.env });
for (const name of Object.keys(process.env)) if (!(name in start)) delete process.env[name];
Object.assign(process.env, start);
resetAccountSettings();
