// Groups (cells, spec §2 "/groups", MOD_CELULA) as people use them: a visitor searches and opens a
// group, asks to join, logs in and comes back to send the request; the leader finds it in the
// account's notifications and accepts; the member then sees the group under "my groups" and its
// meetings. Who may see meetings and the leader's list, tampering with the group id, the
// "near me" ordering, the empty state, the list's zero framework JS, the leader announcing the next
// meeting (docs/groups.md "What the leader does"), and axe on every page.
import AxeBuilder from '@axe-core/playwright';
import { expect, test, type Page } from '@playwright/test';
import { API, apiLogin, asMember, churchUrl, scriptFilesBesidesPageScript } from './helpers.ts';

// Logins, argon2 and axe are slow on a busy machine: each test gets two minutes.
test.describe.configure({ timeout: 120_000 });

async function expectNoAxeViolations(page: Page) {
  const { violations } = await new AxeBuilder({ page }).analyze();
  expect(
    violations.map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`),
    page.url(),
  ).toEqual([]);
}

async function logInOnAccessPage(page: Page, email: string) {
  await page.getByRole('textbox', { name: 'E-mail', exact: true }).fill(email);
  await page.getByRole('button', { name: 'Continuar' }).click();
  await page.getByRole('textbox', { name: 'Senha', exact: true }).fill('Demo@1234');
  await page.getByRole('button', { name: 'Entrar', exact: true }).click();
}

const api = (path: string, token?: string, init: RequestInit = {}) =>
  fetch(`${API}${path}`, {
    ...init,
    headers: {
      'content-type': 'application/json',
      'accept-language': 'pt-BR',
      ...(token ? { authorization: `Bearer ${token}` } : {}),
    },
  });

async function groupIds() {
  const graca = (await (await api('/igreja/graca/celula/?limit=50')).json()) as {
    celulas: { id: number; nome: string }[];
  };
  const grace = (await (await api('/igreja/grace/celula/')).json()) as {
    celulas: { id: number; nome: string }[];
  };
  const id = (name: string) =>
    [...graca.celulas, ...grace.celulas].find((g) => g.nome === name)!.id;
  return {
    vilaMariana: id('Célula Vila Mariana'),
    pinheiros: id('Célula Pinheiros'),
    downtown: id('Downtown Group'),
  };
}

test.describe
  .serial('join a group: visitor → login → request → leader accepts → my groups and meetings', () => {
  let groupId = 0;

  test('a visitor searches the groups and opens one', async ({ page }) => {
    await page.goto(churchUrl('graca', '/groups'));
    await expect(page.getByRole('heading', { level: 1, name: 'Células' })).toBeVisible();
    // the list ships no framework JS: no island, no module script
    await expect(page.locator('astro-island')).toHaveCount(0);
    await expect(page.locator('script[type="module"]')).toHaveCount(0);
    expect(await scriptFilesBesidesPageScript(page)).toEqual([]);
    await expectNoAxeViolations(page);

    await page.getByRole('searchbox', { name: 'Buscar células pelo nome' }).fill('zzz nada');
    await page.getByRole('button', { name: 'Buscar', exact: true }).click();
    await expect(page.getByRole('heading', { name: 'Nenhuma célula encontrada' })).toBeVisible();

    // Monday to Sunday (spec §9), after "any day"
    const days = page.getByRole('combobox', { name: 'Dia da reunião' }).locator('option');
    await expect(days.nth(1)).toHaveText('Segunda-feira');
    await expect(days.last()).toHaveText('Domingo');
    await page.getByRole('searchbox', { name: 'Buscar células pelo nome' }).fill('vila');
    await page
      .getByRole('combobox', { name: 'Dia da reunião' })
      .selectOption({ label: 'Terça-feira' });
    await page.getByRole('button', { name: 'Buscar', exact: true }).click();
    await expect(page).toHaveURL(/\/groups\?busca=vila&dia=2$/, { timeout: 20_000 });
    const cards = page.getByRole('list', { name: 'Células' }).getByRole('listitem');
    await expect(cards).toHaveCount(1);
    await cards.getByRole('link', { name: 'Célula Vila Mariana' }).click();

    groupId = Number(/\/groups\/(\d+)$/.exec(page.url())![1]);
    await expect(
      page.getByRole('heading', { level: 1, name: 'Célula Vila Mariana' }),
    ).toBeVisible();
    await expect(page.getByText('Terça-feira às 20:00')).toBeVisible();
    await expect(page.getByText('João Pereira')).toBeVisible();
    await expect(page.getByRole('link', { name: /Abrir no mapa/ })).toHaveAttribute(
      'href',
      /google\.com\/maps/,
    );
    await expect(
      page.getByRole('region', { name: 'O que a célula estuda' }).getByRole('link').first(),
    ).toHaveAttribute('href', /^\/studies\/\d+$/);
    await expect(
      page.getByText('É necessário realizar o login para completar essa ação'),
    ).toBeVisible();
    await expectNoAxeViolations(page);
  });

  test('asking to join sends the visitor to log in; back on the group they send the request', async ({
    page,
  }) => {
    await page.goto(churchUrl('graca', `/groups/${groupId}`));
    await page.getByRole('link', { name: 'Solicitar participação' }).click();
    await expect(page).toHaveURL(new RegExp(`/access\\?redirectTo=%2Fgroups%2F${groupId}$`), {
      timeout: 20_000,
    });
    await logInOnAccessPage(page, 'membro@graca.demo');
    await expect(page).toHaveURL(new RegExp(`/groups/${groupId}$`), { timeout: 20_000 });
    await page
      .getByRole('textbox', { name: 'Mensagem ao líder (opcional)' })
      .fill('Moro perto e gostaria de participar às terças.');
    await page.getByRole('button', { name: 'Enviar solicitação' }).click();
    await expect(page).toHaveURL(new RegExp(`/groups/request/success\\?celula=${groupId}$`), {
      timeout: 20_000,
    });
    await expect(
      page.getByRole('heading', { level: 1, name: 'Solicitação enviada' }),
    ).toBeVisible();
    await expectNoAxeViolations(page);

    // back on the group: waiting; a second request is refused with a clear message
    await page.getByRole('link', { name: 'Voltar à célula' }).click();
    await expect(
      page.getByText('Você pediu para participar desta célula. O líder responderá em breve.'),
    ).toBeVisible();
    const { token } = await apiLogin('membro@graca.demo');
    const again = await api('/igreja/graca/solicitacao-celula/admissao', token, {
      method: 'POST',
      body: JSON.stringify({ idCelula: groupId }),
    });
    expect(again.status).toBe(409);
    expect(((await again.json()) as { message: string }).message).toBe(
      'Você já pediu para participar da Célula Vila Mariana. Aguarde a resposta do líder.',
    );
  });

  test("the leader opens the request from the account's notifications and accepts it", async ({
    page,
  }) => {
    await asMember(page, 'lider@graca.demo');
    await page.goto(churchUrl('graca', '/user'));
    await page
      .getByRole('link', { name: 'Nova solicitação para a Célula Vila Mariana' })
      .first()
      .click();
    await expect(page).toHaveURL(new RegExp(`/groups/${groupId}/requests$`), { timeout: 20_000 });
    await expect(
      page.getByRole('heading', { level: 1, name: 'Pedidos de participação' }),
    ).toBeVisible();
    await expect(page.getByText('Moro perto e gostaria de participar às terças.')).toBeVisible();
    await expectNoAxeViolations(page);
    await page.getByRole('button', { name: 'Aceitar: Maria Souza' }).click();
    await expect(
      page
        .getByRole('status')
        .filter({ hasText: 'Maria Souza agora participa da Célula Vila Mariana.' }),
    ).toBeVisible();
    await expect(page.getByRole('button', { name: 'Aceitar: Maria Souza' })).toHaveCount(0);
  });

  test('the member sees the group under "my groups" and reads its meetings', async ({ page }) => {
    await asMember(page, 'membro@graca.demo');
    await page.goto(churchUrl('graca', '/groups'));
    const mine = page.getByRole('region', { name: 'Minhas células' });
    await expect(mine.getByRole('link', { name: 'Célula Vila Mariana' })).toBeVisible();
    await expect(mine.getByRole('link', { name: 'Célula Pinheiros' })).toBeVisible();
    await expectNoAxeViolations(page);
    await mine.getByRole('link', { name: 'Célula Vila Mariana' }).click();
    await page.getByRole('link', { name: 'Ver as reuniões' }).click();
    await expect(page).toHaveURL(new RegExp(`/groups/${groupId}/meetings$`), { timeout: 20_000 });
    await expect(
      page.getByRole('heading', { level: 1, name: 'Reuniões da Célula Vila Mariana' }),
    ).toBeVisible();
    await expectNoAxeViolations(page);
    await page.getByRole('link', { name: 'O perdão que liberta' }).click();
    await expect(
      page.getByRole('heading', { level: 1, name: 'O perdão que liberta' }),
    ).toBeVisible();
    await expect(page.getByText('11 presentes')).toBeVisible();
    await expect(page.getByText('Oramos pela família do Lucas.', { exact: false })).toBeVisible();
    await expectNoAxeViolations(page);
  });
});

test('meetings and the leader list are closed to others; another church’s group id is refused', async ({
  page,
}) => {
  const ids = await groupIds();
  // a visitor is sent to log in; the API answers 401
  await page.goto(churchUrl('graca', `/groups/${ids.pinheiros}/meetings`));
  await expect(page).toHaveURL(
    new RegExp(`/access\\?redirectTo=%2Fgroups%2F${ids.pinheiros}%2Fmeetings$`),
    { timeout: 20_000 },
  );
  expect((await api(`/celula/${ids.pinheiros}/reuniao-registro/`)).status).toBe(401);

  // a member of another group sees the reason on the page and a 403 from the API
  const lucas = await asMember(page, 'lucas.oliveira@graca.demo');
  await page.goto(churchUrl('graca', `/groups/${ids.pinheiros}/meetings`));
  await expect(page.getByRole('alert')).toHaveText(
    'Somente os membros e o líder desta célula podem ver as reuniões.',
  );
  await expect(page.getByRole('link', { name: 'Voltar à célula' })).toBeVisible();
  expect((await api(`/celula/${ids.pinheiros}/reuniao-registro/`, lucas.token)).status).toBe(403);
  expect((await api(`/celula/${ids.vilaMariana}/solicitacao-admissao/`, lucas.token)).status).toBe(
    403,
  );
  await page.goto(churchUrl('graca', `/groups/${ids.vilaMariana}/requests`));
  await expect(page.getByRole('alert')).toHaveText(
    'Somente o líder desta célula pode ver e responder as solicitações.',
  );

  // a member of another church learns nothing
  const john = await apiLogin('member@grace.demo');
  expect((await api(`/celula/${ids.pinheiros}/reuniao-registro/`, john.token)).status).toBe(404);
  expect((await api(`/celula/${ids.vilaMariana}/solicitacao-admissao/`, john.token)).status).toBe(
    404,
  );

  // graca's join call with grace's group id
  const tampered = await api('/igreja/graca/solicitacao-celula/admissao', lucas.token, {
    method: 'POST',
    body: JSON.stringify({ idCelula: ids.downtown }),
  });
  expect(tampered.status).toBe(404);
  expect(((await tampered.json()) as { message: string }).message).toBe(
    'Nenhuma célula encontrada.',
  );
});

test('"near me" orders the groups by distance from the browser location', async ({ browser }) => {
  const context = await browser.newContext({
    locale: 'pt-BR',
    geolocation: { latitude: -23.5, longitude: -46.63 },
    permissions: ['geolocation'],
  });
  const page = await context.newPage();
  await page.goto(churchUrl('graca', '/groups'));
  await page.getByRole('button', { name: 'Perto de mim' }).click();
  await expect(page).toHaveURL(/\/groups\?latitude=-23\.5000&longitude=-46\.6300$/, {
    timeout: 20_000,
  });
  await expect(page.getByText('As mais próximas de você primeiro.')).toBeVisible();
  const first = page.getByRole('list', { name: 'Células' }).getByRole('listitem').first();
  await expect(first.getByRole('link')).toHaveText('Célula Santana');
  await expect(first).toContainText(/a 0,\d km/);
  await expectNoAxeViolations(page);
  await context.close();
});

test('the leader announces the next meeting from the group page; the same meeting twice is refused', async ({
  page,
  browser,
}) => {
  const { vilaMariana, pinheiros } = await groupIds();
  // the members it reaches (the leader is not one of them); the member of the flow above may have joined
  const { qtdeMembros } = (await (await api(`/celula/${vilaMariana}`)).json()) as {
    qtdeMembros: number;
  };
  await asMember(page, 'lider@graca.demo');
  await page.goto(churchUrl('graca', `/groups/${vilaMariana}`));
  // the leader's box is headed as theirs, not as a request to join
  await expect(page.getByRole('heading', { level: 2, name: 'Sua liderança' })).toBeVisible();
  await page.getByRole('button', { name: 'Avisar do próximo encontro' }).click();
  const form = page.getByRole('form', { name: 'Avisar do próximo encontro' });
  // it starts at the group's usual day and time (Tuesdays at 20:00) next; the place, at its address
  const when = form.getByLabel('Data e hora');
  await expect(when).toHaveValue(/^\d{4}-\d{2}-\d{2}T20:00$/);
  const usual = await when.inputValue();
  expect(new Date(`${usual.slice(0, 10)}T12:00:00Z`).getUTCDay()).toBe(2);
  const place = form.getByRole('textbox', { name: 'Local' });
  await expect(place).toHaveAttribute('placeholder', /Vila Mariana - São Paulo$/);

  // no date: the error by its field, nothing sent
  await when.fill('');
  await form.getByRole('button', { name: 'Enviar aos membros' }).click();
  await expect(form.getByText('Escolha a data e a hora do encontro.')).toBeVisible();
  await when.fill(usual);
  await place.fill('Casa da Juliana');
  await form.getByRole('textbox', { name: 'Observação (opcional)' }).fill('Tragam um lanche.');
  await form.getByRole('button', { name: 'Enviar aos membros' }).click();
  await expect(
    form.getByRole('status').filter({ hasText: `Membros avisados do encontro: ${qtdeMembros}.` }),
  ).toBeVisible();
  await expectNoAxeViolations(page);

  // the same meeting again: the API's refusal, and what was typed stays
  await form.getByRole('button', { name: 'Enviar aos membros' }).click();
  await expect(
    form.getByRole('alert').filter({ hasText: 'Os membros já foram avisados deste encontro.' }),
  ).toBeVisible();
  await expect(place).toHaveValue('Casa da Juliana');
  await expect(when).toHaveValue(usual);

  // a member never sees it
  const context = await browser.newContext({ locale: 'pt-BR' });
  const member = await context.newPage();
  await asMember(member, 'membro@graca.demo');
  await member.goto(churchUrl('graca', `/groups/${pinheiros}`));
  await expect(member.getByRole('button', { name: 'Sair desta célula' })).toBeVisible();
  await expect(member.getByRole('heading', { level: 2, name: 'Sua participação' })).toBeVisible();
  await expect(member.getByRole('button', { name: 'Avisar do próximo encontro' })).toHaveCount(0);
  await context.close();
});
