// Shared bits for browser tests: church URLs on the test server's port.
import { expect } from '@playwright/test';

export const port = Number(process.env.E2E_PORT ?? 4391);

/** `http://<code>.localhost:<port><path>`: a church by its subdomain. */
export function churchUrl(code: string, path = '/'): string {
  return `http://${code}.localhost:${port}${path}`;
}

/** The same server through any host name (custom hostnames resolve to 127.0.0.1). */
export function hostUrl(host: string, path = '/'): string {
  return `http://${host}:${port}${path}`;
}

export interface RawResponse {
  status: number;
  headers: Record<string, string | string[] | undefined>;
  text: string;
}

/**
 * A plain HTTP request to the test server as if sent to `host` (Node cannot resolve
 * `*.localhost`; the browser can). Redirects are not followed.
 */
export async function hostGet(
  host: string,
  path: string,
  headers: Record<string, string> = {},
): Promise<RawResponse> {
  const { request } = await import('node:http');
  return new Promise((resolve, reject) => {
    const req = request(
      {
        host: '127.0.0.1',
        port,
        path,
        headers: { host: `${host}:${port}`, ...headers },
        agent: false,
      },
      (res) => {
        const chunks: Buffer[] = [];
        res.on('data', (c: Buffer) => chunks.push(c));
        res.on('end', () =>
          resolve({
            status: res.statusCode ?? 0,
            headers: res.headers,
            text: Buffer.concat(chunks).toString('utf8'),
          }),
        );
        res.on('error', reject);
      },
    );
    req.on('error', reject);
    req.end();
  });
}

/** The test server's v1 API, reached without a church host name. */
export const API = `http://127.0.0.1:${port}/api/v1`;

/** Logs a demo account in through the API (password `Demo@1234`): its token pair and user id. */
export async function apiLogin(
  email = 'membro@graca.demo',
): Promise<{ token: string; refresh_token: string; id: number }> {
  const { expect } = await import('@playwright/test');
  const response = await fetch(`${API}/security/login_check`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ username: email, password: 'Demo@1234' }),
  });
  expect(response.status, `login ${email}`).toBe(200);
  const pair = (await response.json()) as { token: string; refresh_token: string };
  const me = (await (
    await fetch(`${API}/me`, { headers: { authorization: `Bearer ${pair.token}` } })
  ).json()) as { user: { id: number } };
  return { ...pair, id: me.user.id };
}

/**
 * Every island of the page hydrated (Astro drops an island's `ssr` attribute then): its
 * server-rendered buttons are visible before, and a click on one does nothing.
 */
export async function hydrated(page: import('@playwright/test').Page): Promise<void> {
  await expect(page.locator('astro-island[ssr]')).toHaveCount(0);
}

/** A logged-in member: the session's tokens in web storage, as the access page leaves them (spec §4). */
export async function asMember(page: import('@playwright/test').Page, email = 'membro@graca.demo') {
  const session = await apiLogin(email);
  await page.addInitScript(
    ([token, refresh]) => {
      if (!sessionStorage.getItem('church:token')) sessionStorage.setItem('church:token', token!);
      localStorage.setItem('church:refreshToken', refresh!);
    },
    [session.token, session.refresh_token],
  );
  return session;
}

/**
 * The script files a page loads besides its own page script (src/layouts/page-script.ts: the
 * shell's few hundred bytes, a classic file, no framework): a content page must load none. The
 * page script itself must be there, once.
 */
export async function scriptFilesBesidesPageScript(
  page: import('@playwright/test').Page,
): Promise<string[]> {
  const srcs = await page
    .locator('script[src]')
    .evaluateAll((els) => els.map((e) => e.getAttribute('src') ?? ''));
  const own = srcs.filter((src) => /^\/page-script\/[01]{4}\.[\w-]{10}\.js$/.test(src));
  if (own.length !== 1) throw new Error(`expected one page script, found ${JSON.stringify(srcs)}`);
  return srcs.filter((src) => !own.includes(src));
}
