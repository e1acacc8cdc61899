// A church whose card and Pix gateway is live Zoop (docs/payments.md "Zoop"), as a member meets it:
// the card is typed in our own fields and passes through to Zoop's card tokens (only Zoop's token
// is kept), "save card" keeps it at Zoop and the next gift is charged with the saved card alone,
// and a Pix shows Zoop's own code. This machine has no internet: a second server runs with
// ZOOP_API_URL at the fake Zoop API of the API tests.
import { expect as baseExpect, test, type Page } from '@playwright/test';
import {
  startFakeZoop,
  type FakeZoop,
} from '../../server/payments/adapters/fake-zoop.test-support.ts';
import { startSecondServer, type SecondServer } from './second-server.ts';

const expect = baseExpect.configure({ timeout: 30_000 });
test.describe.configure({ mode: 'serial', timeout: 180_000 });

const MARKETPLACE = 'mkt_e2e';
const API_KEY = 'zpk_e2e_church';
const NUMBER = '4111 1111 1111 1111';

let fake: FakeZoop;
let second: SecondServer;
let port: number;
const login = (email: string) => second.login(email);
const put = (path: string, token: string, body: unknown) => second.put(path, token, body);

async function memberPage(page: Page) {
  const session = await login('membro@graca.demo');
  await page.addInitScript(
    ([token, refresh]) => {
      if (!sessionStorage.getItem('church:token')) sessionStorage.setItem('church:token', token!);
      localStorage.setItem('church:refreshToken', refresh!);
    },
    [session.token, session.refresh_token],
  );
}

const zoopCalls = (suffix: string) =>
  fake.calls.filter((c) => c.method === 'POST' && c.path.endsWith(suffix));

test.beforeAll(async () => {
  test.setTimeout(150_000);
  fake = await startFakeZoop(MARKETPLACE, API_KEY);
  second = await startSecondServer('zoop', { ZOOP_API_URL: fake.url });
  port = second.port;
  // The treasurer sets Zoop live and makes it the gateway of cards and Pix, as /admin/gateways does.
  const { token } = await login('tesoureiro@graca.demo');
  await put('/admin/graca/gateways/zoop', token, {
    modo: 'live',
    credenciais: {
      marketplaceId: MARKETPLACE,
      sellerId: 'seller_e2e',
      apiKey: API_KEY,
      webhookSecret: 'zoop-e2e-webhook-0001',
    },
  });
  await put('/admin/graca/gateways-metodos', token, {
    metodos: [
      { codigo: 'cartao', idGatewayPagamento: 8 },
      { codigo: 'pix', idGatewayPagamento: 8 },
    ],
  });
});

test.afterAll(async () => {
  await second?.stop();
  await fake?.close();
});

test('a gift by card at a live Zoop church: our fields, the card kept at Zoop, the next gift by the saved card', async ({
  page,
}) => {
  await memberPage(page);
  await page.goto(`http://graca.localhost:${port}/give`);
  await expect(page.getByRole('heading', { level: 1, name: 'Contribua' })).toBeVisible();
  await page.getByLabel('Valor para Oferta').fill('40');
  await page.getByRole('radio', { name: 'Cartão de crédito' }).check();
  const other = page.getByRole('radio', { name: 'Usar outro cartão' });
  await expect(page.getByLabel('Número do cartão').or(other).first()).toBeVisible();
  await page.waitForLoadState('networkidle');
  // the demo member's sandbox cards cannot be charged by a live Zoop: none is offered
  await expect(page.getByRole('radio', { name: /final \d{4}/ })).toHaveCount(0);
  if (await other.isVisible()) await other.check();
  await page.getByLabel('Nome impresso no cartão').fill('Maria Souza');
  await page.getByLabel('Número do cartão').fill(NUMBER);
  await page.getByLabel('Validade (MM/AA)').fill('12/30');
  await page.getByLabel('CVV').fill('123');
  await page.getByLabel('CPF do titular').fill('529.982.247-25');
  await page.getByLabel('Data de nascimento do titular').fill('10/05/1985');
  const save = page.getByLabel('Salvar cartão para os próximos pagamentos');
  if (!(await save.isChecked())) await save.check();
  await page.getByRole('button', { name: /^Doar/ }).click();
  await expect(
    page.getByText('Doação aprovada! Enviamos o recibo para o seu e-mail.'),
  ).toBeVisible();

  // the number went to Zoop's card tokens once, and to no other Zoop call
  const tokens = zoopCalls('/cards/tokens');
  expect(tokens).toHaveLength(1);
  expect(JSON.stringify(tokens[0]!.body)).toContain(NUMBER.replaceAll(' ', ''));
  const others = fake.calls.filter((c) => !c.path.endsWith('/cards/tokens'));
  expect(JSON.stringify(others)).not.toContain(NUMBER.replaceAll(' ', ''));
  // kept at Zoop for the member's buyer, charged as a reusable card
  expect(zoopCalls('/buyers')).toHaveLength(1);
  expect(zoopCalls('/cards')).toHaveLength(1);
  const charges = zoopCalls('/transactions');
  expect(charges).toHaveLength(1);
  expect(charges[0]!.body).toMatchObject({
    payment_type: 'credit',
    source: { usage: 'reusable' },
  });

  // the next gift: the saved card is offered and charged with no number typed or sent
  await page.goto(`http://graca.localhost:${port}/give`);
  await page.getByLabel('Valor para Oferta').fill('15');
  await page.getByRole('radio', { name: 'Cartão de crédito' }).check();
  const saved = page.getByRole('radio', { name: /Visa final 1111/ });
  await expect(saved).toBeVisible();
  await saved.check();
  const numbersSent: string[] = [];
  page.on('request', (r) => {
    if (/\/card\/token\/?$/.test(r.url())) numbersSent.push(r.url());
  });
  await page.getByRole('button', { name: /^Doar/ }).click();
  await expect(
    page.getByText('Doação aprovada! Enviamos o recibo para o seu e-mail.'),
  ).toBeVisible();
  expect(numbersSent).toEqual([]);
  expect(zoopCalls('/cards/tokens')).toHaveLength(1);
  expect(zoopCalls('/buyers')).toHaveLength(1);
  expect(zoopCalls('/transactions')).toHaveLength(2);
  expect(zoopCalls('/transactions')[1]!.body).toMatchObject({
    customer: charges[0]!.body.customer,
    source: { usage: 'reusable' },
  });
});

test('a Pix gift at a live Zoop church shows Zoop’s own code', async ({ page }) => {
  await memberPage(page);
  await page.goto(`http://graca.localhost:${port}/give`);
  await page.getByLabel('Valor para Oferta').fill('30');
  await page.getByRole('radio', { name: 'Pix' }).check();
  await page.getByRole('button', { name: /^Doar/ }).click();
  await expect(page.getByText('Pague com o Pix abaixo.', { exact: false })).toBeVisible();
  const pix = [...fake.transactions.values()].find((t) => t.payment_type === 'pix')!;
  expect(pix).toBeTruthy();
  const code = await page.getByLabel('Pix copia e cola').inputValue();
  expect(code).toMatch(/^000201/);
  expect(code).toBe((pix.payment_method as { qr_code: { emv: string } }).qr_code.emv);
});
