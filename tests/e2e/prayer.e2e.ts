// The prayer wall's public side (spec §2 "/prayer", MOD_MURAL_ORACAO) and the home excerpt
// (docs/prayer.md), as a visitor meets them: zero framework JS, axe-clean, gated by the module.
import AxeBuilder from '@axe-core/playwright';
import { expect, test, type Page } from '@playwright/test';
import { churchUrl } from './helpers.ts';
import { lockPrayerWall } from './prayer-wall-lock.ts';

// prayer-actions.e2e.ts posts on this wall: never at the same time (prayer-wall-lock.ts).
let releaseWall: (() => void) | undefined;
test.beforeAll(async () => {
  test.setTimeout(180_000);
  releaseWall = await lockPrayerWall();
});
test.afterAll(() => releaseWall?.());

const LATEST = 'Peço oração pela cirurgia do meu pai, seu Antônio, marcada para sexta-feira.';

async function bundledScripts(page: Page): Promise<string[]> {
  const srcs = await page
    .locator('script[src]')
    .evaluateAll((els) => els.map((el) => (el as HTMLScriptElement).src));
  return srcs.filter((src) => /\/_astro\/.*\.js/.test(src));
}

async function expectNoAxeViolations(page: Page) {
  const { violations } = await new AxeBuilder({ page }).analyze();
  expect(
    violations.map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`),
  ).toEqual([]);
}

test('graca home shows the latest prayer requests in Portuguese and links to the wall', async ({
  page,
}) => {
  await page.goto(churchUrl('graca', '/'));
  const block = page.getByRole('region', { name: 'Mural de oração' });
  await expect(block).toBeVisible();
  await expect(block.getByRole('listitem')).toHaveCount(3);
  await expect(block.getByRole('listitem').first()).toContainText(LATEST);
  await expect(block.getByRole('listitem').first()).toContainText('3 mensagens de apoio');
  expect(await bundledScripts(page)).toEqual([]);
  await block.getByRole('link', { name: /Ver o mural/ }).click();
  await expect(page).toHaveURL(/\/prayer$/);
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Mural de oração');
});

test('the wall lists requests, filters by reason, pages by links and opens a request with its messages', async ({
  page,
}) => {
  const response = await page.goto(churchUrl('graca', '/prayer'));
  expect(response?.status()).toBe(200);
  const cards = page.getByRole('list', { name: 'Mural de oração' }).getByRole('listitem');
  await expect(cards).toHaveCount(12); // 13 public requests, 12 a page
  await expect(page.getByText('13 pedidos')).toBeVisible();
  await expect(page.getByText('Pedido reservado')).toHaveCount(0); // not published on the wall
  await expect(page.getByRole('link', { name: 'Fazer um pedido' })).toHaveAttribute(
    'href',
    '/prayer/new',
  );
  expect(await bundledScripts(page)).toEqual([]);
  await expect(page.locator('astro-island')).toHaveCount(0);

  await page.getByRole('link', { name: /Próxima/ }).click();
  await expect(page).toHaveURL(/page=2/);
  await expect(cards).toHaveCount(1);

  await page
    .getByRole('navigation', { name: 'Filtrar por motivo' })
    .getByRole('link', { name: 'Gratidão' })
    .click();
  await expect(page).toHaveURL(/motivo=\d+/);
  await expect(page).not.toHaveURL(/page=/);
  await expect(cards).toHaveCount(2);
  for (const card of await cards.all()) await expect(card).toContainText('Gratidão');

  await page.getByRole('link', { name: 'Todos' }).click();
  await page.getByRole('link', { name: 'Pedido de Cláudia' }).click();
  await expect(page).toHaveURL(/\/prayer\/\d+$/);
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Pedido de Cláudia');
  await expect(page.locator('blockquote')).toContainText(LATEST);
  const messages = page.getByRole('region', { name: /Mensagens de apoio/ }).getByRole('listitem');
  await expect(messages).toHaveCount(3);
  await expect(messages.first()).toContainText('Maria');
  // Only the member actions under the request are an island, loaded when scrolled into view.
  expect(await bundledScripts(page)).toEqual([]);
  await expect(page.locator('astro-island')).toHaveAttribute('client', 'visible');
});

test('an unknown request is a 404 with spec §8 message', async ({ page }) => {
  for (const id of ['999999', 'abc', '2147483648']) {
    const response = await page.goto(churchUrl('graca', `/prayer/${id}`));
    expect(response?.status(), id).toBe(404);
    await expect(page.getByRole('alert')).toHaveText('Nenhum resultado encontrado.');
  }
});

test('the wall reads in English on grace', async ({ browser }) => {
  const context = await browser.newContext({ locale: 'en-US' });
  const page = await context.newPage();
  await page.goto(churchUrl('grace', '/prayer'));
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Prayer wall');
  await expect(page.getByText('13 requests').or(page.getByRole('status'))).toBeVisible();
  await expect(
    page.getByRole('list', { name: 'Prayer wall' }).getByRole('listitem').first(),
  ).toContainText('radiation therapy');
  await expect(page.getByRole('link', { name: 'Make a request' })).toHaveAttribute(
    'href',
    '/prayer/new',
  );
  await context.close();
});

test('esperanza has no prayer wall: /prayer goes home and the home has no prayer block', async ({
  page,
}) => {
  await page.goto(churchUrl('esperanza', '/prayer'));
  await expect(page).toHaveURL(churchUrl('esperanza', '/'));
  await expect(page.locator('#home-prayer')).toHaveCount(0);
  await expect(page.locator('a[href="/prayer"]')).toHaveCount(0);
  // the member's own requests belong to the wall too: no page that could only fail to load them
  for (const path of ['/user/prayer', '/user/prayer/1']) {
    await page.goto(churchUrl('esperanza', path));
    await expect(page).toHaveURL(churchUrl('esperanza', '/'));
  }
});

test('the wall and a request have no axe violations', async ({ page }) => {
  await page.goto(churchUrl('graca', '/prayer'));
  await expectNoAxeViolations(page);
  await page.getByRole('link', { name: 'Pedido de Cláudia' }).click();
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Pedido de Cláudia');
  await expectNoAxeViolations(page);
  await page.goto(churchUrl('graca', '/'));
  await expectNoAxeViolations(page);
});
