// A church whose card gateway is live Stripe (docs/payments.md "Stripe"): the payment step shows
// Stripe.js's card field instead of our number, expiry and CVV, sends only the PaymentMethod id
// (never a card number), and a 3-D Secure card leaves for the bank's page; /user/addcard takes the
// card in the same field, keeps it at Stripe and the member gives with it; a recurring gift whose
// off-session charge the bank declined for the donor's confirmation is confirmed on /user/giving
// (one on-session PaymentIntent, the bank's page); a card saved on the sandbox before is listed
// apart on /user/cards as not usable there, never offered, and deleted. This machine has no
// internet: a second server runs with STRIPE_API_URL at the fake Stripe API of the API tests,
// and the browser gets a small fake Stripe.js in place of https://js.stripe.com/v3.
import AxeBuilder from '@axe-core/playwright';
import { expect as baseExpect, test, type Page } from '@playwright/test';
import {
  startFakeStripe,
  type FakeStripe,
} from '../../server/payments/adapters/fake-stripe.test-support.ts';
import { churchTimeZone, churchToday } from '../../common/time-zone.ts';
import { startSecondServer, type SecondServer } from './second-server.ts';

const expect = baseExpect.configure({ timeout: 30_000 });
test.describe.configure({ mode: 'serial', timeout: 180_000 });

/** Stripe.js as far as the payment step uses it: the typed text is the PaymentMethod id it makes. */
const FAKE_STRIPE_JS = `
window.Stripe = function (key, options) {
  window.__stripe = { key: key, locale: options && options.locale };
  return {
    elements: function () {
      return {
        create: function (kind) {
          var host = null;
          return {
            mount: function (el) {
              host = el;
              var input = document.createElement('input');
              input.name = 'fake-stripe-card';
              input.setAttribute('aria-label', 'Stripe ' + kind);
              el.appendChild(input);
            },
            destroy: function () { if (host) host.textContent = ''; },
            on: function () {},
          };
        },
      };
    },
    createPaymentMethod: function (o) {
      var typed = document.querySelector('[name=fake-stripe-card]').value;
      window.__stripe.holder = o.billing_details && o.billing_details.name;
      if (!typed) return Promise.resolve({ error: { message: 'Seu número de cartão está incompleto.' } });
      return Promise.resolve({ paymentMethod: { id: typed } });
    },
  };
};`;

/** The new-card choice, once the member's saved cards have loaded (they may offer "another card"). */
async function chooseNewCard(page: Page) {
  const other = page.getByRole('radio', { name: 'Usar outro cartão' });
  await expect(page.getByLabel('Stripe card').or(other).first()).toBeVisible();
  await page.waitForLoadState('networkidle');
  if (await other.isVisible()) await other.check();
  await expect(page.getByLabel('Stripe card')).toBeVisible();
}

let fake: FakeStripe;
let second: SecondServer;
let port: number;
const api = (path: string) => second.api(path);
const login = (email: string) => second.login(email);
const put = (path: string, token: string, body: unknown) => second.put(path, token, body);

/** The member on the second server, Stripe.js replaced by the fake, every card-number call counted. */
async function memberPage(page: Page, email = 'membro@graca.demo') {
  const session = await login(email);
  await page.addInitScript(
    ([token, refresh]) => {
      if (!sessionStorage.getItem('church:token')) sessionStorage.setItem('church:token', token!);
      localStorage.setItem('church:refreshToken', refresh!);
    },
    [session.token, session.refresh_token],
  );
  await page.route('https://js.stripe.com/v3', (route) =>
    route.fulfill({ contentType: 'application/javascript', body: FAKE_STRIPE_JS }),
  );
  const numbers: string[] = [];
  page.on('request', (r) => {
    if (/\/card\/token\/?$/.test(r.url())) numbers.push(r.url());
  });
  return numbers;
}

