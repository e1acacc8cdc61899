// Sermon notes (spec §2 /user/notes, §4 editor rules, §8 "note delete failed") as a member uses
// them: write and reload, the title rule, empty-and-leave deletes, offline typing saved once, two
// tabs on one note, a Bible reference becoming a link, delete with confirmation, axe on each page,
// and the editor page's JavaScript budget (≤ 60 KB gzipped). Texts are unique per run.
import AxeBuilder from '@axe-core/playwright';
import { expect as baseExpect, test, type Browser, type Page } from '@playwright/test';
import { API, apiLogin, asMember, churchUrl, hostGet } from './helpers.ts';

// generous waits: the shared 2-core test machine is often loaded by parallel builds
const expect = baseExpect.configure({ timeout: 30_000 });
test.describe.configure({ timeout: 120_000 }); // a loaded 2-core machine; the file runs in about a minute alone

const run = `${Date.now().toString(36)}${Math.floor(Math.random() * 1e4)}`;

async function memberPage(browser: Browser): Promise<Page> {
  const context = await browser.newContext({ locale: 'pt-BR' });
  const page = await context.newPage();
  await asMember(page);
  return page;
}

async function expectNoAxeViolations(page: Page) {
  const { violations } = await new AxeBuilder({ page }).analyze();
  expect(
    violations.map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`),
    page.url(),
  ).toEqual([]);
}

/** The member's notes as the API has them (to count them: "saved once"). */
async function notesOnServer(title: string) {
  const { token } = await apiLogin();
  const churches = (await (await fetch(`${API}/igreja/codigo/graca`)).json()) as {
    id?: number;
    igreja?: { id: number };
  };
  const churchId = churches.igreja?.id ?? churches.id;
  const list = (await (
    await fetch(`${API}/user/nota-sermao?igreja=${churchId}&limit=999`, {
      headers: { authorization: `Bearer ${token}` },
    })
  ).json()) as { notas: { id: number; titulo: string }[] };
  const found = list.notas.filter((n) => n.titulo === title);
  return Promise.all(
    found.map(
      async (n) =>
        (
          (await (
            await fetch(`${API}/nota-sermao/${n.id}`, {
              headers: { authorization: `Bearer ${token}` },
            })
          ).json()) as { nota: { texto: string } }
        ).nota,
    ),
  );
}

const status = (page: Page) =>
  page.getByRole('status').filter({ hasText: /Salva|Salvando|Não salva/ });

test('write a note, reload: it is there; a Bible reference is a link; empty it and leave: it is gone', async ({
  browser,
}) => {
  const page = await memberPage(browser);
  await page.goto(churchUrl('graca', '/user/notes'));
  await expect(page.getByRole('heading', { level: 1, name: 'Minhas anotações' })).toBeVisible();
  await expect(page.getByRole('link', { name: 'O Bom Pastor' })).toBeVisible();
  await expectNoAxeViolations(page);
  await page.getByRole('link', { name: 'Nova anotação' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Nova anotação' })).toBeVisible();

  // spec §4: no title, no save — and the page says so
  await page.getByRole('textbox', { name: 'Anotação' }).fill(`Pregação sobre João 3:16 (${run})`);
  await expect(status(page)).toHaveText('Não salva: dê um título à anotação para salvá-la.');
  expect(await notesOnServer(`Culto ${run}`)).toHaveLength(0);
  await page.getByRole('textbox', { name: 'Título' }).fill(`Culto ${run}`);
  await expect(status(page)).toHaveText('Salva');
  await expect(page).toHaveURL(/\/user\/notes\/\d+$/);
  const link = page.getByRole('link', { name: 'João 3:16' });
  await expect(link).toHaveAttribute('href', '/bible/john/3?v=16#v16');
  await expectNoAxeViolations(page);

  await page.reload();
  await expect(page.getByRole('textbox', { name: 'Título' })).toHaveValue(`Culto ${run}`);
  await expect(page.getByRole('textbox', { name: 'Anotação' })).toHaveValue(
    `Pregação sobre João 3:16 (${run})`,
  );

  // empty it and leave (spec §4): the note is deleted
  await page.getByRole('textbox', { name: 'Título' }).fill('');
  await page.getByRole('textbox', { name: 'Anotação' }).fill('');
  await page.getByRole('link', { name: 'Minhas anotações' }).last().click();
  await expect(page).toHaveURL(/\/user\/notes$/);
  await expect(page.getByRole('link', { name: 'O Bom Pastor' })).toBeVisible();
  await expect(page.getByRole('link', { name: `Culto ${run}` })).toHaveCount(0);
  expect(await notesOnServer(`Culto ${run}`)).toHaveLength(0);
  await page.context().close();
});

test('offline: what is typed is kept, and saved once when the network returns', async ({
  browser,
}) => {
  const page = await memberPage(browser);
  await page.goto(churchUrl('graca', '/user/notes/new'));
  const title = `Offline ${run}`;
  await page.getByRole('textbox', { name: 'Título' }).fill(title);
  await page.getByRole('textbox', { name: 'Anotação' }).fill('Primeira linha.');
  await expect(status(page)).toHaveText('Salva');
  await page.context().setOffline(true);
  await page
    .getByRole('textbox', { name: 'Anotação' })
    .pressSequentially('\nSegunda linha, escrita sem rede.', { delay: 5 });
  await expect(status(page)).toHaveText(/Não salva, tentando novamente/);
  await page.context().setOffline(false);
  await expect(status(page)).toHaveText('Salva', { timeout: 20_000 });
  const saved = await notesOnServer(title);
  expect(saved).toHaveLength(1);
  expect(saved[0]!.texto).toBe('Primeira linha.\nSegunda linha, escrita sem rede.');

  // a brand-new note typed offline is born once too
  await page.goto(churchUrl('graca', '/user/notes/new'));
  await expect(page.getByRole('textbox', { name: 'Título' })).toBeEditable();
  await page.context().setOffline(true);
  await page.getByRole('textbox', { name: 'Título' }).fill(`Nova offline ${run}`);
  await page.getByRole('textbox', { name: 'Anotação' }).fill('Sem rede desde o começo.');
  await expect(status(page)).toHaveText(/Não salva, tentando novamente/);
  await page.context().setOffline(false);
  await expect(status(page)).toHaveText('Salva', { timeout: 20_000 });
  expect(await notesOnServer(`Nova offline ${run}`)).toHaveLength(1);
  await page.context().close();
});

test('two tabs on one note: the later save sees the conflict and nothing is overwritten', async ({
  browser,
}) => {
  const first = await memberPage(browser);
  await first.goto(churchUrl('graca', '/user/notes/new'));
  await first.getByRole('textbox', { name: 'Título' }).fill(`Duas abas ${run}`);
  await expect(status(first)).toHaveText('Salva');
  const second = await first.context().newPage();
  await second.goto(first.url());
  await expect(second.getByRole('textbox', { name: 'Título' })).toHaveValue(`Duas abas ${run}`);
  await first.getByRole('textbox', { name: 'Anotação' }).fill('Escrito na primeira aba.');
  await expect(status(first)).toHaveText('Salva');
  await second.getByRole('textbox', { name: 'Anotação' }).fill('Escrito na segunda aba.');
  await expect(status(second)).toHaveText(
    'Não salva: esta anotação foi alterada em outra aba ou aparelho.',
  );
  // said once, beside the two choices
  await expect(
    second.getByText('Não salva: esta anotação foi alterada em outra aba ou aparelho.'),
  ).toHaveCount(1);
  await expect(second.getByRole('button', { name: 'Usar a outra versão' })).toBeVisible();
  expect((await notesOnServer(`Duas abas ${run}`))[0]!.texto).toBe('Escrito na primeira aba.');
  await second.getByRole('button', { name: 'Manter a minha versão' }).click();
  await expect(status(second)).toHaveText('Salva');
  expect((await notesOnServer(`Duas abas ${run}`))[0]!.texto).toBe('Escrito na segunda aba.');

  // delete with the confirmation page
  await second.getByRole('link', { name: 'Excluir anotação' }).click();
  await expect(
    second.getByText(`Excluir a anotação “Duas abas ${run}”? Isso não pode ser desfeito.`),
  ).toBeVisible();
  await expectNoAxeViolations(second);
  await second.getByRole('button', { name: 'Excluir', exact: true }).click();
  await expect(second.getByRole('status').filter({ hasText: 'Anotação excluída.' })).toBeVisible();
  expect(await notesOnServer(`Duas abas ${run}`)).toHaveLength(0);
  await first.context().close();
});

test('a visitor is sent to log in; the list searches by title', async ({ browser }) => {
  const context = await browser.newContext({ locale: 'pt-BR' });
  const visitor = await context.newPage();
  await visitor.goto(churchUrl('graca', '/user/notes/new'));
  await expect(visitor).toHaveURL(/\/access\?redirectTo=%2Fuser%2Fnotes%2Fnew$/);
  await context.close();
  const page = await memberPage(browser);
  await page.goto(churchUrl('graca', '/user/notes'));
  await page.getByRole('searchbox', { name: 'Buscar pelo título' }).fill('fe que');
  await expect(page.getByRole('link', { name: 'Fé que age' })).toBeVisible();
  await expect(page.getByRole('link', { name: 'O Bom Pastor' })).toHaveCount(0);
  await page.context().close();
});

test('the note editor page ships at most 60 KB of gzipped JavaScript in all', async ({ page }) => {
  await asMember(page);
  const { gzipSync } = await import('node:zlib');
  const scripts = new Set<string>();
  page.on('request', (r) => {
    if (r.resourceType() === 'script') scripts.add(r.url());
  });
  await page.goto(churchUrl('graca', '/user/notes/new'), { waitUntil: 'networkidle' });
  await expect(page.getByRole('textbox', { name: 'Título' })).toBeVisible();
  let total = 0;
  const lines: string[] = [];
  for (const url of scripts) {
    const { hostname, pathname, search } = new URL(url);
    const response = await hostGet(hostname, pathname + search);
    expect(response.status, url).toBe(200);
    const size = gzipSync(response.text).length;
    total += size;
    lines.push(`${size} ${pathname}`);
  }
  // inline scripts count too
  const inline = await page
    .locator('script:not([src]):not([type="application/ld+json"])')
    .evaluateAll((els) => els.map((e) => e.textContent ?? ''));
  for (const text of inline) total += gzipSync(text).length;
  expect(scripts.size).toBeGreaterThan(0);
  expect(total, lines.join('\n')).toBeLessThanOrEqual(60 * 1024);
});
