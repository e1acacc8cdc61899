// Accounts (docs/accounts.md), "as a user would": access, session, profile, family, address, photo, member card,
// password recovery, activation and account deletion.
import path from 'node:path';
import AxeBuilder from '@axe-core/playwright';
import { expect, test, type Page } from '@playwright/test';
import sharp from 'sharp';
import { readOutbox } from '../../server/mail/outbox.ts';
import { asMember, churchUrl, port } from './helpers.ts';

const dataDir = path.resolve(`.data/e2e-${port}`);
const PASSWORD = 'Senha@123';

/** A valid CPF that no other test uses (spec §5 check digits). */
function uniqueCpf(): string {
  const base = String(Date.now() % 1_000_000_000)
    .padStart(9, '1')
    .split('')
    .map(Number);
  const digit = (d: number[]) => {
    const sum = d.reduce((s, n, i) => s + n * (d.length + 1 - i), 0);
    const rest = (sum * 10) % 11;
    return rest === 10 ? 0 : rest;
  };
  const d1 = digit(base);
  const d2 = digit([...base, d1]);
  return [...base, d1, d2].join('');
}

const uniqueEmail = (tag: string) =>
  `${tag}-${Date.now()}-${Math.floor(Math.random() * 1e6)}@example.com`;

async function lastLink(to: string, param: string): Promise<string> {
  let link: string | undefined;
  await expect
    .poll(async () => {
      link = (await readOutbox(dataDir, to))
        .flatMap((m) => m.links)
        .find((l) => l.includes(`${param}=`));
      return link;
    })
    .toBeTruthy();
  return link!;
}

async function startAccess(page: Page, email: string) {
  await page.getByRole('textbox', { name: 'E-mail', exact: true }).fill(email);
  await page.getByRole('button', { name: 'Continuar' }).click();
}

async function register(page: Page, email: string, cpf: string) {
  await page.goto(churchUrl('graca', '/access'));
  await startAccess(page, email);
  await fillRegistration(page, cpf);
  await page.getByRole('button', { name: 'Criar minha conta' }).click();
}

async function fillRegistration(page: Page, cpf: string) {
  await page.getByRole('textbox', { name: 'Nome', exact: true }).fill('Ana');
  await page.getByRole('textbox', { name: 'Sobrenome', exact: true }).fill('Teste');
  await page.getByRole('textbox', { name: 'Senha', exact: true }).fill(PASSWORD);
  await page.getByRole('textbox', { name: 'Confirme a senha', exact: true }).fill(PASSWORD);
  await page.getByRole('textbox', { name: 'Telefone', exact: true }).fill('+55 11 91234-5678');
  await page.getByRole('textbox', { name: 'Data de nascimento', exact: true }).fill('20071995');
  await page.getByLabel('Feminino').check();
  await page.getByRole('textbox', { name: 'CPF', exact: true }).fill(cpf);
}