test.beforeAll(async () => {
  test.setTimeout(150_000);
  fake = await startFakeStripe();
  second = await startSecondServer('stripe', { STRIPE_API_URL: fake.url });
  port = second.port;
  // The treasurer sets Stripe live (the fake knows the one secret sk_test_church) and makes it the
  // card's gateway, as /admin/gateways does.
  const { token } = await login('tesoureiro@graca.demo');
  await put('/admin/graca/gateways/stripe', token, {
    modo: 'live',
    credenciais: {
      secretKey: 'sk_test_church',
      publishableKey: 'pk_test_e2e_church',
      webhookSecret: 'whsec_e2e_church_0123',
    },
  });
  await put('/admin/graca/gateways-metodos', token, {
    metodos: [{ codigo: 'cartao', idGatewayPagamento: 5 }],
  });
});

test.afterAll(async () => {
  await second?.stop();
  await fake?.close();
});

test('the payment methods answer carries the publishable key, never the secret', async () => {
  const r = await fetch(api('/igreja/graca/metodo-pagamento'));
  const text = await r.text();
  const card = (
    JSON.parse(text) as {
      metodosPagamento: { codigo: string; idGatewayPagamento: number; chavePublicavel?: string }[];
    }
  ).metodosPagamento.find((m) => m.codigo === 'cartao');
  expect(card).toMatchObject({ idGatewayPagamento: 5, chavePublicavel: 'pk_test_e2e_church' });
  expect(text).not.toContain('sk_test_church');
  expect(text).not.toContain('whsec_e2e');
});

test('a gift by card at a live Stripe church: Stripe.js field, only the PaymentMethod id is sent, approved', async ({
  page,
}) => {
  const numbers = await memberPage(page);
  await page.goto(`http://graca.localhost:${port}/give`);
  await expect(page.getByRole('heading', { level: 1, name: 'Contribua' })).toBeVisible();
  await page.getByLabel('Valor para Oferta').fill('40');
  await page.getByRole('radio', { name: 'Cartão de crédito' }).check();
  await chooseNewCard(page);
  // Stripe's field, not ours: no number, expiry or CVV inputs of the page
  await expect(page.getByRole('group', { name: 'Dados do cartão' })).toBeVisible();
  await expect(page.getByLabel('Stripe card')).toBeVisible();
  await expect(page.getByLabel('Número do cartão')).toHaveCount(0);
  await expect(page.getByLabel('CVV')).toHaveCount(0);
  expect(await page.evaluate(() => (window as { __stripe?: { key: string } }).__stripe)).toEqual({
    key: 'pk_test_e2e_church',
    locale: 'pt-BR',
  });
  await page.getByLabel('Nome impresso no cartão').fill('Maria Souza');
  const axe = await new AxeBuilder({ page }).exclude('[data-testid=stripe-card]').analyze();
  expect(axe.violations.map((v) => v.id)).toEqual([]);

  // an empty card: Stripe's message by the field, nothing sent
  await page.getByRole('button', { name: /^Doar / }).click();
  await expect(page.getByText('Seu número de cartão está incompleto.').first()).toBeVisible();
  expect(fake.calls.filter((c) => c.path === '/v1/payment_intents')).toHaveLength(0);

  await page.getByLabel('Stripe card').fill('pm_card_visa');
  await page.getByRole('button', { name: /^Doar / }).click();
  await expect(page).toHaveURL(/\/give\/thank-you\?pedido=/, { timeout: 60_000 });
  const creates = fake.calls.filter((c) => c.method === 'POST' && c.path === '/v1/payment_intents');
  expect(creates).toHaveLength(1);
  expect([...fake.intents.values()].some((pi) => pi.payment_method === 'pm_card_visa')).toBe(true);
  expect([...fake.intents.values()].every((pi) => pi.status === 'succeeded')).toBe(true);
  expect(numbers).toEqual([]);
});

test('a 3-D Secure card leaves for the bank page Stripe names', async ({ page }) => {
  const numbers = await memberPage(page);
  await page.route('https://hooks.stripe.com/**', (route) =>
    route.fulfill({ contentType: 'text/html', body: '<title>Banco</title><h1>3-D Secure</h1>' }),
  );
  await page.goto(`http://graca.localhost:${port}/give`);
  await expect(page.getByRole('heading', { level: 1, name: 'Contribua' })).toBeVisible();
  await page.getByLabel('Valor para Oferta').fill('15');
  await page.getByRole('radio', { name: 'Cartão de crédito' }).check();
  await chooseNewCard(page);
  await page.getByLabel('Nome impresso no cartão').fill('Maria Souza');
  await page.getByLabel('Stripe card').fill('pm_card_threeDSecure2Required');
  await page.getByRole('button', { name: /^Doar / }).click();
  await expect(page).toHaveURL(
    /^https:\/\/hooks\.stripe\.com\/3d_secure_2\/hosted\?payment_intent=pi_/,
    {
      timeout: 60_000,
    },
  );
  await expect(page.getByRole('heading', { name: '3-D Secure' })).toBeVisible();
  expect(numbers).toEqual([]);
});

