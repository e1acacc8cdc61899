// The staff's content area as a new editor meets it (docs/staff.md "Content"): log in, write a
// news item with a cover image, schedule it a minute ahead and see the job put it on the public
// site; a member is refused; axe 0 on the list and the editor; both work at 360 px; the public
// pages load no editor code.
import AxeBuilder from '@axe-core/playwright';
import { expect, test, type Page } from '@playwright/test';
import sharp from 'sharp';
import { asMember, churchUrl } from './helpers.ts';

const title = `Culto de ação de graças ${Date.now().toString(36)}`;

/** A 16:9 PNG made here, as a phone's photo would be. */
const coverPng = () =>
  sharp({ create: { width: 800, height: 450, channels: 3, background: { r: 32, g: 96, b: 168 } } })
    .png()
    .toBuffer();

/** `datetime-local` text `seconds` from now, in the browser's time zone (minutes only). */
const localInput = (page: Page, seconds: number) =>
  page.evaluate((ahead) => {
    const d = new Date(Date.now() + ahead * 1000);
    const pad = (n: number) => String(n).padStart(2, '0');
    return `${d.getFullYear()}-${pad(d.getMonth() + 1)}-${pad(d.getDate())}T${pad(d.getHours())}:${pad(d.getMinutes())}`;
  }, seconds);

const noSidewaysScroll = async (page: Page) =>
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(360);

test.describe.configure({ mode: 'serial' });

