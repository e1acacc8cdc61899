// The public reading pages (docs/content.md) as a visitor uses them: browse, filter, search, open, page
// to the end, in each language; not-found is a 404; no framework script on any of them; a
// stored <script> never runs.
import AxeBuilder from '@axe-core/playwright';
import { expect, test, type Page } from '@playwright/test';
import { churchUrl, hostGet } from './helpers.ts';

/** The page's external scripts that come from the build (framework/island code). */
async function bundledScripts(page: Page): Promise<string[]> {
  const srcs = await page
    .locator('script[src]')
    .evaluateAll((els) => els.map((el) => (el as HTMLScriptElement).src));
  return srcs.filter((src) => /\/_astro\/.*\.js/.test(src));
}

const journeys = [
  {
    code: 'graca',
    locale: 'pt-BR',
    title: 'Notícias',
    chip: 'Missões',
    search: 'páscoa',
    found: 'Culto de Páscoa terá três horários neste ano',
    button: 'Buscar',
    empty: 'Nenhum resultado encontrado. Tente outra palavra-chave.',
  },
  {
    code: 'grace',
    locale: 'en-US',
    title: 'News',
    chip: 'Missions',
    search: 'easter',
    found: 'Easter services: three times this year',
    button: 'Search',
    empty: 'No results found. Try another keyword.',
  },
  {
    code: 'esperanza',
    locale: 'es-AR',
    title: 'Noticias',
    chip: 'Misiones',
    search: 'pascua',
    found: 'La reunión de Pascua tendrá tres horarios',
    button: 'Buscar',
    empty: 'No se encontraron resultados. Prueba con otra palabra clave.',
  },
] as const;

for (const j of journeys) {
  test(`a visitor in ${j.locale} browses ${j.code}'s news, filters, searches and opens one`, async ({
    browser,
  }) => {
    const context = await browser.newContext({ locale: j.locale });
    const page = await context.newPage();
    const response = await page.goto(churchUrl(j.code, '/news'));
    expect(response?.status()).toBe(200);
    await expect(page.getByRole('heading', { level: 1 })).toHaveText(j.title);
    const cards = page.getByRole('list', { name: j.title }).getByRole('listitem');
    await expect(cards).toHaveCount(12); // first page of 13+
    expect(await bundledScripts(page)).toEqual([]);

    // category filter: a plain link; every card shown carries the category
    await page
      .getByRole('navigation', { name: /categor/i })
      .getByRole('link', { name: j.chip })
      .click();
    await expect(page).toHaveURL(/categoria=\d+/);
    await expect(cards).toHaveCount(2);
    for (const card of await cards.all())
      await expect(card).toContainText(j.chip, { ignoreCase: true });

    // search: a plain GET form, accents and case ignored
    await page.getByRole('link', { name: j.chip === 'Missions' ? 'All' : 'Todas' }).click();
    await page.getByRole('searchbox').fill(j.search.toUpperCase());
    await page.getByRole('button', { name: j.button }).click();
    await expect(page).toHaveURL(/busca=/);
    await expect(cards).toHaveCount(1);
    await page.getByRole('link', { name: j.found }).click();
    await expect(page.getByRole('heading', { level: 1 })).toHaveText(j.found);
    await expect(page.locator('article img').first()).toHaveAttribute('width', '1200');
    expect(await bundledScripts(page)).toEqual([]);

    // a search with no match shows spec §8's message
    await page.goto(churchUrl(j.code, '/news?busca=zzqqxx'));
    await expect(page.getByText(j.empty)).toBeVisible();
    await context.close();
  });
}

test('the podcast pages by 10 until a page has fewer, and then the next link is gone', async ({
  page,
}) => {
  await page.goto(churchUrl('graca', '/podcast'));
  const episodes = page.getByRole('list', { name: 'Podcast' }).getByRole('listitem');
  const next = page.getByRole('link', { name: /Próxima/ });
  await expect(episodes).toHaveCount(10);
  await expect(page.locator('audio[preload="none"]')).toHaveCount(10);
  // the same pager as every other list: numbered pages, the current one marked
  const pager = page.getByRole('navigation', { name: 'Paginação' });
  await expect(pager.getByRole('link', { name: 'Página 1' })).toHaveAttribute(
    'aria-current',
    'page',
  );
  await expect(pager.getByRole('link', { name: 'Página 3' })).toBeVisible();
  await next.click();
  await expect(page).toHaveURL(/page=2/);
  await expect(episodes).toHaveCount(10);
  await next.click();
  await expect(page).toHaveURL(/page=3/);
  await expect(episodes).toHaveCount(3);
  await expect(next).toHaveCount(0);
  await expect(page.getByText('Você chegou ao fim: não há mais episódios.')).toBeVisible();
  await expect(page.getByRole('link', { name: /Anterior/ })).toBeVisible();
  expect(await bundledScripts(page)).toEqual([]);
});

