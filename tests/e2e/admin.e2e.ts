// The staff area's shell (docs/staff.md): /admin on the church's host opens it for staff, refuses
// members, sends visitors to log in; with ADMIN_URL set it leaves for that outside site (spec §2).
import { request } from 'node:http';
import AxeBuilder from '@axe-core/playwright';
import { expect, test } from '@playwright/test';
import { asMember, churchUrl, hostGet } from './helpers.ts';
import { startSecondServer, type SecondServer } from './second-server.ts';

test('an admin reaches the staff area from their account and sees every area', async ({ page }) => {
  await asMember(page, 'lider@graca.demo');
  await page.goto(churchUrl('graca', '/user'));
  await page.getByRole('link', { name: 'Área da equipe' }).click();
  await expect(page).toHaveURL(/\/admin$/);
  await expect(page.getByRole('heading', { level: 1, name: 'Área da equipe' })).toBeVisible();
  const menu = page.getByRole('navigation', { name: 'Menu da equipe' });
  // the areas sit in groups, each a button that shows its links (docs/staff.md "Where things live")
  await expect(menu.locator('.staff-nav-group > button')).toHaveText([
    'Publicação',
    'Comunidade',
    'Domingo',
    'Eventos e ingressos',
    'Finanças',
    'Igreja',
  ]);
  for (const [group, area] of [
    ['Publicação', 'Conteúdo'],
    ['Publicação', 'Página inicial'],
    ['Publicação', 'Notificações'],
    ['Igreja', 'Configurações'],
    ['Igreja', 'Registro de atividades'],
  ] as const) {
    const button = menu.getByRole('button', { name: group });
    if ((await button.getAttribute('aria-expanded')) !== 'true') await button.click();
    await expect(menu.getByRole('link', { name: area })).toBeVisible();
  }
  // one group open at a time
  await expect(menu.getByRole('link', { name: 'Conteúdo' })).toBeHidden();
  const { violations } = await new AxeBuilder({ page }).analyze();
  expect(violations.map((v) => v.id)).toEqual([]);
});

test('a content editor sees only the content areas', async ({ page }) => {
  await asMember(page, 'editor@graca.demo');
  await page.goto(churchUrl('graca', '/admin'));
  const menu = page.getByRole('navigation', { name: 'Menu da equipe' });
  await menu.getByRole('button', { name: 'Publicação' }).click();
  await expect(menu.getByRole('link', { name: 'Conteúdo' })).toBeVisible();
  await expect(menu.getByRole('link', { name: 'Notificações' })).toBeVisible();
  await expect(menu.getByRole('button', { name: 'Igreja' })).toHaveCount(0);
  await expect(menu.getByRole('link', { name: 'Configurações' })).toHaveCount(0);
  await expect(menu.getByRole('link', { name: 'Registro de atividades' })).toHaveCount(0);
});

test('a member opening /admin is refused and their account has no staff link', async ({ page }) => {
  await asMember(page, 'membro@graca.demo');
  await page.goto(churchUrl('graca', '/admin'));
  await expect(page.getByRole('heading', { name: 'Acesso restrito' })).toBeVisible();
  await expect(page.getByRole('alert')).toHaveText('Você não faz parte da equipe desta igreja.');
  await page.goto(churchUrl('graca', '/user'));
  await expect(page.getByRole('link', { name: 'Meu perfil' })).toBeVisible();
  await expect(page.getByRole('link', { name: 'Área da equipe' })).toHaveCount(0);
});

test("another church's admin is not let into graca's staff area", async ({ page }) => {
  // Not a member of graca, so graca's site does not count them as logged in (spec §4): to /access.
  await asMember(page, 'admin@grace.demo');
  await page.goto(churchUrl('graca', '/admin'));
  await expect(page).toHaveURL(/\/access\?redirectTo=%2Fadmin/);
  await expect(page.getByRole('heading', { name: 'Área da equipe' })).toHaveCount(0);
});

test('a visitor is sent to log in and comes back', async ({ page }) => {
  await page.goto(churchUrl('graca', '/admin'));
  await expect(page).toHaveURL(/\/access\?redirectTo=%2Fadmin/);
  const recover = await hostGet('graca.localhost', '/admin/recover-password');
  expect(recover.status).toBe(302);
  expect(recover.headers.location).toBe('/access?redirectTo=%2Fadmin');
});

