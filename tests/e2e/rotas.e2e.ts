// Volunteer rotas (docs/volunteers.md), as the people involved see them: graca's admin makes a
// worship team with three positions, schedules three members for the next Sunday service; one
// declines from the e-mail's link (a zero-JS page, logged out); the admin fills the place from the
// proposed substitutes; the team opens the plan with the set list on a phone; the member's /user
// shows their next rota. axe checks every page.
import path from 'node:path';
import AxeBuilder from '@axe-core/playwright';
import { expect, test, type Page } from '@playwright/test';
import { addDays, churchTimeZone, churchToday } from '../../common/time-zone.ts';
import { readOutbox } from '../../server/mail/outbox.ts';
import { API, apiLogin, asMember, churchUrl, port } from './helpers.ts';

const dataDir = path.resolve(`.data/e2e-${port}`);

async function axe(page: Page) {
  const result = await new AxeBuilder({ page }).analyze();
  expect(result.violations.map((v) => `${v.id}: ${v.nodes[0]?.target}`)).toEqual([]);
}

/** The answer link of the newest rota e-mail to this address. */
async function rotaLink(email: string): Promise<string> {
  let link: string | undefined;
  await expect
    .poll(async () => {
      link = (await readOutbox(dataDir, email)).find((m) => m.links[0]?.includes('/rota?t='))
        ?.links[0];
      return link;
    })
    .toBeTruthy();
  return link!;
}