test('an editor writes a news item with an image, schedules it, and the site shows it at its time', async ({
  page,
}) => {
  test.setTimeout(240_000); // the job runs every 15 s after a time up to 90 s ahead
  await page.goto(
    churchUrl('graca', `/access?redirectTo=${encodeURIComponent('/admin/content/noticia')}`),
  );
  await page.getByRole('textbox', { name: 'E-mail', exact: true }).fill('editor@graca.demo');
  await page.getByRole('button', { name: 'Continuar' }).click();
  await page.getByRole('textbox', { name: 'Senha', exact: true }).fill('Demo@1234');
  await page.getByRole('button', { name: 'Entrar', exact: true }).click();
  await expect(page).toHaveURL(churchUrl('graca', '/admin/content/noticia'));
  await expect(page.getByRole('heading', { level: 1, name: 'Notícias' })).toBeVisible();
  await expect(page.getByRole('row').nth(1)).toBeVisible();
  expect((await new AxeBuilder({ page }).analyze()).violations.map((v) => v.id)).toEqual([]);

  // the search lives in the address
  await page.getByLabel('Buscar por título ou palavra-chave').fill('páscoa');
  await page.getByRole('button', { name: 'Buscar', exact: true }).click();
  await expect(page).toHaveURL(/busca=p%C3%A1scoa/);
  await expect(page.getByRole('link', { name: /Páscoa/ })).toBeVisible();

  await page.getByRole('link', { name: 'Nova notícia' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Nova notícia' })).toBeVisible();
  // an empty title is refused by its field, and nothing is lost
  await page.getByLabel('Resumo').fill('Domingo, todos juntos.');
  await page.getByRole('button', { name: 'Salvar rascunho' }).click();
  await expect(page.getByText('Esse campo é obrigatório.').first()).toBeVisible();
  await expect(page.getByLabel('Resumo')).toHaveValue('Domingo, todos juntos.');

  await page.getByLabel('Título').fill(title);
  const body = page.getByRole('textbox', { name: 'Texto' });
  await body.click();
  await page.keyboard.type('Venha agradecer conosco. ');
  await page.getByRole('button', { name: 'Negrito' }).click();
  // the toolbar hands focus back to the text; a key typed before that lands nowhere
  await expect(body).toBeFocused();
  await page.keyboard.type('Traga a família.');
  await expect(body.locator('strong')).toHaveText('Traga a família.');
  await page.getByLabel('Escolher uma imagem').setInputFiles({
    name: 'capa.png',
    mimeType: 'image/png',
    buffer: await coverPng(),
  });
  await expect(page.getByText('Como o cartão da lista mostra (16:9)')).toBeVisible();
  await page.getByLabel('Palavras-chave').fill('culto, gratidão');
  expect((await new AxeBuilder({ page }).analyze()).violations.map((v) => v.id)).toEqual([]);

  await page.getByLabel('Data e hora da publicação').fill(await localInput(page, 90));
  await page.getByRole('button', { name: 'Agendar' }).click();
  await expect(page.getByText('Agendado: será publicado no horário escolhido.')).toBeVisible();
  await expect(page).toHaveURL(/\/admin\/content\/noticia\/\d+$/);
  const editorUrl = page.url();
  await expect(page.getByText('Agendado', { exact: true })).toBeVisible();

  // the preview shows it as a visitor will see it, before it is public
  await page.getByRole('button', { name: 'Pré-visualizar' }).click();
  await expect(page.getByRole('heading', { level: 1, name: title })).toBeVisible();
  await expect(page.locator('.rich-text strong')).toHaveText('Traga a família.');

  // not public yet; the job publishes it at its time
  await page.goto(churchUrl('graca', '/news'));
  await expect(page.getByRole('link', { name: title })).toHaveCount(0);
  await expect
    .poll(
      async () => {
        await page.goto(churchUrl('graca', '/news'));
        return page.getByRole('link', { name: title }).count();
      },
      { timeout: 200_000, intervals: [5_000] },
    )
    .toBeGreaterThan(0);
  await page.getByRole('link', { name: title }).first().click();
  await expect(page.getByRole('heading', { level: 1, name: title })).toBeVisible();
  await expect(page.locator('img.content-hero')).toHaveAttribute(
    'src',
    /\/api\/v1\/imagem\/conteudo\//,
  );
  // archived, it leaves the site at once (and the seed's news lead the list again for other tests)
  await page.goto(editorUrl);
  await page.getByRole('button', { name: 'Arquivar' }).click();
  await expect(page.getByText('Arquivado: os visitantes não veem mais.')).toBeVisible();
  await page.goto(churchUrl('graca', '/news'));
  await expect(page.getByRole('link', { name: title })).toHaveCount(0);
});

test('public pages carry no editor code', async ({ page }) => {
  const scripts: string[] = [];
  page.on('response', async (response) => {
    if (response.request().resourceType() === 'script') scripts.push(await response.text());
  });
  for (const path of ['/', '/news', '/devotionals']) await page.goto(churchUrl('graca', path));
  expect(scripts.some((s) => s.includes('ProseMirror') || s.includes('tiptap'))).toBe(false);
});

test('a member opening the content area is refused', async ({ page }) => {
  await asMember(page, 'membro@graca.demo');
  await page.goto(churchUrl('graca', '/admin/content/noticia'));
  await expect(page.getByRole('heading', { level: 1, name: 'Acesso restrito' })).toBeVisible();
  await expect(page.getByRole('table')).toHaveCount(0);
});

test('the list and the editor work on a 360 px phone', async ({ page }) => {
  await page.setViewportSize({ width: 360, height: 780 });
  await asMember(page, 'editor@graca.demo');
  await page.goto(churchUrl('graca', '/admin/content/noticia'));
  await expect(page.getByRole('heading', { level: 1, name: 'Notícias' })).toBeVisible();
  await expect(page.getByRole('row').nth(1)).toBeVisible();
  await noSidewaysScroll(page);
  await page.getByRole('link', { name: 'Nova notícia' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Nova notícia' })).toBeVisible();
  await expect(page.getByRole('button', { name: 'Negrito' })).toBeVisible();
  await noSidewaysScroll(page);
  expect((await new AxeBuilder({ page }).analyze()).violations.map((v) => v.id)).toEqual([]);
  // leaving with unsaved changes asks first
  await page.getByLabel('Título').fill('Rascunho no celular');
  page.once('dialog', (dialog) => void dialog.dismiss());
  await page.getByRole('link', { name: '← Notícias' }).click();
  await expect(page).toHaveURL(/\/new$/);
  await expect(page.getByLabel('Título')).toHaveValue('Rascunho no celular');
});
