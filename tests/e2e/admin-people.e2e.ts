// The treasurer's giving and the admin's people pages (docs/staff.md "Giving", "People"): a
// treasurer filters a month, the totals equal the listed gifts and the CSV; an admin finds a
// member, opens their page and gives a role; a content editor is kept out of the money.
import { readFile } from 'node:fs/promises';
import AxeBuilder from '@axe-core/playwright';
import { expect, test } from '@playwright/test';
import { churchTimeZone, churchToday } from '../../common/time-zone.ts';
import { asMember, churchUrl } from './helpers.ts';

test.describe.configure({ mode: 'serial' });

const DAY = 86_400_000;
/** "R$ 1.075,00" → 107500 (cents). */
const cents = (text: string) => Number(text.replace(/[^\d,]/g, '').replace(',', '.')) * 100;

test('a treasurer filters a month and exports its CSV; the numbers add up', async ({ page }) => {
  await asMember(page, 'tesoureiro@graca.demo');
  await page.goto(churchUrl('graca', '/admin/giving'));
  await expect(page.getByRole('heading', { level: 1, name: 'Doações' })).toBeVisible();
  // a month with the demo gifts seeded 30 and 45 days before the server started, on graca's
  // calendar as the filter reads it: the month of the day between them holds one at least (a month
  // is longer than their 15 days), however many minutes the seed ran before this test, even across
  // a month's first midnight there (00:00 in São Paulo, 03:00 UTC)
  const month = churchToday(churchTimeZone('BR', 'pt'), Date.now() - 37.5 * DAY).slice(0, 7);
  await page.getByLabel('Mês', { exact: true }).fill(month);
  await expect(page).toHaveURL(new RegExp(`de=${month}-01&ate=${month}-\\d\\d`));
  // the filter lives in the address: opened from it, no total of the previous filter can be read
  await page.reload();
  const total = page.getByTestId('giving-total');
  await expect(total).not.toHaveText('R$ 0,00');
  await expect(page.getByRole('status').filter({ hasText: /doaç/ })).toBeVisible();
  const shown = cents((await total.textContent())!);
  const footer = page.getByRole('row').filter({ hasText: 'Soma de todas as doações filtradas' });
  expect(cents((await footer.textContent())!)).toBe(shown);
  // the chart is drawn (chart.js loaded on this page only)
  await expect(page.locator('.giving-chart canvas')).toBeVisible();

  const download = page.waitForEvent('download');
  await page.getByRole('button', { name: 'Exportar CSV' }).click();
  const file = await (await download).path();
  const bytes = await readFile(file);
  expect([...bytes.subarray(0, 3)]).toEqual([0xef, 0xbb, 0xbf]);
  const rows = bytes
    .toString('utf8')
    .replace(/^\uFEFF/, '')
    .trim()
    .split('\r\n');
  // graca is a Portuguese church: ';' between columns and a decimal comma (docs/staff.md "CSV files")
  expect(rows[0]).toBe('Data;Pedido;Doador;E-mail;Forma de pagamento;Situação;Motivos;Valor');
  const csvCents = rows
    .slice(1)
    .reduce(
      (sum, row) => sum + Math.round(Number(row.split(';').at(-1)!.replace(',', '.')) * 100),
      0,
    );
  expect(csvCents).toBe(shown);
  expect(rows.slice(1).every((r) => r.startsWith(month))).toBe(true);

  const { violations } = await new AxeBuilder({ page }).analyze();
  expect(violations.map((v) => v.id)).toEqual([]);
  // on a phone nothing scrolls sideways
  await page.setViewportSize({ width: 360, height: 780 });
  await expect
    .poll(() => page.evaluate(() => document.documentElement.scrollWidth))
    .toBeLessThanOrEqual(360);
});

