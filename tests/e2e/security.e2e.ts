// docs/security.md in the browser: no open redirect after login, a complete CSP on every HTML answer
// that the pages themselves never violate, frames only where meant.
import { readFileSync } from 'node:fs';
import { stripTypeScriptTypes } from 'node:module';
import AxeBuilder from '@axe-core/playwright';
import { expect, test, type BrowserContext, type Page } from '@playwright/test';
import { HOSTILE_REDIRECTS } from '../fixtures/redirect-payloads.ts';
import { apiLogin, churchUrl, hostGet } from './helpers.ts';

const HOST = 'graca.localhost';

/** Every page of the context starts logged in as the member, as the access page leaves it (spec §4). */
async function loggedIn(context: BrowserContext) {
  const session = await apiLogin('membro@graca.demo');
  await context.addInitScript(
    ([token, refresh]) => {
      if (!sessionStorage.getItem('church:token')) sessionStorage.setItem('church:token', token!);
      localStorage.setItem('church:refreshToken', refresh!);
    },
    [session.token, session.refresh_token],
  );
}

/** CSP violations the page reports, collected from the moment it loads. */
async function watchCsp(page: Page): Promise<string[]> {
  const seen: string[] = [];
  await page.exposeFunction('__cspViolation', (v: string) => seen.push(v));
  await page.addInitScript(() => {
    document.addEventListener('securitypolicyviolation', (e) => {
      (window as unknown as { __cspViolation(v: string): void }).__cspViolation(
        `${e.violatedDirective} ${e.blockedURI}`,
      );
    });
  });
  return seen;
}

test('every hostile redirect payload, judged by the site helper and resolved by the browser, stays on the church host', async ({
  page,
}) => {
  // The helper as the islands ship it (with the judgement of common/ it imports), run in Chromium so
  // the browser's own URL parser resolves its answer.
  const plain = (path: string) =>
    stripTypeScriptTypes(readFileSync(new URL(path, import.meta.url), 'utf8'))
      .replace(/^import .*$/gm, '')
      .replace(/export /g, '');
  const source = `${plain('../../common/same-site-path.ts')}\n${plain('../../src/lib/safe-redirect.ts')}`;
  await page.goto('about:blank');
  const base = churchUrl('graca', '/access');
  const escaped = await page.evaluate(
    ([code, payloads, here]) => {
      const safeRedirect = new Function(`${code}; return safeRedirect;`)() as (t: string) => string;
      return payloads.filter((p) => {
        const landed = new URL(safeRedirect(p), here);
        return landed.origin !== new URL(here).origin;
      });
    },
    [source, HOSTILE_REDIRECTS, base] as const,
  );
  expect(HOSTILE_REDIRECTS.length).toBeGreaterThanOrEqual(30);
  expect(escaped).toEqual([]);
});

test('after login, the access page follows ?redirectTo= only on the church host', async ({
  context,
}) => {
  test.setTimeout(180_000);
  await loggedIn(context);
  const page = await context.newPage();
  let dialog = false;
  page.on('dialog', (d) => {
    dialog = true;
    void d.dismiss();
  });
  // The issue's own URLs, written raw, and the worst of the table, through the real guard.
  const queries = [
    'redirectTo=/%09/evil.example',
    'redirectTo=/%0A/evil.example',
    'redirectTo=/%5Cevil.example',
    'redirectTo=%2F%2Fevil.example',
    `redirectTo=${encodeURIComponent('java\tscript:alert(1)')}`,
    `redirectTo=${encodeURIComponent('/./\\evil.example')}`,
  ];
  for (const query of queries) {
    await page.goto(churchUrl('graca', `/access?${query}`)).catch(() => undefined); // the guard's redirect may interrupt it
    await page.waitForURL((u) => u.pathname !== '/access', { timeout: 30_000 });
    expect(new URL(page.url()).hostname, query).toBe(HOST);
    expect(new URL(page.url()).pathname, query).toBe('/');
  }
  expect(dialog).toBe(false);
  // A same-site target is still followed.
  await page
    .goto(churchUrl('graca', `/access?redirectTo=${encodeURIComponent('/news?page=1')}`))
    .catch(() => undefined);
  await page.waitForURL((u) => u.pathname === '/news', { timeout: 30_000 });
});

test('pages carry the complete CSP and break none of it', async ({ page }) => {
  test.setTimeout(150_000);
  const violations = await watchCsp(page);
  for (const path of ['/', '/news', '/events', '/access'])
    await page.goto(churchUrl('graca', path));
  await expect(page.getByRole('textbox', { name: /e-mail/i })).toBeVisible();
  const { violations: axe } = await new AxeBuilder({ page }).analyze();
  expect(axe).toEqual([]);
  expect(violations).toEqual([]);

  const home = await hostGet(HOST, '/');
  const csp = String(home.headers['content-security-policy']);
  for (const directive of [
    "default-src 'self'",
    "object-src 'none'",
    "base-uri 'self'",
    "frame-ancestors 'self'",
    "form-action 'self'",
  ])
    expect(csp).toContain(directive);
  expect(csp).toMatch(/script-src 'self' 'sha256-/); // Astro's hashes are kept
  expect(home.headers['x-frame-options']).toBe('SAMEORIGIN');
  expect(home.headers['x-content-type-options']).toBe('nosniff');
  expect(home.headers['strict-transport-security']).toBeUndefined(); // plain HTTP here: no HSTS
  const error = await hostGet('nowhere.localhost', '/');
  expect(String(error.headers['content-security-policy'])).toContain("frame-ancestors 'self'");
});

test('a Host header with user-info is a 400 on pages and the API, never a 500', async () => {
  for (const path of ['/', '/news', '/favicon.ico', '/api/v1/igreja/codigo/graca']) {
    expect((await hostGet('x@evil', path)).status, path).toBe(400);
    expect((await hostGet('x@graca.localhost', path)).status, path).toBe(400);
  }
  expect((await hostGet(HOST, '/news')).status).toBe(200);
});

test('/embed/* may be framed by another site; other pages may not', async ({ page }) => {
  const embed = await hostGet(HOST, '/embed/player');
  expect(String(embed.headers['content-security-policy'])).toContain('frame-ancestors *');
  expect(embed.headers['x-frame-options']).toBeUndefined();
  // Another site (127.0.0.1, which sends no CSP) frames both: only the embed renders inside.
  const origin = new URL(churchUrl('graca', '/')).origin;
  await page.goto(`http://127.0.0.1:${new URL(origin).port}/healthz`); // another origin, no CSP of ours
  await page.setContent(
    `<h1>Other site</h1><iframe title="embed" src="${origin}/embed/player"></iframe><iframe title="home" src="${origin}/news"></iframe>`,
  );
  await page.waitForLoadState('load');
  // A frame the browser refused shows its own error page; one that loaded is another origin's document.
  const frames = page.frames().map((f) => f.url());
  expect(frames).toContain(`${origin}/embed/player`);
  expect(frames.some((u) => u.startsWith(`${origin}/news`))).toBe(false);
});