test('the event checkout uses the same Stripe.js card field and is approved', async ({ page }) => {
  const numbers = await memberPage(page);
  await page.goto(`http://graca.localhost:${port}/event`);
  await page.getByRole('link', { name: /Conferência Graça 2026/ }).click();
  await page.getByRole('spinbutton', { name: 'Quantidade de “Lote 1”' }).fill('1');
  await page.getByRole('button', { name: 'Inscrever-se' }).click();
  await page.getByLabel('Nome do participante').fill('Maria Souza');
  await page.getByLabel('Tamanho da camiseta').selectOption('M');
  await page.getByLabel('Telefone do participante').fill('+55 11 98765-4321');
  await page.getByRole('button', { name: 'Ir para o pagamento' }).click();
  await expect(page).toHaveURL(/\/checkout$/);
  await page.getByRole('radio', { name: 'Cartão de crédito' }).check();
  await chooseNewCard(page);
  await expect(page.getByLabel('Número do cartão')).toHaveCount(0);
  await page.getByLabel('Nome impresso no cartão').fill('Maria Souza');
  await page.getByLabel('Stripe card').fill('pm_card_visa');
  const before = fake.intents.size;
  await page.getByRole('button', { name: /^Pagar/ }).click();
  await expect(page).toHaveURL(/\/checkout\/thank-you\?pedido=EV-/, { timeout: 60_000 });
  const made = [...fake.intents.values()].slice(before);
  expect(made).toHaveLength(1);
  expect(made[0]).toMatchObject({ payment_method: 'pm_card_visa', status: 'succeeded' });
  expect(numbers).toEqual([]);
});

test('a member adds a card on /user/addcard through Stripe’s field, sees it and gives with it', async ({
  page,
}) => {
  const numbers = await memberPage(page);
  await page.setViewportSize({ width: 360, height: 800 });
  await page.goto(`http://graca.localhost:${port}/user/addcard`);
  await expect(page.getByRole('heading', { level: 1, name: 'Adicionar cartão' })).toBeVisible();
  // Stripe's field, as in the payment step: none of our number, expiry and CVV
  await expect(page.getByRole('group', { name: 'Dados do cartão' })).toBeVisible();
  await expect(page.getByLabel('Stripe card')).toBeVisible();
  await expect(page.getByLabel('Número do cartão')).toHaveCount(0);
  await expect(page.getByLabel('CVV')).toHaveCount(0);
  await page.getByLabel('Nome impresso no cartão').fill('Maria Souza');
  const axe = await new AxeBuilder({ page }).exclude('[data-testid=stripe-card]').analyze();
  expect(axe.violations.map((v) => v.id)).toEqual([]);
  await page.screenshot({ path: test.info().outputPath('addcard-stripe-360.png'), fullPage: true });

  // an empty card: Stripe's message by the field, nothing kept
  await page.getByRole('button', { name: 'Salvar cartão' }).click();
  await expect(page.getByText('Seu número de cartão está incompleto.').first()).toBeVisible();
  expect(fake.attached.has('pm_card_mastercard')).toBe(false);

  await page.getByLabel('Stripe card').fill('pm_card_mastercard');
  await page.getByRole('button', { name: 'Salvar cartão' }).click();
  await expect(page).toHaveURL(/\/user\/cards$/, { timeout: 60_000 });
  await expect(page.getByText(/Mastercard final 4444/)).toBeVisible();
  // kept on the member's Customer at Stripe, without a charge
  const customer = fake.attached.get('pm_card_mastercard');
  expect(customer).toMatch(/^cus_/);
  expect(fake.creates.some((f) => f.payment_method === 'pm_card_mastercard')).toBe(false);

  await page.goto(`http://graca.localhost:${port}/give`);
  await expect(page.getByRole('heading', { level: 1, name: 'Contribua' })).toBeVisible();
  await page.getByLabel('Valor para Oferta').fill('20');
  await page.getByRole('radio', { name: 'Cartão de crédito' }).check();
  await page.getByRole('radio', { name: 'Mastercard final 4444' }).check();
  await expect(page.getByLabel('Stripe card')).toHaveCount(0);
  const before = fake.creates.length;
  await page.getByRole('button', { name: /^Doar / }).click();
  await expect(page).toHaveURL(/\/give\/thank-you\?pedido=/, { timeout: 60_000 });
  expect(fake.creates.slice(before)).toEqual([
    expect.objectContaining({ customer, payment_method: 'pm_card_mastercard' }),
  ]);
  expect(numbers).toEqual([]);
});

