// The church home and about (docs/content.md): each block shows only when its module is on and it has content.
import AxeBuilder from '@axe-core/playwright';
import { expect, test, type Page } from '@playwright/test';
import { churchUrl, scriptFilesBesidesPageScript } from './helpers.ts';

async function noFrameworkScripts(page: Page) {
  expect(await scriptFilesBesidesPageScript(page)).toEqual([]);
}

test('graca (pt): banner, events, giving, the week Monday to Sunday, app links', async ({
  page,
}) => {
  await page.goto(churchUrl('graca'));
  await noFrameworkScripts(page);
  await expect(page.getByRole('img', { name: 'Bem-vindo! Você é nosso convidado' })).toBeVisible();
  const ld = JSON.parse(
    (await page.locator('script[type="application/ld+json"]').first().textContent()) ?? '{}',
  );
  expect(ld).toMatchObject({
    '@type': 'Organization',
    name: 'Igreja da Graça',
    telephone: '+55 11 3000-0000',
  });

  const events = page.getByRole('region', { name: 'Próximos eventos' });
  await expect(events.getByRole('listitem')).toHaveCount(3);
  await expect(events.getByRole('link', { name: 'Ver todos os eventos' })).toHaveAttribute(
    'href',
    '/event',
  );
  const first = events.getByRole('listitem').first().getByRole('link');
  await expect(first).toHaveAttribute('href', /^\/event\/\d+$/);

  const give = page.getByRole('region', { name: 'Contribua com a missão' });
  await expect(give.getByRole('link', { name: 'Quero contribuir' })).toHaveAttribute(
    'href',
    '/give',
  );

  const schedule = page.getByRole('region', { name: 'Programação da semana' });
  const days = schedule.getByRole('heading', { level: 3 });
  await expect(days).toHaveText([
    'Segunda-feira',
    'Quarta-feira',
    'Sexta-feira',
    'Sábado',
    'Domingo',
  ]);
  const sunday = schedule
    .getByRole('listitem')
    .filter({ has: page.getByRole('heading', { name: 'Domingo' }) });
  await expect(sunday.locator('time')).toHaveText(['09:00', '10:30', '18:00']);
  const morning = sunday.getByRole('listitem').filter({ hasText: 'Culto da manhã' });
  await expect(morning).toContainText('Ao vivo');
  await expect(
    sunday.getByRole('listitem').filter({ hasText: 'Escola Bíblica Dominical' }),
  ).not.toContainText('Ao vivo');
  await expect(schedule.getByRole('link', { name: 'Assistir às transmissões' })).toHaveAttribute(
    'href',
    '/live',
  );

  const app = page.getByRole('region', { name: 'Leve a igreja no bolso' });
  await expect(app.getByRole('link', { name: 'Baixar na App Store' })).toHaveAttribute(
    'href',
    /^https:\/\/apps\.apple\.com\//,
  );
  await expect(app.getByRole('link', { name: 'Disponível no Google Play' })).toHaveAttribute(
    'href',
    /^https:\/\/play\.google\.com\//,
  );
});

// admin-site.e2e.ts may add a banner to graca meanwhile and move it first: checked by title, not count.
test('graca (pt): every active banner in order, a strip with a numbered link to each, no script', async ({
  page,
}) => {
  await page.goto(churchUrl('graca'));
  await noFrameworkScripts(page);
  // the page's own script file, as on every church page: the strip adds none
  await expect(page.locator('script:not([type="application/ld+json"])')).toHaveCount(1);
  const strip = page.getByRole('region', { name: 'Destaques' });
  const welcome = 'Bem-vindo! Você é nosso convidado';
  const conference = 'Conferência Graça 2026: inscrições abertas';
  const alts = await strip
    .getByRole('img')
    .evaluateAll((els) => els.map((e) => e.getAttribute('alt')));
  expect(alts.indexOf(welcome)).toBeGreaterThanOrEqual(0);
  expect(alts.indexOf(conference)).toBeGreaterThan(alts.indexOf(welcome));
  // the first is the page's main image, sized so nothing shifts; the others wait their turn
  const images = strip.locator('img');
  await expect(images.first()).toHaveAttribute('fetchpriority', 'high');
  await expect(images.first()).toHaveAttribute('width', '1200');
  await expect(images.first()).toHaveAttribute('height', '400');
  await expect(images.nth(1)).toHaveAttribute('loading', 'lazy');
  await expect(images.nth(1)).not.toHaveAttribute('fetchpriority');

  const second = strip.getByRole('img', { name: conference });
  await expect(second).not.toBeInViewport();
  // the number of the banner in view is filled (a scroll-driven animation, no script)
  const numbers = strip.locator('.banner-dots a');
  const filled = () =>
    numbers.evaluateAll((links) =>
      links.map((a) => getComputedStyle(a).backgroundColor !== 'rgba(0, 0, 0, 0)'),
    );
  const isOn = (i: number) => alts.map((_, j) => j === i);
  await expect.poll(filled).toEqual(isOn(alts.indexOf(welcome)));
  // a keyboard reaches it by its numbered link, which shows its focus, and the page stays put
  const link = strip.getByRole('link', { name: new RegExp(`^Destaque \\d+: ${conference}$`) });
  await expect(link).toHaveText(String(alts.indexOf(conference) + 1));
  await link.focus();
  expect(await link.evaluate((a) => getComputedStyle(a).outlineStyle)).toBe('solid');
  await page.keyboard.press('Enter');
  await expect(second).toBeInViewport({ ratio: 0.95 });
  await expect(strip.getByRole('img', { name: welcome })).not.toBeInViewport();
  await link.blur(); // its focus fills it too
  await expect.poll(filled).toEqual(isOn(alts.indexOf(conference)));
  expect(await page.evaluate(() => window.scrollY)).toBe(0);
  // and the banner's own link goes where the staff set it
  await expect(strip.getByRole('link', { name: conference, exact: true })).toHaveAttribute(
    'href',
    '/event',
  );
});