test('on a 360 px phone the search placeholder is read whole, on the podcast and every list', async ({
  browser,
}) => {
  const context = await browser.newContext({
    viewport: { width: 360, height: 740 },
    locale: 'pt-BR',
  });
  const page = await context.newPage();
  for (const path of ['/podcast', '/news']) {
    await page.goto(churchUrl('graca', path));
    const fit = await page.getByRole('searchbox').evaluate((input: HTMLInputElement) => {
      const style = getComputedStyle(input);
      const context = document.createElement('canvas').getContext('2d')!;
      context.font = `${style.fontWeight} ${style.fontSize} ${style.fontFamily}`;
      const room =
        input.clientWidth - parseFloat(style.paddingLeft) - parseFloat(style.paddingRight);
      return { text: context.measureText(input.placeholder).width, room };
    });
    expect(fit.text, path).toBeLessThanOrEqual(fit.room);
  }
  await context.close();
});

test('an unknown news id shows "content does not exist or is unavailable" with a 404', async ({
  page,
}) => {
  const response = await page.goto(churchUrl('graca', '/news/999999'));
  expect(response?.status()).toBe(404);
  await expect(page.getByRole('alert')).toHaveText('O conteúdo não existe ou está indisponível.');
  await expect(page.getByRole('link', { name: 'Todas as notícias' })).toBeVisible();
  // another church's news id is unknown here too
  const raw = await hostGet('grace.localhost', '/news/1');
  expect(raw.status).toBe(404);
});

test('a <script> or onload= stored in a news body never runs', async ({ page }) => {
  const errors: string[] = [];
  page.on('pageerror', (e) => errors.push(e.message));
  await page.goto(churchUrl('graca', `/news?busca=${encodeURIComponent('cara nova')}`));
  await page.getByRole('link', { name: 'Nosso site de notícias de cara nova' }).click();
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(
    'Nosso site de notícias de cara nova',
  );
  await page.waitForLoadState('load');
  expect(
    await page.evaluate(() => (window as unknown as { __contentXss?: string }).__contentXss),
  ).toBeUndefined();
  await expect(page.locator('.rich-text script')).toHaveCount(0);
  await expect(page.locator('.rich-text [onload], .rich-text [onerror]')).toHaveCount(0);
  await expect(page.locator('.rich-text a[href^="javascript:"]')).toHaveCount(0);
  expect(errors).toEqual([]);
});

test('every reading page ships no framework JavaScript', async ({ page }) => {
  const paths = [
    '/news',
    '/devotionals',
    '/ministries',
    '/ebds',
    '/ebds/classe-de-batismo',
    '/publication-types',
    '/publications',
    '/studies',
    '/videos',
    '/podcast',
    '/news/999999',
  ];
  for (const path of paths) {
    await page.goto(churchUrl('graca', path));
    expect(await bundledScripts(page), path).toEqual([]);
  }
  // details reached through their lists
  for (const list of ['/devotionals', '/ministries', '/publications', '/studies', '/videos']) {
    await page.goto(churchUrl('graca', list));
    await page
      .getByRole('list', { name: /./ })
      .getByRole('listitem')
      .first()
      .getByRole('link')
      .first()
      .click();
    await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
    expect(await bundledScripts(page), page.url()).toEqual([]);
  }
});

test('a video opens on YouTube from our own thumbnail, with no player loaded before', async ({
  page,
}) => {
  await page.goto(churchUrl('graca', '/videos'));
  await page.getByRole('link', { name: /Tu és fiel/ }).click();
  await expect(page.locator('iframe')).toHaveCount(0);
  const watch = page.getByRole('link', { name: 'Assistir no YouTube' });
  await expect(watch).toHaveAttribute('href', /^https:\/\/www\.youtube\.com\/watch\?v=[\w-]{11}$/);
  await expect(watch.locator('img')).toHaveAttribute('src', /^\/content\/video-\d+\.svg$/);
  const ld = JSON.parse(
    (await page.locator('script[type="application/ld+json"]').first().textContent()) ?? '{}',
  );
  expect(ld['@type']).toBe('VideoObject');
});

