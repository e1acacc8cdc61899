// Watching Play (docs/play.md: watch and my list, the player, protection): a visitor is sent to log
// in; a member without a plan is offered the plans; the demo subscriber watches a closed video (it
// really plays), reloads and resumes at the same second, drives it by keyboard, adds it to their
// list and sees it on /play/my-list; no closed media URL in any page or the service worker cache;
// the watch page's JavaScript, hls.js included, is ≤ 150 KB gzipped.
import { gzipSync } from 'node:zlib';
import AxeBuilder from '@axe-core/playwright';
import { expect, test, type Page } from '@playwright/test';
import { API, asMember, churchUrl, hostGet } from './helpers.ts';

/** The demo subscriber (server/db/seed/play.ts GRACA_SUBSCRIBER) and a member without a plan, both unused by other Play e2e. */
const SUBSCRIBER = 'ricardo.santos@graca.demo';
const NO_PLAN = 'fernanda.alves@graca.demo';

/** The id of the first video a search finds, from its card link. */
async function videoId(page: Page, query: string): Promise<number> {
  await page.goto(churchUrl('graca', `/play/search?q=${encodeURIComponent(query)}`));
  const href = await page.locator('.play-card a').first().getAttribute('href');
  return Number(/\/play\/video\/(\d+)/.exec(href ?? '')![1]);
}

