// Regressions found in the QA pass: things a visitor or member noticed, one test each.
import { expect, test } from '@playwright/test';
import { asMember, churchUrl, port } from './helpers.ts';

for (const width of [1280, 390]) {
  test(`the header's buttons keep clear of the page's top edge at ${width}px`, async ({
    browser,
  }) => {
    const context = await browser.newContext({ locale: 'pt-BR', viewport: { width, height: 800 } });
    const page = await context.newPage();
    await page.goto(churchUrl('graca', '/'));
    const header = (await page.locator('header.site-header').boundingBox())!;
    const account = (await page.getByRole('link', { name: 'Minha conta' }).boundingBox())!;
    expect(account.y - header.y).toBeGreaterThanOrEqual(6);
    if (width < 1000) {
      const menu = (await page.getByText('Menu', { exact: true }).boundingBox())!;
      expect(menu.y - header.y).toBeGreaterThanOrEqual(6);
    }
    await context.close();
  });
}

test('on a phone the header church picker opens on screen, and its search works', async ({
  browser,
}) => {
  const context = await browser.newContext({
    locale: 'pt-BR',
    viewport: { width: 390, height: 800 },
  });
  const page = await context.newPage();
  await page.goto(churchUrl('graca', '/'));
  await page.getByText('Igrejas', { exact: true }).click();
  const search = page.getByRole('searchbox', { name: 'Buscar por nome ou endereço' });
  const box = (await search.boundingBox())!;
  expect(box.x).toBeGreaterThanOrEqual(0);
  expect(box.x + box.width).toBeLessThanOrEqual(390);
  await search.fill('Norte');
  await search.press('Enter');
  await expect(page.getByRole('link', { name: 'Igreja da Graça — Zona Norte' })).toBeVisible();
  await context.close();
});

test('bad input found in the QA pass gets a 4xx from the API and a working page, never a 500', async ({
  request,
  page,
}) => {
  const api = `http://localhost:${port}/api/v1`;
  for (const path of [
    '/igreja/graca/noticia/99999999999',
    '/igreja/graca/noticia/?categoria=99999999999',
    '/igreja/graca/noticia/?busca=a%00b',
    '/igreja/graca/publicacao/?tipo=99999999999',
    '/igreja/graca/evento/99999999999',
    '/cliente/?busca=%00',
  ]) {
    const res = await request.get(api + path);
    expect(res.status(), path).toBe(400);
  }
  for (const path of [
    '/news?busca=%00',
    '/news?categoria=99999999999',
    '/churchs?busca=%00',
    '/publications?tipo=99999999999',
  ]) {
    const res = await page.goto(churchUrl('graca', path));
    expect(res?.status(), path).toBe(200);
  }
});

test('change church names the organisation as people know it, not by its address slug', async ({
  page,
}) => {
  await page.goto(churchUrl('graca', '/access?redirectTo=/user/church'));
  await page.getByRole('textbox', { name: 'E-mail', exact: true }).fill('membro@graca.demo');
  await page.getByRole('button', { name: 'Continuar' }).click();
  await page.getByRole('textbox', { name: 'Senha', exact: true }).fill('Demo@1234');
  await page.getByRole('button', { name: 'Entrar', exact: true }).click();
  await expect(page).toHaveURL(churchUrl('graca', '/user/church'));
  await expect(
    page.getByText('Escolha a igreja da Rede Graça para a qual você quer mudar.', { exact: false }),
  ).toBeVisible();
  await expect(page.getByText('rede-graca')).toHaveCount(0);
  await expect(page.getByText('Igreja da Graça — Zona Norte')).toBeVisible();
});

// The live tabs, Play's rows and the giving history once widened the whole page on a phone.
test('on a 360px phone no page scrolls sideways, for a member', async ({ browser }) => {
  test.setTimeout(90_000);
  const context = await browser.newContext({
    locale: 'pt-BR',
    viewport: { width: 360, height: 800 },
  });
  const page = await context.newPage();
  await asMember(page);
  const pages: [string, string?][] = [
    ['/'],
    ['/live', '.live-tabs'],
    ['/play', '.play-row'],
    ['/play/browse'],
    ['/give', '.give-reason'],
    ['/event'],
    ['/news'],
    ['/groups'],
    ['/prayer'],
    ['/praise'],
    ['/reading-plans'],
    ['/user'],
    ['/user/notes'],
    ['/user/giving', 'table.give-history td'],
    [`/user/giving/statement?ano=${new Date().getFullYear()}`, '.give-statement'],
  ];
  const wide: string[] = [];
  for (const [path, ready] of pages) {
    await page.goto(churchUrl('graca', path));
    if (ready) await page.locator(ready).first().waitFor();
    const width = await page.evaluate(() => document.documentElement.scrollWidth);
    if (width > 360) wide.push(`${path}: ${width}px`);
  }
  expect(wide).toEqual([]);
  await context.close();
});
