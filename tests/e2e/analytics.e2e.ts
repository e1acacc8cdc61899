// Page-view analytics with consent and client error reports (docs/security.md "Analytics and
// consent", "Client error reports"): esperanza's demo data has a Facebook pixel, graca has none.
// The pixel's script is answered here by a stand-in that records what the page asks of it.
import AxeBuilder from '@axe-core/playwright';
import { expect, test, type BrowserContext, type Page } from '@playwright/test';
import { churchUrl, hostGet } from './helpers.ts';

const PIXEL = '100000000000001';
const STAND_IN = `window.__pixel = [];
fbq.callMethod = function () { window.__pixel.push(Array.prototype.slice.call(arguments)); };
fbq.queue.forEach(function (args) { fbq.callMethod.apply(fbq, args); });
fbq.queue = [];`;

/** Every request for the pixel's script, answered by the stand-in. */
async function pixelRequests(context: BrowserContext): Promise<string[]> {
  const seen: string[] = [];
  await context.route('https://connect.facebook.net/**', async (route) => {
    seen.push(route.request().url());
    await route.fulfill({ contentType: 'application/javascript', body: STAND_IN });
  });
  return seen;
}

const calls = (page: Page) =>
  page
    .waitForFunction(() => (window as { __pixel?: unknown[] }).__pixel)
    .then(() => page.evaluate(() => (window as unknown as { __pixel: unknown[][] }).__pixel));

test('the pixel loads only after the visitor allows it, and then records every page view', async ({
  browser,
}) => {
  const context = await browser.newContext({ locale: 'es' });
  const requests = await pixelRequests(context);
  const violations: string[] = [];
  const page = await context.newPage();
  page.on('console', (m) => {
    if (/content security policy/i.test(m.text())) violations.push(m.text());
  });

  await page.goto(churchUrl('esperanza', '/'));
  const banner = page.getByRole('complementary', { name: 'Privacidad' });
  await expect(banner).toBeVisible();
  await expect(banner).toContainText('píxel de Facebook');
  const { violations: axe } = await new AxeBuilder({ page }).include('#consent-banner').analyze();
  expect(axe.map((v) => v.id)).toEqual([]);
  await page.waitForLoadState('networkidle');
  expect(requests, 'nothing loads before the visitor answers').toEqual([]);

  await banner.getByRole('button', { name: 'Permitir', exact: true }).click();
  await expect(banner).toBeHidden();
  expect(await calls(page)).toEqual([
    ['init', PIXEL],
    ['track', 'PageView'],
  ]);
  expect(requests).toEqual(['https://connect.facebook.net/en_US/fbevents.js']);

  // The answer is remembered: the next page asks nothing and records its view.
  await page.getByRole('link', { name: 'Noticias' }).first().click();
  await expect(page).toHaveURL(/\/news$/);
  expect(await calls(page)).toEqual([
    ['init', PIXEL],
    ['track', 'PageView'],
  ]);
  await expect(banner).toBeHidden();
  expect(requests).toHaveLength(2);
  expect(violations).toEqual([]);

  // The footer's privacy choices open the banner again; a "no" stops the pixel from the next page on.
  await page.getByRole('button', { name: 'Preferencias de privacidad' }).click();
  await expect(banner).toBeVisible();
  await banner.getByRole('button', { name: 'No permitir' }).click();
  await page.reload();
  await page.waitForLoadState('networkidle');
  await expect(banner).toBeHidden();
  expect(requests).toHaveLength(2);
  await context.close();
});

test('a visitor who declines is never tracked and not asked again', async ({ browser }) => {
  const context = await browser.newContext({ locale: 'es' });
  const requests = await pixelRequests(context);
  const page = await context.newPage();
  await page.goto(churchUrl('esperanza', '/news'));
  const banner = page.getByRole('complementary', { name: 'Privacidad' });
  await banner.getByRole('button', { name: 'No permitir' }).click();
  await expect(banner).toBeHidden();
  await page.goto(churchUrl('esperanza', '/'));
  await page.waitForLoadState('networkidle');
  await expect(banner).toBeHidden();
  expect(await page.evaluate(() => typeof (window as { fbq?: unknown }).fbq)).toBe('undefined');
  expect(requests).toEqual([]);
  await context.close();
});

test('a church without a pixel shows no banner and its CSP allows no pixel host', async ({
  page,
}) => {
  await page.goto(churchUrl('graca', '/'));
  await expect(page.locator('#consent-banner')).toHaveCount(0);
  await expect(page.getByRole('button', { name: 'Preferências de privacidade' })).toHaveCount(0);
  const graca = String((await hostGet('graca.localhost', '/')).headers['content-security-policy']);
  expect(graca).not.toContain('facebook');
  const esperanza = String(
    (await hostGet('esperanza.localhost', '/')).headers['content-security-policy'],
  );
  expect(esperanza).toMatch(/script-src [^;]*https:\/\/connect\.facebook\.net/);
  expect(esperanza).toMatch(/connect-src [^;]*https:\/\/www\.facebook\.com/);
  // The staff area never carries the banner, even on a church with a pixel.
  expect((await hostGet('esperanza.localhost', '/admin')).text).not.toContain(
    'id="consent-banner"',
  );
});

test('errors and unhandled rejections in the page are reported to the API', async ({ page }) => {
  await page.goto(churchUrl('graca', '/news'));
  await page.waitForLoadState('networkidle');
  const reports: Array<{ body: Record<string, unknown>; status: number }> = [];
  page.on('requestfinished', async (request) => {
    if (!request.url().endsWith('/api/v1/client-errors')) return;
    const response = await request.response();
    reports.push({ body: request.postDataJSON() as never, status: response?.status() ?? 0 });
  });
  await page.evaluate(() => {
    setTimeout(() => {
      throw new Error('boom from the test');
    });
    void Promise.reject(new TypeError('nobody caught this'));
  });
  await expect.poll(() => reports.length).toBe(2);
  const byKind = Object.fromEntries(reports.map((r) => [r.body.kind, r]));
  expect(byKind.error).toMatchObject({
    status: 204,
    body: { page: '/news', message: expect.stringContaining('boom from the test') },
  });
  expect(byKind.rejection).toMatchObject({
    status: 204,
    body: { page: '/news', message: 'TypeError: nobody caught this' },
  });
});
