// Play's public pages (spec §2 "/play", MOD_ASSINATURA, INPC_PLAY): a visitor browses and searches,
// every page is server-rendered with zero framework JavaScript, axe-clean, and a closed video's page
// never holds its media URL (spec §6).
import AxeBuilder from '@axe-core/playwright';
import { expect, test, type Page } from '@playwright/test';
import { asMember, churchUrl } from './helpers.ts';

async function expectZeroJsAndAxe(page: Page) {
  const scripts = await page
    .locator('script[src]')
    .evaluateAll((els) => els.map((el) => (el as HTMLScriptElement).src));
  expect(scripts.filter((src) => /\/_astro\/.*\.js/.test(src))).toEqual([]);
  const { violations } = await new AxeBuilder({ page }).analyze();
  expect(
    violations.map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`),
  ).toEqual([]);
}

test('a visitor browses, searches, opens a collection and a closed video, and sees the plans', async ({
  page,
}) => {
  test.setTimeout(90_000);
  await page.goto(churchUrl('graca', '/play'));
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Graça Play');
  await expect(page.getByRole('heading', { name: 'Destaques' })).toBeVisible();
  await expectZeroJsAndAxe(page);

  await page.getByRole('link', { name: /Ver todos.*Família/ }).click();
  await expect(page.getByRole('status')).toHaveText('2 vídeos');
  await expect(page.getByRole('list', { name: 'Explorar vídeos' }).getByRole('link')).toHaveCount(
    2,
  );
  await expectZeroJsAndAxe(page);

  await page
    .getByRole('navigation', { name: 'Play' })
    .getByRole('link', { name: 'Buscar' })
    .click();
  await page.getByRole('searchbox', { name: 'Título ou assunto' }).fill('graça de');
  await page.getByRole('button', { name: 'Buscar' }).click();
  await expect(page.getByRole('status')).toHaveText('1 vídeo');
  await expectZeroJsAndAxe(page);
  await page.getByRole('link', { name: /Série Fundamentos — 1\. A graça de Deus/ }).click();

  await expect(page.getByRole('heading', { level: 1 })).toHaveText(
    'Série Fundamentos — 1. A graça de Deus',
  );
  await expect(page.getByText('Este vídeo é para assinantes.')).toBeVisible();
  expect(await page.content()).not.toContain('.m3u8');
  await expectZeroJsAndAxe(page);

  await page.getByRole('link', { name: 'Série Fundamentos', exact: true }).click();
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Série Fundamentos');
  await expect(
    page.getByRole('list', { name: 'Série Fundamentos' }).getByRole('listitem'),
  ).toHaveCount(4);
  await expectZeroJsAndAxe(page);

  await page
    .getByRole('navigation', { name: 'Play' })
    .getByRole('link', { name: 'Planos' })
    .click();
  await expect(page.getByRole('heading', { name: 'Mensal' })).toBeVisible();
  await expect(page.getByText('Taxa de adesão: R$ 5,00')).toBeVisible();
  await expectZeroJsAndAxe(page);

  // Old subscription links land on the play home (spec §2); an unknown video is a 404.
  await page.goto(churchUrl('graca', '/subscription/plano/2'));
  await expect(page).toHaveURL(/\/play$/);
  const missing = await page.goto(churchUrl('graca', '/play/video/999999'));
  expect(missing?.status()).toBe(404);
});

test("Play's home offers the plans to a visitor, and a subscriber their own plan instead", async ({
  page,
  browser,
}) => {
  await page.goto(churchUrl('graca', '/play'));
  await expect(page.getByRole('link', { name: 'Ver os planos' })).toHaveAttribute(
    'href',
    '/play/plans',
  );
  const context = await browser.newContext({ locale: 'pt-BR' });
  const subscriber = await context.newPage();
  await asMember(subscriber, 'ricardo.santos@graca.demo'); // the demo subscriber (server/db/seed/play.ts)
  await subscriber.goto(churchUrl('graca', '/play'));
  const mine = subscriber.getByRole('link', { name: 'Ver minha assinatura' });
  await expect(mine).toHaveAttribute('href', '/play/my-plan');
  await expect(subscriber.getByRole('link', { name: 'Ver os planos' })).toHaveCount(0);
  await context.close();
});
