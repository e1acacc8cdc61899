// The staff's home page and church settings (docs/staff.md "Home", "Church settings"): an admin
// adds a banner with an image and sees it on the church's home, a colour that fails WCAG AA is
// refused with the reason, the church's time zone is chosen and given back to its country, a
// content editor has no Settings, and both pages work at 360 px.
import AxeBuilder from '@axe-core/playwright';
import { expect, test, type Page } from '@playwright/test';
import sharp from 'sharp';
import { asMember, churchUrl } from './helpers.ts';

// The home shows every banner, so this one, leading graca's home meanwhile, hides none of home.e2e.ts's.
const title = `Bem-vindo ao retiro ${Date.now().toString(36)}`;

test.describe.configure({ mode: 'serial' });

const noSideScroll = async (page: Page) =>
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(360);

test('an admin adds a banner with an image, moves it first and sees it on the home', async ({
  page,
}) => {
  await asMember(page, 'lider@graca.demo');
  await page.goto(churchUrl('graca', '/admin/home'));
  await expect(page.getByRole('heading', { level: 1, name: 'Página inicial' })).toBeVisible();
  await page.getByRole('button', { name: 'Adicionar banner' }).click();
  // no image: the form says so by the field
  await page.getByLabel('Título').fill(title);
  await page.getByRole('button', { name: 'Salvar' }).click();
  await expect(page.getByText('Escolha uma imagem.')).toBeVisible();
  const png = await sharp({
    create: { width: 900, height: 300, channels: 3, background: '#2a6f97' },
  })
    .png()
    .toBuffer();
  await page
    .getByLabel('Imagem')
    .setInputFiles({ name: 'retiro.png', mimeType: 'image/png', buffer: png });
  await expect(page.getByRole('img', { name: 'Prévia da imagem' })).toBeVisible();
  await page.getByLabel('Link (opcional)').fill('/event');
  await page.getByRole('button', { name: 'Salvar' }).click();
  await expect(page.getByText('Salvo.')).toBeVisible();
  const card = page.getByRole('listitem').filter({ hasText: title });
  await expect(card.getByText('No ar')).toBeVisible();
  // up until it leads (graca's seed has two banners; earlier runs may have left more)
  const up = card.getByRole('button', { name: `Subir: ${title}` });
  for (let i = 0; i < 10 && (await up.isEnabled()); i++) {
    await up.click();
    await expect(page.getByText('Ordem salva.')).toBeVisible();
  }
  await expect(
    page.getByRole('list', { name: 'Banners' }).getByRole('listitem').first(),
  ).toContainText(title);
  // first now: "Subir" cannot be used, and looks it (the staff kit's disabled button)
  await expect(up).toBeDisabled();
  await expect(up).toHaveCSS('opacity', '0.6');
  const { violations } = await new AxeBuilder({ page }).analyze();
  expect(violations.map((v) => v.id)).toEqual([]);

  await page.goto(churchUrl('graca', '/'));
  const shown = page.getByRole('img', { name: title });
  await expect(shown).toBeVisible();
  await expect(shown).toHaveAttribute('src', /^\/api\/v1\/imagem\/banner\/\d+-[a-f0-9]{16}\.webp$/);
});

test('deleting the banner asks first, then it leaves the home', async ({ page }) => {
  await asMember(page, 'lider@graca.demo');
  await page.goto(churchUrl('graca', '/admin/home'));
  const card = page.getByRole('listitem').filter({ hasText: title });
  await card.getByRole('button', { name: 'Excluir' }).click();
  const dialog = page.getByRole('dialog', { name: 'Excluir este banner?' });
  await expect(dialog).toContainText(title);
  await dialog.getByRole('button', { name: 'Excluir' }).click();
  await expect(page.getByText('Excluído.')).toBeVisible();
  await expect(page.getByRole('listitem').filter({ hasText: title })).toHaveCount(0);
  await page.goto(churchUrl('graca', '/'));
  await expect(page.getByRole('img', { name: title })).toHaveCount(0);
});

