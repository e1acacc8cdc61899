// Children's check-in at a kiosk (docs/kids.md), on a tablet: the kids volunteer checks in two
// children of a family, prints their labels (name, allergy, the same code as the parent's tag),
// a pick-up with a wrong code is refused loudly and the right code lets the child go, and the
// attendance shows them. axe finds nothing on the station, the labels or the attendance. Offline,
// the station checks in from its kept family list, prints the labels itself, and sends the
// check-in when the connection returns: the child is then on the room's roster. On a phone, a
// parent pre-checks their children for a service starting now and the station confirms the arrival.
import AxeBuilder from '@axe-core/playwright';
import { expect, test } from '@playwright/test';
import { comingSunday } from '../../server/db/seed/kids.ts';
import { API, asMember, churchUrl } from './helpers.ts';

test.use({ viewport: { width: 768, height: 1024 }, hasTouch: true });

const axe = async (page: import('@playwright/test').Page) =>
  (await new AxeBuilder({ page }).analyze()).violations.map((v) => `${v.id}: ${v.help}`);

test('a family checks in, prints labels, and picks up only with the right code', async ({
  page,
}) => {
  const sunday = comingSunday();
  await asMember(page, 'kids@graca.demo');
  await page.goto(churchUrl('graca', '/admin/kids/station'));
  await expect(page.getByRole('heading', { name: 'Estação de check-in' })).toBeVisible();
  await page.getByLabel('Dia').fill(sunday);
  await expect(page.getByLabel('Horário')).toContainText('Escola Bíblica Dominical');
  await page.getByLabel('Telefone, nome ou carteirinha').fill('carla');
  await page.getByRole('button', { name: 'Buscar família' }).click();
  await expect(page.getByRole('heading', { name: 'Carla Mendes' })).toBeVisible();
  // large targets: each child's row is a thumb-sized tick
  const lucasRow = page.locator('.kids-tick').filter({ hasText: 'Lucas Mendes' });
  expect((await lucasRow.boundingBox())!.height).toBeGreaterThanOrEqual(44);
  await lucasRow.tap();
  await page.locator('.kids-tick').filter({ hasText: 'Sofia Mendes' }).tap();
  await expect(page.getByRole('checkbox', { name: /Lucas Mendes/ })).toBeChecked();
  expect(await axe(page)).toEqual([]);
  await page.getByRole('button', { name: 'Fazer check-in (2)' }).click();
  const code = (await page.getByTestId('kids-code').textContent())!.trim();
  expect(code).toMatch(/^[ACDEFGHJKMNPQRTUVWXY34679]{4}$/);
  await expect
    .poll(() => page.evaluate(() => document.documentElement.scrollWidth))
    .toBeLessThanOrEqual(768);

  // the labels: name, allergy in bold, the code — and the parent's tag with the same code
  await page.getByRole('link', { name: 'Imprimir etiquetas' }).click();
  const labels = page.getByTestId('kids-label');
  await expect(labels).toHaveCount(2);
  const lucas = labels.filter({ hasText: 'Lucas Mendes' });
  await expect(lucas.locator('.kids-label-notes')).toHaveText('Alergia a leite');
  expect(
    await lucas.locator('.kids-label-notes').evaluate((el) => getComputedStyle(el).fontWeight),
  ).toBe('700');
  await expect(lucas.locator('.kids-label-code')).toHaveText(code);
  const tag = page.getByTestId('kids-parent-tag');
  await expect(tag.locator('.kids-label-code')).toHaveText(code);
  await expect(tag).toContainText('Lucas Mendes, Sofia Mendes');
  await page.getByLabel('Tamanho da etiqueta').selectOption('label4x2');
  expect(await axe(page)).toEqual([]);

  // pick-up: a wrong code is refused loudly, the right one lets Lucas go
  await page.goto(churchUrl('graca', '/admin/kids/station'));
  await page.getByLabel('Dia').fill(sunday);
  await expect(page.getByLabel('Horário')).toContainText('Escola Bíblica Dominical');
  await page.getByRole('button', { name: 'Retirada' }).click();
  await page.getByLabel('Telefone, nome ou carteirinha').fill('11 98765-1234');
  await page.getByRole('button', { name: 'Buscar família' }).click();
  const child = page.locator('.kids-child').filter({ hasText: 'Lucas Mendes' });
  const wrong = code === 'AAAA' ? 'CCCC' : 'AAAA';
  await child.getByLabel('Código da etiqueta do responsável').fill(wrong);
  await child.getByRole('button', { name: 'Liberar Lucas Mendes' }).click();
  await expect(page.locator('.kids-alarm').getByRole('alert')).toContainText('CÓDIGO ERRADO');
  await child.getByLabel('Código da etiqueta do responsável').fill(code.toLowerCase());
  await child.getByRole('button', { name: 'Liberar Lucas Mendes' }).click();
  await expect(page.getByText('Lucas Mendes foi retirada.')).toBeVisible();
  expect(await axe(page)).toEqual([]);

  // the attendance of the day shows both children
  await page.goto(churchUrl('graca', '/admin/kids?vista=frequencia'));
  await page.getByLabel('De').fill(sunday);
  await page.getByLabel('Até').fill(sunday);
  const byChild = page.getByTestId('kids-attendance-children');
  await expect(byChild).toContainText('Lucas Mendes');
  await expect(byChild).toContainText('Sofia Mendes');
  expect(await axe(page)).toEqual([]);
});

