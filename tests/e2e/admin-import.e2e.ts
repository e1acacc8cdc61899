// Moving in (docs/staff.md "Moving in"): an admin uploads a member spreadsheet, checks the
// guessed columns and the dry run (read in the background, with the group it will create), imports
// it in the background with a progress bar, and finds the new person in /admin/people. Old
// WordPress addresses on the home page (`/?p=12`) lead to the imported posts, and imported
// gifts are labelled in the member's and the staff's giving lists. A WordPress export with a
// caption and a password-protected post: the caption is a figure on the news page, the protected
// post a draft nobody sees.
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

test('a CPF typo waits for the admin: the line names the member it would merge into until ticked', async ({
  page,
}) => {
  test.setTimeout(180_000);
  await asMember(page, 'admin@grace.demo');
  await page.goto(churchUrl('grace', '/admin/import'));
  await expect(page.getByRole('heading', { level: 1, name: 'Mudança de sistema' })).toBeVisible({
    timeout: 30_000,
  });
  // the second line carries the first one's CPF under another name and e-mail
  const csv = [
    'Nome;E-mail;CPF',
    `Lúcia Prado ${stamp};lucia.${stamp}@exemplo.com;274.815.093-79`,
    `Paulo Reis ${stamp};paulo.${stamp}@exemplo.com;274.815.093-79`,
  ].join('\r\n');
  await page.getByLabel('O que o arquivo traz').selectOption('pessoas');
  await page.getByLabel('Arquivo', { exact: true }).setInputFiles({
    name: 'cpf.csv',
    mimeType: 'text/csv',
    buffer: Buffer.from(csv, 'utf8'),
  });
  await page.getByRole('button', { name: 'Ler o arquivo' }).click();
  const confirm = page.getByRole('group', { name: 'Mesmo CPF, outra pessoa?' });
  await expect(confirm).toBeVisible({ timeout: 30_000 });
  await expect(confirm).toContainText(`Lúcia Prado ${stamp} (lucia.${stamp}@exemplo.com)`);
  await expect(page.locator('.import-counts').first()).toContainText('1 recusadas');
  const { violations } = await new AxeBuilder({ page }).analyze();
  expect(violations.map((v) => v.id)).toEqual([]);
  await confirm.getByLabel('Linha 3: juntar ao membro com este CPF').check();
  await page.getByRole('button', { name: 'Ler de novo com estas escolhas' }).click();
  await expect(page.locator('.import-counts').first()).toContainText('0 recusadas', {
    timeout: 30_000,
  });
  // still offered, ticked, so it can be taken back
  await expect(confirm.getByLabel('Linha 3: juntar ao membro com este CPF')).toBeChecked();
  await expect(page.locator('.import-counts').first()).toContainText('1 a criar');
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

test('a WordPress export with captions and a protected post: figures on the page, the protected one a draft', async ({
  page,
}) => {
  test.setTimeout(180_000);
  const first = 800_000 + (Date.now() % 100_000);
  // the old site's address does not resolve: its image cannot be downloaded, and is never linked
  const site = 'https://igreja-antiga.invalid';
  const wxr = `<?xml version="1.0" encoding="UTF-8"?>
<rss version="2.0" xmlns:content="http://purl.org/rss/1.0/modules/content/" xmlns:dc="http://purl.org/dc/elements/1.1/" xmlns:wp="http://wordpress.org/export/1.2/">
<channel>
  <wp:base_site_url>${site}</wp:base_site_url>
  <item>
    <title>Batismo ${stamp}</title>
    <link>${site}/?p=${first}</link>
    <content:encoded><![CDATA[Domingo de festa.

[caption id="attachment_9" align="aligncenter" width="640"]<img src="${site}/wp-content/uploads/rio.jpg" alt="O rio" width="640" height="480" /> Doze batizados no rio[/caption]

[contact-form-7 id="3" title="Contato"]]]></content:encoded>
    <wp:post_id>${first}</wp:post_id>
    <wp:post_date_gmt>2025-03-09 13:00:00</wp:post_date_gmt>
    <wp:status>publish</wp:status>
    <wp:post_type>post</wp:post_type>
  </item>
  <item>
    <title>Ata ${stamp}</title>
    <link>${site}/?p=${first + 1}</link>
    <content:encoded><![CDATA[Só para membros.]]></content:encoded>
    <wp:post_id>${first + 1}</wp:post_id>
    <wp:post_date_gmt>2025-04-01 12:00:00</wp:post_date_gmt>
    <wp:status>publish</wp:status>
    <wp:post_password>segredo</wp:post_password>
    <wp:post_type>post</wp:post_type>
  </item>
</channel>
</rss>`;
  await asMember(page, 'admin@grace.demo');
  await page.goto(churchUrl('grace', '/admin/import'));
  await expect(page.getByRole('heading', { level: 1, name: 'Mudança de sistema' })).toBeVisible({
    timeout: 30_000,
  });
  await page.getByLabel('O que o arquivo traz').selectOption('posts');
  await page.getByLabel('Arquivo', { exact: true }).setInputFiles({
    name: 'site.WordPress.xml',
    mimeType: 'text/xml',
    buffer: Buffer.from(wxr, 'utf8'),
  });
  await page.getByRole('button', { name: 'Ler o arquivo' }).click();
  // the dry run says what the reading changed, by line
  await expect(
    page.getByRole('cell', {
      name: `“Ata ${stamp}” era privado ou protegido por senha: vem como rascunho, não publicado.`,
    }),
  ).toBeVisible({ timeout: 30_000 });
  await expect(
    page.getByRole('cell', {
      name: `“Batismo ${stamp}”: o shortcode [contact-form-7] não significa nada aqui; removido.`,
    }),
  ).toBeVisible();
  await expect(page.locator('.import-counts').first()).toContainText('2 a criar');
  const { violations } = await new AxeBuilder({ page }).analyze();
  expect(violations.map((v) => v.id)).toEqual([]);

  await page.getByRole('button', { name: 'Importar', exact: true }).click();
  await expect(page.getByRole('heading', { name: 'Concluída' })).toBeVisible({ timeout: 90_000 });
  await expect(
    page.getByText(`Não foi possível baixar ${site}/wp-content/uploads/rio.jpg`),
  ).toBeVisible();

  // the captioned post is public, its caption a figure's, nothing linked to the old site
  const moved = await hostGet('grace.localhost', `/?p=${first}`);
  expect(moved.status).toBe(301);
  await page.goto(churchUrl('grace', moved.headers.location as string));
  await expect(page.getByRole('heading', { level: 1, name: `Batismo ${stamp}` })).toBeVisible();
  await expect(page.locator('figure figcaption')).toHaveText('Doze batizados no rio');
  await expect(page.getByText('[caption')).toHaveCount(0);
  await expect(page.getByText('contact-form-7')).toHaveCount(0);
  expect(await page.locator(`img[src^="${site}"]`).count()).toBe(0);
  // the protected one is a draft: not on the public news list, its page not found
  const hidden = await hostGet('grace.localhost', `/?p=${first + 1}`);
  expect(hidden.status).toBe(301);
  expect((await hostGet('grace.localhost', hidden.headers.location as string)).status).toBe(404);
  await page.goto(churchUrl('grace', `/news?busca=${stamp}`));
  await expect(page.getByText(`Batismo ${stamp}`)).toBeVisible();
  await expect(page.getByText(`Ata ${stamp}`)).toHaveCount(0);

  // undone, so other tests see grace as seeded
  const { token } = await apiLogin('admin@grace.demo');
  const headers = { authorization: `Bearer ${token}` };
  const { importacoes } = (await (
    await fetch(`${API}/admin/grace/importacao`, { headers })
  ).json()) as { importacoes: { id: number; nomeArquivo: string; estado: string }[] };
  const mine = importacoes.find(
    (i) => i.nomeArquivo === 'site.WordPress.xml' && i.estado === 'concluido',
  )!;
  const undone = await fetch(`${API}/admin/grace/importacao/${mine.id}/desfazer`, {
    method: 'POST',
    headers,
  });
  expect(undone.status).toBe(200);
});

test('a ChordPro song with abc notation and {chorus} reads on a phone without scrolling sideways', async ({
  page,
}) => {
  test.setTimeout(120_000);
  const { token } = await apiLogin('admin@grace.demo');
  const title = `Castelo ${stamp}`;
  const song = [
    `{title: ${title}}`,
    '{key: G}',
    '{textsize-piano: 12}',
    '{comment: Tom %{key}}',
    '[G]Castelo forte é [D]nosso Deus',
    '',
    '{start_of_chorus label="Refrão"}',
    '[C]Com ele a [G]vitória',
    '{end_of_chorus}',
    '',
    '[G]Segunda estrofe',
    '{chorus}',
    '',
    '{start_of_abc}',
    'X:1',
    `K:G`,
    '|:GABc dedB|dedB dedB|c2ec B2dB|c2A2 A2BA:|'.repeat(6),
    '{end_of_abc}',
    `[G]${'Aleluia'.repeat(12)}`,
  ].join('\n');
  const undo = await importThroughApi(token, 'louvores', `${stamp}.cho`, song);
  const list = (await (
    await fetch(`${API}/admin/grace/louvor?busca=${encodeURIComponent(title)}`, {
      headers: { authorization: `Bearer ${token}` },
    })
  ).json()) as { louvores: { id: number; titulo: string }[] };
  const id = list.louvores.find((s) => s.titulo === title)!.id;
  await page.setViewportSize({ width: 360, height: 780 });
  await page.goto(churchUrl('grace', `/embed/praise?praiseId=${id}`));
  await expect(page.getByRole('heading', { level: 1, name: title })).toBeVisible();
  await expect(page.getByRole('heading', { name: 'Tom G' })).toBeVisible();
  // the chorus sung again under its heading; notation and directives not shown as lyrics
  await expect(page.getByRole('heading', { name: 'Refrão' })).toHaveCount(2);
  await expect(page.locator('.praise-song')).not.toContainText('dedB');
  await expect(page.locator('.praise-song')).not.toContainText('textsize');
  await expect(page.locator('.praise-song')).not.toContainText('X:1');
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(360);
  await undo();
});