test('an app colour that fails WCAG AA contrast: the form says why and nothing is saved', async ({
  page,
}) => {
  await asMember(page, 'lider@graca.demo');
  await page.goto(churchUrl('graca', '/admin/settings'));
  await expect(
    page.getByRole('heading', { level: 1, name: 'Configurações da igreja' }),
  ).toBeVisible();
  const identity = page.getByRole('region', { name: 'Identidade' });
  await expect(identity.getByText(/Contraste \d+,\d:1 — fácil de ler/)).toBeVisible();
  await identity.getByLabel('Cor do app', { exact: true }).fill('#ffff00');
  await expect(
    identity.getByText('Contraste 1,1:1 — baixo demais; a WCAG AA pede 4,5:1.'),
  ).toBeVisible();
  await expect(identity.getByText(/contraste abaixo de 4,5:1, WCAG AA/)).toBeVisible();
  await expect(
    identity.getByLabel('Cor do texto sobre a cor do app', { exact: true }),
  ).toHaveAttribute('aria-invalid', 'true');
  await identity.getByRole('button', { name: 'Salvar' }).click();
  await expect(identity.getByText(/contraste abaixo de 4,5:1/).first()).toBeVisible();
  // The preview shows the refused colours on purpose: axe checks everything else.
  const { violations } = await new AxeBuilder({ page }).exclude('.site-swatch').analyze();
  expect(violations.map((v) => v.id)).toEqual([]);
  // nothing was saved: a fresh page shows the church's colour again
  page.on('dialog', (d) => void d.accept()); // the unsaved-change question
  await page.reload();
  await expect(
    page.getByRole('region', { name: 'Identidade' }).getByLabel('Cor do app', { exact: true }),
  ).not.toHaveValue('#ffff00');
});

test('the church’s language: what is chosen is sent, a refusal shows on the field, a save says so (graca’s language never changes: other tests read it)', async ({
  page,
}) => {
  await asMember(page, 'lider@graca.demo');
  await page.goto(churchUrl('graca', '/admin/settings'));
  const section = page.getByRole('region', { name: 'Idioma' });
  const language = section.getByLabel('Idioma da igreja');
  await expect(language).toHaveValue('pt_BR');
  // the choice goes to the API, which is handed a language it does not know: its own refusal
  const sent: unknown[] = [];
  await page.route('**/igreja/idioma', async (route) => {
    sent.push(route.request().postDataJSON());
    await route.continue({ postData: JSON.stringify({ idioma: 'xx' }) });
  });
  await language.selectOption('es');
  await section.getByRole('button', { name: 'Salvar' }).click();
  await expect(language).toHaveAttribute('aria-invalid', 'true');
  expect(sent).toEqual([{ idioma: 'es' }]);
  await page.unroute('**/igreja/idioma');
  // saved as it is: no change for the other tests, and the field's message is gone
  await language.selectOption('pt_BR');
  await section.getByRole('button', { name: 'Salvar' }).click();
  await expect(section.getByText('Salvo.')).toBeVisible();
  await expect(language).not.toHaveAttribute('aria-invalid', 'true');
});

test('an admin chooses the church’s time zone (its clock everywhere), then gives it back to its country', async ({
  page,
}) => {
  await asMember(page, 'lider@graca.demo');
  await page.goto(churchUrl('graca', '/admin/settings'));
  const clock = () =>
    page.getByRole('region', { name: 'Fuso horário' }).getByLabel('O relógio da igreja');
  const save = () =>
    page.getByRole('region', { name: 'Fuso horário' }).getByRole('button', { name: 'Salvar' });
  // the church's config every page reads (its clock), asked from the page as a browser would
  const publicZone = () =>
    page.evaluate(async () => {
      const church = (await (await fetch('/api/v1/igreja/codigo/graca')).json()) as {
        fusoHorario: string;
      };
      return church.fusoHorario;
    });
  // nothing chosen: the country's zone (Brazil: São Paulo)
  await expect(clock()).toHaveValue('');
  await expect(clock().locator('option:checked')).toHaveText('O do país: America/Sao_Paulo');
  await clock().selectOption('America/Manaus');
  await save().click();
  try {
    await expect(
      page.getByRole('region', { name: 'Fuso horário' }).getByText('Salvo.'),
    ).toBeVisible();
    expect(await publicZone()).toBe('America/Manaus');
    await page.reload();
    await expect(clock()).toHaveValue('America/Manaus');
    expect(
      (await new AxeBuilder({ page }).include('section[aria-labelledby="site-zone"]').analyze())
        .violations,
    ).toEqual([]);
  } finally {
    await clock().selectOption('');
    await save().click();
    await expect(
      page.getByRole('region', { name: 'Fuso horário' }).getByText('Salvo.'),
    ).toBeVisible();
  }
  expect(await publicZone()).toBe('America/Sao_Paulo');
});