test('a recurring gift whose bank wants the donor there is confirmed on /user/giving at the bank page', async ({
  page,
}) => {
  test.setTimeout(240_000);
  await memberPage(page);
  await page.route('https://hooks.stripe.com/**', (route) =>
    route.fulfill({ contentType: 'text/html', body: '<title>Banco</title><h1>3-D Secure</h1>' }),
  );
  // the member's monthly gift, charged by the job off-session with a card whose bank wants them there
  const { token } = await login('membro@graca.demo');
  const auth = { authorization: `Bearer ${token}`, 'content-type': 'application/json' };
  const me = (await (await fetch(api('/me'), { headers: auth })).json()) as {
    user: { id: number };
  };
  const church = (await (await fetch(api('/igreja/codigo/graca'))).json()) as { id: number };
  const tok = await fetch(api(`/general/payment/church/${church.id}/card/gateway-token`), {
    method: 'POST',
    headers: auth,
    body: JSON.stringify({ token: 'pm_card_threeDSecure2Required' }),
  });
  expect(tok.status).toBe(201);
  const saved = await fetch(api(`/usuario-cartao-gateway-pagamento/?igreja=${church.id}`), {
    method: 'POST',
    headers: auth,
    body: JSON.stringify({ token: ((await tok.json()) as { token: string }).token }),
  });
  expect(saved.status).toBe(201);
  const card = ((await saved.json()) as { cartao: { id: number } }).cartao.id;
  const list = async () =>
    (
      (await (
        await fetch(api(`/usuario/${me.user.id}/doacao-recorrente?igreja=${church.id}`), {
          headers: auth,
        })
      ).json()) as {
        doacoesRecorrentes: { id: number; status: string; confirmacaoPendente: boolean }[];
      }
    ).doacoesRecorrentes;
  const gift = (await list()).find((g) => g.status === 'ativa')!;
  // graca's today, as the job reads a gift's date (in UTC it is already tomorrow from 21:00 there)
  const today = churchToday(churchTimeZone('BR', 'pt'));
  await put(`/usuario/${me.user.id}/doacao-recorrente/${gift.id}`, token, {
    idCartao: card,
    proximaCobranca: today,
  });
  // paused and resumed today: due now, so the job (every minute) charges it off-session
  for (const acao of ['pausar', 'retomar']) {
    const r = await fetch(api(`/usuario/${me.user.id}/doacao-recorrente/${gift.id}/${acao}`), {
      method: 'POST',
      headers: auth,
    });
    expect(r.status, acao).toBe(200);
  }
  await expect
    .poll(async () => (await list()).find((g) => g.id === gift.id)!.confirmacaoPendente, {
      timeout: 150_000,
      intervals: [2_000],
    })
    .toBe(true);
  expect(fake.creates.at(-1)).toMatchObject({
    payment_method: 'pm_card_threeDSecure2Required',
    off_session: 'true',
  });

  await page.goto(`http://graca.localhost:${port}/user/giving`);
  await expect(
    page.getByText('O banco do cartão pediu que você confirme a última cobrança desta doação'),
  ).toBeVisible();
  const axe = await new AxeBuilder({ page }).analyze();
  expect(axe.violations.map((v) => v.id)).toEqual([]);
  const before = fake.creates.length;
  await page.getByRole('button', { name: 'Confirmar com o banco' }).click();
  await expect(page).toHaveURL(
    /^https:\/\/hooks\.stripe\.com\/3d_secure_2\/hosted\?payment_intent=pi_/,
    { timeout: 60_000 },
  );
  await expect(page.getByRole('heading', { name: '3-D Secure' })).toBeVisible();
  // one PaymentIntent, on-session, coming back to the donor's payment page
  expect(fake.creates.length).toBe(before + 1);
  const form = fake.creates.at(-1)!;
  expect(form).toMatchObject({ payment_method: 'pm_card_threeDSecure2Required', confirm: 'true' });
  expect(form.off_session).toBeUndefined();
  expect(form.return_url).toMatch(/\/user\/payment\/DO-/);
});

