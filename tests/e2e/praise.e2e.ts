// Worship songs (docs/praise.md; spec §2 /embed/praise, §4 zoom, transposition and show type, §8):
// the embed as a musician uses it — with and without JavaScript — and the team's list /praise.
import AxeBuilder from '@axe-core/playwright';
import { expect, test, type Page } from '@playwright/test';
import { apiLogin, API, asMember, churchUrl, hostGet } from './helpers.ts';

// Each test is a few seconds on an idle machine; the margin is for a shared, loaded CI runner.
test.describe.configure({ timeout: 120_000 });

const SONG = 'Sou feliz com Jesus'; // in G, with D/F#, Am7, G7, Dsus4
const SCORE_ONLY = 'Salmo 100 (Velho Centésimo)';
let ids: Record<string, number> = {};

test.beforeAll(async () => {
  const { token } = await apiLogin();
  const res = await fetch(`${API}/igreja/graca/louvor/`, {
    headers: { authorization: `Bearer ${token}` },
  });
  const { louvores } = (await res.json()) as { louvores: { id: number; titulo: string }[] };
  ids = Object.fromEntries(louvores.map((s) => [s.titulo, s.id]));
});

const embed = (title: string, query = '') =>
  churchUrl('graca', `/embed/praise?praiseId=${ids[title]}${query}`);

