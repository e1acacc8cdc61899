// Invitations (docs/invitations.md), as the people involved see them: graca's admin invites a
// member of another church (grace) by e-mail from the people area; the invitation waits in the
// list; the person opens the e-mail's link logged out, sees which church asks, logs in on the page
// and accepts; the list then says accepted. axe checks both pages. An import's dry run names a
// row of another church's member "to invite", by line, with the daily limit and nothing of hers.
import path from 'node:path';
import AxeBuilder from '@axe-core/playwright';
import { expect, test } from '@playwright/test';
import { readOutbox } from '../../server/mail/outbox.ts';
import { API, apiLogin, asMember, churchUrl, hostGet, port } from './helpers.ts';

const dataDir = path.resolve(`.data/e2e-${port}`);
const PASSWORD = 'Senha@123';

/** A new member of grace, made through the API as grace's registration does. */
async function graceMember(): Promise<string> {
  const email = `convidado-${Date.now()}-${Math.floor(Math.random() * 1e6)}@example.com`;
  const church = (await (await fetch(`${API}/igreja/codigo/grace`)).json()) as { id: number };
  const res = await fetch(`${API}/igreja/${church.id}/usuario/`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({
      email,
      senha: PASSWORD,
      confirmacaoSenha: PASSWORD,
      nome: 'Convidada',
      sobrenome: 'Grace',
      telefone: '+1 555 123 4567',
      dataNascimento: '1990-01-02',
      sexo: 'F',
    }),
  });
  expect(res.status, await res.clone().text()).toBe(201);
  return email;
}

test('an admin invites a person of another church, who accepts from the e-mail’s link', async ({
  page,
  browser,
}) => {
  const email = await graceMember();
  await asMember(page, 'lider@graca.demo');
  await page.goto(churchUrl('graca', '/admin/people/invitations'));
  await expect(page.getByRole('heading', { level: 1, name: 'Convites' })).toBeVisible();
  await page.getByRole('textbox', { name: /^E-mail/ }).fill(email);
  await page.getByRole('button', { name: 'Enviar convite' }).click();
  await expect(page.getByText(`Convite enviado para ${email}.`)).toBeVisible();
  const row = page.getByRole('row').filter({ hasText: email });
  await expect(row).toContainText('Esperando');
  // nothing of the person's account shows: only the e-mail typed
  await expect(row).not.toContainText('Convidada');
  const admin = await new AxeBuilder({ page }).analyze();
  expect(admin.violations.map((v) => v.id)).toEqual([]);

  let link: string | undefined;
  await expect
    .poll(async () => (link = (await readOutbox(dataDir, email))[0]?.links[0]))
    .toBeTruthy();
  expect(new URL(link!).pathname).toBe('/invitation');

  // the invited person, in a browser of their own, logged out
  const context = await browser.newContext({ locale: 'pt-BR' });
  const invited = await context.newPage();
  await invited.goto(link!);
  await expect(
    invited.getByText('A Igreja da Graça convida você a se tornar membro.'),
  ).toBeVisible();
  const axe = await new AxeBuilder({ page: invited }).analyze();
  expect(axe.violations.map((v) => v.id)).toEqual([]);
  await invited.getByLabel('Senha').fill(PASSWORD);
  await invited.getByRole('button', { name: 'Aceitar' }).click();
  await expect(
    invited.getByText('Bem-vindo! Agora você é membro da Igreja da Graça.'),
  ).toBeVisible();
  // the link works once
  await invited.goto(link!);
  await expect(invited.getByText('Este convite já foi respondido.')).toBeVisible();
  await context.close();

  await page.getByRole('combobox', { name: 'Mostrar' }).selectOption('todos');
  await expect(page.getByRole('row').filter({ hasText: email })).toContainText('Aceito');
});

test('an import’s dry run names the people of another church "to invite", by line, and nothing of theirs', async ({
  page,
}) => {
  test.setTimeout(120_000);
  await asMember(page, 'admin@grace.demo');
  await page.goto(churchUrl('grace', '/admin/import'));
  await expect(page.getByRole('heading', { level: 1, name: 'Mudança de sistema' })).toBeVisible({
    timeout: 30_000,
  });
  // graca's member Maria Souza, known to grace only by her e-mail
  const csv = ['Nome;E-mail', `Alguém ${Date.now()};membro@graca.demo`].join('\r\n');
  await page.getByLabel('O que o arquivo traz').selectOption('pessoas');
  await page.getByLabel('Arquivo', { exact: true }).setInputFiles({
    name: 'membros.csv',
    mimeType: 'text/csv',
    buffer: Buffer.from(csv, 'utf8'),
  });
  await page.getByRole('button', { name: 'Ler o arquivo' }).click();
  const counts = page.locator('.import-counts').first();
  await expect(counts).toContainText('1 a convidar', { timeout: 30_000 });
  await expect(counts).toContainText('0 a criar');
  await expect(page.getByText('Pessoas a convidar (1)')).toBeVisible();
  await expect(page.getByText('Linhas: 2')).toBeVisible();
  await expect(page.getByText(/No máximo 50 e-mails de convite saem por dia/)).toBeVisible();
  await expect(page.locator('main')).not.toContainText('Souza');
});

test('the invitation page ships at most 100 KB of gzipped JavaScript, React included', async ({
  page,
}) => {
  const email = `orcamento-${Date.now()}@example.com`;
  const admin = await apiLogin('lider@graca.demo');
  const res = await fetch(`${API}/admin/graca/convites`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', authorization: `Bearer ${admin.token}` },
    body: JSON.stringify({ email }),
  });
  expect(res.status).toBe(201);
  let link: string | undefined;
  await expect
    .poll(async () => (link = (await readOutbox(dataDir, email))[0]?.links[0]))
    .toBeTruthy();
  const { gzipSync } = await import('node:zlib');
  const scripts = new Set<string>();
  page.on('request', (r) => {
    if (r.resourceType() === 'script') scripts.add(r.url());
  });
  await page.goto(link!, { waitUntil: 'networkidle' });
  await expect(page.getByRole('link', { name: 'Criar sua conta para aceitar' })).toBeVisible();
  let total = 0;
  for (const url of scripts) {
    const { hostname, pathname, search } = new URL(url);
    const response = await hostGet(hostname, pathname + search);
    expect(response.status, url).toBe(200);
    total += gzipSync(response.text).length;
  }
  expect(scripts.size).toBeGreaterThan(0);
  expect(total).toBeLessThanOrEqual(100 * 1024);
});
