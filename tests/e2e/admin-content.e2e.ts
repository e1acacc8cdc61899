// The staff's content area as a new editor meets it (docs/staff.md "Content"): log in, write a
// news item with a cover image, schedule it and see the job put it on the public site at its time;
// a member is refused; axe 0 on the list and the editor; both work at 360 px; the public pages load
// no editor code.
import AxeBuilder from '@axe-core/playwright';
import { expect, test, type Page } from '@playwright/test';
import sharp from 'sharp';
import { API, apiLogin, asMember, churchUrl, hostGet } from './helpers.ts';

const title = `Culto de ação de graças ${Date.now().toString(36)}`;

/** A 16:9 PNG made here, as a phone's photo would be. */
const coverPng = () =>
  sharp({ create: { width: 800, height: 450, channels: 3, background: { r: 32, g: 96, b: 168 } } })
    .png()
    .toBuffer();

/**
 * `datetime-local` text `seconds` from now in the browser's time zone (minutes only, as the field
 * takes them), and the instant it stands for, counted from the clock rather than parsed from the text.
 */
const localInput = (page: Page, seconds: number) =>
  page.evaluate((ahead) => {
    const d = new Date(Date.now() + ahead * 1000);
    d.setSeconds(0, 0);
    const pad = (n: number) => String(n).padStart(2, '0');
    const text = `${d.getFullYear()}-${pad(d.getMonth() + 1)}-${pad(d.getDate())}T${pad(d.getHours())}:${pad(d.getMinutes())}`;
    return { text, at: d.getTime() };
  }, seconds);

const noSidewaysScroll = async (page: Page) =>
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(360);

test.describe.configure({ mode: 'serial' });

test('an editor writes a news item with an image, schedules it, and the site shows it at its time', async ({
  page,
}) => {
  test.setTimeout(180_000); // a busy machine; the wait for the job is ~10 s + its 15 s period
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

  const when = await localInput(page, 90);
  await page.getByLabel('Data e hora da publicação').fill(when.text);
  await page.getByRole('button', { name: 'Agendar' }).click();
  await expect(page.getByText('Agendado: será publicado no horário escolhido.')).toBeVisible();
  await expect(page).toHaveURL(/\/admin\/content\/noticia\/\d+$/);
  const editorUrl = page.url();
  await expect(page.getByText('Agendado', { exact: true })).toBeVisible();

  // the preview shows it as a visitor will see it, before it is public
  await page.getByRole('button', { name: 'Pré-visualizar' }).click();
  await expect(page.getByRole('heading', { level: 1, name: title })).toBeVisible();
  await expect(page.locator('.rich-text strong')).toHaveText('Traga a família.');

  // The server keeps the minute chosen in the field, in the browser's time zone. The field has
  // minutes only, the call it makes any instant: the same call moves the time to 10 s from now, so
  // the job is seen publishing at its time without waiting out the rest of the minute.
  const staff = await apiLogin('editor@graca.demo');
  const auth = { authorization: `Bearer ${staff.token}`, 'content-type': 'application/json' };
  const itemApi = `${API}/admin/graca/conteudo/noticia/${/\/(\d+)$/.exec(editorUrl)![1]}`;
  const stored = (await (await fetch(itemApi, { headers: auth })).json()) as {
    status: string;
    publicadoEm: string;
    versao: number;
  };
  expect(stored.status).toBe('agendado');
  expect(new Date(stored.publicadoEm).getTime()).toBe(when.at);
  const dueAt = Date.now() + 10_000;
  const moved = await fetch(`${itemApi}/estado`, {
    method: 'POST',
    headers: auth,
    body: JSON.stringify({
      status: 'agendado',
      versao: stored.versao,
      publicadoEm: new Date(dueAt).toISOString(),
    }),
  });
  expect(moved.status, await moved.clone().text()).toBe(200);

  // not public before its time; the job publishes it then (and the cached list is purged)
  await page.goto(churchUrl('graca', '/news'));
  await expect(page.getByRole('link', { name: title })).toHaveCount(0);
  expect(Date.now(), 'the list was read before the item was due').toBeLessThan(dueAt);
  await expect
    .poll(
      async () => {
        await page.goto(churchUrl('graca', '/news'));
        return page.getByRole('link', { name: title }).count();
      },
      { timeout: 90_000, intervals: [1_000] },
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
  // The scripts' addresses, read afterwards: a body is gone once its page is navigated away from.
  const urls = new Set<string>();
  page.on('response', (response) => {
    if (response.request().resourceType() === 'script') urls.add(response.url());
  });
  for (const path of ['/', '/news', '/devotionals']) await page.goto(churchUrl('graca', path));
  for (const url of urls) {
    const { host, pathname, search } = new URL(url);
    const script = (await hostGet(host.split(':')[0]!, pathname + search)).text;
    expect(script.includes('ProseMirror') || script.includes('tiptap'), url).toBe(false);
  }
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
