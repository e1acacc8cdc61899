// /admin/gateways (docs/payments.md "Connecting a gateway"): the treasurer sets Stripe live; the
// secret comes back only as its last four characters; a missing credential is named in the form,
// and so is a key Stripe refuses (live keys are checked with Stripe when saved: this machine has
// no internet, so that test runs on a second server with STRIPE_API_URL at the fake Stripe API).
import AxeBuilder from '@axe-core/playwright';
import { expect, test } from '@playwright/test';
import {
  FAKE_STRIPE_ACCOUNT,
  startFakeStripe,
} from '../../server/payments/adapters/fake-stripe.test-support.ts';
import { asMember, churchUrl } from './helpers.ts';
import { startSecondServer } from './second-server.ts';

test('the treasurer connects a gateway and never sees a secret again', async ({ page }) => {
  test.setTimeout(240_000);
  const fake = await startFakeStripe();
  const second = await startSecondServer('gateways', { STRIPE_API_URL: fake.url });
  try {
    const session = await second.login('tesoureiro@graca.demo');
    await page.addInitScript(
      ([token, refresh]) => {
        if (!sessionStorage.getItem('church:token')) sessionStorage.setItem('church:token', token!);
        localStorage.setItem('church:refreshToken', refresh!);
      },
      [session.token, session.refresh_token],
    );
    await page.goto(`http://graca.localhost:${second.port}/admin/gateways`);
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Meios de pagamento', {
      timeout: 30_000,
    });
    const stripe = page.getByRole('form', { name: 'Stripe' });
    await stripe.getByLabel('Modo').selectOption('live');
    await stripe.getByLabel('Chave secreta').fill('sk_test_e2e_secret_9876');
    await stripe.getByRole('button', { name: 'Salvar' }).click();
    await expect(
      stripe.getByText('Os dados desta conta de pagamento estão incompletos.').first(),
    ).toBeVisible();
    await stripe.getByLabel('Chave publicável').fill('pk_test_e2e_1234');
    await stripe.getByLabel('Segredo de assinatura do webhook').fill('whsec_e2e_5555');
    await stripe.getByRole('button', { name: 'Salvar' }).click();
    // a key the fake Stripe does not know: refused by Stripe, named by the field, nothing saved
    await expect(
      stripe.getByText('O Stripe recusou estas chaves: confira-as no painel do Stripe.').first(),
    ).toBeVisible();
    await expect(stripe.getByText('termina em 9876')).toHaveCount(0);
    await stripe.getByLabel('Chave secreta').fill(FAKE_STRIPE_ACCOUNT.secretKey);
    await stripe.getByRole('button', { name: 'Salvar' }).click();
    await expect(
      page.getByRole('form', { name: 'Stripe' }).getByText('termina em urch'),
    ).toBeVisible();
    await expect(
      page.getByRole('form', { name: 'Stripe' }).getByLabel('Chave secreta'),
    ).toHaveValue('');
    expect(await page.content()).not.toContain(FAKE_STRIPE_ACCOUNT.secretKey);
    await expect(page.getByRole('form', { name: 'Stripe' }).locator('code')).toContainText(
      '/api/v1/webhooks/stripe?igreja=',
    );
    await page.screenshot({ path: 'test-results/admin-gateways.png', fullPage: true });
    const axe = await new AxeBuilder({ page }).analyze();
    expect(axe.violations).toEqual([]);
  } finally {
    await second.stop();
    await fake.close();
  }
});

test('the treasurer enters the church Pix key with its type; a key of another type is refused', async ({
  page,
}) => {
  test.setTimeout(120_000);
  await asMember(page, 'tesoureiro@graca.demo');
  await page.goto(churchUrl('graca', '/admin/gateways'));
  const form = page.getByRole('form', { name: 'Chave Pix da igreja' });
  await expect(form).toBeVisible({ timeout: 30_000 });
  await expect(
    form.getByText('Nenhuma chave cadastrada: os Pix usam o e-mail da igreja.'),
  ).toBeVisible();
  await form.getByLabel('Tipo da chave').selectOption('cpf');
  await form.getByLabel('Chave Pix').fill('pix@graca.org');
  await form.getByRole('button', { name: 'Salvar chave Pix' }).click();
  await expect(form.getByText('Chave Pix inválida para este tipo.')).toBeVisible();
  await form.getByLabel('Tipo da chave').selectOption('cnpj');
  await form.getByLabel('Chave Pix').fill('11222333000181');
  await form.getByRole('button', { name: 'Salvar chave Pix' }).click();
  await expect(form.getByText('Chave atual: CNPJ 11.222.333/0001-81')).toBeVisible();
  await expect(form.getByText('A chave Pix foi salva.')).toBeVisible();
  // it stays after a reload: it is the church's, not the page's
  await page.reload();
  await expect(
    page
      .getByRole('form', { name: 'Chave Pix da igreja' })
      .getByText('Chave atual: CNPJ 11.222.333/0001-81'),
  ).toBeVisible({ timeout: 30_000 });
  const axe = await new AxeBuilder({ page }).analyze();
  expect(axe.violations).toEqual([]);
  await page
    .getByRole('form', { name: 'Chave Pix da igreja' })
    .getByRole('button', { name: 'Remover chave' })
    .click();
  await expect(
    page
      .getByRole('form', { name: 'Chave Pix da igreja' })
      .getByText('Nenhuma chave cadastrada: os Pix usam o e-mail da igreja.'),
  ).toBeVisible();
});

test('on a 360 px phone the webhook addresses wrap: the page never scrolls sideways', async ({
  page,
}) => {
  await page.setViewportSize({ width: 360, height: 740 });
  await asMember(page, 'tesoureiro@graca.demo');
  await page.goto(churchUrl('graca', '/admin/gateways'));
  await expect(page.getByRole('form', { name: 'Stripe' }).locator('code')).toContainText(
    '/api/v1/webhooks/stripe?igreja=',
    { timeout: 30_000 },
  );
  expect(
    await page.evaluate(() => document.scrollingElement!.scrollWidth - window.innerWidth),
  ).toBeLessThanOrEqual(0);
});
