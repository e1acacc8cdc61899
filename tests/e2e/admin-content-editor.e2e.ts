// The content editor a WordPress or Ghost user expects (docs/content.md "Images and videos in the
// body", docs/staff.md "Content"): an image uploaded into the body with its description, a
// YouTube link that becomes a privacy-friendly player, the side panel on a desktop, one toolbar
// row on a phone, back from a new item's preview to its saved draft, and a kind whose module is
// off. Screenshots of both sizes land in test-results/editor-*.png.
import AxeBuilder from '@axe-core/playwright';
import { expect, test, type Page } from '@playwright/test';
import sharp from 'sharp';
import { API, asMember, churchUrl } from './helpers.ts';

const title = `Cantata de Natal ${Date.now().toString(36)}`;
const ALT = 'O coral cantando no culto de domingo';

const photo = (r: number) =>
  sharp({ create: { width: 1200, height: 800, channels: 3, background: { r, g: 120, b: 90 } } })
    .jpeg()
    .toBuffer();

const axe = async (page: Page) =>
  expect((await new AxeBuilder({ page }).analyze()).violations.map((v) => v.id)).toEqual([]);

/** The page's bundled framework scripts (a zero-JS page has none). */
const bundledScripts = async (page: Page) =>
  (
    await page
      .locator('script[src]')
      .evaluateAll((els) => els.map((el) => (el as HTMLScriptElement).src))
  ).filter((src) => /\/_astro\/.*\.js/.test(src));

test.describe.configure({ mode: 'serial' });

