// Play for members (docs/play.md "Changing the card or the plan", "Who may watch"): a subscriber switches plans
// from the next renewal on and changes the renewal card to a new one (through the checkout's card step) and
// back to a saved one, from my plan; the checkout tells them up front that they already subscribe; the staff
// set the church-wide content visibility and the public lists follow it.
import AxeBuilder from '@axe-core/playwright';
import { expect as baseExpect, test, type Page } from '@playwright/test';
import { asMember, churchUrl } from './helpers.ts';

// Islands hydrate late on a loaded machine.
const expect = baseExpect.configure({ timeout: 30_000 });
test.describe.configure({ timeout: 180_000 });

/** A graca member no other e2e uses. */
const MEMBER = 'juliana.ferreira@graca.demo';

async function axe(page: Page, where: string) {
  await page.waitForLoadState('networkidle');
  const { violations } = await new AxeBuilder({ page }).analyze();
  expect(
    violations.map((v) => `${where} ${v.id}: ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`),
  ).toEqual([]);
}

async function newCard(page: Page, numero: string) {
  await page.getByLabel('Nome impresso no cartão').fill('Juliana Ferreira');
  await page.getByLabel('Número do cartão').fill(numero);
  await page.getByLabel('Validade (MM/AA)').fill('12/30');
  await page.getByLabel('CVV').fill('123');
  await page.getByLabel('CPF do titular').fill('529.982.247-25');
  await page.getByLabel('Data de nascimento do titular').fill('10/05/1985');
}

test('a subscriber switches plans from the next renewal and changes the renewal card; the checkout says they already subscribe', async ({
  page,
}) => {
  await asMember(page, MEMBER);
  await page.goto(churchUrl('graca', '/play/plans'));
  await page
    .getByRole('listitem')
    .filter({ has: page.getByRole('heading', { name: 'Mensal' }) })
    .getByRole('link', { name: 'Assinar' })
    .click();
  await page.getByRole('radio', { name: 'Cartão de crédito' }).check();
  await newCard(page, '4111 1111 1111 1111');
  await page.getByRole('button', { name: 'Assinar e pagar' }).click();
  await expect(page.getByText('Obrigado! Sua assinatura está ativa.')).toBeVisible();

  // the checkout again: told up front, no payment form
  await page.goto(churchUrl('graca', '/play/plans'));
  await page
    .getByRole('listitem')
    .filter({ has: page.getByRole('heading', { name: 'Anual' }) })
    .getByRole('link', { name: 'Assinar' })
    .click();
  await expect(page.getByTestId('checkout-already')).toContainText(
    'Você já tem uma assinatura do Play (Mensal).',
  );
  await expect(page.getByRole('button', { name: 'Assinar e pagar' })).toHaveCount(0);
  await page.getByRole('link', { name: 'Ver minha assinatura' }).click();
  await expect(page).toHaveURL(/\/play\/my-plan$/);

  // the plan: from the next renewal on, said on the page
  const switchPlan = page.getByRole('region', { name: 'Trocar de plano' });
  await expect(switchPlan).toContainText('A troca vale a partir da próxima renovação');
  const plans = switchPlan.getByLabel('Novo plano');
  await plans.selectOption(
    (await plans.locator('option', { hasText: 'Anual' }).getAttribute('value'))!,
  );
  await switchPlan.getByRole('button', { name: 'Trocar na próxima renovação' }).click();
  await expect(page.getByText(/^Pronto: a partir de .+ o seu plano será Anual\.$/)).toBeVisible();
  await expect(page.getByTestId('myplan-next-plan')).toContainText('o plano passa a ser Anual');
  await page.reload();
  await expect(page.getByRole('heading', { name: 'Mensal' })).toBeVisible(); // still this period's plan
  await expect(page.getByTestId('myplan-next-plan')).toContainText('o plano passa a ser Anual');

  // the card: a new one through the checkout's card step, then back to the saved one
  const card = page.getByRole('region', { name: 'Cartão da renovação' });
  await card.getByRole('radio', { name: 'Usar outro cartão' }).check();
  await newCard(page, '5555 5555 5555 4444');
  await card.getByRole('button', { name: 'Usar este cartão' }).click();
  await expect(
    page.getByText('Pronto: as renovações serão cobradas no cartão Mastercard final 4444.'),
  ).toBeVisible();
  await expect(page.getByTestId('myplan-renewal')).toContainText('Mastercard final 4444');
  await page.reload();
  await expect(page.getByTestId('myplan-renewal')).toContainText('Mastercard final 4444');
  await card.getByRole('radio', { name: 'Visa final 1111' }).check();
  await card.getByRole('button', { name: 'Usar este cartão' }).click();
  await expect(page.getByTestId('myplan-renewal')).toContainText('Visa final 1111');
  await axe(page, '/play/my-plan');
});

test('the staff close every video at once and the public lists follow; each video decides again after', async ({
  page,
}) => {
  await asMember(page, 'admin@grace.demo');
  const settings = churchUrl('grace', '/admin/play/settings');
  const visibility = page.getByLabel('Quem pode assistir aos vídeos');
  const save = async (value: string) => {
    await page.goto(settings);
    await visibility.selectOption(value);
    await page.getByRole('button', { name: 'Salvar configurações' }).click();
    await expect(page.getByText('Configurações salvas.')).toBeVisible();
  };
  await page.goto(settings);
  await expect(visibility).toHaveValue('misto');
  await axe(page, '/admin/play/settings');
  try {
    await save('fechado');
    await page.reload();
    await expect(visibility).toHaveValue('fechado');
    await page.goto(churchUrl('grace', '/play/browse'));
    await expect(page.locator('.play-badge.closed').first()).toBeVisible();
    await expect(page.locator('.play-badge.open')).toHaveCount(0);
  } finally {
    await save('misto');
  }
  await page.goto(churchUrl('grace', '/play/browse'));
  await expect(page.locator('.play-badge.open').first()).toBeVisible();
});
