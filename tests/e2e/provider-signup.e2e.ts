// The open sign-up, walked in a browser on a platform with no church (docs/provider.md "Sign-up"):
// the operator opens sign-up in the console; a stranger creates a church's site on the bare domain
// (a code checked while typed, the proof of work solved while the form is filled); the site stays
// offline until the e-mailed link proves the address; then it is online under its code with its
// name, and the new admin signs in to its staff area.
import { execFile } from 'node:child_process';
import { request } from 'node:http';
import { promisify } from 'node:util';
import AxeBuilder from '@axe-core/playwright';
import { expect, test, type Page } from '@playwright/test';
import { readOutbox } from '../../server/mail/outbox.ts';
import { startSecondServer, type SecondServer } from './second-server.ts';

const run = promisify(execFile);
const OPERATOR = 'operador@cadastro.test';
const PASSWORD = 'Operador@2026';
const ADMIN = 'pastora@novaalianca.test';
const ADMIN_PASSWORD = 'Alianca#2026';

let server: SecondServer;
let setPasswordLink = '';

const hydrated = (page: Page) => expect(page.locator('astro-island[ssr]')).toHaveCount(0);

/** The status of a GET with any Host header (fetch cannot set one). */
const statusAt = (host: string, path: string) =>
  new Promise<number>((resolve, reject) => {
    const req = request(
      {
        host: '127.0.0.1',
        port: server.port,
        path,
        headers: { host: `${host}:${server.port}` },
        agent: false,
      },
      (res) => {
        res.resume();
        res.on('end', () => resolve(res.statusCode ?? 0));
      },
    );
    req.on('error', reject);
    req.end();
  });

test.beforeAll(async () => {
  test.setTimeout(180_000);
  server = await startSecondServer(
    'signup',
    { SEED_DEMO: 'false' },
    {
      // the first provider admin, made by the command before the server holds the database
      prepare: async (env) => {
        const { stdout } = await run(
          process.execPath,
          ['scripts/provider.ts', 'admin', 'add', OPERATOR],
          { env },
        );
        setPasswordLink = /https?:\/\/\S+/.exec(stdout)![0];
      },
    },
  );
});

test.afterAll(async () => {
  await server?.stop();
});

test('a stranger signs a church up; it goes online when the e-mail is proven', async ({
  page,
  browser,
}) => {
  test.setTimeout(240_000);
  const bare = `http://localhost:${server.port}`;

  // the operator opens sign-up to anyone
  await page.goto(setPasswordLink.replace(/^https?:\/\/[^/]+/, bare));
  await hydrated(page);
  await page.getByLabel('Nova senha').fill(PASSWORD);
  await page.getByRole('button', { name: 'Salvar senha' }).click();
  await page.getByRole('link', { name: 'Entrar no console' }).click();
  await page.getByLabel('E-mail').fill(OPERATOR);
  await page.getByLabel('Senha').fill(PASSWORD);
  await page.getByRole('button', { name: 'Entrar' }).click();
  await expect(page.getByText('Conectado como')).toBeVisible();
  // the radio follows the saved setting, so it turns checked once the console's call answers
  await page.getByLabel('Qualquer pessoa (aberto)').click();
  await expect(page.getByText('Salvo.')).toBeVisible();
  await expect(page.getByLabel('Qualquer pessoa (aberto)')).toBeChecked();

  // a stranger, on the bare domain
  const strangerContext = await browser.newContext({ locale: 'pt-BR' });
  const stranger = await strangerContext.newPage();
  await stranger.goto(bare + '/provider/signup');
  await expect(
    stranger.getByRole('heading', { level: 1, name: 'Crie o site da sua igreja' }),
  ).toBeVisible();
  await hydrated(stranger);
  await stranger.getByLabel('Nome da igreja').fill('Igreja Nova Aliança');
  const code = stranger.getByLabel('Código do endereço do site');
  await code.fill('www');
  await expect(
    stranger.getByText('Este código é reservado pela plataforma: escolha outro.'),
  ).toBeVisible();
  await code.fill('novaalianca');
  await expect(
    stranger.getByText(`Disponível: http://novaalianca.localhost:${server.port}`).first(),
  ).toBeVisible();
  await stranger.getByRole('textbox', { name: 'Nome', exact: true }).fill('Marta');
  await stranger.getByLabel('Sobrenome').fill('Souza');
  await stranger.getByLabel('E-mail').fill(ADMIN);
  await stranger.getByLabel('Senha').fill('curta');
  await stranger.getByRole('button', { name: 'Criar o site' }).click();
  // a weak password is refused with its rule, nothing created
  await expect(
    stranger.getByText(/A senha precisa ter ao menos 8 caracteres/).first(),
  ).toBeVisible();
  expect(await readOutbox(server.dataDir, ADMIN)).toEqual([]);
  await stranger.getByLabel('Senha').fill(ADMIN_PASSWORD);
  expect((await new AxeBuilder({ page: stranger }).analyze()).violations.map((v) => v.id)).toEqual(
    [],
  );
  await stranger.getByRole('button', { name: 'Criar o site' }).click();
  await expect(stranger.getByText('Veja seu e-mail.')).toBeVisible({ timeout: 30_000 });

  // pending: the code is held, the site is not public yet
  expect(await statusAt('novaalianca.localhost', '/')).not.toBe(200);

  // the e-mailed link proves the address and puts the site online
  let link: string | undefined;
  await expect
    .poll(async () => {
      const mail = (await readOutbox(server.dataDir, ADMIN))[0];
      return (link = mail?.links.find((l) => l.includes('/provider/signup/activate')));
    })
    .toBeTruthy();
  await stranger.goto(link!.replace(/^https?:\/\/[^/]+/, bare));
  const toSite = stranger.getByRole('link', { name: 'Ir para a área da equipe do seu site' });
  await expect(toSite).toBeVisible({ timeout: 30_000 });
  expect(new URL((await toSite.getAttribute('href')) ?? '', bare).host).toBe(
    `novaalianca.localhost:${server.port}`,
  );
  expect(await statusAt('novaalianca.localhost', '/')).toBe(200);

  // a visitor sees the church's name; the admin signs in to its staff area
  const visitorContext = await browser.newContext({ locale: 'pt-BR' });
  const visitor = await visitorContext.newPage();
  await visitor.goto(`http://novaalianca.localhost:${server.port}/`);
  await expect(visitor.getByText('Igreja Nova Aliança').first()).toBeVisible();
  await visitorContext.close();

  await toSite.click();
  await hydrated(stranger);
  if (await stranger.getByLabel('Senha').isVisible()) {
    await stranger.getByLabel('E-mail').fill(ADMIN);
    await stranger.getByLabel('Senha').fill(ADMIN_PASSWORD);
    await stranger.getByRole('button', { name: 'Entrar' }).click();
  }
  await expect(stranger.getByText('Igreja Nova Aliança').first()).toBeVisible();
  await expect(stranger.getByRole('navigation').first()).toBeVisible();
  await strangerContext.close();
});