test('an editor puts a described image and a YouTube video in a new post, previews, comes back to the draft and publishes', async ({
  page,
}) => {
  test.setTimeout(180_000);
  await page.setViewportSize({ width: 1280, height: 800 });
  await asMember(page, 'editor@graca.demo');
  await page.goto(churchUrl('graca', '/admin/content/noticia/new'));
  await expect(page.getByRole('heading', { level: 1, name: 'Nova notícia' })).toBeVisible();

  // the side panel sits beside the body, not under it
  const body = page.getByRole('textbox', { name: 'Texto' });
  const panel = page.getByRole('region', { name: 'Publicação' });
  await expect(panel).toBeVisible();
  const bodyBox = (await body.boundingBox())!;
  const panelBox = (await panel.boundingBox())!;
  expect(panelBox.x).toBeGreaterThan(bodyBox.x + bodyBox.width);
  expect(panelBox.y).toBeLessThan(bodyBox.y + bodyBox.height);
  await expect(page.getByRole('button', { name: 'Mais ferramentas' })).toBeHidden();

  await page.getByLabel('Título').fill(title);
  await body.click();
  await page.keyboard.type('Nossa cantata foi linda.');

  // an image through the toolbar: uploaded, then described before it goes in
  const chooser = page.waitForEvent('filechooser');
  await page.getByRole('button', { name: 'Imagem', exact: true }).click();
  await (
    await chooser
  ).setFiles({ name: 'coral.jpg', mimeType: 'image/jpeg', buffer: await photo(40) });
  const alt = page.getByLabel('Descrição da imagem (texto alternativo)');
  await expect(alt).toBeFocused();
  await page.getByRole('button', { name: 'Inserir imagem' }).click();
  await expect(page.getByText('Descreva a imagem para quem não pode vê-la.')).toBeVisible();
  await alt.fill(ALT);
  await page.getByRole('button', { name: 'Inserir imagem' }).click();
  const placed = body.locator('img');
  await expect(placed).toHaveAttribute('alt', ALT);
  await expect(placed).toHaveAttribute(
    'src',
    /^\/api\/v1\/imagem\/conteudo\/\d+-[a-f0-9]{16}\.webp$/,
  );

  // its description stays editable: select it, edit, apply
  await placed.click();
  await page.getByRole('button', { name: 'Descrição da imagem', exact: true }).click();
  await expect(alt).toHaveValue(ALT);
  await alt.fill(`${ALT}.`);
  await page.getByRole('button', { name: 'Aplicar' }).click();
  await expect(placed).toHaveAttribute('alt', `${ALT}.`);

  // a pasted picture is uploaded too (never kept as a data: URL), and asks for its description
  await body.locator('p').first().click();
  await page.keyboard.press('End');
  const pasted = Array.from(await photo(200));
  await body.evaluate((el, bytes) => {
    const data = new DataTransfer();
    data.items.add(new File([new Uint8Array(bytes)], 'colado.jpg', { type: 'image/jpeg' }));
    el.dispatchEvent(
      new ClipboardEvent('paste', { clipboardData: data, bubbles: true, cancelable: true }),
    );
  }, pasted);
  await alt.fill('Crianças com velas');
  await alt.press('Enter');
  await expect(body.locator('img')).toHaveCount(2);
  await expect(body.locator('img[src^="data:"]')).toHaveCount(0);
  // and a dropped one
  const box = (await body.boundingBox())!;
  await body.evaluate(
    (el, { bytes, x, y }) => {
      const data = new DataTransfer();
      data.items.add(new File([new Uint8Array(bytes)], 'solto.jpg', { type: 'image/jpeg' }));
      el.dispatchEvent(
        new DragEvent('drop', {
          dataTransfer: data,
          clientX: x,
          clientY: y,
          bubbles: true,
          cancelable: true,
        }),
      );
    },
    { bytes: pasted, x: box.x + 20, y: box.y + 20 },
  );
  await alt.fill('O templo enfeitado');
  await alt.press('Enter');
  await expect(body.locator('img')).toHaveCount(3);
  await expect(body.locator('img[alt="O templo enfeitado"]')).toHaveCount(1);

  // a video by its link: a foreign address is refused by the field, a YouTube one becomes a card
  await page.getByRole('button', { name: 'Vídeo do YouTube ou Vimeo' }).click();
  const link = page.getByLabel('Link do vídeo no YouTube ou Vimeo');
  await link.fill('https://evil.example/watch?v=dQw4w9WgXcQ');
  await page.getByRole('button', { name: 'Inserir vídeo' }).click();
  await expect(page.getByText('Cole um link de vídeo do YouTube ou do Vimeo.')).toBeVisible();
  await link.fill('https://www.youtube.com/watch?v=dQw4w9WgXcQ');
  await link.press('Enter');
  await expect(body.locator('.content-editor-video')).toContainText('YouTube');
  // the editor loads no player itself
  await expect(page.locator('iframe')).toHaveCount(0);
  await axe(page);
  await page.screenshot({ path: 'test-results/editor-desktop-1280x800.png' });

  // preview of a new item: it is saved first, and back returns to that draft, not an empty form
  await page.getByRole('button', { name: 'Pré-visualizar' }).click();
  await expect(page).toHaveURL(/\/admin\/content\/noticia\/\d+\/preview$/);
  await expect(page.getByRole('heading', { level: 1, name: title })).toBeVisible();
  const id = /noticia\/(\d+)\/preview/.exec(page.url())![1];
  await page.goBack();
  await expect(page).toHaveURL(new RegExp(`/admin/content/noticia/${id}$`));
  await expect(page.getByLabel('Título')).toHaveValue(title);
  await expect(body.locator('img')).toHaveCount(3);
  await expect(body.locator(`img[alt="${ALT}."]`)).toHaveCount(1);
  await expect(body.locator('.content-editor-video')).toHaveCount(1);

  await page.getByRole('button', { name: 'Publicar' }).click();
  await expect(page.getByText('Publicado: os visitantes já veem.')).toBeVisible();

  // the public page: the image with its description and size, lazily loaded; the nocookie player; no framework JS
  await page.goto(churchUrl('graca', `/news/${id}`));
  await expect(page.getByRole('heading', { level: 1, name: title })).toBeVisible();
  await expect(page.locator('.rich-text img')).toHaveCount(3);
  const image = page.getByRole('img', { name: `${ALT}.` });
  await expect(image).toHaveAttribute('alt', `${ALT}.`);
  await expect(image).toHaveAttribute('width', '1200');
  await expect(image).toHaveAttribute('height', '800');
  await expect(image).toHaveAttribute('loading', 'lazy');
  await expect(image).toHaveAttribute('src', /^\/api\/v1\/imagem\/conteudo\//);
  const player = page.locator('.rich-text iframe');
  await expect(player).toHaveAttribute('src', 'https://www.youtube-nocookie.com/embed/dQw4w9WgXcQ');
  await expect(player).toHaveAttribute('loading', 'lazy');
  await expect(player).toHaveAttribute('title', /YouTube/);
  expect(await bundledScripts(page)).toEqual([]);
  await axe(page);
  expect(await image.evaluate((el: HTMLImageElement) => el.complete && el.naturalWidth)).toBe(1200);

  // archived again, so the seed's news lead the list for other tests
  await page.goto(churchUrl('graca', `/admin/content/noticia/${id}`));
  await page.getByRole('button', { name: 'Arquivar' }).click();
  await expect(page.getByText('Arquivado: os visitantes não veem mais.')).toBeVisible();
});

test('on a phone the toolbar is one row with the rest in a "more" menu', async ({ page }) => {
  await page.setViewportSize({ width: 390, height: 844 });
  await asMember(page, 'editor@graca.demo');
  await page.goto(churchUrl('graca', '/admin/content/noticia/new'));
  const toolbar = page.getByRole('toolbar', { name: 'Formatação do texto' });
  await expect(toolbar.getByRole('button', { name: 'Negrito' })).toBeVisible();
  const more = toolbar.getByRole('button', { name: 'Mais ferramentas' });
  await expect(more).toBeVisible();
  await expect(more).toHaveAttribute('aria-expanded', 'false');
  // every tool shown shares one row, and nothing scrolls sideways
  const tops = await toolbar
    .getByRole('button')
    .evaluateAll((els) =>
      els
        .filter((el) => (el as HTMLElement).offsetParent)
        .map((el) => el.getBoundingClientRect().top),
    );
  expect(tops.length).toBeGreaterThanOrEqual(5);
  expect(new Set(tops.map(Math.round)).size).toBe(1);
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
  await expect(toolbar.getByRole('button', { name: 'Lista com marcadores' })).toBeHidden();
  await axe(page);
  await page.screenshot({ path: 'test-results/editor-phone-390x844.png' });

  await more.click();
  await expect(more).toHaveAttribute('aria-expanded', 'true');
  await page.getByRole('button', { name: 'Lista com marcadores' }).click();
  await expect(page.getByRole('textbox', { name: 'Texto' }).locator('ul')).toHaveCount(1);
  await expect(more).toHaveAttribute('aria-expanded', 'false');
  await page.screenshot({ path: 'test-results/editor-phone-390x844-more.png' });
});

// esperanza has no EBD module by its seed: no church's modules are switched while other files run.
test('a kind whose module is off says so and links to the modules setting', async ({ page }) => {
  const modules = (
    (await (await fetch(`${API}/igreja/esperanza/modulo`)).json()) as {
      modulos: ({ codigo: string; ativo?: boolean } | string)[];
    }
  ).modulos
    .filter((m) => typeof m === 'string' || m.ativo !== false)
    .map((m) => (typeof m === 'string' ? m : m.codigo));
  expect(modules).not.toContain('MOD_EBD');
  await asMember(page, 'admin@esperanza.demo');
  await page.goto(churchUrl('esperanza', '/admin/content/ebd'));
  await expect(page.getByText(/O módulo Escola Bíblica Dominical está desligado/)).toBeVisible();
  const link = page.getByRole('link', { name: 'Ligar o módulo nas configurações' });
  await expect(link).toHaveAttribute('href', '/admin/settings#site-modules');
  await axe(page);
  await page.goto(churchUrl('esperanza', '/admin/content/ebd/new'));
  await expect(link).toBeVisible();
});