/** Starts a member's video from 0 and out of their list (a retried or repeated test finds it as the last run left it). */
async function resetWatch(session: { token: string; id: number }, contentId: number) {
  const html = (await hostGet('graca.localhost', `/play/watch/${contentId}`)).text;
  const churchId = Number(
    /&quot;church&quot;:\{&quot;id&quot;:(\d+)/.exec(html)?.[1] ??
      /"church":\{"id":(\d+)/.exec(html)?.[1],
  );
  const query = `planoAssinaturaConteudo=${contentId}&igreja=${churchId}&usuario=${session.id}`;
  const headers = { authorization: `Bearer ${session.token}`, 'content-type': 'application/json' };
  const put = await fetch(`${API}/usuario-plano-assinatura-conteudo/posicao/?${query}`, {
    method: 'PUT',
    headers,
    body: JSON.stringify({ posicaoSegundos: 0 }),
  });
  expect(put.status).toBe(204);
  const watch = (await (
    await fetch(`${API}/usuario-plano-assinatura-conteudo/assistir/?${query}`, { headers })
  ).json()) as { itemLista: number | null };
  if (watch.itemLista)
    await fetch(`${API}/usuario-plano-assinatura-conteudo/${watch.itemLista}/`, {
      method: 'DELETE',
      headers,
    });
}

const videoTime = (page: Page) =>
  page.locator('[data-video]').evaluate((v: HTMLVideoElement) => v.currentTime);

test('a visitor on a watch page is sent to log in (back to it afterwards); an unknown video is a 404', async ({
  page,
}) => {
  const id = await videoId(page, 'A graça de Deus');
  await page.goto(churchUrl('graca', `/play/watch/${id}`));
  await expect(page).toHaveURL(
    new RegExp(
      `/access\\?redirectTo=${encodeURIComponent(`/play/watch/${id}`).replace(/[/]/g, '\\/')}`,
    ),
  );
  const missing = await page.goto(churchUrl('graca', '/play/watch/999999'));
  expect(missing?.status()).toBe(404);
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(
    'Conteúdo não encontrado ou indisponível',
  );
});

test('a member without a plan is offered the plans on a closed video, and watches an open one', async ({
  page,
}) => {
  const closed = await videoId(page, 'A graça de Deus');
  const open = await videoId(page, 'Boas-vindas');
  await asMember(page, NO_PLAN);
  await page.goto(churchUrl('graca', `/play/watch/${closed}`));
  await expect(page.getByRole('heading', { name: 'Este vídeo é para assinantes' })).toBeVisible();
  await expect(page.getByRole('heading', { name: 'Mensal' })).toBeVisible();
  await expect(page.getByText('Taxa de adesão: R$ 5,00')).toBeVisible();
  await expect(page.locator('[data-player]')).toBeHidden();
  expect(await page.locator('[data-video]').evaluate((v: HTMLVideoElement) => v.currentSrc)).toBe(
    '',
  );
  expect(await page.content()).not.toMatch(/m3u8|plano-assinatura-midia/);
  const { violations } = await new AxeBuilder({ page }).analyze();
  expect(
    violations.map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`),
  ).toEqual([]);

  await page.goto(churchUrl('graca', `/play/watch/${open}`));
  await expect(page.locator('[data-play-watch][data-ready="true"]')).toBeAttached({
    timeout: 20_000,
  });
  await page.locator('[data-player]').press('k');
  await expect.poll(() => videoTime(page), { timeout: 15_000 }).toBeGreaterThan(0.5);
});

test('a subscriber watches a closed video, resumes after a reload, uses the keyboard and keeps it in my list', async ({
  page,
}) => {
  test.setTimeout(120_000);
  const id = await videoId(page, 'A graça de Deus');
  await resetWatch(await asMember(page, SUBSCRIBER), id);
  const media: string[] = [];
  page.on('request', (r) => {
    if (r.url().includes('/plano-assinatura-midia/')) media.push(r.url());
  });
  await page.goto(churchUrl('graca', `/play/watch/${id}`));
  await expect(page.locator('[data-play-watch][data-ready="true"]')).toBeAttached({
    timeout: 20_000,
  });
  // the page itself (its HTML as served) holds no media URL; the player fetched it
  const html = (await hostGet(`graca.localhost`, `/play/watch/${id}`)).text;
  expect(html).not.toMatch(/m3u8|plano-assinatura-midia|media\/play/);

  // it really plays
  const player = page.locator('[data-player]');
  await player.press('k');
  await expect.poll(() => videoTime(page), { timeout: 15_000 }).toBeGreaterThan(3);
  const saved = page.waitForResponse(
    (r) => r.url().includes('/posicao/') && r.request().method() === 'PUT',
  );
  await player.press('k');
  await saved;
  const at = Math.floor(await videoTime(page));
  expect(media.some((u) => /seg-\d\.m2ts\?u=\d+&e=\d+&s=/.test(u))).toBe(true);

  // reload: it resumes at the same second
  await page.reload();
  await expect(page.locator('[data-play-watch][data-ready="true"]')).toBeAttached({
    timeout: 20_000,
  });
  await expect.poll(async () => Math.floor(await videoTime(page)), { timeout: 10_000 }).toBe(at);

  // keyboard: ← back 5 s, m mute, c captions
  await player.focus();
  await player.press('ArrowLeft');
  await expect.poll(() => videoTime(page)).toBeLessThanOrEqual(Math.max(0, at - 4));
  await player.press('m');
  expect(await page.locator('[data-video]').evaluate((v: HTMLVideoElement) => v.muted)).toBe(true);
  await player.press('c');
  expect(
    await page.locator('[data-video]').evaluate((v: HTMLVideoElement) => v.textTracks[0]?.mode),
  ).toBe('showing');
  // the keys work from the page too, not only on the focused player
  await page.locator('h1').click();
  await page.keyboard.press('ArrowRight');
  await expect.poll(() => videoTime(page)).toBeGreaterThanOrEqual(4);

  // my list
  await page.getByRole('button', { name: '+ Minha lista' }).click();
  await expect(page.getByRole('button', { name: /Na minha lista/ })).toHaveAttribute(
    'aria-pressed',
    'true',
  );
  await page
    .getByRole('navigation', { name: 'Play' })
    .getByRole('link', { name: 'Minha lista' })
    .click();
  await expect(
    page.getByRole('link', { name: /Série Fundamentos — 1\. A graça de Deus/ }),
  ).toBeVisible();
  const { violations } = await new AxeBuilder({ page }).analyze();
  expect(
    violations.map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`),
  ).toEqual([]);

  // no media in the service worker's caches
  const cached = await page.evaluate(async () => {
    if (!('caches' in self)) return [];
    const urls: string[] = [];
    for (const name of await caches.keys())
      for (const r of await (await caches.open(name)).keys()) urls.push(r.url);
    return urls;
  });
  expect(cached.filter((u) => /plano-assinatura-midia|m3u8|m2ts/.test(u))).toEqual([]);

  await page.getByRole('button', { name: /Remover “Série Fundamentos — 1/ }).click();
  await expect(page.getByText('Sua lista está vazia.')).toBeVisible();
});

test('"+ Minha lista" on a card (no JavaScript) adds the video after login', async ({ page }) => {
  await asMember(page, NO_PLAN);
  await page.goto(churchUrl('graca', '/play/search?q=Finanças'));
  await page
    .getByRole('button', {
      name: /Adicionar “Casamento em foco — Finanças do casal” à minha lista/,
    })
    .click();
  await expect(page).toHaveURL(/\/play\/my-list$/);
  await expect(page.getByRole('link', { name: /Finanças do casal/ })).toBeVisible();
  await page.getByRole('button', { name: /Remover/ }).click();
  await expect(page.getByText('Sua lista está vazia.')).toBeVisible();
});

test('the watch page ships at most 150 KB of gzipped JavaScript, hls.js included', async ({
  page,
}) => {
  const id = await videoId(page, 'Boas-vindas');
  const base = churchUrl('graca', '/');
  const html = (await hostGet('graca.localhost', `/play/watch/${id}`)).text;
  // every script the page references, then every module those import (static or dynamic), once
  const seen = new Map<string, number>();
  const queue: string[] = [];
  const refs = (text: string, from: string) => {
    for (const m of text.matchAll(
      /["'`]((?:\.{1,2}\/|\/_astro\/|_astro\/)[^"'`\s]+?\.m?js)["'`]/g,
    )) {
      const path = m[1]!.startsWith('_astro/') ? `/${m[1]}` : m[1]!;
      queue.push(new URL(path, from).href);
    }
  };
  for (const m of html.matchAll(/<script\b[^>]*\bsrc="([^"]+)"/g))
    queue.push(new URL(m[1]!, base).href);
  for (const m of html.matchAll(/<astro-island\b[^>]*?(?:component-url|renderer-url)="([^"]+)"/g))
    queue.push(new URL(m[1]!, base).href);
  let inline = 0;
  for (const m of html.matchAll(/<script\b[^>]*>([\s\S]*?)<\/script>/g)) {
    if (!m[1]!.trim()) continue;
    inline += gzipSync(m[1]!).length;
    refs(m[1]!, base);
  }
  while (queue.length) {
    const url = queue.shift()!;
    if (seen.has(url) || !url.includes('/_astro/')) continue;
    const text = (await hostGet('graca.localhost', new URL(url).pathname)).text;
    seen.set(url, gzipSync(text).length);
    refs(text, url);
  }
  const files = [...seen.keys()];
  expect(
    files.some((u) => /hls/.test(u)),
    files.join('\n'),
  ).toBe(true);
  const total = inline + [...seen.values()].reduce((a, b) => a + b, 0);
  console.log(
    `watch page JS: ${(total / 1024).toFixed(1)} KB gzipped in ${files.length} files + inline`,
  );
  expect(total).toBeLessThanOrEqual(150 * 1024);
});

test('the keyboard help shows with a mouse and keyboard, never on a phone', async ({
  browser,
  page,
}) => {
  const open = await videoId(page, 'Boas-vindas');
  // What the page's CSS does with the help once the player reveals it (its script removes `hidden`).
  const helpShown = (p: Page) =>
    p.locator('[data-keys]').evaluate((el: HTMLElement) => {
      el.hidden = false;
      return getComputedStyle(el).display !== 'none';
    });
  await asMember(page, NO_PLAN);
  await page.goto(churchUrl('graca', `/play/watch/${open}`));
  expect(await helpShown(page)).toBe(true);
  const phone = await browser.newContext({
    isMobile: true,
    hasTouch: true,
    viewport: { width: 360, height: 740 },
    locale: 'pt-BR',
  });
  const mobile = await phone.newPage();
  await asMember(mobile, NO_PLAN);
  await mobile.goto(churchUrl('graca', `/play/watch/${open}`));
  expect(await helpShown(mobile)).toBe(false);
  await phone.close();
});