test('studies that are for members show titles and a login prompt to visitors', async ({
  browser,
}) => {
  const context = await browser.newContext({ locale: 'en-US' });
  const page = await context.newPage();
  await page.goto(churchUrl('grace', '/studies'));
  await expect(
    page.getByText('This church’s studies are for members.', { exact: false }),
  ).toBeVisible();
  await page.getByRole('link', { name: 'The prodigal son' }).click();
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('The prodigal son');
  await expect(page.locator('.rich-text')).toHaveCount(0);
  await expect(page.getByRole('link', { name: 'Sign in' }).last()).toHaveAttribute(
    'href',
    /^\/access\?redirectTo=%2Fstudies%2F\d+$/,
  );
  await context.close();
});

test('a member who logs in reads a members-only study; the page stays the visitor’s for others', async ({
  browser,
}) => {
  const context = await browser.newContext({ locale: 'en-US' });
  const page = await context.newPage();
  await page.goto(churchUrl('grace', '/studies'));
  await page.getByRole('link', { name: 'The good Samaritan' }).click();
  await expect(
    page.getByText('This church’s studies are for members.', { exact: false }),
  ).toBeVisible();
  await page.getByRole('link', { name: 'Sign in' }).last().click();
  await page.getByRole('textbox', { name: 'E-mail', exact: true }).fill('member@grace.demo');
  await page.getByRole('button', { name: 'Continue' }).click();
  await page.getByRole('textbox', { name: 'Password', exact: true }).fill('Demo@1234');
  await page.getByRole('button', { name: 'Log in', exact: true }).click();
  // Back on the study (redirectTo): the body the API gives a member, and no prompt.
  await expect(page).toHaveURL(/\/studies\/\d+$/);
  await page.mouse.wheel(0, 1500); // the study's text comes when its place scrolls into view
  await expect(page.locator('.rich-text p').first()).toBeVisible();
  await expect(
    page.getByText('This church’s studies are for members.', { exact: false }),
  ).toHaveCount(0);
  await page.goto(churchUrl('grace', '/studies'));
  await expect(page.getByRole('link', { name: 'The good Samaritan' })).toBeVisible();
  await expect(
    page.getByText('This church’s studies are for members.', { exact: false }),
  ).toHaveCount(0);
  await context.close();

  // A visitor in another browser still gets the prompt, with no body.
  const visitor = await browser.newContext({ locale: 'en-US' });
  const other = await visitor.newPage();
  await other.goto(churchUrl('grace', '/studies'));
  await other.getByRole('link', { name: 'The good Samaritan' }).click();
  await expect(other.getByRole('link', { name: 'Sign in' }).last()).toBeVisible();
  await expect(other.locator('.rich-text')).toHaveCount(0);
  await visitor.close();
});

