// The foundation (docs/architecture.md), "how a user will try it": church by host, languages,
// error pages, module gate, the page shell on phones.
import { expect, test } from '@playwright/test';
import { asMember, churchUrl, hostGet, hostUrl, port } from './helpers.ts';

test.describe('church from the host name', () => {
  test('graca.localhost shows Igreja da Graça in Portuguese, with its colour and menu', async ({
    page,
  }) => {
    const errors: string[] = [];
    page.on('console', (m) => m.type() === 'error' && errors.push(m.text()));
    const response = await page.goto(churchUrl('graca'));
    expect(response?.status()).toBe(200);
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Bem-vindo à Igreja da Graça');
    await expect(page.locator('html')).toHaveAttribute('lang', 'pt');
    const nav = page.getByRole('navigation', { name: 'Menu principal' }).first();
    await expect(nav.getByRole('link', { name: 'Notícias' })).toBeVisible();
    // every menu entry's pages are built now (menu entries of unbuilt pages are left out)
    await expect(nav.getByRole('link')).toHaveText([
      'Eventos',
      'Ao vivo',
      'Notícias',
      'Devocionais',
      'Células',
      'Oração',
      'Play',
      'Contribua',
      'Sobre',
    ]);
    const headerColor = await page
      .locator('.site-header')
      .evaluate((el) => getComputedStyle(el).backgroundColor);
    expect(headerColor).toBe('rgb(31, 78, 121)'); // corApp #1f4e79
    await expect(
      page.getByRole('img', { name: 'Bem-vindo! Você é nosso convidado' }),
    ).toBeVisible();
    expect(errors.filter((e) => /Content Security Policy|Refused/.test(e))).toEqual([]);
  });

  test('a custom host name shows the same church', async ({ page }) => {
    await page.goto(hostUrl('igrejadagraca.test'));
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Bem-vindo à Igreja da Graça');
  });

  test('the bare host lists the churches and links to each', async ({ page }) => {
    await page.goto(`http://localhost:${port}/`);
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Igrejas');
    await expect(page.getByRole('link', { name: 'Grace Community Church' })).toHaveAttribute(
      'href',
      churchUrl('grace'),
    );
    await expect(page.getByRole('link', { name: 'Igreja Fechada' })).toHaveCount(0);
    await page.getByRole('searchbox').fill('Austin');
    await page.getByRole('button', { name: 'Buscar' }).click();
    await expect(page.getByRole('main').getByRole('listitem')).toHaveCount(1); // the footer's language list aside
    await page.getByRole('link', { name: 'Grace Community Church' }).click();
    await expect(page.getByRole('heading', { level: 1 })).toHaveText(
      'Bem-vindo à Grace Community Church',
    );
  });
});

test.describe('interface language follows the browser', () => {
  for (const [locale, heading, lang] of [
    ['en-US', 'Welcome to Igreja da Graça', 'en'],
    ['es-AR', 'Bienvenido a Igreja da Graça', 'es'],
    ['de-DE', 'Welcome to Igreja da Graça', 'en'],
  ] as const) {
    test(`${locale} → ${lang}`, async ({ browser }) => {
      const context = await browser.newContext({ locale });
      const page = await context.newPage();
      await page.goto(churchUrl('graca'));
      await expect(page.getByRole('heading', { level: 1 })).toHaveText(heading);
      await expect(page.locator('html')).toHaveAttribute('lang', lang);
      await context.close();
    });
  }
});

test.describe('errors never become a 500', () => {
  test('an inactive church shows the error page', async ({ page }) => {
    const response = await page.goto(churchUrl('fechada'));
    expect(response?.status()).toBe(403);
    await expect(page.getByRole('alert')).toHaveText('Esta igreja não está disponível no momento.');
  });

  test('an unknown church shows the error page', async ({ page }) => {
    const response = await page.goto(churchUrl('nao-existe'));
    expect(response?.status()).toBe(404);
    await expect(page.getByRole('alert')).toHaveText('Não encontramos uma igreja neste endereço.');
  });

  test('an unknown page goes to the error page, which links home', async ({ page }) => {
    const response = await page.goto(churchUrl('graca', '/no-such-page'));
    expect(response?.status()).toBe(404);
    await expect(page.getByRole('alert')).toHaveText('A página que você procura não existe.');
    await page.getByRole('link', { name: 'Voltar ao início' }).click();
    await expect(page).toHaveURL(churchUrl('graca'));
  });

  test('the error page shows its message query', async ({ page }) => {
    await page.goto(churchUrl('graca', '/error?message=HOME.MESSAGE.ERROR.GENERIC'));
    await expect(page.getByRole('alert')).toHaveText(
      'Ocorreu um erro inesperado. Tente novamente em instantes.',
    );
    await page.goto(churchUrl('graca', '/error?message=' + encodeURIComponent('<b>Falhou</b>')));
    await expect(page.getByRole('alert')).toHaveText('<b>Falhou</b>');
  });
});

