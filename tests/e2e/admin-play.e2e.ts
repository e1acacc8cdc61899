// The staff's Play (docs/staff.md "Play", docs/play.md "Uploading"): a staff member creates a video,
// a file that is not a video is refused by its content, then a 3-second video made here with the
// same ffmpeg is uploaded in the page with its progress and converted by the task queue to HLS;
// the demo subscriber of grace opens it and it really plays. In grace, so graca's Play counts stay.
import { spawnSync } from 'node:child_process';
import { mkdtempSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { createRequire } from 'node:module';
import path from 'node:path';
import AxeBuilder from '@axe-core/playwright';
import { expect, test } from '@playwright/test';
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
    if (/\/play\/envio\/\d+\/parte\/\d+$/.test(r.url())) chunks.push(r.url());
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