test('a devotional’s passage opens the Bible at its verses', async ({ page }) => {
  await page.goto(churchUrl('graca', '/devotionals'));
  await page.getByRole('link', { name: 'O Senhor é o meu pastor' }).click();
  await page.getByRole('link', { name: 'Salmos 23:1-4' }).click();
  await expect(page).toHaveURL(/\/bible\/ps\/23\?v=1-4#v1$/);
  await expect(page.getByRole('heading', { level: 1 })).toContainText('Salmos 23');
});

test('news pages are shareable: canonical, Open Graph, Article JSON-LD and an RSS feed', async () => {
  const list = await hostGet('graca.localhost', '/news');
  const id = /href="\/news\/(\d+)"/.exec(list.text)?.[1];
  const detail = await hostGet('graca.localhost', `/news/${id}`);
  expect(detail.text).toMatch(
    /<link rel="canonical" href="http:\/\/graca\.localhost:\d+\/news\/\d+">/,
  );
  expect(detail.text).toContain('<meta property="og:type" content="article">');
  expect(detail.text).toMatch(
    /<meta property="og:image" content="http:\/\/graca\.localhost:\d+\/content\/news-\d+\.svg">/,
  );
  const ld = JSON.parse(
    /<script type="application\/ld\+json">(.*?)<\/script>/.exec(detail.text)![1]!,
  );
  expect(ld).toMatchObject({ '@type': 'Article', publisher: { name: 'Igreja da Graça' } });
  const rss = await hostGet('graca.localhost', '/news/rss.xml');
  expect(rss.status).toBe(200);
  expect(rss.headers['content-type']).toContain('application/rss+xml');
  expect(rss.text.match(/<item>/g)).toHaveLength(12);
  const podcast = await hostGet('graca.localhost', '/podcast/rss.xml');
  expect(podcast.text).toContain('<enclosure url="http://graca.localhost');
});

test('the podcast feed is one podcast apps accept: cover, owner, category, real enclosure lengths', async ({
  page,
}) => {
  await page.goto(churchUrl('graca', '/podcast'));
  // read with a real XML parser (the browser's), as a feed app would
  const feed = await page.evaluate(async () => {
    const IT = 'http://www.itunes.com/dtds/podcast-1.0.dtd';
    const doc = new DOMParser().parseFromString(
      await (await fetch('/podcast/rss.xml')).text(),
      'application/xml',
    );
    const channel = doc.getElementsByTagName('channel')[0]!;
    const own = (name: string) =>
      [...channel.children].filter((e) => e.namespaceURI === IT && e.localName === name);
    const category = own('category')[0];
    const owner = own('owner')[0];
    const coverUrl = own('image')[0]?.getAttribute('href') ?? '';
    const cover = await fetch(coverUrl);
    const bitmap = await createImageBitmap(await cover.blob());
    const enclosures = await Promise.all(
      [...doc.getElementsByTagName('enclosure')].map(async (e) => ({
        length: Number(e.getAttribute('length')),
        bytes: (await (await fetch(e.getAttribute('url')!)).arrayBuffer()).byteLength,
      })),
    );
    return {
      parseError: doc.getElementsByTagName('parsererror').length,
      category: category?.getAttribute('text'),
      subcategory: category?.firstElementChild?.getAttribute('text'),
      explicit: own('explicit')[0]?.textContent,
      author: own('author')[0]?.textContent,
      owner: [...(owner?.children ?? [])].map((e) => [e.localName, e.textContent]),
      cover: { type: cover.headers.get('content-type'), w: bitmap.width, h: bitmap.height },
      rssImage: doc.querySelector('channel > image > url')?.textContent === coverUrl,
      enclosures,
    };
  });
  expect(feed).toMatchObject({
    parseError: 0,
    category: 'Religion & Spirituality',
    subcategory: 'Christianity',
    explicit: 'false',
    author: expect.stringMatching(/\S/),
    owner: [
      ['name', expect.stringMatching(/\S/)],
      ['email', 'contato@graca.demo'],
    ],
    cover: { type: 'image/png', w: 1400, h: 1400 },
    rssImage: true,
  });
  expect(feed.enclosures.length).toBeGreaterThan(10);
  for (const e of feed.enclosures) {
    expect(e.length).toBeGreaterThan(0);
    expect(e.length).toBe(e.bytes);
  }
});

test('content in the church’s language is marked as such when the interface speaks another', async ({
  browser,
}) => {
  const english = await browser.newContext({ locale: 'en-US' });
  const page = await english.newPage();
  await page.goto(churchUrl('graca', '/news'));
  const firstTitle = page.locator('.content-card-title').first();
  await expect(firstTitle).toHaveAttribute('lang', 'pt-BR');
  await firstTitle.getByRole('link').click();
  const article = page.locator('article.content-article');
  await expect(article).toHaveAttribute('lang', 'pt-BR');
  // the page's own words stay English inside it
  await expect(article.locator('.content-back')).toHaveAttribute('lang', 'en');
  await page.goto(churchUrl('graca', '/event'));
  await page.locator('a[href^="/event/"]').first().click();
  await expect(page.locator('#event-title')).toHaveAttribute('lang', 'pt-BR');
  await english.close();
  // a Portuguese reader of the same church: nothing to mark
  const portuguese = await browser.newContext({ locale: 'pt-BR' });
  const pt = await portuguese.newPage();
  await pt.goto(churchUrl('graca', '/news'));
  await pt.locator('.content-card-title a').first().click();
  await expect(pt.locator('article.content-article')).not.toHaveAttribute('lang', /./);
  await expect(pt.locator('html')).toHaveAttribute('lang', 'pt');
  await portuguese.close();
});

// One test per page: axe takes seconds a page on a loaded machine.
const AXE_PATHS = [
  '/news',
  '/news?busca=zzqqxx',
  '/news/999999',
  '/devotionals',
  '/ministries',
  '/ebds',
  '/ebds/classe-de-batismo',
  '/publication-types',
  '/publications',
  '/studies',
  '/videos',
  '/podcast',
  '/podcast?page=3',
];
for (const path of AXE_PATHS) {
  test(`axe finds no violations on ${path}`, async ({ page }) => {
    await page.goto(churchUrl('graca', path));
    const { violations } = await new AxeBuilder({ page }).analyze();
    expect(
      violations.map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`),
      path,
    ).toEqual([]);
  });
}

for (const list of ['/news', '/devotionals', '/ministries', '/publications', '/videos']) {
  test(`axe finds no violations on the first item of ${list}`, async ({ page }) => {
    await page.goto(churchUrl('graca', list));
    await page
      .getByRole('list', { name: /./ })
      .getByRole('listitem')
      .first()
      .getByRole('link')
      .first()
      .click();
    const { violations } = await new AxeBuilder({ page }).analyze();
    expect(
      violations.map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`),
      page.url(),
    ).toEqual([]);
  });
}
