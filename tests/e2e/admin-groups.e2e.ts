// Groups for leaders, members and staff (docs/groups.md "Meetings and attendance", docs/staff.md
// "Groups"): a leader records a meeting with attendance on a 360px phone and sees who came (and
// is told to hand the group over to leave it); a member leaves a group after confirming; an admin
// creates a group and finds it in the list.
import AxeBuilder from '@axe-core/playwright';
import { expect, test } from '@playwright/test';
import { API, asMember, churchUrl } from './helpers.ts';

test.describe.configure({ mode: 'serial' });

async function groupId(name: string): Promise<number> {
  const res = await fetch(`${API}/igreja/graca/celula/?limit=50`);
  const { celulas } = (await res.json()) as { celulas: { id: number; nome: string }[] };
  return celulas.find((g) => g.nome === name)!.id;
}

test.describe('on a phone', () => {
  test.use({ viewport: { width: 360, height: 780 }, hasTouch: true });

  test('a leader records a meeting with attendance from a 360px phone', async ({ page }) => {
    const id = await groupId('Célula Vila Mariana');
    await asMember(page, 'lider@graca.demo');
    await page.goto(churchUrl('graca', `/groups/${id}/meetings`));
    const topic = `Estudo de Filipenses ${Date.now().toString(36)}`;
    await page.getByRole('button', { name: 'Registrar uma reunião' }).click();
    await expect(page.getByRole('heading', { name: 'Registrar uma reunião' })).toBeVisible();
    await page.getByRole('textbox', { name: 'Tema ou estudo' }).fill(topic);
    // each name is a big tap target
    const lucas = page.getByRole('checkbox', { name: /Lucas/ });
    const box = await page.locator('.groups-tick').filter({ hasText: 'Lucas' }).boundingBox();
    expect(box!.height).toBeGreaterThanOrEqual(44);
    expect(box!.width).toBeGreaterThan(280);
    await page.locator('.groups-tick').filter({ hasText: 'Lucas' }).tap();
    await expect(lucas).toBeChecked();
    await page.getByRole('checkbox', { name: /líder/ }).check();
    await page.getByRole('spinbutton', { name: /Visitantes/ }).fill('1');
    await page.getByRole('textbox', { name: 'Observações' }).fill('Oramos pela família do Lucas.');
    const { violations } = await new AxeBuilder({ page }).analyze();
    expect(violations.map((v) => v.id)).toEqual([]);
    await page.getByRole('button', { name: 'Salvar a reunião' }).click();
    await expect(page.getByText('Reunião registrada.')).toBeVisible();
    // the meeting is in the list with its attendance; the history shows who came
    await expect(page.getByRole('link', { name: topic })).toBeVisible();
    await expect(page.getByText(topic).first()).toBeVisible();
    await page.locator('summary').filter({ hasText: topic }).click();
    await expect(page.locator('details[open]')).toContainText('Lucas');
    await expect
      .poll(() => page.evaluate(() => document.documentElement.scrollWidth))
      .toBeLessThanOrEqual(360);
    // the leader has no "leave" button: they are told to hand the group over first
    await page.goto(churchUrl('graca', `/groups/${id}`));
    await expect(
      page.getByText(/peça à equipe da igreja para passá-la a outro líder/),
    ).toBeVisible();
    await expect(page.getByRole('button', { name: 'Sair desta célula' })).toHaveCount(0);
  });
});

test('a member of the group is not offered the meeting form', async ({ page }) => {
  const id = await groupId('Célula Vila Mariana');
  await asMember(page, 'lucas.oliveira@graca.demo');
  await page.goto(churchUrl('graca', `/groups/${id}/meetings`));
  await expect(page.getByRole('heading', { level: 1 })).toContainText('Célula Vila Mariana');
  await expect(page.getByRole('button', { name: 'Registrar uma reunião' })).toHaveCount(0);
});

test('a member leaves a group after confirming', async ({ page }) => {
  const id = await groupId('Célula Jovens Butantã');
  await asMember(page, 'rafael.gomes@graca.demo');
  await page.goto(churchUrl('graca', `/groups/${id}`));
  await page.getByRole('button', { name: 'Sair desta célula' }).click();
  await expect(page.getByText(/Sair desta célula\? Você deixa de ver/)).toBeVisible();
  await page.getByRole('button', { name: 'Sim, sair' }).click();
  await expect(page.getByText('Você saiu da Célula Jovens Butantã.')).toBeVisible();
  // now they may ask to join again
  await expect(page.getByRole('button', { name: 'Enviar solicitação' })).toBeVisible();
  const { violations } = await new AxeBuilder({ page }).analyze();
  expect(violations.map((v) => v.id)).toEqual([]);
});

test('an admin creates a group and finds it in the list', async ({ page }) => {
  const name = `Célula Teste ${Date.now().toString(36)}`;
  await asMember(page, 'lider@graca.demo');
  await page.goto(churchUrl('graca', '/admin/groups'));
  await expect(page.getByRole('heading', { level: 1, name: 'Células' })).toBeVisible();
  await expect(page.getByRole('link', { name: 'Célula Vila Mariana' })).toBeVisible();
  await page.getByRole('link', { name: 'Nova célula' }).click();
  await page.getByRole('textbox', { name: /^Nome/ }).fill(name);
  await page.getByRole('searchbox', { name: /Buscar um membro para liderar/ }).fill('Fernanda');
  await page.getByRole('button', { name: 'Buscar', exact: true }).click();
  await page.getByRole('button', { name: /Tornar líder Fernanda/ }).click();
  // the week as the spec lists it (§9), Monday to Sunday after the blank choice, like the public finder
  const days = page.getByRole('combobox', { name: 'Dia da reunião' }).locator('option');
  await expect(days.nth(1)).toHaveText(/segunda/i);
  await expect(days.last()).toHaveText(/domingo/i);
  await page.getByRole('combobox', { name: 'Dia da reunião' }).selectOption('6');
  await page.getByLabel('Horário').fill('10:30');
  await page.getByRole('textbox', { name: 'Bairro' }).fill('Centro');
  // kept out of the public list, so the public groups tests see the demo groups only
  await page.getByRole('checkbox', { name: 'Ativa' }).uncheck();
  await page.getByRole('button', { name: 'Criar a célula' }).click();
  await expect(page.getByText('A célula foi criada.')).toBeVisible();
  await expect(page.getByRole('heading', { level: 1 })).toContainText(name);
  await expect(page.locator('.groups-admin-picked')).toContainText('Fernanda');
  const { violations } = await new AxeBuilder({ page }).analyze();
  expect(violations.map((v) => v.id)).toEqual([]);
  await page.getByRole('link', { name: '← Todas as células' }).click();
  await expect(page.getByRole('row').filter({ hasText: name })).toContainText('Inativa');
  await page.setViewportSize({ width: 360, height: 780 });
  await expect
    .poll(() => page.evaluate(() => document.documentElement.scrollWidth))
    .toBeLessThanOrEqual(360);
});
