// Valid HTML on every page (docs/performance.md "Valid HTML"): the link walk (links.e2e.ts) keeps
// the served HTML of one page per church and route pattern in a folder of the run's data
// directory; at the end of the run (global-teardown.ts) the Nu Html Checker reads them all in one
// JVM and the run fails on any error, naming the page, the column and the message.
import { execFile } from 'node:child_process';
import { existsSync, mkdirSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { port } from './helpers.ts';

/** Under the e2e server's DATA_DIR, which playwright.config.ts empties before every run. */
export const pagesDir = resolve(`.data/e2e-${port}/html-pages`);
const VNU = resolve('node_modules/vnu-jar/build/dist/vnu.jar');

const kept = new Set<string>();

/** Keeps one page of a route pattern (the first seen) for the checker; `page` names it in failures. */
export function keepPage(church: string, pattern: string, page: string, html: string): void {
  const key = `${church} ${pattern}`;
  if (kept.has(key)) return;
  kept.add(key);
  mkdirSync(pagesDir, { recursive: true });
  const name = `${church}${pattern}`.replace(/[^a-z0-9]+/gi, '_').slice(0, 120);
  writeFileSync(join(pagesDir, `${name}.html`), html);
  writeFileSync(join(pagesDir, `${name}.page`), `${church}.localhost${page}`);
}

interface VnuMessage {
  type: string;
  subType?: string;
  url?: string;
  firstColumn?: number;
  lastLine?: number;
  lastColumn?: number;
  message: string;
  extract?: string;
}

/** The checker's errors for every `.html` file in `dir`, one line each: page, line:column, message, extract. */
export async function validateFolder(dir: string): Promise<{ files: number; errors: string[] }> {
  const files = readdirSync(dir).filter((f) => f.endsWith('.html'));
  if (!files.length) return { files: 0, errors: [] };
  const output = await new Promise<string>((done, fail) =>
    execFile(
      'java',
      [
        '-Xss1m',
        '-jar',
        VNU,
        '--format',
        'json',
        '--errors-only',
        '--exit-zero-always',
        '--stdout',
        ...files,
      ],
      { cwd: dir, maxBuffer: 64 * 1024 * 1024, timeout: 120_000 },
      (error, stdout, stderr) =>
        error ? fail(new Error(`vnu: ${error.message}\n${stderr}`)) : done(stdout),
    ),
  );
  const { messages } = JSON.parse(output) as { messages: VnuMessage[] };
  const errors = messages
    .filter((m) => m.type === 'error' || m.subType === 'fatal')
    .map((m) => {
      const file = decodeURIComponent(String(m.url ?? '').replace(/^file:/, ''))
        .split('/')
        .pop()!;
      const pageFile = join(dir, file.replace(/\.html$/, '.page'));
      const page = existsSync(pageFile) ? readFileSync(pageFile, 'utf8') : file;
      const extract = (m.extract ?? '').replace(/\s+/g, ' ').trim();
      return `${page} ${m.lastLine ?? '?'}:${m.firstColumn ?? m.lastColumn ?? '?'}: ${m.message}${extract ? ` «${extract}»` : ''}`;
    });
  return { files: files.length, errors };
}

/** Whether a Java runtime answers (`.ci/run` installs one on a fresh machine). */
export function hasJava(): Promise<boolean> {
  return new Promise((done) => execFile('java', ['-version'], (error) => done(!error)));
}