test('keyboard only: from the staff menu to a saved draft with bold text', async ({ page }) => {
  await asMember(page, 'editor@graca.demo');
  await page.goto(churchUrl('graca', '/admin'));
  const menu = page.getByRole('navigation', { name: 'Menu da equipe' });
  const group = menu.getByRole('button', { name: 'Publicação' });
  await expect(group).toBeVisible();
  // Tab reaches the group's button; Enter opens it, Escape closes it and keeps the focus there
  for (let i = 0; i < 12 && !(await group.evaluate((b) => b === document.activeElement)); i++)
    await page.keyboard.press('Tab');
  await expect(group).toBeFocused();
  await page.keyboard.press('Enter');
  await expect(group).toHaveAttribute('aria-expanded', 'true');
  await page.keyboard.press('Escape');
  await expect(group).toHaveAttribute('aria-expanded', 'false');
  await expect(group).toBeFocused();
  // open again: the next Tab is its first link, and Enter follows it
  await page.keyboard.press('Enter');
  await page.keyboard.press('Tab');
  const content = menu.getByRole('link', { name: 'Conteúdo' });
  await expect(content).toBeFocused();
  await page.keyboard.press('Enter');
  await expect(page.getByRole('heading', { level: 1, name: 'Notícias' })).toBeVisible();
  const create = page.getByRole('link', { name: 'Nova notícia' });
  await create.focus();
  await page.keyboard.press('Enter');
  const title = page.getByLabel('Título');
  await expect(title).toBeVisible();
  await title.focus();
  const name = `Aviso pelo teclado ${Date.now().toString(36)}`;
  await page.keyboard.type(name);
  // the body's editor: Ctrl+B makes bold, as in any word processor
  const body = page.locator('.ProseMirror');
  await body.focus();
  await page.keyboard.press('Control+b');
  await page.keyboard.type('importante');
  await expect(body.locator('strong')).toHaveText('importante');
  const save = page.getByRole('button', { name: 'Salvar rascunho' });
  await save.focus();
  await page.keyboard.press('Enter');
  await expect(page.getByText('Salvo.').first()).toBeVisible();
});

test('on a 360px phone the menu opens from its button and nothing scrolls sideways', async ({
  browser,
}) => {
  const page = await browser.newPage({ viewport: { width: 360, height: 740 }, locale: 'pt-BR' });
  await asMember(page, 'lider@graca.demo');
  await page.goto(churchUrl('graca', '/admin'));
  const toggle = page.getByRole('button', { name: 'Menu da equipe' });
  await expect(toggle).toBeVisible();
  await expect(page.getByRole('link', { name: 'Configurações' }).first()).toBeVisible(); // the dashboard's card
  await toggle.click();
  await expect(toggle).toHaveAttribute('aria-expanded', 'true');
  const menu = page.getByRole('navigation', { name: 'Menu da equipe' });
  await menu.getByRole('button', { name: 'Igreja' }).click();
  await expect(menu.getByRole('link', { name: 'Configurações' })).toBeVisible();
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(360);
  await page.close();
});

test.describe('with ADMIN_URL set', () => {
  // A server of its own on a free port, from the seeded copy (second-server.ts) rather than a seed of its own.
  let server: SecondServer | undefined;
  const get = (host: string, path: string, lang: string) =>
    new Promise<{ status: number; location?: string }>((resolve, reject) => {
      const port = server!.port;
      const req = request(
        {
          host: '127.0.0.1',
          port,
          path,
          headers: { host: `${host}:${port}`, 'accept-language': lang },
        },
        (res) => {
          res.resume();
          resolve({ status: res.statusCode ?? 0, location: res.headers.location });
        },
      );
      req.on('error', reject);
      req.end();
    });

  test.beforeAll(async () => {
    test.setTimeout(120_000);
    server = await startSecondServer('admin-url', { ADMIN_URL: 'https://admin.example.test' });
  });
  test.afterAll(async () => {
    await server?.stop();
  });

  test('/admin leaves for the admin site with the language and the church', async () => {
    const admin = await get('grace.localhost', '/admin', 'es');
    expect(admin.status).toBe(302);
    expect(admin.location).toBe('https://admin.example.test/login?lang=es&igreja=grace');
    const recover = await get('graca.localhost', '/admin/recover-password', 'pt-BR');
    expect(recover.location).toBe(
      'https://admin.example.test/recover-password?lang=pt&igreja=graca',
    );
  });
});
