// The staff's Play (docs/staff.md "Play", docs/play.md "Uploading"): a staff member creates a video,
// a file that is not a video is refused by its content, then a 3-second video made here with the
// same ffmpeg is uploaded in the page with its progress and converted by the task queue to HLS;
// the demo subscriber of grace opens it and it really plays. Plans are reordered with the keyboard
// and the public plans page follows; a collection gets an image shown on the Play home.
// In grace, so graca's Play counts stay.
import { spawnSync } from 'node:child_process';
import { mkdtempSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { createRequire } from 'node:module';
import path from 'node:path';
import AxeBuilder from '@axe-core/playwright';
import { expect, test } from '@playwright/test';
import sharp from 'sharp';
import { asMember, churchUrl } from './helpers.ts';

const FFMPEG = path.join(
  path.dirname(createRequire(import.meta.url).resolve('@ffmpeg-installer/linux-x64/package.json')),
  'ffmpeg',
);
const title = `Culto de teste ${Date.now().toString(36)}`;
let videoId = 0;

test.describe.configure({ mode: 'serial' });

test('a staff member uploads a video: a non-video is refused, the video is sent, converted and ready', async ({
  page,
}) => {
  test.setTimeout(180_000);
  const file = path.join(mkdtempSync(path.join(tmpdir(), 'admin-play-')), 'culto.mp4');
  const made = spawnSync(FFMPEG, [
    ...['-v', 'error', '-y', '-f', 'lavfi', '-i', 'testsrc=size=640x360:rate=25'],
    ...['-f', 'lavfi', '-i', 'sine=frequency=440', '-t', '3', '-c:v', 'libx264'],
    ...['-pix_fmt', 'yuv420p', '-c:a', 'aac', file],
  ]);
  expect(made.status, String(made.stderr)).toBe(0);

  await asMember(page, 'admin@grace.demo');
  await page.goto(churchUrl('grace', '/admin/play'));
  await expect(page.getByRole('heading', { level: 1, name: 'Play' })).toBeVisible({
    timeout: 30_000,
  });
  await page.getByRole('link', { name: 'Novo vídeo' }).click();
  await page.getByLabel('Título').fill(title);
  await page.getByLabel('Destaque').check();
  await page.getByRole('button', { name: 'Criar' }).click();
  await expect(page).toHaveURL(/\/admin\/play\/\d+$/);
  videoId = Number(/\/admin\/play\/(\d+)$/.exec(page.url())![1]);
  await expect(page.getByRole('heading', { level: 1, name: title })).toBeVisible({
    timeout: 30_000,
  });
  await expect(page.getByText('Sem arquivo')).toBeVisible();

  // a document renamed .mp4 is refused by what it contains
  await page.getByLabel('Escolha o arquivo do vídeo').setInputFiles({
    name: 'sermao.mp4',
    mimeType: 'video/mp4',
    buffer: Buffer.from('%PDF-1.7 not a video at all\n'.repeat(20)),
  });
  await expect(page.getByText('Este arquivo não é um vídeo.', { exact: false })).toBeVisible();

  const chunks: string[] = [];
  page.on('request', (r) => {
    // chunks go through XMLHttpRequest, whose upload progress moves the bar within a chunk
    if (/\/play\/envio\/\d+\/parte\/\d+$/.test(r.url())) chunks.push(r.resourceType());
  });
  await page.getByLabel('Escolha o arquivo do vídeo').setInputFiles({
    name: 'culto.mp4',
    mimeType: 'video/mp4',
    buffer: readFileSync(file),
  });
  // converting shows its own progress bar, then the video is ready
  await expect(
    page.getByText(/Convertendo|Aguardando para começar|O vídeo está pronto/).first(),
  ).toBeVisible({
    timeout: 30_000,
  });
  await expect(page.getByText('O vídeo está pronto para assistir.')).toBeVisible({
    timeout: 120_000,
  });
  await expect(page.locator('.play-media-pronto')).toHaveText('Pronto');
  expect(chunks.length).toBeGreaterThanOrEqual(1);
  expect(new Set(chunks)).toEqual(new Set(['xhr']));
  // the poster the conversion made is shown in the form
  await expect(page.locator('img.play-poster')).toHaveAttribute('src', /plano-assinatura-capa/);

  const { violations } = await new AxeBuilder({ page }).analyze();
  expect(
    violations.map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`),
  ).toEqual([]);

  await page.goto(churchUrl('grace', '/admin/play'));
  await expect(page.getByRole('link', { name: title })).toBeVisible();
  await page.setViewportSize({ width: 360, height: 780 });
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(360);
});

test('the subscriber opens the uploaded video and it plays', async ({ page }) => {
  test.skip(!videoId, 'needs the uploaded video');
  await asMember(page, 'sarah.johnson@grace.demo');
  const segments: string[] = [];
  page.on('request', (r) => {
    if (/\/plano-assinatura-midia\/\d+\/v\d+-\d-\d+\.ts\?/.test(r.url())) segments.push(r.url());
  });
  await page.goto(churchUrl('grace', `/play/watch/${videoId}`));
  await expect(page.locator('[data-play-watch][data-ready="true"]')).toBeAttached({
    timeout: 20_000,
  });
  await page.locator('[data-player]').press('k');
  await expect
    .poll(() => page.locator('[data-video]').evaluate((v: HTMLVideoElement) => v.currentTime), {
      timeout: 20_000,
    })
    .toBeGreaterThan(0.5);
  expect(segments.length).toBeGreaterThan(0);
});

test('plans are reordered with the keyboard, and the public plans page follows', async ({
  page,
}) => {
  await asMember(page, 'admin@grace.demo');
  await page.goto(churchUrl('grace', '/admin/play/plans'));
  const names = () => page.locator('tr[data-plan-row] td:first-child').allInnerTexts();
  await expect(page.locator('tr[data-plan-row]').first()).toBeVisible({ timeout: 30_000 });
  const before = await names();
  expect(before.length).toBeGreaterThanOrEqual(2);
  const [first, second] = [before[0]!, before[1]!];
  await expect(page.getByRole('button', { name: `Subir “${first}”` })).toBeDisabled();

  // keyboard only: focus "move up" on the second plan and press Enter
  await page.getByRole('button', { name: `Subir “${second}”` }).focus();
  await page.keyboard.press('Enter');
  await expect(
    page.getByRole('status').filter({ hasText: `“${second}” agora é o 1º plano.` }),
  ).toBeAttached();
  await expect.poll(names).toEqual([second, first, ...before.slice(2)]);
  // the focus stays on the moved plan (its "up" is now disabled, so on its "down")
  await expect(page.getByRole('button', { name: `Descer “${second}”` })).toBeFocused();
  const { violations } = await new AxeBuilder({ page }).analyze();
  expect(violations.map((v) => v.id)).toEqual([]);

  await page.reload();
  await expect.poll(names).toEqual([second, first, ...before.slice(2)]);
  await page.goto(churchUrl('grace', '/play/plans'));
  const shown = await page.locator('.play-plan h2').allInnerTexts();
  expect(shown.indexOf(second)).toBeLessThan(shown.indexOf(first));

  // back as it was, for the other tests
  await page.goto(churchUrl('grace', '/admin/play/plans'));
  await page.getByRole('button', { name: `Descer “${second}”` }).click();
  await expect.poll(names).toEqual(before);
});

test('a collection gets an image from the staff page, shown on the Play home', async ({ page }) => {
  const name = `Série com imagem ${Date.now().toString(36)}`;
  const png = await sharp({
    create: { width: 640, height: 360, channels: 3, background: '#7b2cbf' },
  })
    .png()
    .toBuffer();
  await asMember(page, 'admin@grace.demo');
  await page.goto(churchUrl('grace', '/admin/play/collections'));
  const form = page.getByRole('form', { name: 'Criar' });
  await form.getByLabel('Título').fill(name);
  await form
    .getByLabel('Imagem da coletânea')
    .setInputFiles({ name: 'serie.png', mimeType: 'image/png', buffer: png });
  // sent to the image store at once: the remove button appears with the stored image
  await expect(form.getByRole('button', { name: 'Remover a imagem' })).toBeVisible();
  await expect(form.locator('img.staff-image-preview')).toBeVisible();
  await form.getByRole('button', { name: 'Criar' }).click();
  const row = page.locator('.staff-list > li').filter({ hasText: name });
  await expect(row.locator('img.play-collection-thumb')).toHaveAttribute(
    'src',
    /^\/api\/v1\/imagem\/conteudo\//,
  );
  const src = await row.locator('img.play-collection-thumb').getAttribute('src');
  await page.reload();
  await expect(row.locator('img.play-collection-thumb')).toHaveAttribute('src', src!);
  const { violations } = await new AxeBuilder({ page }).analyze();
  expect(violations.map((v) => v.id)).toEqual([]);

  // the edit form shows the stored image
  await row.getByRole('button', { name: 'Editar' }).click();
  const edit = page.getByRole('form', { name: 'Salvar' });
  await expect(edit.locator('img.staff-image-preview')).toHaveAttribute('src', src!);

  expect(await page.evaluate(async (url) => (await fetch(url)).status, src!)).toBe(200);
  await page.goto(churchUrl('grace', '/play'));
  await expect(
    page.locator('.play-collections a').filter({ hasText: name }).locator('img'),
  ).toHaveAttribute('src', src!);
});