test('grace (en): the schedule in English, Monday first, with 12-hour times', async ({
  browser,
}) => {
  const context = await browser.newContext({ locale: 'en-US' });
  const page = await context.newPage();
  await page.goto(churchUrl('grace'));
  // one banner: the picture alone, no strip and no numbered links
  const banner = page.getByRole('img', { name: 'Welcome! You are our guest' });
  await expect(banner).toHaveAttribute('fetchpriority', 'high');
  await expect(page.getByRole('region', { name: 'Highlights' })).toHaveCount(0);
  await expect(page.locator('a[href^="#banner-"]')).toHaveCount(0);
  const schedule = page.getByRole('region', { name: 'This week' });
  await expect(schedule.getByRole('heading', { level: 3 })).toHaveText([
    'Wednesday',
    'Friday',
    'Sunday',
  ]);
  await expect(schedule.getByText('Morning Worship')).toBeVisible();
  await expect(schedule.locator('time').first()).toHaveText(/^7:00\sPM$/);
  await expect(page.getByRole('region', { name: 'Upcoming events' })).toBeVisible();
  await expect(page.getByRole('region', { name: 'Take church with you' })).toBeVisible();
  await context.close();
});

test('esperanza (es): no MOD_CULTO, so no schedule; no app links, so no app block', async ({
  browser,
}) => {
  const context = await browser.newContext({ locale: 'es-AR' });
  const page = await context.newPage();
  await page.goto(churchUrl('esperanza'));
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(
    'Bienvenido a Iglesia Esperanza',
  );
  await expect(
    page.getByRole('region', { name: 'Próximos eventos' }).getByRole('listitem'),
  ).toHaveCount(2);
  await expect(page.getByRole('link', { name: 'Quiero ofrendar' })).toHaveAttribute(
    'href',
    '/give',
  );
  await expect(page.getByRole('region', { name: 'Horarios de la semana' })).toHaveCount(0);
  await expect(page.getByText('Reunión de oración')).toHaveCount(0);
  await expect(page.getByRole('region', { name: 'Lleva la iglesia contigo' })).toHaveCount(0);
  await noFrameworkScripts(page);
  await context.close();
});

test('about (grace): history without running its stored script, contact, directions, networks', async ({
  browser,
}) => {
  const context = await browser.newContext({ locale: 'en-US' });
  const page = await context.newPage();
  const dialogs: string[] = [];
  page.on('dialog', (d) => {
    dialogs.push(d.message());
    void d.dismiss();
  });
  const response = await page.goto(churchUrl('grace', '/about'));
  expect(response?.status()).toBe(200);
  await noFrameworkScripts(page);
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Grace Community Church');
  const history = page.getByRole('region', { name: 'Our history' });
  await expect(history.getByRole('heading', { name: 'Growing together' })).toBeVisible();
  await expect(history.getByRole('listitem')).toHaveCount(3);
  // the stored <script>, onerror= and javascript: link are gone and never ran
  expect(await history.locator('script, img[onerror], [onmouseover]').count()).toBe(0);
  await expect(history.locator('a[href^="javascript:"]')).toHaveCount(0);
  await history.getByText('Join us this Sunday').hover();
  expect(
    await page.evaluate(() => (window as unknown as { __xss?: boolean }).__xss),
  ).toBeUndefined();
  await expect(page).not.toHaveTitle('hacked');
  expect(dialogs).toEqual([]);

  const contact = page.getByRole('region', { name: 'Contact' });
  await expect(contact.getByRole('link', { name: 'contato@grace.demo' })).toHaveAttribute(
    'href',
    'mailto:contato@grace.demo',
  );
  await expect(contact.getByRole('link', { name: '+1 512 555 0100' })).toHaveAttribute(
    'href',
    'tel:+15125550100',
  );
  const location = page.getByRole('region', { name: 'Where we are' });
  await expect(location).toContainText('100 Congress Ave');
  await expect(location).toContainText('United States');
  const directions = location.getByRole('link', { name: 'Get directions' });
  await expect(directions).toHaveAttribute(
    'href',
    'https://www.google.com/maps/dir/?api=1&destination=30.2672%2C-97.7431',
  );
  const social = page.getByRole('region', { name: 'Social media' });
  await expect(social.getByRole('link')).toHaveText(['Instagram', 'Facebook', 'YouTube']);
  await context.close();
});

test('about (graca, pt) is in Portuguese', async ({ page }) => {
  await page.goto(churchUrl('graca', '/about'));
  await expect(page.getByRole('region', { name: 'Nossa história' })).toContainText(
    'nasceu em 1987',
  );
  await expect(page.getByRole('link', { name: 'Como chegar' })).toHaveAttribute(
    'href',
    /google\.com\/maps\/dir\/.*destination=-23\.5614/,
  );
  await expect(page.getByRole('region', { name: 'Onde estamos' })).toContainText('Brasil');
});

for (const [label, url, locale] of [
  ['graca home', churchUrl('graca'), 'pt-BR'],
  ['grace about', churchUrl('grace', '/about'), 'en-US'],
  ['esperanza about', churchUrl('esperanza', '/about'), 'es-AR'],
] as const) {
  test(`axe: ${label}`, async ({ browser }) => {
    const context = await browser.newContext({ locale });
    const page = await context.newPage();
    await page.goto(url);
    const { violations } = await new AxeBuilder({ page }).analyze();
    expect(
      violations.map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`),
    ).toEqual([]);
    await context.close();
  });
}