test('a room takes its volunteers from a rota position chosen in its form', async ({ page }) => {
  await asMember(page, 'kids@graca.demo');
  await page.goto(churchUrl('graca', '/admin/kids?vista=salas'));
  const form = page.locator('form.kids-room-form');
  const position = form.getByLabel('Voluntários das escalas');
  await page.getByRole('button', { name: 'Maternal', exact: true }).click();
  await position.selectOption({ label: 'Ministério de louvor · Som' });
  await form.getByRole('button', { name: 'Salvar' }).click();
  await expect(form).toBeHidden();
  // kept: the form opens again on the chosen position; then the link is undone for the other tests
  await page.getByRole('button', { name: 'Maternal', exact: true }).click();
  await expect(position.locator('option:checked')).toHaveText('Ministério de louvor · Som');
  await position.selectOption({ label: 'Nenhuma' });
  await form.getByRole('button', { name: 'Salvar' }).click();
  await expect(form).toBeHidden();
});

test.describe('on the teacher’s phone', () => {
  test.use({ viewport: { width: 390, height: 844 }, hasTouch: true });

  test('the roster lists allergies first, pages a parent and the door screen shows the code', async ({
    page,
    browser,
  }) => {
    const sunday = comingSunday();
    const session = await asMember(page, 'kids@graca.demo');
    const api = (path: string, body?: unknown) =>
      fetch(`${API}/admin/graca/kids/${path}`, {
        method: body ? 'POST' : 'GET',
        headers: { authorization: `Bearer ${session.token}`, 'content-type': 'application/json' },
        ...(body ? { body: JSON.stringify(body) } : {}),
      }).then((r) => r.json());
    // Carla's children at the evening service, through the station's own call
    const { familias } = await api(`familias?busca=carla&data=${sunday}&horario=18:00`);
    const family = familias[0];
    const labels = await api('checkin', {
      data: sunday,
      horario: '18:00',
      familia: family.chave,
      criancas: family.criancas.map((c: { tipo: string; id: number }) => ({
        tipo: c.tipo,
        id: c.id,
      })),
    });
    const lucas = family.criancas.find((c: { nome: string }) => c.nome === 'Lucas Mendes');
    await page.goto(churchUrl('graca', `/admin/kids/roster?sessao=${lucas.sessaoSugerida}`));
    const first = page.locator('.kids-roster-list > li').first();
    await expect(first).toContainText('Lucas Mendes');
    await expect(first.locator('.kids-notes')).toHaveText('Alergia a leite');
    await expect(page.locator('.kids-count')).toContainText('1 de');
    expect(await axe(page)).toEqual([]);
    await first.getByRole('button', { name: 'Chamar responsável' }).click();
    await expect(page.getByText(`o código ${labels.codigo} está na tela da porta`)).toBeVisible();
    await expect
      .poll(() => page.evaluate(() => document.documentElement.scrollWidth))
      .toBeLessThanOrEqual(390);
    await page.goto(churchUrl('graca', `/admin/kids/door?data=${sunday}`));
    await expect(page.locator('.kids-door-code')).toContainText([labels.codigo]);
    expect(await axe(page)).toEqual([]);

    // a parent pre-checks from the phone for a service starting now; the station confirms arrival
    const now = new Date();
    const pad = (n: number) => String(n).padStart(2, '0');
    const today = `${now.getFullYear()}-${pad(now.getMonth() + 1)}-${pad(now.getDate())}`;
    const time = `${pad(now.getHours())}:${pad(now.getMinutes())}`;
    const { salas } = await api('salas');
    for (const room of salas.filter((r: { ativo: boolean }) => r.ativo))
      await api('sessoes', { salaId: room.id, data: today, horario: time, titulo: 'Culto agora' });
    const parent = await browser.newContext({
      viewport: { width: 390, height: 844 },
      hasTouch: true,
    });
    const phone = await parent.newPage();
    await asMember(phone, 'carla.mendes@graca.demo');
    await phone.goto(churchUrl('graca', '/third-parts/mykids'));
    const service = phone.getByRole('group', { name: `Culto das ${time}` });
    await service.getByLabel(/Lucas Mendes/).check();
    await service.getByLabel(/Sofia Mendes/).check();
    await service.getByRole('button', { name: 'Fazer check-in (2)' }).click();
    const tag = phone.getByTestId('kids-pre-tag').filter({ hasText: time });
    await expect(tag).toContainText('mostre este código');
    const phoneCode = (await tag.locator('.kids-pre-code').textContent())!.trim();
    expect(await axe(phone)).toEqual([]);
    await parent.close();
    await page.goto(churchUrl('graca', '/admin/kids/station'));
    await page.getByLabel('Dia').fill(today);
    await page.getByLabel('Horário').selectOption(time);
    await page.getByLabel('Telefone, nome ou carteirinha').fill('carla');
    await page.getByRole('button', { name: 'Buscar família' }).click();
    await expect(page.getByText('Check-in pelo celular (chegando)').first()).toBeVisible();
    await page.getByRole('button', { name: 'Confirmar chegada e imprimir etiquetas' }).click();
    await expect(page.getByTestId('kids-code')).toHaveText(phoneCode);
  });
});

