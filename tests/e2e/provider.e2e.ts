// A church starts on its own (docs/provider.md), on a server of its own with no demo data and a
// fresh DATA_DIR: the operator makes the first provider admin with `npm run provider -- admin add`,
// sets the password from the printed link, signs in to /provider, creates a church and invites its
// first admin; the admin accepts from the e-mail in the outbox, publishes a news item in /admin,
// and a visitor reads it on `<code>.localhost:<port>`. axe checks the console and the sign-up.
import { execFile, spawn, type ChildProcess } from 'node:child_process';
import { request } from 'node:http';
import { rmSync } from 'node:fs';
import { createServer } from 'node:net';
import path from 'node:path';
import { promisify } from 'node:util';
import AxeBuilder from '@axe-core/playwright';
import { expect, test, type Page } from '@playwright/test';
import { readOutbox } from '../../server/mail/outbox.ts';

const run = promisify(execFile);
const PASSWORD = 'Operador@2026';
const OPERATOR = 'operador@plataforma.test';

const freePort = () =>
  new Promise<number>((resolve, reject) => {
    const probe = createServer();
    probe.once('error', reject);
    probe.listen(0, '127.0.0.1', () => {
      const { port } = probe.address() as { port: number };
      probe.close(() => resolve(port));
    });
  });

/** A GET with any Host header (fetch cannot set one), answering the status. */
const statusAt = (host: string, path: string) =>
  new Promise<number>((resolve, reject) => {
    const req = request(
      { host: '127.0.0.1', port, path, headers: { host: `${host}:${port}` }, agent: false },
      (res) => {
        res.resume();
        res.on('end', () => resolve(res.statusCode ?? 0));
      },
    );
    req.on('error', reject);
    req.end();
  });

/** The page's islands have hydrated (Astro drops `ssr` then): typing before would be lost. */
const hydrated = (page: Page) => expect(page.locator('astro-island[ssr]')).toHaveCount(0);

let port = 0;
let dataDir = '';
let server: ChildProcess | undefined;
let setPasswordLink = '';

test.beforeAll(async () => {
  test.setTimeout(180_000);
  port = await freePort();
  dataDir = path.resolve(`.data/e2e-provider-${port}`);
  rmSync(dataDir, { recursive: true, force: true });
  const env = {
    ...process.env,
    PORT: String(port),
    HOST: '127.0.0.1',
    DATA_DIR: dataDir,
    SEED_DEMO: 'false',
    LOG_LEVEL: 'error',
  };
  // the command runs before the server: a PGlite folder has one user at a time
  const { stdout } = await run(
    process.execPath,
    ['scripts/provider.ts', 'admin', 'add', OPERATOR],
    {
      env,
    },
  );
  setPasswordLink = /https?:\/\/\S+/.exec(stdout)![0];
  server = spawn(process.execPath, ['server.ts'], { env, stdio: 'ignore' });
  let up = false;
  for (let i = 0; i < 120 && !up; i++) {
    up = await fetch(`http://127.0.0.1:${port}/healthz`).then(
      (r) => r.ok,
      () => false,
    );
    if (!up) await new Promise((r) => setTimeout(r, 1000));
  }
  if (!up) throw new Error('the provider test server did not start');
});

test.afterAll(() => {
  server?.kill('SIGTERM');
});