test.describe('routes', () => {
  test('a module the church lacks sends the visitor home', async ({ page }) => {
    await page.goto(churchUrl('esperanza', '/play'));
    await expect(page).toHaveURL(churchUrl('esperanza'));
    await expect(page.getByRole('heading', { level: 1 })).toHaveText(
      'Bem-vindo à Iglesia Esperanza',
    );
  });

  test('redirecting routes keep their query', async () => {
    const r = await hostGet('graca.localhost', '/login?redirectTo=/user');
    expect(r.status).toBe(302);
    expect(r.headers.location).toBe('/access?redirectTo=/user');
    const give = await hostGet('graca.localhost', '/doacoes');
    expect(give.headers.location).toBe('/give');
  });

  test('the service worker is served', async ({ page }) => {
    const r = await page.goto(churchUrl('graca', '/service-worker.js'));
    expect(r?.status()).toBe(200);
    expect(r?.headers()['content-type']).toContain('javascript');
  });

  test('offline, a page the service worker kept still runs its page script and says so', async ({
    page,
    context,
  }) => {
    await page.goto(churchUrl('graca', '/news'));
    await page.evaluate(() => navigator.serviceWorker.ready.then(() => undefined));
    // once the worker controls the page, a reload keeps the page and its script file
    await expect
      .poll(() => page.evaluate(() => Boolean(navigator.serviceWorker.controller)))
      .toBe(true);
    await page.reload();
    await expect(page.locator('#offline-notice')).toBeHidden();
    await context.setOffline(true);
    try {
      await page.reload();
      await expect(page.locator('#offline-notice')).toBeVisible();
    } finally {
      await context.setOffline(false);
    }
    await expect(page.locator('#offline-notice')).toBeHidden();
  });
});

test('300 concurrent requests in mixed languages each get their own language', async () => {
  const expected = {
    'pt-BR': 'Bem-vindo à Igreja da Graça',
    'en-US': 'Welcome to Igreja da Graça',
    es: 'Bienvenido a Igreja da Graça',
    'de-DE': 'Welcome to Igreja da Graça',
  } as const;
  const langs = Object.keys(expected) as (keyof typeof expected)[];
  const results = await Promise.all(
    Array.from({ length: 300 }, async (_, i) => {
      const lang = langs[i % langs.length]!;
      const r = await hostGet('graca.localhost', '/', { 'Accept-Language': lang });
      return { lang, ok: r.status === 200 && r.text.includes(`>${expected[lang]}<`) };
    }),
  );
  expect(results.filter((r) => !r.ok)).toEqual([]);
});