test('without a connection the station checks in from its family list and sends it on return', async ({
  page,
  context,
}) => {
  const sunday = comingSunday();
  const session = await asMember(page, 'kids@graca.demo');
  await page.goto(churchUrl('graca', '/admin/kids/station'));
  await page.getByLabel('Dia').fill(sunday);
  await expect(page.getByLabel('Horário')).toContainText('Culto da manhã');
  // choosing the service takes its family list for the hour offline
  const kept = page.waitForResponse((r) => r.url().includes('/kids/familias/todas?') && r.ok());
  await page.getByLabel('Horário').selectOption('10:30');
  await kept;
  // the list is on the tablet once written (the response's body may still be arriving above)
  await page.waitForFunction(() =>
    sessionStorage.getItem('church:kids:families')?.includes('"horario":"10:30"'),
  );
  await context.setOffline(true);
  await page.getByLabel('Telefone, nome ou carteirinha').fill('carla');
  await page.getByRole('button', { name: 'Buscar família' }).click();
  await expect(page.getByText(/^Sem conexão/)).toBeVisible();
  await page.locator('.kids-tick').filter({ hasText: 'Lucas Mendes' }).tap();
  await page.getByRole('button', { name: 'Fazer check-in (1)' }).click();
  const code = (await page.getByTestId('kids-code').textContent())!.trim();
  expect(code).toMatch(/^[ACDEFGHJKMNPQRTUVWXY34679]{4}$/);
  await expect(page.getByText('Aguardando envio: 1.')).toBeVisible();
  expect(await axe(page)).toEqual([]);
  // the labels print from the tablet itself, with the same code
  await page.getByRole('button', { name: 'Imprimir etiquetas' }).click();
  await expect(page.getByTestId('kids-label').locator('.kids-label-code')).toHaveText(code);
  await page.getByRole('button', { name: 'Voltar à estação' }).click();
  // a wrong code is refused on the tablet too
  await page.getByRole('button', { name: 'Retirada' }).click();
  await page.getByRole('button', { name: 'Buscar família' }).click();
  const child = page.locator('.kids-child').filter({ hasText: 'Lucas Mendes' });
  await child
    .getByLabel('Código da etiqueta do responsável')
    .fill(code === 'AAAA' ? 'CCCC' : 'AAAA');
  await child.getByRole('button', { name: 'Liberar Lucas Mendes' }).click();
  await expect(page.locator('.kids-alarm').getByRole('alert')).toContainText('CÓDIGO ERRADO');
  // the refusal waits to be sent to the activity log too
  await expect(page.getByText('Aguardando envio: 2.')).toBeVisible();

  await context.setOffline(false);
  // nothing left to send (not only "1" gone: the count read 2)
  await expect(page.getByText(/Aguardando envio/)).toBeHidden();
  // on the room's roster, with the code printed offline
  const { familias } = await fetch(
    `${API}/admin/graca/kids/familias?busca=carla&data=${sunday}&horario=10:30`,
    { headers: { authorization: `Bearer ${session.token}` } },
  ).then((r) => r.json());
  const lucas = familias[0].criancas.find((c: { nome: string }) => c.nome === 'Lucas Mendes');
  expect(lucas.codigo).toBe(code);
  await page.goto(churchUrl('graca', `/admin/kids/roster?sessao=${lucas.sessaoSugerida}`));
  await expect(
    page.locator('.kids-roster-list > li').filter({ hasText: 'Lucas Mendes' }),
  ).toBeVisible();
});