/** axe on the page; the score's PDF frame is the browser's own viewer, not our markup. */
async function expectNoAxeViolations(page: Page) {
  const { violations } = await new AxeBuilder({ page }).exclude('iframe.praise-pdf').analyze();
  expect(
    violations.map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`),
  ).toEqual([]);
}

const chords = (page: Page) => page.locator('#praise-song .c[data-c]').allTextContents();

test('transposes up twice and back, with the key and spelling shown, and remembers the key on this device', async ({
  page,
}) => {
  await page.goto(embed(SONG));
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(SONG);
  const key = page.locator('#praise-key');
  await expect(key).toHaveText('Tom: G');
  expect((await chords(page)).slice(0, 4)).toEqual(['G', 'D/F♯', 'Em', 'C']);
  await expectNoAxeViolations(page);

  const up = page.getByRole('link', { name: 'Subir meio tom' });
  await up.click();
  await expect(key).toHaveText('Tom: A♭ (+1)');
  expect((await chords(page)).slice(0, 4)).toEqual(['A♭', 'E♭/G', 'Fm', 'D♭']);
  await up.click();
  await expect(key).toHaveText('Tom: A (+2)');
  expect((await chords(page)).slice(0, 8)).toEqual(['A', 'E/G♯', 'F♯m', 'D', 'A', 'Bm7', 'E', 'A']);
  await expect(page).toHaveURL(/[?&]tom=A(&|$)/);

  await page.getByRole('link', { name: 'Voltar ao tom' }).click();
  await expect(key).toHaveText('Tom: G');
  expect((await chords(page)).slice(0, 4)).toEqual(['G', 'D/F♯', 'Em', 'C']);
  await expect(page).not.toHaveURL(/tom=/);

  // Down a semitone, then the same song opened again on this device comes back in that key.
  await page.keyboard.press('[');
  await expect(key).toHaveText('Tom: F♯ (−1)');
  await page.goto(embed(SONG));
  await expect(key).toHaveText('Tom: F♯ (−1)');
  expect((await chords(page)).slice(0, 2)).toEqual(['F♯', 'C♯/F']);
  await page.keyboard.press('0');
  await expect(key).toHaveText('Tom: G');
});

test('zoom moves +3% and −5% and refuses to go past its bounds', async ({ page }) => {
  await page.goto(embed(SONG));
  const zoom = page.locator('#praise-zoom');
  const larger = page.getByRole('button', { name: 'Aumentar letra' });
  const smaller = page.getByRole('button', { name: 'Diminuir letra' });
  const size = () =>
    page.locator('#praise-song').evaluate((el) => parseFloat(getComputedStyle(el).fontSize));
  await expect(zoom).toHaveText('100%');
  const base = await size();
  await larger.click();
  await expect(zoom).toHaveText('103%');
  await smaller.click();
  await expect(zoom).toHaveText('98%');
  await larger.click(); // 1.01
  for (let i = 0; i < 16; i++) await page.keyboard.press('+'); // the shortcut: 16 steps of 0.03
  await expect(zoom).toHaveText('149%');
  expect(await size()).toBeCloseTo(base * 1.49, 0);
  await expect(larger).toHaveAttribute('aria-disabled', 'true');
  await page.keyboard.press('+'); // 1.52 is not below 1.5: refused
  await expect(zoom).toHaveText('149%');
  await expect(page.getByText('Este é o maior tamanho.')).toBeVisible();
  for (let i = 0; i < 15; i++) await page.keyboard.press('-');
  await expect(zoom).toHaveText('74%');
  await expect(smaller).toHaveAttribute('aria-disabled', 'true');
  await page.keyboard.press('-'); // 0.69 is not above 0.7: refused
  await expect(zoom).toHaveText('74%');
  await expect(page.getByText('Este é o menor tamanho.')).toBeVisible();
  // The size is kept for this song on this device.
  await page.reload();
  await expect(zoom).toHaveText('74%');
});

test('auto-scroll keeps moving across lines and pauses on a touch', async ({ browser }) => {
  const context = await browser.newContext({
    hasTouch: true,
    viewport: { width: 390, height: 420 },
    locale: 'pt-BR',
  });
  const page = await context.newPage();
  await page.goto(embed(SONG));
  await page.getByRole('button', { name: 'Aumentar letra' }).click();
  const scroll = page.getByRole('button', { name: 'Rolar' });
  await page.getByRole('slider', { name: 'Velocidade' }).fill('10');
  await scroll.click();
  await expect(page.getByRole('button', { name: 'Pausar' })).toHaveAttribute(
    'aria-pressed',
    'true',
  );
  await expect
    .poll(() => page.evaluate(() => window.scrollY), { timeout: 5000 })
    .toBeGreaterThan(60);
  const before = await page.evaluate(() => window.scrollY);
  await expect
    .poll(() => page.evaluate(() => window.scrollY), { timeout: 5000 })
    .toBeGreaterThan(before + 30);
  await page.touchscreen.tap(200, 400);
  await expect(page.getByRole('button', { name: 'Rolar' })).toHaveAttribute(
    'aria-pressed',
    'false',
  );
  await expect(page.getByText('Rolagem pausada.')).toBeVisible();
  const paused = await page.evaluate(() => window.scrollY);
  await page.waitForTimeout(600);
  expect(await page.evaluate(() => window.scrollY)).toBe(paused);
  await context.close();
});

test('a song with only a score shows the score; the lyrics view and an unknown song', async ({
  page,
}) => {
  await page.goto(embed(SCORE_ONLY));
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(SCORE_ONLY);
  await expect(page.getByRole('img', { name: /Partitura: Old Hundredth/ })).toBeVisible();
  await expect(page.locator('iframe[title="Old Hundredth (PDF)"]')).toHaveAttribute(
    'src',
    '/praise/old-hundredth.pdf',
  );
  await expect(
    page.getByRole('link', { name: 'Abrir Old Hundredth (PDF)' }).last(),
  ).toHaveAttribute('href', '/praise/old-hundredth.pdf');
  await expect(page.getByRole('link', { name: 'Subir meio tom' })).toHaveCount(0);
  await expectNoAxeViolations(page);

  await page.goto(embed(SONG, '&embedColor=7b2cbf'));
  await page
    .getByRole('navigation', { name: 'Exibição' })
    .getByRole('link', { name: 'Letra' })
    .click();
  await expect(page.getByText('Se paz a mais doce me deres gozar,')).toBeVisible();
  await expect(page.locator('#praise-song .c')).toHaveCount(0);
  await expect(page.getByRole('heading', { level: 1 })).toHaveCSS('color', 'rgb(123, 44, 191)');

  const unknown = await page.goto(churchUrl('graca', '/embed/praise?praiseId=999999'));
  expect(unknown?.status()).toBe(404);
  await expect(page.getByRole('alert')).toHaveText(
    'Não foi possível carregar as informações do louvor.',
  );
  await expectNoAxeViolations(page);
  // Another church's song is not this church's.
  const grace = await page.goto(churchUrl('grace', `/embed/praise?praiseId=${ids[SONG]}`));
  expect(grace?.status()).toBe(404);
});

test('with JavaScript off the song is rendered in the key asked for in the URL', async ({
  browser,
}) => {
  const context = await browser.newContext({ javaScriptEnabled: false, locale: 'pt-BR' });
  const page = await context.newPage();
  await page.goto(embed(SONG, '&tom=A'));
  await expect(page.locator('#praise-key')).toHaveText('Tom: A (+2)');
  expect((await chords(page)).slice(0, 4)).toEqual(['A', 'E/G♯', 'F♯m', 'D']);
  await expect(page.getByRole('button', { name: 'Aumentar letra' })).toBeHidden();
  // The key links work as plain links.
  await page.getByRole('link', { name: 'Subir meio tom' }).click();
  await expect(page).toHaveURL(/tom=Bb/);
  await expect(page.locator('#praise-key')).toHaveText('Tom: B♭ (+3)');
  expect((await chords(page)).slice(0, 2)).toEqual(['B♭', 'F/A']);
  await context.close();
});

test('the embed page ships at most 40 KB of gzipped JavaScript in all', async ({ page }) => {
  const { gzipSync } = await import('node:zlib');
  const scripts = new Set<string>();
  page.on('request', (r) => {
    if (r.resourceType() === 'script') scripts.add(r.url());
  });
  await page.goto(embed(SONG), { waitUntil: 'networkidle' });
  await expect(page.locator('astro-island')).toHaveCount(0);
  let total = 0;
  for (const url of scripts) {
    const { hostname, pathname, search } = new URL(url);
    const response = await hostGet(hostname, pathname + search);
    total += gzipSync(response.text).length;
  }
  for (const text of await page.locator('script:not([src])').allTextContents())
    total += gzipSync(text).length;
  expect(scripts.size).toBeGreaterThan(0);
  expect(total).toBeLessThan(40 * 1024);
});

test("the team's list /praise: members search by title, author or theme and open a song; visitors are sent to log in", async ({
  page,
  browser,
}) => {
  const visitor = await browser.newPage();
  await visitor.goto(churchUrl('graca', '/praise'));
  await expect(visitor).toHaveURL(/\/access\?redirectTo=%2Fpraise/, { timeout: 20_000 });
  await visitor.close();

  await asMember(page);
  await page.goto(churchUrl('graca', '/praise'));
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Louvores');
  const songs = page.getByRole('list', { name: 'Louvores' }).getByRole('listitem');
  await expect(songs).toHaveCount(10, { timeout: 30_000 }); // the island hydrates and starts the session first
  await expect(page.getByText('10 louvores')).toBeVisible();
  await expectNoAxeViolations(page);
  const search = page.getByRole('searchbox', { name: 'Buscar por título, autor ou tema' });
  await search.fill('lutero'); // author, without caring for case
  await expect(songs).toHaveCount(1);
  await expect(songs.first()).toContainText('Castelo forte');
  await search.fill('graca'); // title, without the accent
  await expect(songs).toHaveCount(1);
  await expect(songs.first()).toContainText('Chuvas de graça');
  await search.fill('natal'); // theme
  await expect(songs.first()).toContainText('Noite de paz');
  await search.fill('xyz');
  await expect(page.getByText('Nenhum louvor encontrado. Tente outra palavra.')).toBeVisible();
  await search.fill('feliz');
  await songs.first().getByRole('link').click();
  await expect(page).toHaveURL(/\/embed\/praise\?praiseId=\d+$/);
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(SONG);
});

test('members find the songbook in the menu, in another tab too; /louvor leads there; visitors see no entry', async ({
  page,
  browser,
}) => {
  const visitor = await browser.newPage({ locale: 'pt-BR' });
  await visitor.goto(churchUrl('graca', '/'));
  await expect(visitor.getByRole('link', { name: 'Louvores da equipe' })).toHaveCount(0);
  await visitor.close();
  const redirect = await hostGet('graca.localhost', '/louvor');
  expect(redirect.status).toBe(302);
  expect(redirect.headers.location).toBe('/praise');

  await asMember(page);
  await page.goto(churchUrl('graca', '/user')); // the session is restored here…
  await expect(page.getByRole('heading', { name: 'Minha conta' })).toBeVisible();
  // …and a second tab, with an empty session storage, still knows who is in
  const second = await page.context().newPage();
  await second.addInitScript(() => sessionStorage.clear());
  await second.goto(churchUrl('graca', '/'));
  await expect(second.getByRole('link', { name: 'Minha conta' })).toHaveCount(0);
  const entry = second
    .getByRole('navigation', { name: /menu/i })
    .first()
    .getByRole('link', { name: 'Louvores da equipe' });
  await expect(entry).toHaveAttribute('href', '/praise');
});