test.describe('access and the member area', () => {
  test('register with an invalid CPF, fix it, land on redirectTo; reload; add a child and an address by CEP; photo; logout; wrong password; delete', async ({
    page,
  }) => {
    const email = uniqueEmail('ana');
    // A protected page sends a visitor to access without showing its content.
    await page.goto(churchUrl('graca', '/user/data'));
    await expect(page).toHaveURL(/\/access\?redirectTo=%2Fuser%2Fdata$/);
    await expect(page.getByRole('heading', { name: 'Dados cadastrais' })).toHaveCount(0);

    await startAccess(page, email);
    await expect(page.getByRole('heading', { name: 'Criar conta' })).toBeVisible();
    await fillRegistration(page, '111.111.111-11');
    await page.getByRole('button', { name: 'Criar minha conta' }).click();
    await expect(page.getByText('CPF inválido.')).toBeVisible();
    await page.getByRole('textbox', { name: 'CPF', exact: true }).fill(uniqueCpf());
    await page.getByRole('button', { name: 'Criar minha conta' }).click();

    await expect(page).toHaveURL(churchUrl('graca', '/user/data'));
    await expect(page.getByRole('heading', { name: 'Dados cadastrais' })).toBeVisible();
    await expect(page.getByRole('textbox', { name: 'Nome', exact: true })).toHaveValue('Ana');
    await expect(
      page.getByRole('textbox', { name: 'Data de nascimento', exact: true }),
    ).toHaveValue('20/07/1995');

    await page.reload();
    await expect(page.getByRole('heading', { name: 'Dados cadastrais' })).toBeVisible();
    await expect(page.getByRole('textbox', { name: 'E-mail', exact: true })).toHaveValue(email);

    // A child
    await page.getByRole('button', { name: 'Adicionar criança' }).click();
    await page.getByRole('textbox', { name: 'Nome da criança', exact: true }).fill('Davi');
    await page
      .getByRole('form', { name: 'Adicionar criança' })
      .getByRole('textbox', { name: 'Data de nascimento', exact: true })
      .fill('03/02/2019');
    await page
      .getByRole('form', { name: 'Adicionar criança' })
      .getByRole('button', { name: 'Salvar' })
      .click();
    await expect(page.getByText('Davi', { exact: true })).toBeVisible();

    // An address found by CEP
    await page.getByRole('button', { name: 'Adicionar endereço' }).click();
    const addressForm = page.getByRole('form', { name: 'Adicionar endereço' });
    await addressForm.getByRole('textbox', { name: 'CEP', exact: true }).fill('01310100');
    await addressForm.getByRole('button', { name: 'Buscar' }).click();
    await expect(addressForm.getByRole('textbox', { name: 'Rua', exact: true })).toHaveValue(
      'Avenida Paulista',
    );
    await expect(addressForm.getByRole('textbox', { name: 'Cidade', exact: true })).toHaveValue(
      'São Paulo',
    );
    await expect(addressForm.getByRole('textbox', { name: 'Bairro', exact: true })).toHaveValue(
      'Bela Vista',
    );
    await addressForm.getByRole('textbox', { name: 'Número', exact: true }).fill('1500');
    await addressForm.getByRole('button', { name: 'Salvar' }).click();
    await expect(page.getByText('Avenida Paulista, 1500')).toBeVisible();
    await page.reload();
    await expect(page.getByText('Davi', { exact: true })).toBeVisible();
    await expect(page.getByText('Avenida Paulista, 1500')).toBeVisible();
    await expect(page.getByText('Bela Vista · São Paulo · SP · 01310-100 · Brasil')).toBeVisible(); // the CEP as Brazilians write it

    // Profile photo: choose, then remove
    await page.goto(churchUrl('graca', '/user'));
    await expect(page.getByRole('heading', { name: 'Minha conta' })).toBeVisible();
    // Profile and registration data are one page, so the menu leads there once.
    await expect(page.getByRole('link', { name: 'Meu perfil' })).toHaveAttribute(
      'href',
      '/user/data',
    );
    await expect(page.locator('a[href^="/user/data"]')).toHaveCount(1);
    const photo = await sharp({
      create: { width: 1200, height: 800, channels: 3, background: '#2a9d8f' },
    })
      .jpeg()
      .toBuffer();
    await page
      .getByLabel('Escolher foto')
      .setInputFiles({ name: 'eu.jpg', mimeType: 'image/jpeg', buffer: photo });
    await expect(page.getByRole('img', { name: 'Foto de perfil' })).toBeVisible();
    await expect(page.getByText('Foto atualizada.')).toBeVisible();
    await page.getByRole('button', { name: 'Remover foto' }).click();
    await expect(page.getByRole('img', { name: 'Foto de perfil' })).toHaveCount(0);
    await expect(page.getByRole('button', { name: 'Escolher foto' })).toBeVisible();

    // Logout, then a wrong password
    await page.getByRole('button', { name: 'Sair' }).click();
    await expect(page).toHaveURL(churchUrl('graca', '/'));
    await page.goto(churchUrl('graca', '/user'));
    await expect(page).toHaveURL(/\/access\?redirectTo=%2Fuser$/);
    await startAccess(page, email);
    await page.getByRole('textbox', { name: 'Senha', exact: true }).fill('Errada@123');
    await page.getByRole('button', { name: 'Entrar', exact: true }).click();
    await expect(page.getByText('Nome de usuário ou senha inválidos.')).toBeVisible();
    await page.getByRole('textbox', { name: 'Senha', exact: true }).fill(PASSWORD);
    await page.getByRole('button', { name: 'Entrar', exact: true }).click();
    await expect(page).toHaveURL(churchUrl('graca', '/user'));

    // A logged-in user does not see access.
    await page.goto(churchUrl('graca', '/access'));
    await expect(page).toHaveURL(churchUrl('graca', '/'));

    // Delete the account
    await page.goto(churchUrl('graca', '/user'));
    await page.getByRole('link', { name: 'Excluir minha conta' }).click();
    await page.getByRole('link', { name: 'Quero excluir minha conta' }).click();
    await expect(page).toHaveURL(churchUrl('graca', '/user/confirm-delete-user'));
    await page.getByRole('textbox', { name: 'Senha', exact: true }).fill('Errada@123');
    await page.getByRole('button', { name: 'Excluir definitivamente' }).click();
    await expect(
      page.getByRole('alert').filter({ hasText: 'Sua senha está incorreta.' }).first(),
    ).toBeVisible();
    await expect(page).toHaveURL(churchUrl('graca', '/user/confirm-delete-user')); // no logout on this 401-exempt screen
    await page.getByRole('textbox', { name: 'Senha', exact: true }).fill(PASSWORD);
    await page.getByRole('button', { name: 'Excluir definitivamente' }).click();
    await expect(page.getByRole('heading', { name: 'Conta excluída' })).toBeVisible();
    await page.goto(churchUrl('graca', '/access'));
    await startAccess(page, email);
    await expect(page.getByRole('heading', { name: 'Criar conta' })).toBeVisible(); // the account is gone
  });

  test('the inactive account gets its activation e-mail and the link activates it', async ({
    page,
  }) => {
    await page.goto(churchUrl('graca', '/access'));
    await startAccess(page, 'inativo@graca.demo');
    const dialog = page.getByRole('dialog', { name: 'Conta inativa' });
    await expect(dialog).toBeVisible();
    await dialog.getByRole('button', { name: 'Enviar e-mail de ativação' }).click();
    await expect(
      dialog.getByText('Enviamos o e-mail de ativação. Confira sua caixa de entrada.'),
    ).toBeVisible();
    const link = await lastLink('inativo@graca.demo', 'activationToken');
    expect(link.startsWith(churchUrl('graca', '/access?activationToken='))).toBe(true);
    await page.goto(link);
    await expect(page.getByText('E-mail confirmado e conta ativada.')).toBeVisible();
    await startAccess(page, 'inativo@graca.demo');
    await page.getByRole('textbox', { name: 'Senha', exact: true }).fill('Demo@1234');
    await page.getByRole('button', { name: 'Entrar', exact: true }).click();
    await expect(page).toHaveURL(churchUrl('graca', '/'));
  });

  test('recover a password with the e-mailed link', async ({ page }) => {
    const email = uniqueEmail('rec');
    await register(page, email, uniqueCpf());
    await expect(page).toHaveURL(churchUrl('graca', '/'));
    await page.evaluate(() => {
      sessionStorage.clear();
      localStorage.clear();
    });
    await page.goto(churchUrl('graca', '/access'));
    await startAccess(page, email);
    await page.getByRole('button', { name: 'Esqueci minha senha' }).click();
    const dialog = page.getByRole('dialog', { name: 'Recuperar senha' });
    await expect(dialog.getByRole('textbox', { name: 'E-mail', exact: true })).toHaveValue(email);
    await dialog.getByRole('button', { name: 'Enviar' }).click();
    await expect(
      dialog.getByText('Enviamos para o seu e-mail um link para criar uma nova senha.'),
    ).toBeVisible();
    const link = await lastLink(email, 'resetToken');
    await page.goto(link);
    await expect(page.getByRole('heading', { name: 'Criar nova senha' })).toBeVisible();
    await page.getByRole('textbox', { name: 'Nova senha', exact: true }).fill('Outra@456');
    await page.getByRole('textbox', { name: 'Confirme a senha', exact: true }).fill('Outra@457');
    await page.getByRole('button', { name: 'Salvar nova senha' }).click();
    await expect(page.getByText('As senhas precisam ser iguais')).toBeVisible();
    await page.getByRole('textbox', { name: 'Confirme a senha', exact: true }).fill('Outra@456');
    await page.getByRole('button', { name: 'Salvar nova senha' }).click();
    await expect(
      page.getByText('Senha alterada. Você já pode entrar com a nova senha.'),
    ).toBeVisible();
    await startAccess(page, email);
    await page.getByRole('textbox', { name: 'Senha', exact: true }).fill('Outra@456');
    await page.getByRole('button', { name: 'Entrar', exact: true }).click();
    await expect(page).toHaveURL(churchUrl('graca', '/'));
  });

  test('print the member card; none for an e-mail without one', async ({ page }) => {
    await page.goto(churchUrl('graca', '/access?redirectTo=/user'));
    await startAccess(page, 'membro@graca.demo');
    await page.getByRole('textbox', { name: 'Senha', exact: true }).fill('Demo@1234');
    await page.getByRole('button', { name: 'Entrar', exact: true }).click();
    await expect(page).toHaveURL(churchUrl('graca', '/user'));
    await page.getByRole('link', { name: 'Carteirinha de membro' }).click();
    const card = page.getByRole('article', { name: 'Carteirinha de membro: Maria Souza' });
    await expect(card).toBeVisible();
    for (const text of [
      '529.982.247-25',
      'Sede',
      'Pr. Carlos Almeida',
      '14/05/1990',
      '30/11/2008',
      'Feminino',
      'Casado(a)',
      'Membro',
      'Igreja da Graça',
    ]) {
      await expect(card.getByText(text, { exact: true }).first()).toBeVisible();
    }
    await expect(card.getByRole('img', { name: 'Código QR da carteirinha' })).toBeVisible();
    await expect(
      page.getByRole('heading', { level: 1, name: 'Carteirinha de membro' }),
    ).toBeAttached();
    const { violations } = await new AxeBuilder({ page }).analyze();
    expect(
      violations.map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`),
    ).toEqual([]);
    await page.evaluate(() => {
      (window as unknown as { printed: boolean }).printed = false;
      window.print = () => void ((window as unknown as { printed: boolean }).printed = true);
    });
    await page.getByRole('button', { name: 'Imprimir ou salvar em PDF' }).click();
    expect(await page.evaluate(() => (window as unknown as { printed: boolean }).printed)).toBe(
      true,
    );
    await page.emulateMedia({ media: 'print' });
    await expect(page.getByRole('button', { name: 'Imprimir ou salvar em PDF' })).toBeHidden();
    await expect(card).toBeVisible();
    await page.emulateMedia({ media: 'screen' });
    await page.goto(
      churchUrl(
        'graca',
        '/embed/print-member-card?userCardEmail=lider@graca.demo&memberChurchId=1',
      ),
    );
    await expect(page.getByRole('alert')).toBeVisible(); // not staff: no one else's card
    await page.goto(churchUrl('graca', '/user'));
    await page.getByRole('button', { name: 'Sair' }).click();
  });

  test('the member card says when there is none for the e-mail', async ({ page }) => {
    await register(page, uniqueEmail('card'), uniqueCpf());
    await expect(page).toHaveURL(churchUrl('graca', '/'));
    await page.goto(churchUrl('graca', '/embed/print-member-card?showCard=true'));
    await expect(
      page.getByText(/Nenhuma carteirinha encontrada para o e-mail card-/),
    ).toBeVisible();
  });
});

test('the header church picker finds the nearest churches of the organisation, with permission', async ({
  browser,
}) => {
  const context = await browser.newContext({
    locale: 'pt-BR',
    geolocation: { latitude: -23.5, longitude: -46.62 },
    permissions: ['geolocation'],
  });
  const page = await context.newPage();
  await page.goto(churchUrl('graca', '/'));
  await page.getByText('Igrejas', { exact: true }).click();
  await page.getByRole('button', { name: 'Igrejas perto de mim' }).click();
  const first = page.locator('[data-near-list] a').first();
  await expect(first).toHaveText(/^Igreja da Graça — Zona Norte · [\d.]+ km$/);
  await expect(first).toHaveAttribute('href', churchUrl('graca-norte', '/'));
  // Search by name or address is a plain form to the church list.
  await page.getByRole('searchbox', { name: 'Buscar por nome ou endereço' }).fill('Santo Amaro');
  await page.getByRole('button', { name: 'Buscar', exact: true }).first().click();
  await expect(page).toHaveURL(/\/churchs\?busca=Santo\+Amaro/);
  await context.close();
});

// ---- what members tripped over in the account area ----

test('on a phone the header church picker opens on screen, and its search works', async ({
  browser,
}) => {
  const context = await browser.newContext({
    locale: 'pt-BR',
    viewport: { width: 390, height: 800 },
  });
  const page = await context.newPage();
  await page.goto(churchUrl('graca', '/'));
  await page.getByText('Igrejas', { exact: true }).click();
  const search = page.getByRole('searchbox', { name: 'Buscar por nome ou endereço' });
  const box = (await search.boundingBox())!;
  expect(box.x).toBeGreaterThanOrEqual(0);
  expect(box.x + box.width).toBeLessThanOrEqual(390);
  await search.fill('Norte');
  await search.press('Enter');
  await expect(page.getByRole('link', { name: 'Igreja da Graça — Zona Norte' })).toBeVisible();
  await context.close();
});

test('change church names the organisation as people know it, not by its address slug', async ({
  page,
}) => {
  await page.goto(churchUrl('graca', '/access?redirectTo=/user/church'));
  await page.getByRole('textbox', { name: 'E-mail', exact: true }).fill('membro@graca.demo');
  await page.getByRole('button', { name: 'Continuar' }).click();
  await page.getByRole('textbox', { name: 'Senha', exact: true }).fill('Demo@1234');
  await page.getByRole('button', { name: 'Entrar', exact: true }).click();
  await expect(page).toHaveURL(churchUrl('graca', '/user/church'));
  await expect(
    page.getByText('Escolha a igreja da Rede Graça para a qual você quer mudar.', { exact: false }),
  ).toBeVisible();
  await expect(page.getByText('rede-graca')).toHaveCount(0);
  await expect(page.getByText('Igreja da Graça — Zona Norte')).toBeVisible();
});

test('changing church shows, before the move, the recurring gift and what stops with its amount', async ({
  page,
}) => {
  await page.goto(churchUrl('graca', '/access?redirectTo=/user/church'));
  await page.getByRole('textbox', { name: 'E-mail', exact: true }).fill('membro@graca.demo');
  await page.getByRole('button', { name: 'Continuar' }).click();
  await page.getByRole('textbox', { name: 'Senha', exact: true }).fill('Demo@1234');
  await page.getByRole('button', { name: 'Entrar', exact: true }).click();
  await expect(page).toHaveURL(churchUrl('graca', '/user/church'));
  await page
    .getByRole('listitem')
    .filter({ hasText: 'Igreja da Graça — Zona Norte' })
    .getByRole('button', { name: 'Mudar para esta igreja' })
    .click();
  const confirm = page.getByRole('region', {
    name: 'Mudar sua conta para Igreja da Graça — Zona Norte?',
  });
  await expect(
    confirm.getByText(/Doação recorrente “Dízimo”: R\$\s300,00 a cada 30 dias/),
  ).toBeVisible();
  await expect(
    confirm.getByText('Ao mudar, paramos o que ainda seria cobrado na Igreja da Graça:'),
  ).toBeVisible();
  await expect(page.getByRole('button', { name: 'Confirmar a mudança' })).toBeVisible();
  // going back moves nothing: the list is shown again
  await page.getByRole('button', { name: 'Voltar' }).click();
  await expect(page.getByText('Igreja atual')).toBeVisible();
});

/** A new grace member (registration asks phone, birth date and sex; the address is still missing). */
async function newGraceMember(page: Page): Promise<string> {
  const email = `tripups-${Date.now()}-${Math.floor(Math.random() * 1e6)}@example.com`;
  const { API } = await import('./helpers.ts');
  const church = (await (await fetch(`${API}/igreja/codigo/grace`)).json()) as { id: number };
  const response = await fetch(`${API}/igreja/${church.id}/usuario`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', 'accept-language': 'en-US' },
    body: JSON.stringify({
      email,
      senha: 'Senha@123',
      confirmacaoSenha: 'Senha@123',
      nome: 'Ruth',
      sobrenome: 'Walker',
      telefone: '+1 512 555 0100',
      dataNascimento: '1990-04-12',
      sexo: 'F',
    }),
  });
  expect(response.status, await response.clone().text()).toBeLessThan(300);
  const pair = (await response.json()) as { token: string; refresh_token: string };
  await page.addInitScript(
    ([token, refresh]) => {
      if (!sessionStorage.getItem('church:token')) sessionStorage.setItem('church:token', token!);
      localStorage.setItem('church:refreshToken', refresh!);
    },
    [pair.token, pair.refresh_token],
  );
  return email;
}

test('"Complete your data" flags every missing field on the first try, profile and address together', async ({
  browser,
}) => {
  const context = await browser.newContext({ locale: 'en-US' });
  const page = await context.newPage();
  await newGraceMember(page);
  await page.goto(churchUrl('grace', '/user/data-update?redirectTo=%2Fcheckout'));
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Complete your data');
  await page.getByRole('textbox', { name: 'Phone' }).fill('');
  await page.getByRole('button', { name: 'Save and continue' }).click();
  await expect(page.getByRole('textbox', { name: 'Phone' })).toHaveAttribute(
    'aria-invalid',
    'true',
  );
  await expect(page.getByRole('textbox', { name: 'City' })).toHaveAttribute('aria-invalid', 'true');
  await expect(page.getByRole('textbox', { name: 'Street' })).toHaveAttribute(
    'aria-invalid',
    'true',
  );
  await expect(page).toHaveURL(/\/user\/data-update/);
  await context.close();
});

test('"Save and continue" on grace keeps every typed field and reaches the checkout; no CPF in a US church', async ({
  browser,
}) => {
  const context = await browser.newContext({ locale: 'en-US' });
  const page = await context.newPage();
  await newGraceMember(page);
  await page.goto(churchUrl('grace', '/event'));
  await page.getByRole('link', { name: /Grace Family Conference/ }).click();
  await page.getByRole('spinbutton', { name: /Child/ }).fill('1');
  await page.getByRole('button', { name: 'Register' }).click();
  await page.getByLabel('Attendee name').fill('Kid Walker');
  await page.getByRole('button', { name: 'Go to payment' }).click();
  await expect(page).toHaveURL(/\/user\/data-update\?redirectTo=%2Fcheckout$/);
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Complete your data');

  await expect(page.getByLabel('CPF')).toHaveCount(0);
  await page.getByRole('textbox', { name: 'Phone' }).fill('+1 512 555 0199');
  await page.getByRole('textbox', { name: 'Birth date' }).fill('03151988');
  await page.getByRole('combobox', { name: 'Sex' }).selectOption('M');
  await page.getByRole('textbox', { name: 'ZIP code' }).fill('78701');
  await page.getByRole('button', { name: 'Look up' }).click();
  await expect(page.getByRole('textbox', { name: 'City' })).toHaveValue('Austin');
  await page.getByRole('textbox', { name: 'Street' }).fill('100 Congress Ave');
  // One button sends it all (it used to be a "Save" per part plus a link that threw it away).
  await expect(page.getByRole('button', { name: /^Save/ })).toHaveCount(1);
  await page.getByRole('button', { name: 'Save and continue' }).click();

  await expect(page).toHaveURL(/\/checkout$/);
  await expect(page.getByRole('radio', { name: /Credit card/ }).first()).toBeVisible();
  await page.goto(churchUrl('grace', '/user/data'));
  await expect(page.getByRole('textbox', { name: 'Phone' })).toHaveValue('+1 512 555 0199');
  await expect(page.getByRole('textbox', { name: 'Birth date' })).toHaveValue('03/15/1988');
  await expect(page.getByRole('combobox', { name: 'Sex' })).toHaveValue('M');
  await expect(page.getByText('100 Congress Ave', { exact: true })).toBeVisible();
  await context.close();
});

test('each notification of the account page opens what it names; the retreat one its own event', async ({
  page,
}) => {
  await asMember(page);
  await page.goto(churchUrl('graca', '/user'));
  const notifications = page.getByRole('region', { name: 'Notificações' });
  await expect(notifications.getByRole('link').first()).toBeVisible();
  const links = await notifications.getByRole('link').evaluateAll((as) =>
    as.map((a) => ({
      href: (a as HTMLAnchorElement).getAttribute('href')!,
      text: a.closest('li')!.textContent!,
    })),
  );
  expect(links.length).toBeGreaterThanOrEqual(4);
  for (const { href, text } of links) {
    if (href === '/live') continue; // the live service page is the same whatever is on
    const response = await page.goto(churchUrl('graca', href));
    expect(response?.status(), href).toBe(200);
    const title = (await page.getByRole('heading', { level: 1 }).textContent())!.trim();
    expect(text, `${href} opened "${title}"`).toContain(title);
  }
});

test('the volunteering page (Voluts) lists the ministries where a member can serve, each to its page', async ({
  page,
}) => {
  await asMember(page);
  await page.goto(churchUrl('graca', '/user'));
  await page.getByRole('link', { name: 'Voluntariado' }).click();
  await expect(page).toHaveURL(churchUrl('graca', '/third-parts/voluts'));
  await expect(page.getByRole('heading', { level: 1, name: 'Voluntariado' })).toBeVisible();
  const ministries = page.getByRole('region', { name: 'Ministérios onde servir' });
  const first = ministries.getByRole('link').first();
  const name = (await first.textContent())!.trim();
  await first.click();
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(name);
});

test('after the e-mail step of /access the password field has the focus', async ({ page }) => {
  await page.goto(churchUrl('graca', '/access'));
  await page.getByRole('textbox', { name: 'E-mail', exact: true }).fill('membro@graca.demo');
  await page.getByRole('button', { name: 'Continuar' }).click();
  await expect(page.getByRole('textbox', { name: 'Senha', exact: true })).toBeFocused();
});

test('a stale stored session on /user/* goes to the login and back there, not home', async ({
  page,
}) => {
  // A token the server no longer accepts, and no refresh token: what an old tab leaves behind.
  await page.addInitScript(() => {
    if (!sessionStorage.getItem('stale-set')) {
      sessionStorage.setItem('stale-set', '1');
      sessionStorage.setItem(
        'church:token',
        'eyJhbGciOiJIUzI1NiJ9.eyJzdWIiOiIxIiwiZXhwIjo0MTAyNDQ0ODAwfQ.forged',
      );
    }
  });
  await page.goto(churchUrl('graca', '/user/data'));
  await expect(page).toHaveURL(/\/access\?redirectTo=%2Fuser%2Fdata$/);
});

test('the member card has a way back to the account', async ({ page }) => {
  await asMember(page);
  await page.goto(churchUrl('graca', '/user'));
  await page.getByRole('link', { name: /Carteirinha/ }).click();
  await expect(page.getByRole('button', { name: /Imprimir/ })).toBeVisible();
  await page.getByRole('link', { name: 'Voltar' }).click();
  await expect(page).toHaveURL(churchUrl('graca', '/user'));
});

test('the children count follows the children added', async ({ browser }) => {
  const context = await browser.newContext({ locale: 'en-US' });
  const page = await context.newPage();
  await newGraceMember(page);
  await page.goto(churchUrl('grace', '/user/data'));
  const count = page.getByRole('textbox', { name: 'Number of children' });
  await expect(count).toHaveValue('');
  await page.getByRole('button', { name: 'Add child' }).click();
  const form = page.getByRole('form', { name: 'Add child' });
  await form.getByRole('textbox', { name: "Child's name" }).fill('Sam');
  await form.getByRole('textbox', { name: 'Birth date' }).fill('06012018');
  await form.getByRole('button', { name: 'Save' }).click();
  await expect(page.getByText('Sam', { exact: false }).first()).toBeVisible();
  await expect(count).toHaveValue('1');
  await context.close();
});