test('public pages may be cached and revalidate with 304; guarded pages are private', async () => {
  const first = await hostGet('grace.localhost', '/', { 'Accept-Language': 'en-US' });
  expect(first.headers['cache-control']).toBe('public, max-age=0, s-maxage=30');
  // a stale copy is for shared caches only: a browser asks again, so staff changes show at once
  expect(first.headers['cdn-cache-control']).toBe('max-age=30, stale-while-revalidate=300');
  expect(first.headers.vary).toContain('Accept-Language');
  const etag = String(first.headers.etag);
  expect(etag).toMatch(/^W\/"/);
  expect(first.headers['x-church-id']).toBeUndefined();
  const again = await hostGet('grace.localhost', '/', {
    'Accept-Language': 'en-US',
    'If-None-Match': etag,
  });
  expect(again.status).toBe(304);
  const other = await hostGet('grace.localhost', '/', {
    'Accept-Language': 'pt-BR',
    'If-None-Match': etag,
  });
  expect(other.status).toBe(200); // another language is another page
  const error = await hostGet('fechada.localhost', '/');
  expect(error.headers['cache-control']).toBe('no-store');
});

// ---- the page shell on phones and the catch-all (regressions members met) ----

for (const width of [1280, 390]) {
  test(`the header's buttons keep clear of the page's top edge at ${width}px`, async ({
    browser,
  }) => {
    const context = await browser.newContext({ locale: 'pt-BR', viewport: { width, height: 800 } });
    const page = await context.newPage();
    await page.goto(churchUrl('graca', '/'));
    const header = (await page.locator('header.site-header').boundingBox())!;
    const account = (await page.getByRole('link', { name: 'Minha conta' }).boundingBox())!;
    expect(account.y - header.y).toBeGreaterThanOrEqual(6);
    if (width < 1000) {
      const menu = (await page.getByText('Menu', { exact: true }).boundingBox())!;
      expect(menu.y - header.y).toBeGreaterThanOrEqual(6);
    }
    await context.close();
  });
}

// The live tabs, Play's rows and the giving history once widened the whole page on a phone.
test('on a 360px phone no page scrolls sideways, for a member', async ({ browser }) => {
  test.setTimeout(90_000);
  const context = await browser.newContext({
    locale: 'pt-BR',
    viewport: { width: 360, height: 800 },
  });
  const page = await context.newPage();
  await asMember(page);
  const pages: [string, string?][] = [
    ['/'],
    ['/live', '.live-tabs'],
    ['/play', '.play-row'],
    ['/play/browse'],
    ['/give', '.give-reason'],
    ['/event'],
    ['/news'],
    ['/groups'],
    ['/prayer'],
    ['/praise'],
    ['/reading-plans'],
    ['/user'],
    ['/user/notes'],
    ['/user/giving', 'table.give-history td'],
    [`/user/giving/statement?ano=${new Date().getFullYear()}`, '.give-statement'],
  ];
  const wide: string[] = [];
  for (const [path, ready] of pages) {
    await page.goto(churchUrl('graca', path));
    if (ready) await page.locator(ready).first().waitFor();
    const width = await page.evaluate(() => document.documentElement.scrollWidth);
    if (width > 360) wide.push(`${path}: ${width}px`);
  }
  expect(wide).toEqual([]);
  await context.close();
});

test('the catch-all goes to the error page with its message query, as a 404', async ({ page }) => {
  const response = await page.goto(churchUrl('graca', '/no-such-page/at-all'));
  expect(response?.status()).toBe(404);
  await expect(page).toHaveURL(/\/error\?message=error\.pageNotFound$/);
  await expect(page.getByRole('alert')).toHaveText('A página que você procura não existe.');
});

test('each church is an installable web app: a manifest in its colours, icons from its logo, on every layout', async ({
  page,
}) => {
  await page.goto(churchUrl('graca', '/news'));
  const manifestHref = await page.locator('link[rel="manifest"]').getAttribute('href');
  const appleHref = await page.locator('link[rel="apple-touch-icon"]').getAttribute('href');
  expect(manifestHref).toBe('/manifest.webmanifest');
  const found = await page.evaluate(
    async ([manifestUrl, appleUrl]) => {
      const res = await fetch(manifestUrl!);
      const manifest = (await res.json()) as { icons: { src: string }[] } & Record<string, unknown>;
      const icons = await Promise.all(
        [...manifest.icons.map((i) => i.src), appleUrl!].map(async (src) => {
          const icon = await fetch(src);
          const bitmap = await createImageBitmap(await icon.blob());
          return [icon.headers.get('content-type'), bitmap.width, bitmap.height];
        }),
      );
      return {
        type: res.headers.get('content-type'),
        etag: res.headers.get('etag'),
        manifest,
        icons,
      };
    },
    [manifestHref, appleHref],
  );
  expect(found.type).toContain('application/manifest+json');
  expect(found.etag).toBeTruthy();
  expect(found.manifest).toMatchObject({
    name: 'Igreja da Graça',
    short_name: 'Graça',
    start_url: '/',
    scope: '/',
    display: 'standalone',
    theme_color: '#1f4e79',
    background_color: '#1f4e79',
  });
  expect(
    (found.manifest.icons as unknown as { sizes: string; type: string; purpose: string }[]).map(
      (i) => [i.sizes, i.type, i.purpose],
    ),
  ).toEqual([
    ['192x192', 'image/png', 'any'],
    ['512x512', 'image/png', 'any'],
    ['512x512', 'image/png', 'maskable'],
  ]);
  expect(found.icons).toEqual([
    ['image/png', 192, 192],
    ['image/png', 512, 512],
    ['image/png', 512, 512],
    ['image/png', 180, 180],
  ]);
  // Chromium itself finds nothing that stops "Add to home screen" (a test browser is always incognito)
  const cdp = await page.context().newCDPSession(page);
  const { installabilityErrors } = await cdp.send('Page.getInstallabilityErrors');
  expect(installabilityErrors.filter((e) => e.errorId !== 'in-incognito')).toEqual([]);
  // every layout's head links it: home, an event, the Play layout, a chapter of the Bible
  for (const path of ['/', '/event', '/play', '/bible/john/3']) {
    await page.goto(churchUrl('graca', path));
    await expect(page.locator('link[rel="manifest"]'), path).toHaveAttribute(
      'href',
      '/manifest.webmanifest',
    );
  }
  // another church: its own name and colour; the bare host (the church list) has none
  const grace = JSON.parse((await hostGet('grace.localhost', '/manifest.webmanifest')).text);
  expect(grace).toMatchObject({
    name: 'Grace Community Church',
    short_name: 'Grace',
    theme_color: '#9d0208',
  });
  expect((await hostGet('localhost', '/manifest.webmanifest')).status).not.toBe(200);
});