test('an empty platform: the operator creates a church whose admin publishes what a visitor reads', async ({
  page,
  browser,
}) => {
  test.setTimeout(240_000);
  const bare = `http://localhost:${port}`;
  // an empty database: the bare domain lists no church yet
  await page.goto(bare + '/');
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible();

  // the command's link sets the operator's password
  expect(new URL(setPasswordLink).pathname).toBe('/provider/password');
  await page.goto(setPasswordLink);
  await hydrated(page);
  await page.getByLabel('Nova senha').fill(PASSWORD);
  await page.getByRole('button', { name: 'Salvar senha' }).click();
  await expect(page.getByText('Sua senha foi definida. Você já pode entrar.')).toBeVisible();
  await page.getByRole('link', { name: 'Entrar no console' }).click();

  // the console: sign in, create a church
  await expect(page.getByRole('heading', { level: 1, name: 'Console do provedor' })).toBeVisible();
  await page.getByLabel('E-mail').fill(OPERATOR);
  await page.getByLabel('Senha').fill(PASSWORD);
  await page.getByRole('button', { name: 'Entrar' }).click();
  await expect(page.getByText(`Conectado como`)).toBeVisible();
  await expect(page.getByText('Nenhuma igreja ainda: crie a primeira acima.')).toBeVisible();
  expect((await new AxeBuilder({ page }).analyze()).violations.map((v) => v.id)).toEqual([]);

  await page.getByLabel('Nome da igreja').fill('Igreja Recomeço');
  const code = page.getByLabel('Código do endereço do site');
  await code.fill('www');
  await expect(
    page.getByText('Este código é reservado pela plataforma: escolha outro.'),
  ).toBeVisible();
  await code.fill('recomeco');
  await expect(
    page.getByText(`Disponível: http://recomeco.localhost:${port}`).first(),
  ).toBeVisible();
  await page.getByRole('button', { name: 'Criar igreja' }).click();
  await expect(page.getByText(/Igreja Recomeço foi criada em/)).toBeVisible();
  const church = page.getByRole('listitem').filter({ hasText: 'Igreja Recomeço' });
  await expect(church.getByText('ativa', { exact: true })).toBeVisible();

  // its first admin: the operator's own account, invited by e-mail
  await church.getByRole('button', { name: 'Convidar o administrador de Igreja Recomeço' }).click();
  await church.getByLabel('E-mail do administrador').fill(OPERATOR);
  await church.getByRole('button', { name: 'Enviar convite' }).click();
  await expect(church.getByText(/Convite enviado para operador@plataforma.test/)).toBeVisible();

  let link: string | undefined;
  await expect
    .poll(async () => (link = (await readOutbox(dataDir, OPERATOR))[0]?.links[0]))
    .toBeTruthy();
  const invitation = new URL(link!);
  expect(invitation.origin).toBe(`http://recomeco.localhost:${port}`);
  expect(invitation.pathname).toBe('/invitation');

  // the admin accepts on the church's own site, then publishes
  const admin = await browser.newContext({ locale: 'pt-BR' });
  const staff = await admin.newPage();
  await staff.goto(link!);
  await hydrated(staff);
  await staff.getByLabel('Senha').fill(PASSWORD);
  await staff.getByRole('button', { name: 'Aceitar' }).click();
  await expect(staff.getByText('Bem-vindo! Agora você é membro da Igreja Recomeço.')).toBeVisible();
  await staff.goto(`http://recomeco.localhost:${port}/admin/content/noticia/new`);
  await expect(staff.getByRole('heading', { level: 1, name: 'Nova notícia' })).toBeVisible();
  await staff.getByLabel('Título').fill('Primeiro culto no novo endereço');
  await staff.getByRole('textbox', { name: 'Texto' }).click();
  await staff.keyboard.type('Domingo, às 10h. Venha!');
  await staff.getByRole('button', { name: 'Publicar agora' }).click();
  await expect(staff.getByText('Publicado: os visitantes já veem.')).toBeVisible();
  await admin.close();

  // a visitor reads it on the church's address
  const visitor = await browser.newContext({ locale: 'pt-BR' });
  const reader = await visitor.newPage();
  await reader.goto(`http://recomeco.localhost:${port}/`);
  await expect(reader.getByText('Igreja Recomeço').first()).toBeVisible();
  await reader.goto(`http://recomeco.localhost:${port}/news`);
  await reader
    .getByRole('link', { name: /Primeiro culto no novo endereço/ })
    .first()
    .click();
  await expect(
    reader.getByRole('heading', { level: 1, name: 'Primeiro culto no novo endereço' }),
  ).toBeVisible();
  await expect(reader.getByText('Domingo, às 10h. Venha!')).toBeVisible();
  await visitor.close();
  // the console lives on the bare domain only: a church's host sends it home
  expect(await statusAt('recomeco.localhost', '/provider')).toBe(302);

  // suspended, the site shows the inactive-church page
  page.once('dialog', (d) => void d.accept());
  await church.getByRole('button', { name: 'Suspender Igreja Recomeço' }).click();
  await expect(church.getByText('suspensa', { exact: true })).toBeVisible();
  expect(await statusAt('recomeco.localhost', '/')).toBe(403);

  // its data leaves with it: exported from its row, then downloaded
  await church.getByRole('button', { name: 'Exportar os dados de Igreja Recomeço' }).click();
  const zip = church.getByRole('button', { name: 'Baixar a exportação de Igreja Recomeço' });
  await expect(zip).toBeVisible({ timeout: 60_000 });
  const [file] = await Promise.all([page.waitForEvent('download'), zip.click()]);
  expect(file.suggestedFilename()).toMatch(/\.zip$/);
  // deleted after a grace period, the code typed again; then the deletion is cancelled
  await church.getByRole('button', { name: 'Excluir Igreja Recomeço…' }).click();
  await church.getByRole('textbox', { name: /Código da igreja/ }).fill('outro');
  await church.getByRole('button', { name: 'Excluir Igreja Recomeço após o prazo' }).click();
  await expect(church.getByText('Digite o código da igreja para confirmar.').first()).toBeVisible();
  await church.getByRole('textbox', { name: /Código da igreja/ }).fill('recomeco');
  await church.getByRole('button', { name: 'Excluir Igreja Recomeço após o prazo' }).click();
  await expect(church.getByText(/Exclusão marcada para/)).toBeVisible();
  expect((await new AxeBuilder({ page }).analyze()).violations.map((v) => v.id)).toEqual([]);
  await church.getByRole('button', { name: 'Cancelar a exclusão de Igreja Recomeço' }).click();
  await expect(church.getByRole('button', { name: 'Excluir Igreja Recomeço…' })).toBeVisible();
  await expect(church.getByText('suspensa', { exact: true })).toBeVisible();
});

test('sign-up is closed until the console opens it, then asks for a free code', async ({
  page,
}) => {
  const bare = `http://localhost:${port}`;
  await page.goto(bare + '/provider/signup');
  await expect(
    page.getByText('No momento não é possível cadastrar novas igrejas aqui.'),
  ).toBeVisible();
  expect((await new AxeBuilder({ page }).analyze()).violations.map((v) => v.id)).toEqual([]);
  // a church's host has no console
  expect(await statusAt('recomeco.localhost', '/provider')).toBe(403); // suspended above
  expect(await statusAt('localhost', '/provider')).toBe(200);
});