test('a worship team is scheduled, one declines by e-mail, the leader fills it, the team reads the plan', async ({
  page,
  browser,
}) => {
  test.setTimeout(240_000);
  const team = `Louvor ${Date.now() % 100000}`;
  await asMember(page, 'lider@graca.demo');
  await page.goto(churchUrl('graca', '/admin/teams'));
  await expect(page.getByRole('heading', { level: 1, name: 'Equipes e escalas' })).toBeVisible();
  // a missing name is explained, in Portuguese
  await page.getByRole('button', { name: 'Criar equipe' }).click();
  await expect(page.getByText('Esse campo é obrigatório.')).toBeVisible();
  await page.getByRole('textbox', { name: /^Nome/ }).fill(team);
  await page.getByRole('combobox', { name: 'Tipo' }).selectOption('louvor');
  await page.getByRole('button', { name: 'Criar equipe' }).click();
  await expect(page.getByRole('heading', { level: 1, name: team })).toBeVisible();
  await axe(page);

  for (const position of ['Vocal', 'Violão', 'Teclado']) {
    await page.getByRole('textbox', { name: 'Nova função' }).fill(position);
    await page.getByRole('button', { name: 'Incluir função' }).click();
    await expect(page.getByRole('listitem').filter({ hasText: position })).toBeVisible();
  }
  for (const [email, name] of [
    ['membro@graca.demo', 'Maria Souza'],
    ['editor@graca.demo', 'Ana Costa'],
    ['tesoureiro@graca.demo', 'Tiago Ramos'],
    ['lider@graca.demo', 'João Pereira'],
  ]) {
    await page.getByRole('searchbox', { name: 'Buscar um membro para incluir' }).fill(email!);
    await page.getByRole('button', { name: 'Buscar', exact: true }).click();
    await page.getByRole('button', { name: `Incluir ${name}` }).click();
    await expect(
      page
        .getByRole('region', { name: 'Membros' })
        .getByRole('listitem')
        .filter({ hasText: name! }),
    ).toHaveCount(1);
  }

  // the next Sunday's morning service, from the church's schedule
  const service = page.getByRole('combobox', { name: 'Culto' });
  const value = await service
    .locator('option', { hasText: 'Culto da manhã' })
    .getAttribute('value');
  await service.selectOption(value!);
  await page.getByRole('spinbutton', { name: 'Semanas' }).fill('1');
  await page.getByRole('button', { name: 'Criar escalas' }).click();
  const planLink = page.getByRole('link', { name: /Culto da manhã/ });
  await expect(planLink).toBeVisible();
  // graca's today is Brasília's (docs/volunteers.md "Which clock"), UTC's is Monday on a Sunday evening
  const today = () => churchToday(churchTimeZone('BR', 'pt'));
  let planDate = today();
  while (new Date(`${planDate}T00:00:00Z`).getUTCDay() !== 0) planDate = addDays(planDate, 1);
  await planLink.click();
  await expect(page.getByRole('heading', { level: 1, name: /Culto da manhã/ })).toBeVisible();

  const schedule = async (position: string, name: string) => {
    const select = page.getByRole('combobox', { name: `Escalar para ${position}` });
    const option = await select.locator('option', { hasText: name }).getAttribute('value');
    await select.selectOption(option!);
    await page
      .getByRole('region', { name: new RegExp(`^${position}`) })
      .getByRole('button', { name: 'Escalar e pedir' })
      .click();
    await expect(
      page
        .getByRole('region', { name: new RegExp(`^${position}`) })
        .getByRole('listitem')
        .filter({ hasText: name }),
    ).toHaveCount(1);
  };
  await schedule('Vocal', 'Maria Souza');
  await schedule('Violão', 'Ana Costa');
  await schedule('Teclado', 'Tiago Ramos');
  await expect(page.getByText('Aguardando resposta')).toHaveCount(3);
  await axe(page);

  // the set list of that Sunday, made by the staff in Songs (the team's plan shows it)
  const admin = await apiLogin('lider@graca.demo');
  const auth = { authorization: `Bearer ${admin.token}`, 'content-type': 'application/json' };
  const songs = (await (await fetch(`${API}/admin/graca/louvor`, { headers: auth })).json()) as {
    louvores: { id: number; titulo: string }[];
  };
  const [first, second] = songs.louvores;
  const made = await fetch(`${API}/admin/graca/repertorio`, {
    method: 'POST',
    headers: auth,
    body: JSON.stringify({
      titulo: 'Culto da manhã',
      data: planDate,
      observacao: null,
      itens: [
        { louvorId: first!.id, tom: 'D' },
        { louvorId: second!.id, tom: 'Bb' },
      ],
    }),
  });
  expect(made.status, await made.clone().text()).toBe(201);

  // Maria declines from the e-mail's link, logged out, in a browser of her own
  const link = await rotaLink('membro@graca.demo');
  expect(new URL(link).pathname).toBe('/rota');
  const context = await browser.newContext({ locale: 'pt-BR' });
  const maria = await context.newPage();
  await maria.goto(link);
  await expect(maria.getByText(`${team} · Vocal`)).toBeVisible();
  // no island: the answer is a plain form POST
  await expect(maria.locator('astro-island')).toHaveCount(0);
  await axe(maria);
  await maria.getByRole('button', { name: 'Recusar' }).click();
  await expect(
    maria.getByText('Entendido: a função está aberta de novo e seu líder foi avisado.'),
  ).toBeVisible();
  await axe(maria);
  // the link answers only that rota: a changed token is refused
  await maria.goto(link.replace(/t=(\d+)/, (_, id: string) => `t=${Number(id) + 1}`));
  await expect(maria.getByRole('alert')).toContainText('Este link não é válido');
  await context.close();

  // the leader is told, and the plan proposes a substitute for the open place
  await expect
    .poll(async () => (await readOutbox(dataDir, 'lider@graca.demo'))[0]?.subject ?? '')
    .toContain('recusou Vocal');
  await page.reload();
  const region = page.getByRole('region', { name: 'Substitutos sugeridos' });
  await expect(region).toBeVisible();
  await region.getByRole('button', { name: 'Pedir a João Pereira para Vocal' }).click();
  await expect(page.getByText('O pedido foi por e-mail.')).toBeVisible();
  await expect(
    page
      .getByRole('region', { name: /^Vocal/ })
      .getByRole('listitem')
      .filter({ hasText: 'João' }),
  ).toHaveCount(1);

  // the team opens the plan on a phone: positions and the set list with keys
  const phone = await browser.newContext({
    locale: 'pt-BR',
    viewport: { width: 390, height: 844 },
    isMobile: true,
  });
  const ana = await phone.newPage();
  await asMember(ana, 'editor@graca.demo');
  await ana.goto(churchUrl('graca', '/user'));
  const mine = ana.getByRole('region', { name: 'Minhas escalas' });
  await expect(mine).toContainText(`${team}: Violão`);
  await axe(ana);
  await mine.getByRole('link', { name: 'Ver a escala' }).first().click();
  await expect(ana.getByRole('heading', { level: 1, name: new RegExp(team) })).toBeVisible();
  const setList = ana.getByRole('region', { name: 'Repertório' });
  await expect(setList.getByRole('listitem')).toHaveCount(2);
  await expect(setList.getByRole('listitem').first()).toContainText(`${first!.titulo}`);
  await expect(setList.getByRole('listitem').first()).toContainText('Tom D');
  await expect(ana.getByRole('region', { name: 'Quem serve' })).toContainText('Ana Costa');
  await axe(ana);

  // the leader writes the plan's notes; the team reads them on the plan's page
  await page.getByRole('textbox', { name: 'Observações' }).fill('Ensaio às 9h na igreja');
  await page.getByRole('button', { name: 'Salvar as observações' }).click();
  await expect(page.getByText('Observações salvas.')).toBeVisible();
  await expect(page.getByText(/1 recusadas · 0 abertas/)).toBeVisible();
  await ana.reload();
  await expect(ana.getByText('Ensaio às 9h na igreja')).toBeVisible();

  // Ana cannot come after all: she asks the team for a swap from her rotas
  await ana.goto(churchUrl('graca', '/user/rotas'));
  const swaps = ana.getByRole('region', { name: 'Trocas' });
  const which = swaps.getByRole('combobox', { name: 'Qual escala' });
  const rotaValue = await which
    .locator('option', { hasText: `${team}: Violão` })
    .getAttribute('value');
  await which.selectOption(rotaValue!);
  await swaps.getByRole('button', { name: /^Pedir troca de Violão/ }).click();
  await expect(ana.getByText('Seu pedido de troca foi para a equipe.')).toBeVisible();
  await expect(swaps.getByRole('button', { name: /^Retirar a troca de Violão/ })).toBeVisible();
  await axe(ana);
  await phone.close();

  // Maria (free since she declined) takes it: the first to accept gets the place
  const mariaContext = await browser.newContext({ locale: 'pt-BR' });
  const mariaPage = await mariaContext.newPage();
  await asMember(mariaPage, 'membro@graca.demo');
  await mariaPage.goto(churchUrl('graca', '/user/rotas'));
  const offer = mariaPage.getByRole('region', { name: 'Trocas' });
  await expect(offer).toContainText('Ana Costa pede uma troca');
  await axe(mariaPage);
  await offer.getByRole('button', { name: /^Assumir Violão/ }).click();
  await expect(mariaPage.getByText('Pronto: o lugar é seu.')).toBeVisible();

  // the leader's plan shows the swap done and Maria on guitar
  await page.reload();
  await expect(page.getByRole('region', { name: 'Trocas' })).toContainText('feita');
  await expect(
    page
      .getByRole('region', { name: /^Violão/ })
      .getByRole('listitem')
      .filter({ hasText: 'Maria Souza' }),
  ).toContainText('Aceitou');
  await expect(page.getByRole('img', { name: /QR code|Código QR/ })).toBeVisible();
  await axe(page);

  // the plan's QR, scanned by Maria: checked in on the plan's day, refused on any other
  const ids = new URL(page.url()).searchParams;
  const plan = (await (
    await fetch(`${API}/admin/graca/equipes/${ids.get('equipe')}/escalas/${ids.get('escala')}`, {
      headers: auth,
    })
  ).json()) as { linkPresenca: string };
  await mariaPage.goto(churchUrl('graca', plan.linkPresenca));
  if (planDate === today())
    await expect(mariaPage.getByText(/^Presença marcada: Violão/)).toBeVisible();
  else
    await expect(mariaPage.getByRole('alert')).toContainText(
      'Só é possível marcar presença no dia',
    );
  await axe(mariaPage);
  await mariaContext.close();
});