test('a treasurer adds a giving reason and /give offers it at once', async ({ page }) => {
  const name = `Cestas ${Date.now().toString(36)}`;
  await asMember(page, 'tesoureiro@graca.demo');
  await page.goto(churchUrl('graca', '/admin/giving/reasons'));
  await page.getByRole('button', { name: 'Novo motivo' }).click();
  await page.getByLabel('Nome').fill(name);
  await page.getByRole('button', { name: 'Salvar' }).first().click();
  await expect(page.getByText(`“${name}” salvo.`)).toBeVisible();
  const { violations } = await new AxeBuilder({ page }).analyze();
  expect(violations.map((v) => v.id)).toEqual([]);
  await page.goto(churchUrl('graca', '/give'));
  await expect(page.getByText(name, { exact: true })).toBeVisible();
});

test('a content editor sees no money', async ({ page }) => {
  await asMember(page, 'editor@graca.demo');
  await page.goto(churchUrl('graca', '/admin/giving'));
  await expect(page.getByText('Você não tem acesso a esta parte da área da equipe.')).toBeVisible();
});

test('an admin finds a member, opens their page and gives a role', async ({ page }) => {
  await asMember(page, 'lider@graca.demo');
  await page.goto(churchUrl('graca', '/admin/people'));
  await expect(page.getByRole('heading', { level: 1, name: 'Pessoas' })).toBeVisible();
  await page.getByLabel('Buscar').fill('98765-4321');
  await page.getByRole('button', { name: 'Buscar' }).click();
  await expect(page).toHaveURL(/busca=98765-4321/);
  await expect(page.getByRole('status')).toHaveText('1 pessoa');
  await page.getByRole('link', { name: 'Maria Souza' }).click();
  await expect(page.getByRole('heading', { level: 1, name: /Maria Souza/ })).toBeVisible();
  await expect(page.getByRole('heading', { name: 'Células' })).toBeVisible();
  await expect(page.getByRole('heading', { name: 'Doações' })).toBeVisible();
  await page.getByLabel('Moderação do chat').check();
  await page.getByRole('button', { name: 'Salvar papéis' }).click();
  await expect(page.getByText('Papéis salvos.')).toBeVisible();
  // taking a role away asks first, naming it; cancelling keeps it
  await page.getByLabel('Moderação do chat').uncheck();
  await page.getByRole('button', { name: 'Salvar papéis' }).click();
  const ask = page.getByRole('dialog', { name: 'Tirar funções de Maria Souza?' });
  await expect(ask.getByRole('listitem')).toHaveText(['Moderação do chat']);
  const { violations } = await new AxeBuilder({ page }).analyze();
  expect(violations.map((v) => v.id)).toEqual([]);
  await ask.getByRole('button', { name: 'Cancelar' }).last().click();
  await expect(page.getByText('Papéis salvos.')).toBeVisible(); // still the first save's notice
  await page.getByRole('button', { name: 'Salvar papéis' }).click();
  await ask.getByRole('button', { name: 'Tirar as funções' }).click();
  await expect(ask).toBeHidden();
  await expect(page.getByText('Papéis salvos.')).toBeVisible();
  await page.reload();
  await expect(page.getByLabel('Moderação do chat')).not.toBeChecked();

  // one's own page offers no deactivation and no role change, which the server refuses
  await page.goto(churchUrl('graca', '/admin/people'));
  await page.getByLabel('Buscar').fill('lider@graca.demo');
  await page.getByRole('button', { name: 'Buscar' }).click();
  await page.getByRole('link', { name: 'João Pereira' }).click();
  await expect(page.getByText('Esta é a sua conta:', { exact: false })).toBeVisible();
  await expect(page.getByRole('button', { name: 'Desativar' })).toHaveCount(0);
  await expect(page.getByRole('button', { name: 'Salvar papéis' })).toHaveCount(0);
  await page.goto(churchUrl('graca', '/admin/people/requests'));
  await expect(page.getByRole('heading', { level: 1, name: 'Pedidos de exclusão' })).toBeVisible();
});
