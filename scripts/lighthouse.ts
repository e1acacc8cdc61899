// `npm run lighthouse`: Lighthouse (mobile) with Debian's Chromium on the church home, a
// list and a detail page of the built server. Bars (docs/architecture.md "Quality bars"): performance ≥ 95;
// accessibility, best practices and SEO 100. Exits 1 when a page misses a bar.
import { execFileSync, spawn } from 'node:child_process';
import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import * as chromeLauncher from 'chrome-launcher';
import lighthouse from 'lighthouse';

const PORT = Number(process.env.LH_PORT ?? 4433);
const origin = `http://graca.localhost:${PORT}`;
const BARS = { performance: 95, accessibility: 100, 'best-practices': 100, seo: 100 } as const;

if (!existsSync(`${process.env.DIST_DIR ?? 'dist'}/server/entry.mjs`))
  execFileSync('npm', ['run', 'build'], { stdio: 'inherit' });
const dataDir = mkdtempSync(path.join(tmpdir(), 'church-lh-'));
const server = spawn(process.execPath, ['server.ts'], {
  env: {
    ...process.env,
    PORT: String(PORT),
    HOST: '127.0.0.1',
    DATA_DIR: dataDir,
    LOG_LEVEL: 'error',
  },
  stdio: 'inherit',
});

async function api<T>(p: string): Promise<T> {
  const r = await fetch(`http://127.0.0.1:${PORT}/api/v1/${p}`);
  return (await r.json()) as T;
}

let failed = false;
const chrome = await chromeLauncher.launch({
  chromePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
  chromeFlags: [
    '--headless=new',
    '--no-sandbox',
    '--disable-gpu',
    '--disable-background-networking',
    '--disable-component-update',
    '--no-first-run',
  ],
});
try {
  for (let i = 0; i < 300; i++) {
    try {
      if ((await fetch(`http://127.0.0.1:${PORT}/healthz`)).ok) break;
    } catch {
      /* starting */
    }
    await new Promise((r) => setTimeout(r, 100));
  }
  // A detail page: the first news item when the news list exists, else the about page.
  let detail = '/about';
  try {
    const news = await api<{ noticias?: { id: number }[] }>('igreja/graca/noticia/?limit=1');
    if (news.noticias?.[0]) detail = `/news/${news.noticias[0].id}`;
  } catch {
    /* no news API yet */
  }
  const pages = (process.env.LH_PAGES?.split(',') ?? ['/', '/news', detail]).map((p) => origin + p);
  for (const url of pages) {
    const result = await lighthouse(url, {
      port: chrome.port,
      output: 'json',
      logLevel: 'error',
      formFactor: 'mobile',
      onlyCategories: Object.keys(BARS),
    });
    const categories = result!.lhr.categories;
    const scores = Object.fromEntries(
      Object.keys(BARS).map((k) => [k, Math.round((categories[k]?.score ?? 0) * 100)]),
    );
    const misses = Object.entries(BARS).filter(([k, bar]) => scores[k]! < bar);
    console.log(
      `${url}  ${Object.entries(scores)
        .map(([k, v]) => `${k} ${v}`)
        .join('  ')}${misses.length ? '  ✗' : '  ✓'}`,
    );
    for (const [k] of misses) {
      const audits = categories[k]!.auditRefs.map((ref) => result!.lhr.audits[ref.id]!)
        .filter(
          (a) =>
            a.score !== null &&
            a.score < 1 &&
            a.scoreDisplayMode !== 'informative' &&
            a.scoreDisplayMode !== 'manual',
        )
        .map(
          (a) => `    ${k}: ${a.id} — ${a.title}${a.displayValue ? ` (${a.displayValue})` : ''}`,
        );
      console.log(audits.slice(0, 8).join('\n'));
    }
    if (misses.length) failed = true;
  }
} finally {
  await chrome.kill();
  server.kill('SIGTERM');
  await new Promise((r) => server.once('exit', r));
  rmSync(dataDir, { recursive: true, force: true });
}
process.exit(failed ? 1 : 0);
