// Moving in (docs/staff.md "Moving in"): an admin uploads a member spreadsheet, checks the
// guessed columns and the dry run (read in the background, with the group it will create), imports
// it in the background with a progress bar, and finds the new person in /admin/people. Old
// WordPress addresses on the home page (`/?p=12`) lead to the imported posts, and imported
// gifts are labelled in the member's and the staff's giving lists.
import AxeBuilder from '@axe-core/playwright';
import { expect, test } from '@playwright/test';
import { API, apiLogin, asMember, churchUrl, hostGet } from './helpers.ts';

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
    'Nome completo;E-mail;Fone;Nascimento;Observação;Célula',
    `Márcia Gonçalves ${stamp};marcia.${stamp}@exemplo.com;(11) 98765-4321;15/03/1980;líder de louvor;Casais ${stamp}`,
    `Tomás Peña ${stamp};tomas.${stamp}@exemplo.com;;1985-07-22;;`,
    `Sem Email ${stamp};;;;;`,
  ].join('\r\n');
  await page.getByLabel('O que o arquivo traz').selectOption('pessoas');
  await page.getByLabel('Arquivo', { exact: true }).setInputFiles({
    name: 'membros.csv',
    mimeType: 'text/csv',
    buffer: Buffer.from(`\uFEFF${csv}`, 'utf8'),
  });
  await page.getByRole('button', { name: 'Ler o arquivo' }).click();

  // the dry run is read in the background; then the mapping screen with its guesses (nothing written yet)
  await expect(page.getByLabel('Campo da coluna Nome completo')).toHaveValue('nome', {
    timeout: 30_000,
  });
  await expect(page.getByLabel('Campo da coluna Fone')).toHaveValue('telefone');
  await expect(page.getByLabel('Campo da coluna Observação')).toHaveValue('');
  const counts = page.locator('.import-counts').first();
  await expect(counts).toContainText('2 a criar');
  await expect(counts).toContainText('1 recusadas');
  await expect(
    page.getByRole('cell', { name: 'Sem e-mail: a pessoa precisa de um para ter conta.' }),
  ).toBeVisible();
  // a group the church lacks is created by the import, listed before anything is written
  await expect(page.getByText('Grupos a criar (1)')).toBeVisible();
  await expect(page.getByRole('listitem').filter({ hasText: `Casais ${stamp}` })).toBeVisible();
  // other choices are read again in the background: without the group column, no group to create
  const groupColumn = page.getByLabel('Campo da coluna Célula');
  await groupColumn.selectOption('');
  await page.getByRole('button', { name: 'Ler de novo com estas escolhas' }).click();
  await expect(page.getByText('Grupos a criar (1)')).toBeHidden({ timeout: 30_000 });
  await expect(counts).toContainText('2 a criar', { timeout: 30_000 });
  await expect(page.getByText('Grupos a criar', { exact: false })).toHaveCount(0);
  await groupColumn.selectOption('grupos');
  await page.getByRole('button', { name: 'Ler de novo com estas escolhas' }).click();
  await expect(page.getByText('Grupos a criar (1)')).toBeVisible({ timeout: 30_000 });

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

/** Queues a file through the API as grace's admin and waits for its dry run, then its import. */
async function importThroughApi(token: string, kind: string, name: string, text: string) {
  const base = `${API}/admin/grace/importacao`;
  const headers = { authorization: `Bearer ${token}` };
  const form = new FormData();
  form.append('arquivo', new File([text], name));
  const uploaded = await fetch(`${base}?tipo=${kind}`, { method: 'POST', headers, body: form });
  expect(uploaded.status, await uploaded.clone().text()).toBe(201);
  const { id } = (await uploaded.json()) as { id: number };
  const until = async (state: string) =>
    expect
      .poll(
        async () =>
          ((await (await fetch(`${base}/${id}`, { headers })).json()) as { estado: string }).estado,
        { timeout: 60_000, intervals: [500] },
      )
      .toBe(state);
  await until('analisado');
  const started = await fetch(`${base}/${id}/executar`, { method: 'POST', headers });
  expect(started.status, await started.clone().text()).toBe(202);
  await until('concluido');
  /** Undoes it, so other tests see grace as seeded. */
  return async () => {
    const undone = await fetch(`${base}/${id}/desfazer`, { method: 'POST', headers });
    expect(undone.status, await undone.clone().text()).toBe(200);
  };
}

test('old WordPress addresses on the home page lead to the imported post', async () => {
  test.setTimeout(120_000);
  const { token } = await apiLogin('admin@grace.demo');
  const postId = 700_000 + (Date.now() % 100_000);
  const wxr = `<?xml version="1.0" encoding="UTF-8"?>
<rss version="2.0" xmlns:content="http://purl.org/rss/1.0/modules/content/" xmlns:dc="http://purl.org/dc/elements/1.1/" xmlns:wp="http://wordpress.org/export/1.2/">
<channel>
  <item>
    <title>Post antigo ${stamp}</title>
    <link>https://antigo.example.org/?p=${postId}</link>
    <content:encoded><![CDATA[<p>Texto.</p>]]></content:encoded>
    <wp:post_id>${postId}</wp:post_id>
    <wp:post_date_gmt>2024-01-10 10:00:00</wp:post_date_gmt>
    <wp:status>draft</wp:status>
    <wp:post_type>post</wp:post_type>
  </item>
</channel>
</rss>`;
  // a draft: the address still leads to its page, and no public list shows it meanwhile
  const undo = await importThroughApi(token, 'posts', 'site.xml', wxr);
  const moved = await hostGet('grace.localhost', `/?p=${postId}&utm_source=velho`);
  expect(moved.status).toBe(301);
  expect(moved.headers.location).toMatch(/^\/news\/\d+$/);
  // any other query on the home page is the home page
  expect((await hostGet('grace.localhost', '/?p=1')).status).toBe(200);
  expect((await hostGet('grace.localhost', '/')).status).toBe(200);
  await undo();
  expect((await hostGet('grace.localhost', `/?p=${postId}`)).status).toBe(200);
});

test('imported gifts are labelled in the member’s and the staff’s giving lists', async ({
  page,
}) => {
  test.setTimeout(120_000);
  const { token } = await apiLogin('admin@grace.demo');
  const csv = ['Data;E-mail;Motivo;Valor', `2025-01-05;admin@grace.demo;Dízimo;R$ 12,34`].join(
    '\r\n',
  );
  const undo = await importThroughApi(token, 'doacoes', `doacoes-${stamp}.csv`, csv);
  await asMember(page, 'admin@grace.demo');
  await page.goto(churchUrl('grace', '/user/giving'));
  const row = page.getByRole('row').filter({ hasText: '12,34' }).first();
  await expect(row).toContainText('importada', { timeout: 30_000 });
  // the staff list of that day (its totals table has a row of the amount too)
  await page.goto(churchUrl('grace', '/admin/giving?de=2025-01-05&ate=2025-01-05'));
  const staffRow = page.getByRole('row').filter({ hasText: 'Sarah Johnson' }).first();
  await expect(staffRow).toContainText('importada', { timeout: 30_000 });
  await expect(staffRow.getByRole('button', { name: 'Estornar' })).toHaveCount(0);
  await undo();
});
