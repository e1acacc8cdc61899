// axe: zero violations on every page (docs/architecture.md "Quality bars"). Each area adds its pages to PAGES.
import AxeBuilder from '@axe-core/playwright';
import { expect, test } from '@playwright/test';
import { churchUrl, port, scriptFilesBesidesPageScript } from './helpers.ts';

const PAGES: [label: string, url: string][] = [
  ['church list (bare host)', `http://localhost:${port}/`],
  ['graca home', churchUrl('graca')],
  ['grace home', churchUrl('grace')],
  ['esperanza home', churchUrl('esperanza')],
  ['church list of an organisation', churchUrl('graca', '/churchs')],
  ['error page', churchUrl('graca', '/error?message=HOME.MESSAGE.ERROR.GENERIC')],
  ['unknown page', churchUrl('graca', '/no-such-page')],
  ['inactive church', churchUrl('fechada')],
  ['event list', churchUrl('graca', '/event')],
  ['event list in English', churchUrl('grace', '/event')],
  ['access', churchUrl('graca', '/access')],
];

for (const [label, url] of PAGES) {
  test(`axe: ${label}`, async ({ page }) => {
    await page.goto(url);
    const { violations } = await new AxeBuilder({ page }).analyze();
    expect(
      violations.map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`),
    ).toEqual([]);
  });
}

test('content pages load no framework JavaScript', async ({ page }) => {
  for (const url of [
    churchUrl('graca'),
    churchUrl('graca', '/churchs'),
    `http://localhost:${port}/`,
  ]) {
    await page.goto(url);
    expect(await scriptFilesBesidesPageScript(page), url).toEqual([]);
    // no inline script: the page's own is a file (src/layouts/page-script.ts)
    const inline = await page
      .locator('script:not([src]):not([type="application/ld+json"])')
      .count();
    expect(inline, url).toBe(0);
  }
});
