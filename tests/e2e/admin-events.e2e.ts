// The staff events desk (docs/events.md "The staff side"): the admin creates an event with two
// ticket types and a holder question and publishes it; a member buys a ticket with the sandbox
// card and sees its QR; at the door the QR (read from an uploaded photo) admits the ticket once,
// and the typed code a second time answers "already used" with the door. Phone first: 360 px.
import AxeBuilder from '@axe-core/playwright';
import { expect, test, type Page } from '@playwright/test';
import QRCode from 'qrcode';
import { API, apiLogin, asMember, churchUrl } from './helpers.ts';

test.describe.configure({ mode: 'serial' });

const title = `Retiro da Família ${Date.now().toString(36)}`;
let eventId = 0;
let ticketCode = '';

const local = (days: number, hour: number) => {
  const d = new Date(Date.now() + days * 86_400_000);
  const pad = (n: number) => String(n).padStart(2, '0');
  return `${d.getFullYear()}-${pad(d.getMonth() + 1)}-${pad(d.getDate())}T${pad(hour)}:00`;
};

const noSideScroll = async (page: Page) =>
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(360);

test('the admin creates an event with two ticket types and a question, then publishes it', async ({
  page,
}) => {
  await asMember(page, 'lider@graca.demo');
  await page.goto(churchUrl('graca', '/admin/events'));
  await expect(page.getByRole('heading', { level: 1, name: 'Eventos' })).toBeVisible();
  await page.getByRole('link', { name: 'Novo evento' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Novo evento' })).toBeVisible();

  await page.getByRole('textbox', { name: 'Título', exact: true }).fill(title);
  await page.getByRole('textbox', { name: 'Início', exact: true }).fill(local(30, 19));
  await page.getByRole('textbox', { name: 'Fim', exact: true }).fill(local(30, 22));
  await page.getByRole('textbox', { name: 'Local', exact: true }).fill('Templo Sede');
  const first = page.locator('fieldset.events-ticket').nth(0);
  await first.getByRole('textbox', { name: 'Nome', exact: true }).fill('Inteira');
  await first.getByRole('textbox', { name: 'Preço', exact: true }).fill('50');
  await first.getByRole('spinbutton', { name: 'Quantidade', exact: true }).fill('20');
  await first.getByRole('button', { name: 'Adicionar pergunta' }).click();
  await first.getByRole('textbox', { name: 'Pergunta 1', exact: true }).fill('Igreja de origem');
  await first.getByLabel('Obrigatória').check();
  await page.getByRole('button', { name: 'Adicionar tipo de ingresso' }).click();
  const second = page.locator('fieldset.events-ticket').nth(1);
  await second.getByRole('textbox', { name: 'Nome', exact: true }).fill('Meia');
  await second.getByRole('textbox', { name: 'Preço', exact: true }).fill('25');
  await second.getByRole('spinbutton', { name: 'Quantidade', exact: true }).fill('10');
  await page.getByRole('button', { name: 'Salvar' }).click();

  await expect(page.getByText('Evento criado como rascunho.')).toBeVisible();
  eventId = Number(/\/admin\/events\/(\d+)/.exec(page.url())![1]);
  await expect(page.getByText('Rascunho', { exact: true })).toBeVisible();
  await page.getByRole('button', { name: 'Publicar' }).click();
  await expect(page.getByText('Publicado: o evento está no site.')).toBeVisible();
  const { violations } = await new AxeBuilder({ page }).analyze();
  expect(violations.map((v) => v.id)).toEqual([]);
});

test('a member buys a ticket with the sandbox card and sees its QR', async ({ page }) => {
  await asMember(page);
  await page.goto(churchUrl('graca', `/event/${eventId}`));
  await page.getByRole('spinbutton', { name: 'Quantidade de “Inteira”' }).fill('1');
  await page.getByRole('button', { name: 'Inscrever-se' }).click();
  await page.getByLabel('Nome do participante').fill('Joana Araújo');
  await page.getByLabel('Igreja de origem').fill('Graça Centro');
  await page.getByRole('button', { name: 'Ir para o pagamento' }).click();
  await expect(page).toHaveURL(/\/checkout$/);
  await page.getByRole('radio', { name: 'Cartão de crédito' }).check();
  await page.getByRole('radio', { name: 'Usar outro cartão' }).check();
  await page.getByLabel('Nome impresso no cartão').fill('Maria Souza');
  await page.getByLabel('Número do cartão').fill('4111 1111 1111 1111');
  await page.getByLabel('Validade (MM/AA)').fill('12/30');
  await page.getByLabel('CVV').fill('123');
  await page.getByLabel('CPF do titular').fill('529.982.247-25');
  await page.getByLabel('Data de nascimento do titular').fill('10/05/1985');
  await page.getByRole('button', { name: /^Pagar/ }).click();
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Obrigado!');

  await page.goto(churchUrl('graca', `/user/registrations/${eventId}/tickets`));
  const qr = page.getByRole('img', { name: /^QR do ingresso TK-/ });
  await expect(qr).toBeVisible();
  await expect(qr.locator('svg')).toBeVisible();
  ticketCode = (await page
    .locator('figure', { has: qr })
    .locator('figcaption')
    .textContent())!.trim();
  expect(ticketCode).toMatch(/^TK-[A-Z0-9]{8}$/);
});

test('the door reads the QR from a photo: admitted; the typed code again: already used', async ({
  page,
}) => {
  await page.setViewportSize({ width: 360, height: 740 });
  await asMember(page, 'lider@graca.demo');
  await page.goto(churchUrl('graca', `/admin/events/${eventId}/checkin`));
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(`Check-in: ${title}`);
  await expect(page.getByText('0 entrou de 1')).toBeVisible();
  await page.getByLabel('Esta porta').fill('Portão A');

  const png = await QRCode.toBuffer(ticketCode, { width: 320, margin: 2 });
  await page
    .getByLabel('Ler uma foto do QR')
    .setInputFiles({ name: 'qr.png', mimeType: 'image/png', buffer: png });
  const answer = page.getByRole('alert');
  await expect(answer).toContainText('Entrada liberada');
  await expect(answer).toContainText('Joana Araújo');
  await expect(answer).toContainText('Inteira');
  await answer.getByRole('button', { name: 'Próximo' }).click();
  await expect(page.getByText('1 entrou de 1')).toBeVisible();

  await page.getByLabel('Código do ingresso').fill(ticketCode);
  await page.getByRole('button', { name: 'Verificar' }).click();
  await expect(answer).toContainText('Entrada recusada');
  await expect(answer).toContainText(/Já usado: entrou .*, na porta: Portão A\./);
  await noSideScroll(page);
  const { violations } = await new AxeBuilder({ page }).analyze();
  expect(violations.map((v) => v.id)).toEqual([]);
  await answer.getByRole('button', { name: 'Próximo' }).click();

  // The registrations page shows the admission, and the CSV carries the holder's accents.
  await page.goto(churchUrl('graca', `/admin/events/${eventId}/registrations`));
  const row = page.getByRole('row').filter({ hasText: 'Joana Araújo' });
  await expect(row).toContainText(/Entrou .*, na porta: Portão A/);
  // a door volunteer types without accents or capitals (docs/architecture.md "Search")
  await page
    .getByRole('searchbox', { name: 'Buscar por nome, e-mail ou código' })
    .fill('JOANA araujo');
  await page.getByRole('button', { name: 'Buscar', exact: true }).click();
  await expect(page.getByRole('row').filter({ hasText: 'Joana Araújo' })).toHaveCount(1);
  const download = page.waitForEvent('download');
  await page.getByRole('button', { name: 'Baixar CSV' }).click();
  const file = await (await download).createReadStream();
  const chunks: Buffer[] = [];
  for await (const chunk of file) chunks.push(chunk as Buffer);
  const csv = Buffer.concat(chunks);
  expect([...csv.subarray(0, 3)]).toEqual([0xef, 0xbb, 0xbf]);
  expect(csv.toString('utf8')).toContain(';Joana Araújo;');
  await noSideScroll(page);
});

test('without a connection the door keeps scans on the phone and reports them once sent', async ({
  page,
  context,
}) => {
  await page.setViewportSize({ width: 360, height: 740 });
  await asMember(page, 'lider@graca.demo');
  await page.goto(churchUrl('graca', `/admin/events/${eventId}/checkin`));
  await expect(page.getByText('1 entrou de 1')).toBeVisible();
  await context.setOffline(true);
  const answer = page.getByRole('alert');
  for (const expected of ['Guardado neste celular', 'Lido duas vezes neste celular sem conexão.']) {
    await page.getByLabel('Código do ingresso').fill('TK-OFFLINE1');
    await page.getByRole('button', { name: 'Verificar' }).click();
    await expect(answer).toContainText(expected);
    await answer.getByRole('button', { name: 'Próximo' }).click();
  }
  await expect(page.getByText('1 leitura aguardando')).toBeVisible();
  await context.setOffline(false);
  const reports = page.getByRole('region', { name: 'Confira estas leituras' });
  await expect(reports).toContainText('Nenhum ingresso tem este código.');
  await expect(page.getByText('1 leitura aguardando')).toBeHidden();
});

test('the description is rich text in the form and on the public page, which stays free of framework JS', async ({
  page,
}) => {
  await asMember(page, 'lider@graca.demo');
  await page.goto(churchUrl('graca', `/admin/events/${eventId}`));
  const body = page.getByRole('textbox', { name: 'Descrição', exact: true }).first();
  await body.click();
  await body.pressSequentially('Programa ');
  await page.getByRole('button', { name: 'Negrito' }).click();
  await body.pressSequentially('da família');
  await page.getByRole('button', { name: 'Salvar' }).click();
  await expect(page.getByText('Salvo.', { exact: true })).toBeVisible();

  await page.goto(churchUrl('graca', `/event/${eventId}`));
  await expect(page.locator('.description strong')).toHaveText('da família');
  await expect(page.locator('.description')).toHaveText('Programa da família');
  expect(await page.locator('astro-island').count()).toBe(0);
});

test('the admin gives the event a door team: the volunteer checks in there only', async ({
  page,
  browser,
}) => {
  const admin = await apiLogin('lider@graca.demo');
  const volunteer = await apiLogin('beatriz.rocha@graca.demo');
  const asAdmin = (path: string, body: unknown) =>
    fetch(`${API}/admin/graca/${path}`, {
      method: 'PUT',
      headers: { authorization: `Bearer ${admin.token}`, 'content-type': 'application/json' },
      body: JSON.stringify(body),
    });
  expect(
    (await asAdmin(`pessoas/${volunteer.id}/papeis`, { roles: ['ROLE_ADMIN_CHECKIN'] })).status,
  ).toBe(200);
  try {
    await asMember(page, 'lider@graca.demo');
    await page.goto(churchUrl('graca', `/admin/events/${eventId}`));
    const team = page.getByRole('region', { name: 'Equipe de portaria' });
    const box = team.getByRole('checkbox', { name: /Beatriz/ });
    await expect(box).not.toBeChecked();
    await expect(team).toContainText('Sem eventos atribuídos: faz o check-in em todos os eventos.');
    await box.check();
    await team.getByRole('button', { name: 'Salvar a equipe de portaria' }).click();
    await expect(team.getByText('Equipe de portaria salva.')).toBeVisible();
    const { violations } = await new AxeBuilder({ page }).analyze();
    expect(violations.map((v) => v.id)).toEqual([]);

    // The volunteer's phone: this event only, and a clear refusal elsewhere.
    const context = await browser.newContext({ viewport: { width: 360, height: 740 } });
    const door = await context.newPage();
    await asMember(door, 'beatriz.rocha@graca.demo');
    await door.goto(churchUrl('graca', '/admin/events?vista=checkin'));
    await expect(door.getByRole('heading', { level: 2, name: new RegExp(title) })).toBeVisible();
    await expect(door.getByRole('heading', { name: /Conferência Graça 2026/ })).toHaveCount(0);
    const events = await (
      await fetch(`${API}/admin/graca/evento`, {
        headers: { authorization: `Bearer ${admin.token}` },
      })
    ).json();
    const other = (events as { eventos: { id: number; titulo: string }[] }).eventos.find(
      (e) => e.titulo === 'Conferência Graça 2026',
    )!;
    await door.goto(churchUrl('graca', `/admin/events/${other.id}/checkin`));
    await expect(door.getByRole('alert')).toContainText(
      'Você está na equipe de portaria de outros eventos',
    );
    await door.goto(churchUrl('graca', `/admin/events/${eventId}/checkin`));
    await expect(door.getByRole('heading', { level: 1 })).toHaveText(`Check-in: ${title}`);
    await context.close();
  } finally {
    await asAdmin(`evento/${eventId}/porta`, { usuarios: [] });
    await asAdmin(`pessoas/${volunteer.id}/papeis`, { roles: [] });
  }
});

test('a new event starts in the church’s currency: dollars at grace', async ({ page }) => {
  // the interface follows the browser's language (pt-BR here), the currency the church's country
  await asMember(page, 'admin@grace.demo');
  await page.goto(churchUrl('grace', '/admin/events/new'));
  await expect(page.getByRole('heading', { level: 1, name: 'Novo evento' })).toBeVisible({
    timeout: 30_000,
  });
  await expect(page.getByRole('textbox', { name: 'Moeda', exact: true })).toHaveValue('USD');
  // the time zone's example is one of the church's country, not Brazil's
  await expect(
    page.getByText('As datas acima estão neste fuso, ex.: America/New_York.'),
  ).toBeVisible();
});

test('the desk at 700 registrations: sort by a column, search without accents, select and export, at 360 px and on a desktop', async ({
  page,
}) => {
  test.setTimeout(240_000);
  // 700 free registrations through the API, as members registering for a free event would make them
  const admin = await apiLogin('lider@graca.demo');
  const staff = (method: string, path: string, body?: unknown) =>
    fetch(`${API}/admin/graca/${path}`, {
      method,
      headers: { authorization: `Bearer ${admin.token}`, 'content-type': 'application/json' },
      body: body === undefined ? undefined : JSON.stringify(body),
    });
  const congress = `Congresso ${Date.now().toString(36)}`;
  const made = await staff('POST', 'evento', {
    titulo: congress,
    dataInicio: new Date(Date.now() + 40 * 86_400_000).toISOString(),
    dataFim: new Date(Date.now() + 41 * 86_400_000).toISOString(),
    fusoHorario: 'America/Sao_Paulo',
    moeda: 'BRL',
    ingressos: [
      { nome: 'Geral', valor: 0, estoque: 1000 },
      { nome: 'Criança', valor: 0, estoque: 1000 },
    ],
  });
  expect(made.status).toBe(201);
  const event = (await made.json()) as { id: number; ingressos: { id: number }[] };
  expect((await staff('POST', `evento/${event.id}/publicar`)).status).toBe(200);
  const names = [
    'Álvaro Ávila',
    'Ângela Zúñiga',
    ...Array.from({ length: 697 }, (_, i) => `Pessoa ${String(i).padStart(3, '0')}`),
  ];
  const members = [await apiLogin('membro@graca.demo'), await apiLogin('beatriz.rocha@graca.demo')];
  const register = async (batch: number, holders: { nome: string }[]) => {
    const who = members[batch % 2]!;
    const res = await fetch(`${API}/usuario/${who.id}/evento/${event.id}/inscricao`, {
      method: 'POST',
      headers: {
        authorization: `Bearer ${who.token}`,
        'content-type': 'application/json',
        'idempotency-key': `desk-700-${event.id}-${batch}`,
      },
      body: JSON.stringify({
        ingressos: [
          { ingresso: event.ingressos[0]!.id, titulares: holders.slice(0, 50) },
          ...(holders.length > 50
            ? [{ ingresso: event.ingressos[1]!.id, titulares: holders.slice(50) }]
            : []),
        ],
      }),
    });
    expect(res.status, await res.clone().text()).toBeLessThan(300);
  };
  for (let batch = 0; batch < 7; batch++)
    await register(
      batch,
      names.slice(batch * 100, batch * 100 + 100).map((nome) => ({ nome })),
    );
  // the 700th, an order of its own, cancelled by the staff: its row stays readable (contrast)
  await register(7, [{ nome: 'Bruna Estorno' }]);
  const found = (await (await staff('GET', `evento/${event.id}/inscricao?busca=bruna`)).json()) as {
    inscricoes: { id: number }[];
  };
  expect(
    (await staff('POST', `evento/${event.id}/inscricao/${found.inscricoes[0]!.id}/cancelar`))
      .status,
  ).toBe(200);

  // a phone at the door's desk: the table scrolls inside its own box, never the page
  await page.setViewportSize({ width: 360, height: 740 });
  await asMember(page, 'lider@graca.demo');
  await page.goto(churchUrl('graca', `/admin/events/${event.id}/registrations`));
  await expect(page.getByRole('status').filter({ hasText: '700 inscrições' })).toBeVisible();
  const table = page.getByRole('table', { name: 'Inscrições' });
  await expect(table.getByRole('row')).toHaveCount(51); // the header and a page of 50
  await noSideScroll(page);
  const box = page.getByRole('region', { name: 'Inscrições' });
  expect(await box.evaluate((el) => el.scrollWidth > el.clientWidth)).toBe(true);
  const holder = table.getByRole('columnheader', { name: 'Participante' });
  await holder.getByRole('button').click();
  await expect(page).toHaveURL(/ordem=titular/);
  await expect(holder).toHaveAttribute('aria-sort', 'ascending');
  const firstHolder = table.getByRole('rowheader').first();
  await expect(firstHolder).toContainText('Álvaro Ávila');
  await expect(table.getByRole('rowheader').nth(1)).toContainText('Ângela Zúñiga');
  const cancelled = table.getByRole('row').filter({ hasText: 'Bruna Estorno' });
  await expect(cancelled).toContainText('Cancelada');
  await expect(cancelled.getByText('Ações')).toHaveCount(0); // nothing left to do on it
  let { violations } = await new AxeBuilder({ page }).analyze();
  expect(violations.map((v) => v.id)).toEqual([]);
  await holder.getByRole('button').click();
  await expect(holder).toHaveAttribute('aria-sort', 'descending');
  await expect(firstHolder).toContainText('Pessoa 696');
  await noSideScroll(page);

  // desktop: search without accents, keep the sort, select two rows and export only them
  await page.setViewportSize({ width: 1280, height: 900 });
  await holder.getByRole('button').click(); // back to A → Z
  await expect(holder).toHaveAttribute('aria-sort', 'ascending');
  await page
    .getByRole('searchbox', { name: 'Buscar por nome, e-mail ou código' })
    .fill('angela zuniga');
  await page.getByRole('button', { name: 'Buscar', exact: true }).click();
  await expect(page.getByRole('status').filter({ hasText: '1 inscrição' })).toBeVisible();
  await expect(table.getByRole('rowheader')).toHaveCount(1);
  await expect(firstHolder).toContainText('Ângela Zúñiga');
  await page.getByRole('checkbox', { name: 'Selecionar Ângela Zúñiga' }).check();
  await page.getByRole('button', { name: 'Limpar filtros' }).click();
  await expect(page.getByRole('status').filter({ hasText: '700 inscrições' })).toBeVisible();
  await expect(page).toHaveURL(/ordem=titular/);
  await page.getByRole('checkbox', { name: 'Selecionar Álvaro Ávila' }).check();
  await expect(page.getByRole('checkbox', { name: 'Selecionar Ângela Zúñiga' })).toBeChecked();
  await expect(page.getByText('2 selecionadas')).toBeVisible();
  // the row menu holds the registration's actions
  const menu = table.getByRole('row').filter({ hasText: 'Álvaro Ávila' }).getByText('Ações');
  await menu.click();
  await expect(page.getByRole('button', { name: 'Reenviar e-mail do ingresso' })).toBeVisible();
  await expect(page.getByRole('button', { name: 'Cancelar', exact: true })).toBeVisible();
  ({ violations } = await new AxeBuilder({ page }).analyze());
  expect(violations.map((v) => v.id)).toEqual([]);
  const download = page.waitForEvent('download');
  await page.getByRole('button', { name: 'Baixar CSV das selecionadas' }).click();
  const chunks: Buffer[] = [];
  for await (const chunk of await (await download).createReadStream()) chunks.push(chunk as Buffer);
  const lines = Buffer.concat(chunks)
    .toString('utf8')
    .replace(/^\uFEFF/, '')
    .trim()
    .split('\r\n');
  expect(lines).toHaveLength(3); // the header and the two selected, in the table's order
  expect(lines[0]).toMatch(/^Código do ingresso;Situação;/);
  expect(lines[1]).toContain(';Álvaro Ávila;');
  expect(lines[2]).toContain(';Ângela Zúñiga;');
  // a page's worth at once: the header's box selects the 50 rows of the page
  await page.getByRole('checkbox', { name: 'Selecionar todas desta página' }).check();
  await expect(page.getByText('50 selecionadas')).toBeVisible();
});