test('a content editor has the home page but no Settings, and is refused at /admin/settings', async ({
  page,
}) => {
  await asMember(page, 'editor@graca.demo');
  await page.goto(churchUrl('graca', '/admin/home'));
  await expect(page.getByRole('heading', { level: 1, name: 'Página inicial' })).toBeVisible();
  const menu = page.getByRole('navigation', { name: 'Menu da equipe' });
  await menu.getByRole('button', { name: 'Publicação' }).click();
  await expect(menu.getByRole('link', { name: 'Página inicial' })).toBeVisible();
  await expect(menu.getByRole('link', { name: 'Configurações' })).toHaveCount(0);
  await page.goto(churchUrl('graca', '/admin/settings'));
  await expect(page.getByText('Você não tem acesso a esta parte da área da equipe.')).toBeVisible();
  await expect(page.getByRole('region', { name: 'Identidade' })).toHaveCount(0);
});

test('both pages work on a 360 px phone', async ({ page }) => {
  await page.setViewportSize({ width: 360, height: 780 });
  await asMember(page, 'lider@graca.demo');
  for (const tab of ['', '?tab=schedule', '?tab=live']) {
    await page.goto(churchUrl('graca', `/admin/home${tab}`));
    await expect(page.getByRole('heading', { level: 2 }).first()).toBeVisible();
    await expect(
      page
        .getByRole('listitem')
        .filter({ has: page.getByRole('heading', { level: 3 }) })
        .first(),
    ).toBeVisible();
    await noSideScroll(page);
  }
  await page.getByRole('button', { name: 'Adicionar transmissão' }).click();
  await expect(page.getByLabel('Código do vídeo')).toBeVisible();
  await noSideScroll(page);
  await page.goto(churchUrl('graca', '/admin/settings'));
  await expect(page.getByRole('region', { name: 'Endereços do site' })).toContainText(
    'igrejadagraca.test',
  );
  await noSideScroll(page);
});

test('an admin adds an own address: pending, with both DNS records to copy, and removes it', async ({
  page,
}) => {
  const host = `www.e2e-${Date.now().toString(36)}.example.org`;
  await asMember(page, 'lider@graca.demo');
  await page.goto(churchUrl('graca', '/admin/settings'));
  const hosts = page.getByRole('region', { name: 'Endereços do site' });
  // the demo's own address is verified (seeded by the provider)
  await expect(hosts.getByRole('listitem').filter({ hasText: 'igrejadagraca.test' })).toContainText(
    'Verificado: abre o site',
  );
  // a name under the provider's domain is refused by the field
  await hosts.getByLabel('Adicionar endereço').fill('novo.localhost');
  await hosts.getByRole('button', { name: 'Adicionar endereço' }).click();
  await expect(
    hosts.getByText(/Nomes sob localhost são do próprio provedor/).first(),
  ).toBeVisible();
  await hosts.getByLabel('Adicionar endereço').fill(host);
  await hosts.getByRole('button', { name: 'Adicionar endereço' }).click();
  const item = hosts.getByRole('listitem').filter({ hasText: host });
  await expect(item).toContainText('Pendente: não abre o site até ser comprovado');
  await expect(item).toContainText(`_church-verify.${host}`);
  await expect(item).toContainText(/church-verify=[0-9a-f]{32}/);
  await expect(item).toContainText('graca.localhost');
  await expect(item.getByRole('button', { name: /^Copiar Valor: church-verify=/ })).toBeVisible();
  await expect(item.getByRole('button', { name: 'Verificar agora' })).toBeVisible();
  // a pending name is not offered as the main address
  await expect(
    hosts.getByLabel('Levar os visitantes dos outros endereços para').locator('option'),
  ).toHaveText([
    'Sem redirecionar: todos os endereços mostram o site',
    'graca.localhost (o endereço no provedor)',
    'igrejadagraca.test',
  ]);
  expect(
    (await new AxeBuilder({ page }).include('section[aria-labelledby="site-hosts"]').analyze())
      .violations,
  ).toEqual([]);
  await item.getByRole('button', { name: 'Remover' }).click();
  await page.getByRole('dialog').getByRole('button', { name: 'Remover' }).click();
  await expect(hosts.getByRole('listitem').filter({ hasText: host })).toHaveCount(0);
});
