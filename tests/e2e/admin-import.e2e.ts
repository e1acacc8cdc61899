// Moving in (docs/staff.md "Moving in"): an admin uploads a member spreadsheet, checks the
// guessed columns and the dry run, imports it in the background with a progress bar, and finds
// the new person in /admin/people.
import AxeBuilder from '@axe-core/playwright';
import { expect, test } from '@playwright/test';
import { asMember, churchUrl } from './helpers.ts';

const stamp = Date.now().toString(36);

// In grace, so graca's people lists other tests count stay as seeded (the interface follows the browser: pt).
test('an admin imports people from a spreadsheet and finds them in People', async ({ page }) => {
  test.setTimeout(180_000);
  await asMember(page, 'admin@grace.demo');
  await page.goto(churchUrl('grace', '/admin/import'));
  // a cold server compiles the page's island on first use
  await expect(page.getByRole('heading', { level: 1, name: 'Mudança de sistema' })).toBeVisible({
    timeout: 30_000,
  });

  const csv = [
    'Nome completo;E-mail;Fone;Nascimento;Observação',
    `Márcia Gonçalves ${stamp};marcia.${stamp}@exemplo.com;(11) 98765-4321;15/03/1980;líder de louvor`,
    `Tomás Peña ${stamp};tomas.${stamp}@exemplo.com;;1985-07-22;`,
    `Sem Email ${stamp};;;;`,
  ].join('\r\n');
  await page.getByLabel('O que o arquivo traz').selectOption('pessoas');
  await page.getByLabel('Arquivo', { exact: true }).setInputFiles({
    name: 'membros.csv',
    mimeType: 'text/csv',
    buffer: Buffer.from(`\uFEFF${csv}`, 'utf8'),
  });
  await page.getByRole('button', { name: 'Ler o arquivo' }).click();

  // the mapping screen with its guesses, and the dry run (nothing written yet)
  await expect(page.getByLabel('Campo da coluna Nome completo')).toHaveValue('nome');
  await expect(page.getByLabel('Campo da coluna Fone')).toHaveValue('telefone');
  await expect(page.getByLabel('Campo da coluna Observação')).toHaveValue('');
  const counts = page.locator('.import-counts').first();
  await expect(counts).toContainText('2 a criar');
  await expect(counts).toContainText('1 recusadas');
  await expect(
    page.getByRole('cell', { name: 'Sem e-mail: a pessoa precisa de um para ter conta.' }),
  ).toBeVisible();

  await page.screenshot({ path: test.info().outputPath('dry-run.png'), fullPage: true });
  const { violations } = await new AxeBuilder({ page }).analyze();
  expect(violations.map((v) => v.id)).toEqual([]);

  await page.getByRole('button', { name: 'Importar', exact: true }).click();
  await expect(page.getByRole('progressbar')).toBeVisible();
  // the background task runs on the server's queue; the page follows it
  await expect(page.getByText('Importada', { exact: true }).first()).toBeVisible({
    timeout: 90_000,
  });
  await expect(page.getByRole('heading', { name: 'Concluída' })).toBeVisible();
  await expect(page.getByRole('button', { name: 'Desfazer esta importação' })).toBeVisible();

  await page.setViewportSize({ width: 360, height: 780 });
  await page.screenshot({ path: test.info().outputPath('done-phone.png'), fullPage: true });
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(360);

  await page.goto(churchUrl('grace', `/admin/people?busca=${stamp}`));
  await expect(page.getByText(`marcia.${stamp}@exemplo.com`)).toBeVisible();
  await expect(page.getByText(`tomas.${stamp}@exemplo.com`)).toBeVisible();
});
