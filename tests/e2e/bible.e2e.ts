// Bible (docs/bible.md): books, chapters, verses, and "go to a reference" in each language.
import AxeBuilder from '@axe-core/playwright';
import { expect, test, type Page } from '@playwright/test';
import { churchUrl, hostGet, scriptFilesBesidesPageScript } from './helpers.ts';

async function noFrameworkScripts(page: Page) {
  expect(await scriptFilesBesidesPageScript(page)).toEqual([]);
}

// Each language reads its own translation: the KJV, the Reina-Valera 1909, the Bíblia Livre (docs/bible.md)
const KJV = {
  text: 'For God so loved the world',
  version: 'Bible text: King James Version (KJV).',
};
const RV1909 = {
  text: 'Porque de tal manera amó Dios al mundo',
  version: 'Texto bíblico: Reina-Valera 1909 (RV1909).',
};
const BLIVRE = {
  text: 'Porque Deus amou o mundo de tal maneira',
  version: 'Texto bíblico: Bíblia Livre (BLIVRE).',
};
for (const { code, locale, typed, button, heading, bible } of [
  {
    code: 'graca',
    locale: 'pt-BR',
    typed: 'João 3:16',
    button: 'Ir',
    heading: 'João 3',
    bible: BLIVRE,
  },
  {
    code: 'grace',
    locale: 'en-US',
    typed: 'John 3:16',
    button: 'Go',
    heading: 'John 3',
    bible: KJV,
  },
  {
    code: 'esperanza',
    locale: 'es-AR',
    typed: 'Juan 3:16',
    button: 'Ir',
    heading: 'Juan 3',
    bible: RV1909,
  },
] as const) {
  test(`${code} (${locale}): typing "${typed}" lands on the verse`, async ({ browser }) => {
    const context = await browser.newContext({ locale });
    const page = await context.newPage();
    await page.goto(churchUrl(code, '/bible'));
    await noFrameworkScripts(page);
    await page.getByRole('searchbox').fill(typed);
    await page.getByRole('button', { name: button, exact: true }).click();
    await expect(page).toHaveURL(churchUrl(code, '/bible/john/3?v=16#v16'));
    await expect(page.getByRole('heading', { level: 1 })).toHaveText(heading);
    const verse = page.locator('#v16');
    await expect(verse).toContainText(bible.text);
    expect(await verse.evaluate((el) => el.matches(':target'))).toBe(true);
    await expect(verse).toBeInViewport();
    await expect(page.locator('.bible-translation')).toHaveText(bible.version);
    await noFrameworkScripts(page);
    await context.close();
  });
}

test('a Portuguese chapter reads the Bíblia Livre, with the credit and licence its licence asks for', async ({
  page,
}) => {
  await page.goto(churchUrl('graca', '/bible/ps/23'));
  await noFrameworkScripts(page);
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Salmos 23');
  const psalm = page.locator('article.scripture');
  await expect(psalm).toHaveAttribute('lang', 'pt');
  await expect(psalm.locator('.verse')).toHaveCount(6);
  await expect(page.locator('#v1')).toContainText('O SENHOR é meu pastor, nada me faltará.');
  await expect(page.locator('#v6')).toContainText('Certamente o bem e a beneficência me seguirão');
  await expect(page.locator('.bible-translation')).toHaveText(BLIVRE.version);
  const credit = page.locator('.bible-credit');
  await expect(credit).toContainText('Copyright © Diego Santos, Mario Sérgio e Marco Teles');
  await expect(credit).toContainText('versão 2025.1.0');
  await expect(
    credit.getByRole('link', { name: 'https://creativecommons.org/licenses/by/3.0/br/' }),
  ).toHaveAttribute('rel', 'license');
  // the next chapter, in Portuguese too
  await page.getByRole('link', { name: /Próximo/ }).click();
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Salmos 24');
  await expect(page.locator('#v1')).toContainText('Do SENHOR é a terra e sua plenitude');
});

test('a range highlights its verses; an abbreviation works', async ({ page }) => {
  await page.goto(churchUrl('graca', '/bible?ref=' + encodeURIComponent('Jo 3:16-18')));
  await expect(page).toHaveURL(churchUrl('graca', '/bible/john/3?v=16-18#v16'));
  for (const n of [16, 17, 18]) await expect(page.locator(`#v${n}`)).toHaveClass(/\bhl\b/);
  for (const n of [15, 19]) await expect(page.locator(`#v${n}`)).not.toHaveClass(/\bhl\b/);
  await page.goto(churchUrl('graca', '/bible?ref=Gn+1'));
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Gênesis 1');
  await expect(page.locator('#v1')).toContainText('No princípio criou Deus os céus e a terra.');
});

test('browse: books by testament → chapters → a chapter → the next one', async ({ page }) => {
  await page.goto(churchUrl('graca', '/bible'));
  await expect(page.getByRole('heading', { name: 'Antigo Testamento' })).toBeVisible();
  const nt = page.getByRole('region', { name: 'Novo Testamento' });
  await expect(nt.getByRole('link')).toHaveCount(27);
  await nt.getByRole('link', { name: /^Romanos/ }).click();
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Romanos');
  await page.getByRole('link', { name: 'Capítulo 8', exact: true }).click();
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Romanos 8');
  await expect(page.locator('#v28')).toContainText(
    'todas as coisas juntamente contribuem para o bem',
  );
  await page.getByRole('link', { name: /Próximo/ }).click();
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Romanos 9');
  await page.getByRole('link', { name: /Anterior/ }).click();
  await expect(page).toHaveURL(churchUrl('graca', '/bible/rom/8'));
  // the last chapter of a book leads to the next book
  await page.goto(churchUrl('graca', '/bible/mal/4'));
  await expect(page.getByRole('link', { name: /Próximo/ })).toHaveAttribute(
    'href',
    '/bible/matt/1',
  );
});

test('a book named in the address in any language goes to its page', async ({ page }) => {
  await page.goto(churchUrl('graca', '/bible/salmos/23'));
  await expect(page).toHaveURL(churchUrl('graca', '/bible/ps/23'));
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Salmos 23');
  await expect(page.locator('#v1')).toContainText('O SENHOR é meu pastor');
  await page.goto(churchUrl('graca', '/bible/Juan'));
  await expect(page).toHaveURL(churchUrl('graca', '/bible/john'));
});

test('an unknown reference, book or chapter says so with a 404', async ({ page }) => {
  const response = await page.goto(
    churchUrl('graca', '/bible?ref=' + encodeURIComponent('Livro 3:16')),
  );
  expect(response?.status()).toBe(404);
  await expect(page.getByRole('alert')).toContainText('Não encontramos a passagem “Livro 3:16”');
  await expect(page.getByRole('searchbox')).toHaveValue('Livro 3:16');
  for (const path of ['/bible/john/22', '/bible/nada/1', '/bible/nada', '/bible/john/abc']) {
    const r = await page.goto(churchUrl('graca', path));
    expect(r?.status(), path).toBe(404);
    await expect(page.getByRole('alert')).toHaveText(
      'Este livro ou capítulo não existe ou está indisponível.',
    );
  }
  const raw = await hostGet('graca.localhost', '/bible/john/99');
  expect(raw.status).toBe(404);
});

for (const path of [
  '/bible',
  '/bible/john',
  '/bible/john/3?v=16#v16',
  '/bible/nada/1',
  '/bible?ref=xyz',
]) {
  test(`axe: ${path}`, async ({ page }) => {
    await page.goto(churchUrl('graca', path));
    const { violations } = await new AxeBuilder({ page }).analyze();
    expect(
      violations.map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`),
    ).toEqual([]);
  });
}