test('at a sandbox church /user/addcard keeps our own card fields', async ({ page }) => {
  const numbers = await memberPage(page, 'member@grace.demo');
  await page.goto(`http://grace.localhost:${port}/user/addcard`);
  await expect(page.getByRole('heading', { level: 1, name: 'Adicionar cartão' })).toBeVisible();
  await page.getByLabel('Nome impresso no cartão').fill('Ann Lee');
  await page.getByLabel('Número do cartão').fill('4111 1111 1111 1111');
  await page.getByLabel('Validade (MM/AA)').fill('12/30');
  await page.getByLabel('CVV').fill('123');
  await expect(page.getByLabel('Stripe card')).toHaveCount(0);
  await page.getByRole('button', { name: 'Salvar cartão' }).click();
  await expect(page).toHaveURL(/\/user\/cards$/, { timeout: 60_000 });
  await expect(page.getByText(/Visa final 1111/)).toBeVisible();
  expect(numbers).toHaveLength(1); // the sandbox tokenises the number itself
  expect(await page.evaluate(() => 'Stripe' in window)).toBe(false);
});

test('a card saved before the church went live is listed apart as not usable, never offered, and deleted', async ({
  page,
}) => {
  await memberPage(page);
  // the demo member's sandbox card (Zoop, Visa 1111) cannot be charged by live Stripe: not offered
  await page.goto(`http://graca.localhost:${port}/give`);
  await expect(page.getByRole('heading', { level: 1, name: 'Contribua' })).toBeVisible();
  await page.getByRole('radio', { name: 'Cartão de crédito' }).check();
  await expect(page.getByRole('radio', { name: 'Mastercard final 4444' })).toBeVisible();
  await expect(page.getByRole('radio', { name: /Visa final 1111/ })).toHaveCount(0);

  await page.goto(`http://graca.localhost:${port}/user/cards`);
  const other = page.getByRole('region', { name: 'Outros cartões' });
  await expect(other).toBeVisible();
  await expect(other.getByRole('listitem')).toHaveCount(1);
  await expect(other.getByRole('listitem')).toContainText(/Visa final 1111 · Maria Souza/);
  await expect(other.getByRole('listitem')).toContainText('Não pode ser usado nesta igreja agora');
  // the usable card stays under its gateway, without the mark
  const stripe = page.getByRole('region', { name: 'Stripe' });
  await expect(stripe.getByText(/Mastercard final 4444/)).toBeVisible();
  await expect(stripe.getByText('Não pode ser usado nesta igreja agora')).toHaveCount(0);
  await page.waitForLoadState('networkidle');
  const axe = await new AxeBuilder({ page }).analyze();
  expect(axe.violations.map((v) => v.id)).toEqual([]);
  await page.screenshot({ path: test.info().outputPath('cards-other.png'), fullPage: true });

  await other.getByRole('link', { name: 'Excluir cartão final 1111' }).click();
  await expect(page.getByText('Excluir o cartão Visa final 1111?')).toBeVisible();
  await page.getByRole('button', { name: 'Excluir' }).click();
  await expect(page).toHaveURL(/\/user\/cards$/, { timeout: 60_000 });
  await expect(page.getByText(/Mastercard final 4444/)).toBeVisible();
  await expect(page.getByRole('region', { name: 'Outros cartões' })).toHaveCount(0);
  await expect(page.getByText(/Visa final 1111/)).toHaveCount(0);
});
