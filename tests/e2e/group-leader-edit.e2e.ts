// A group's leader keeps the group up to date from the member side (docs/groups.md "What the
// leader does", issue 43): Carlos, who leads Célula Moema, edits its description ("Edit group",
// errors by the field first) and corrects a recorded meeting's attendance ("Correct"); Juliana, a
// member of the group, sees neither button. axe on the forms.
import AxeBuilder from '@axe-core/playwright';
import { expect, test, type Page } from '@playwright/test';
import { API, asMember, churchUrl } from './helpers.ts';

test.describe.configure({ mode: 'serial', timeout: 120_000 });

const GROUP = 'Célula Moema';
const LEADER = 'carlos.mendes@graca.demo';
const MEMBER = 'juliana.ferreira@graca.demo';

async function groupId(): Promise<number> {
  const res = await fetch(`${API}/igreja/graca/celula/?limit=50`);
  const { celulas } = (await res.json()) as { celulas: { id: number; nome: string }[] };
  return celulas.find((g) => g.nome === GROUP)!.id;
}

async function expectNoAxeViolations(page: Page) {
  const { violations } = await new AxeBuilder({ page }).analyze();
  expect(
    violations.map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`),
  ).toEqual([]);
}

test('the leader edits the group: errors by the field, then the saved description on the page', async ({
  page,
}) => {
  const id = await groupId();
  await asMember(page, LEADER);
  await page.goto(churchUrl('graca', `/groups/${id}`));
  await page.getByRole('button', { name: 'Editar célula' }).click();
  const form = page.getByRole('form', { name: 'Editar célula' });
  await expect(form.getByRole('textbox', { name: /Nome da célula/ })).toHaveValue(GROUP);
  await expect(form.getByRole('combobox', { name: /Dia do encontro/ })).toHaveValue('4');
  await expectNoAxeViolations(page);

  // checked like the API before sending: a blank name and a too long street are refused by their fields
  await form.getByRole('textbox', { name: /Nome da célula/ }).fill('');
  await form.getByRole('textbox', { name: 'Rua' }).fill('R'.repeat(201));
  await form.getByRole('button', { name: 'Salvar a célula' }).click();
  await expect(form.getByText('Informe o nome da célula.')).toBeVisible();
  await expect(form.getByText('No máximo 200 caracteres.')).toBeVisible();
  await expect(form.getByRole('textbox', { name: /Nome da célula/ })).toHaveAttribute(
    'aria-invalid',
    'true',
  );
  await expectNoAxeViolations(page);

  const description = `Casais com filhos pequenos; agora também aos domingos à tarde ${Date.now().toString(36)}.`;
  await form.getByRole('textbox', { name: /Nome da célula/ }).fill(GROUP);
  await form.getByRole('textbox', { name: 'Rua' }).fill('Avenida Ibirapuera');
  await form.getByRole('textbox', { name: 'Descrição' }).fill(description);
  await form.getByRole('button', { name: 'Salvar a célula' }).click();
  await expect(page.getByText('Dados da célula salvos.')).toBeVisible();
  await expect(page.getByRole('form', { name: 'Editar célula' })).toHaveCount(0);

  // everyone sees the new description on the group's page
  await page.goto(churchUrl('graca', `/groups/${id}`));
  await expect(page.getByRole('region', { name: 'Sobre a célula' })).toContainText(description);
});

test('the leader corrects a recorded meeting: who came and the visitors', async ({ page }) => {
  const id = await groupId();
  await asMember(page, LEADER);
  await page.goto(churchUrl('graca', `/groups/${id}/meetings`));
  const item = page.locator('ul.groups-list > li').filter({ hasText: 'Educar filhos na fé' });
  await expect(item).toContainText('10 presentes');
  await item.getByRole('button', { name: 'Corrigir “Educar filhos na fé”' }).click();
  const form = page.getByRole('form', { name: 'Corrigir “Educar filhos na fé”' });
  await expect(form.getByRole('textbox', { name: /Tema ou estudo/ })).toHaveValue(
    'Educar filhos na fé',
  );
  await form.getByRole('checkbox', { name: /Juliana/ }).check();
  await form.getByRole('checkbox', { name: /líder/ }).check();
  await form.getByRole('spinbutton', { name: /Visitantes/ }).fill('3');
  await expectNoAxeViolations(page);
  await form.getByRole('button', { name: 'Salvar a correção' }).click();
  await expect(page.getByText('Registro da reunião corrigido.')).toBeVisible();
  // Juliana, Carlos and three visitors: 5 now, in the list and in the history of who came
  await expect(
    page.locator('ul.groups-list > li').filter({ hasText: 'Educar filhos na fé' }).first(),
  ).toContainText('5 presentes');
  await page.locator('summary').filter({ hasText: 'Educar filhos na fé' }).click();
  await expect(page.locator('details[open]')).toContainText('Juliana');

  // the meeting's own page offers "Correct" too, starting from the corrected record
  await page.getByRole('link', { name: 'Educar filhos na fé' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Educar filhos na fé' })).toBeVisible();
  await expect(page.getByText('5 presentes')).toBeVisible();
  await page.getByRole('button', { name: 'Corrigir “Educar filhos na fé”' }).click();
  await expect(page.getByRole('checkbox', { name: /Juliana/ })).toBeChecked();
  await page.getByRole('spinbutton', { name: /Visitantes/ }).fill('2');
  await page.getByRole('button', { name: 'Salvar a correção' }).click();
  await expect(page.getByText('Registro da reunião corrigido.')).toBeVisible();
  await expect(page.getByText('4 presentes')).toBeVisible();
});

test('a member who does not lead the group sees neither "Edit group" nor "Correct"', async ({
  page,
}) => {
  const id = await groupId();
  await asMember(page, MEMBER);
  await page.goto(churchUrl('graca', `/groups/${id}`));
  await expect(page.getByText('Você participa desta célula.')).toBeVisible();
  await expect(page.getByRole('button', { name: 'Editar célula' })).toHaveCount(0);
  await page.goto(churchUrl('graca', `/groups/${id}/meetings`));
  await expect(page.getByRole('link', { name: 'Educar filhos na fé' })).toBeVisible();
  await expect(page.getByRole('button', { name: /Corrigir/ })).toHaveCount(0);
  await expectNoAxeViolations(page);
  await page.getByRole('link', { name: 'Educar filhos na fé' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Educar filhos na fé' })).toBeVisible();
  await expect(page.getByRole('button', { name: /Corrigir/ })).toHaveCount(0);
});
