// The staff's notifications and the activity log (docs/staff.md): an admin sends a notice to
// every member, a member reads it in their account, and the log lists it, filtered by person.
import AxeBuilder from '@axe-core/playwright';
import { expect, test } from '@playwright/test';
import { asMember, churchUrl } from './helpers.ts';

const title = `Vigília de oração ${Date.now().toString(36)}`;

test.describe.configure({ mode: 'serial' });

test('an admin sends a notification to every member', async ({ page }) => {
  await asMember(page, 'lider@graca.demo');
  await page.goto(churchUrl('graca', '/admin/notifications'));
  await expect(page.getByRole('heading', { level: 1, name: 'Notificações' })).toBeVisible();
  // an empty send is refused by its fields, in Portuguese
  await page.getByRole('button', { name: 'Enviar notificação' }).click();
  await expect(page.getByText('Escreva um título.').first()).toBeVisible();
  await page.getByLabel('Título').fill(title);
  await page.getByLabel('Mensagem').fill('Sexta-feira às 22h, no templo.');
  await expect(page.getByLabel('Todos os membros')).toBeChecked();
  await page.getByRole('button', { name: 'Enviar notificação' }).click();
  await expect(page.getByText('Enviada para todos os membros.')).toBeVisible();
  const sent = page.getByRole('region', { name: 'Enviadas' });
  await expect(sent.getByRole('heading', { level: 3, name: title })).toBeVisible();
  await expect(page.getByLabel('Título')).toHaveValue('');
  const { violations } = await new AxeBuilder({ page }).analyze();
  expect(violations.map((v) => v.id)).toEqual([]);
});

test('the member reads it in their notifications', async ({ page }) => {
  await asMember(page, 'membro@graca.demo');
  await page.goto(churchUrl('graca', '/user'));
  await expect(page.getByText(title)).toBeVisible();
});

test('the activity log lists it and filters by person', async ({ page }) => {
  await asMember(page, 'lider@graca.demo');
  await page.goto(churchUrl('graca', '/admin/audit'));
  await expect(
    page.getByRole('heading', { level: 1, name: 'Registro de atividades' }),
  ).toBeVisible();
  const row = page.getByRole('row').filter({ hasText: title });
  await expect(row).toContainText('Enviou');
  await expect(row).toContainText('Notificação');
  const person = page.getByLabel('Pessoa');
  const name = (await row.getByRole('cell').nth(1).textContent())!.trim();
  await person.selectOption({ label: name });
  await expect(page).toHaveURL(/[?&]usuario=\d+/);
  await expect(page.getByRole('row').filter({ hasText: title })).toBeVisible();
  // the filtered page replaces the whole list (other staff act meanwhile): every row is that person's
  await expect(page.locator('tbody tr td:nth-child(2)').filter({ hasNotText: name })).toHaveCount(
    0,
  );
  expect(await page.locator('tbody tr td:nth-child(2)').count()).toBeGreaterThan(0);
  // the filter lives in the address: a reload keeps it
  await page.reload();
  await expect(page.getByLabel('Pessoa')).toHaveValue(/\d+/);
  const { violations } = await new AxeBuilder({ page }).analyze();
  expect(violations.map((v) => v.id)).toEqual([]);
  // on a phone each record is a card, nothing scrolls sideways
  await page.setViewportSize({ width: 360, height: 780 });
  await expect(page.getByRole('row').filter({ hasText: title })).toBeVisible();
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(360);
});

test('an admin schedules a notice for later, sees it waiting, and cancels it', async ({ page }) => {
  const later = `Culto especial ${Date.now().toString(36)}`;
  // two days ahead at 10:00 of the church's clock: in the future whatever the machine's zone
  const day = new Date(Date.now() + 2 * 86_400_000).toISOString().slice(0, 10);
  await asMember(page, 'lider@graca.demo');
  await page.goto(churchUrl('graca', '/admin/notifications'));
  await page.getByLabel('Título').fill(later);
  await page.getByLabel('Mensagem').fill('Domingo às 10h, com a banda.');
  await page.getByLabel('Enviar depois').check();
  await page.getByLabel('Enviar em').fill(`${day}T10:00`);
  await page.getByRole('button', { name: 'Agendar notificação' }).click();
  await expect(page.getByText(/^Agendada para /)).toBeVisible();
  const scheduled = page.getByRole('region', { name: 'Agendadas' });
  const item = scheduled.getByRole('listitem').filter({ hasText: later });
  await expect(item.getByText('Aguardando')).toBeVisible();
  await item.getByRole('button', { name: 'Cancelar envio' }).click();
  await page.getByRole('dialog').getByRole('button', { name: 'Cancelar envio' }).click();
  await expect(page.getByText('Cancelado: não será enviado.')).toBeVisible();
  await expect(item.getByText('Cancelada')).toBeVisible();
});
