// Subscribing to Play (docs/play.md "Subscribing, cancelling, renewals"): a visitor's "subscribe" asks for login first; a demo member
// without a plan goes from the plans to the checkout, pays the first charge (price + contracting fee)
// with a test card, sees the plan on /play/my-plan (code, paid until, renewal) and on the account
// home, watches a closed video, and cancels it (access stays until the paid date). The player and resume
// are play-watch.e2e.ts.
import AxeBuilder from '@axe-core/playwright';
import { expect as baseExpect, test, type Page } from '@playwright/test';
import { asMember, churchUrl } from './helpers.ts';

// Islands hydrate late on a loaded machine.
const expect = baseExpect.configure({ timeout: 30_000 });
test.describe.configure({ timeout: 180_000 });

/** A graca member no other e2e subscribes (play-watch.e2e.ts uses ricardo.santos and fernanda.alves). */
const MEMBER = 'carlos.mendes@graca.demo';

async function axe(page: Page, where: string) {
  await page.waitForLoadState('networkidle');
  const { violations } = await new AxeBuilder({ page }).analyze();
  expect(
    violations.map((v) => `${where} ${v.id}: ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`),
  ).toEqual([]);
}

const monthly = (page: Page) =>
  page.getByRole('listitem').filter({ has: page.getByRole('heading', { name: 'Mensal' }) });

test('a visitor who picks a plan is asked to log in, and comes back to that plan', async ({
  page,
}) => {
  await page.goto(churchUrl('graca', '/play/plans'));
  await monthly(page).getByRole('link', { name: 'Assinar' }).click();
  await expect(page).toHaveURL(/\/access\?redirectTo=%2Fplay%2Fcheckout%3Fplano%3D\d+/);
});

test('a member without a plan subscribes with a test card, watches closed content, sees it in my plan, and cancels it', async ({
  page,
}) => {
  await asMember(page, MEMBER);
  await page.goto(churchUrl('graca', '/play/my-plan'));
  await expect(
    page.getByRole('heading', { name: 'Você ainda não tem uma assinatura do Play.' }),
  ).toBeVisible();
  await page.getByRole('link', { name: 'Ver os planos' }).click();

  await monthly(page).getByRole('link', { name: 'Assinar' }).click();
  await expect(page).toHaveURL(/\/play\/checkout\?plano=\d+/);
  await expect(page.getByRole('heading', { level: 1, name: 'Assinar o Play' })).toBeVisible();
  // R$ 19,90 a month plus the R$ 5,00 contracting fee on the first charge
  await expect(page.getByTestId('checkout-first')).toHaveText('R$ 24,90');
  await page.getByRole('radio', { name: 'Cartão de crédito' }).check();
  await page.getByLabel('Nome impresso no cartão').fill('Carlos Mendes');
  await page.getByLabel('Número do cartão').fill('4111 1111 1111 1111');
  await page.getByLabel('Validade (MM/AA)').fill('12/30');
  await page.getByLabel('CVV').fill('123');
  await page.getByLabel('CPF do titular').fill('529.982.247-25');
  await page.getByLabel('Data de nascimento do titular').fill('10/05/1985');
  await expect(page.getByTestId('pay-total')).toHaveText('R$ 24,90');
  await axe(page, '/play/checkout');
  await page.getByRole('button', { name: 'Assinar e pagar' }).click();

  await expect(page.getByText('Obrigado! Sua assinatura está ativa.')).toBeVisible();
  await expect(page.getByRole('link', { name: 'Ir para o Play' })).toHaveAttribute('href', '/play');

  // the subscription opens closed content at once (the player itself is tested in play-watch.e2e.ts)
  await page.goto(churchUrl('graca', '/play/search?q=A%20gra%C3%A7a%20de%20Deus'));
  await page.locator('.play-card a').first().click();
  await page.getByRole('link', { name: 'Assistir' }).click();
  await expect(page.locator('[data-play-watch][data-ready="true"]')).toBeAttached();
  await expect(page.getByRole('heading', { name: 'Este vídeo é para assinantes' })).toBeHidden();

  await page.goto(churchUrl('graca', '/play/checkout'));
  await expect(page.getByText('Plano não encontrado ou indisponível.')).toBeVisible();
  await page.goto(churchUrl('graca', '/play/my-plan'));

  await expect(page).toHaveURL(/\/play\/my-plan$/);
  await expect(page.getByRole('heading', { name: 'Mensal' })).toBeVisible();
  await expect(page.getByTestId('myplan-status')).toHaveText('Ativa');
  await expect(page.getByTestId('myplan-code')).toHaveText(/^PL-[A-Z0-9]{8}$/);
  await expect(page.getByRole('definition').filter({ hasText: 'R$ 19,90 por mês' })).toBeVisible();
  await expect(page.getByRole('definition').filter({ hasText: 'R$ 5,00' })).toBeVisible();
  const paidUntil = (await page.getByTestId('myplan-paid-until').textContent())!;
  expect(paidUntil).toMatch(/^\d{1,2} de \S+ de \d{4}$/);
  await expect(page.getByTestId('myplan-renewal')).toHaveText(
    `Renova automaticamente em ${paidUntil} no cartão Visa final 1111.`,
  );
  await axe(page, '/play/my-plan');

  // subscribing again: told up front, with a link to my plan, and no payment form (the server refuses it too)
  await page.goto(churchUrl('graca', '/play/plans'));
  await monthly(page).getByRole('link', { name: 'Assinar' }).click();
  await expect(page.getByTestId('checkout-already')).toContainText(
    'Você já tem uma assinatura do Play (Mensal).',
  );
  await expect(page.getByRole('button', { name: 'Assinar e pagar' })).toHaveCount(0);
  await expect(page.getByRole('link', { name: 'Ver minha assinatura' })).toHaveAttribute(
    'href',
    '/play/my-plan',
  );

  // the account home links it (graca has Play)
  await page.goto(churchUrl('graca', '/user'));
  await page.getByRole('link', { name: 'Minha assinatura' }).click();
  await expect(page.getByTestId('myplan-status')).toHaveText('Ativa');

  // cancel, with a confirmation: renewals stop, access stays until the paid date
  await page.getByRole('button', { name: 'Cancelar assinatura' }).click();
  const dialog = page.getByRole('dialog', { name: 'Cancelar a assinatura?' });
  await expect(dialog).toContainText(`Você continua assistindo até ${paidUntil}.`);
  await dialog.getByRole('button', { name: 'Sim, cancelar' }).click();
  await expect(
    page.getByText(`Assinatura cancelada. Você tem acesso até ${paidUntil}.`),
  ).toBeVisible();
  await expect(page.getByTestId('myplan-renewal')).toContainText(
    `você continua com acesso até ${paidUntil}`,
  );
  await expect(page.getByRole('button', { name: 'Cancelar assinatura' })).toHaveCount(0);
  await page.reload();
  await expect(page.getByTestId('myplan-status')).toHaveText('Ativa · cancelada, sem renovação');
});
