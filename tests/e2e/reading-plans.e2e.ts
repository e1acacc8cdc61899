// Reading plans (spec §2 /reading-plans and /embed/reading-plans; §4 start, reset, delete —
// irreversible, with confirmation) as a member uses them: start a plan, read two days, see the
// progress, reset, delete in two steps; catch up on a plan fallen behind; Portuguese text from the
// bundled Bíblia Livre, English from the KJV; the embed for visitors. Axe on each screen.
import AxeBuilder from '@axe-core/playwright';
import { expect as baseExpect, test, type Browser, type Page } from '@playwright/test';
import { API, apiLogin, asMember, churchUrl } from './helpers.ts';

// generous waits: the shared 2-core test machine is often loaded by parallel builds
const expect = baseExpect.configure({ timeout: 30_000 });
test.describe.configure({ timeout: 120_000 }); // a loaded 2-core machine; the file runs in about a minute alone

async function memberPage(
  browser: Browser,
  email = 'membro@graca.demo',
  locale = 'pt-BR',
): Promise<Page> {
  const context = await browser.newContext({ locale });
  const page = await context.newPage();
  await asMember(page, email);
  return page;
}

async function expectNoAxeViolations(page: Page) {
  const { violations } = await new AxeBuilder({ page }).analyze();
  expect(
    violations.map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`),
    page.url(),
  ).toEqual([]);
}

test('start a plan, read two days, see progress; reset; delete with confirmation', async ({
  browser,
}) => {
  const page = await memberPage(browser);
  await page.goto(churchUrl('graca', '/reading-plans'));
  await expect(page.getByRole('tab', { name: 'Descobrir', selected: true })).toBeVisible();
  await expectNoAxeViolations(page);
  const failures: string[] = [];
  page.on('response', (r) => {
    if (r.status() >= 400) failures.push(`${r.status()} ${r.url()}`);
  });
  await page.getByRole('link', { name: 'Evangelhos em 30 dias' }).click();
  await expect(
    page.getByRole('heading', { level: 1, name: 'Evangelhos em 30 dias' }),
  ).toBeVisible();
  await expect(page.getByRole('button', { name: 'Começar este plano' })).toBeVisible();
  expect(failures, 'a plan not started loads without an error in the console').toEqual([]);
  await page.getByRole('button', { name: 'Começar este plano' }).click();
  await expect(page.getByText('0 de 30 dias lidos (0%)')).toBeVisible();
  // today's reading: the text of the Bíblia Livre, with the credit its licence asks for
  await expect(page.getByRole('heading', { name: /Leitura de hoje · Dia 1 de 30/ })).toBeVisible();
  await expect(page.getByRole('heading', { name: 'Mateus 1', level: 3 })).toBeVisible();
  await expect(page.getByText(/Livro da geração de Jesus Cristo, filho de Davi/)).toBeVisible();
  await expect(page.getByText(/Licença Creative Commons Atribuição 3\.0 Brasil/)).toBeVisible();
  await expectNoAxeViolations(page);

  await page.getByRole('button', { name: 'Marcar dia 1 como lido' }).click();
  await expect(page.getByText('1 de 30 dias lidos (3%)')).toBeVisible();
  // confirmed where it was done, with an undo beside it
  const done = page.getByRole('status').filter({ hasText: 'Dia 1 marcado como lido.' });
  await expect(done).toBeVisible();
  await done.getByRole('button', { name: 'Desfazer' }).click();
  await expect(page.getByText('0 de 30 dias lidos (0%)')).toBeVisible();
  await page.getByRole('button', { name: 'Marcar dia 1 como lido' }).click();
  await expect(page.getByText('1 de 30 dias lidos (3%)')).toBeVisible();
  // the page moves on to the next unread day
  await page.getByRole('button', { name: 'Marcar dia 2 como lido' }).click();
  await expect(page.getByText('2 de 30 dias lidos (6%)')).toBeVisible();

  await page.goto(churchUrl('graca', '/reading-plans#mine'));
  await expect(page.getByRole('tab', { name: 'Meus planos', selected: true })).toBeVisible();
  const inProgress = page.getByRole('tabpanel', { name: 'Meus planos' });
  await expect(inProgress.getByRole('link', { name: 'Evangelhos em 30 dias' })).toBeVisible();
  await expect(inProgress.getByText('31 de 31 dias lidos (100%)')).toBeVisible(); // the completed one
  await inProgress.getByRole('link', { name: 'Evangelhos em 30 dias' }).click();

  await page.getByRole('button', { name: 'Recomeçar' }).click();
  const dialog = page.getByRole('dialog', { name: 'Recomeçar' });
  await expect(dialog.getByText(/Todos os dias ficam não lidos/)).toBeVisible();
  await dialog.getByRole('button', { name: 'Sim, recomeçar' }).click();
  await expect(page.getByText('0 de 30 dias lidos (0%)')).toBeVisible();

  await page.getByRole('link', { name: 'Excluir plano' }).click();
  await expect(page).toHaveURL(/\/reading-plans\/[0-9a-f-]+\/delete$/);
  await expect(
    page.getByText('Excluir “Evangelhos em 30 dias” dos seus planos? Seu progresso será apagado.'),
  ).toBeVisible();
  await expectNoAxeViolations(page);
  await page.getByRole('link', { name: 'Continuar' }).click();
  await expect(page).toHaveURL(/\/delete\/confirm$/);
  await expect(page.getByText('Esta ação não pode ser desfeita.')).toBeVisible();
  await page.getByRole('button', { name: 'Excluir definitivamente' }).click();
  await expect(page.getByText('O plano e o seu progresso foram excluídos.')).toBeVisible();
  await page.getByRole('link', { name: 'Voltar aos planos' }).click();
  await expect(
    page
      .getByRole('tabpanel', { name: 'Meus planos' })
      .getByRole('link', { name: 'Evangelhos em 30 dias' }),
  ).toHaveCount(0);
  await page.context().close();
});

test('a plan fallen behind is caught up; an English plan shows the KJV text', async ({
  browser,
}) => {
  const page = await memberPage(browser);
  // The seed started this plan 11 days before it ran, with 9 days read; the run may cross midnight
  // after the seed, so the days behind are counted from the seeded start date, not assumed.
  const { token } = await apiLogin('membro@graca.demo');
  const mine = (await (
    await fetch(`${API}/igreja/graca/plano-leitura-inscricao`, {
      headers: { authorization: `Bearer ${token}` },
    })
  ).json()) as { inscricoes: { plano: { nome: string }; dataInicio: string }[] };
  const started = mine.inscricoes.find((s) => s.plano.nome === 'Salmos em 30 dias')!.dataInicio;
  const today = await page.evaluate(() => new Date().toLocaleDateString('en-CA'));
  const dueToday = Math.round((Date.parse(today) - Date.parse(started)) / 86_400_000) + 1;
  const behind = dueToday - 1 - 9;
  await page.goto(churchUrl('graca', '/reading-plans'));
  await page.getByRole('link', { name: 'Salmos em 30 dias' }).click();
  await expect(
    page.getByText(`Você está ${behind} dias atrasado.`, { exact: false }),
  ).toBeVisible();
  await page.getByRole('button', { name: 'Colocar em dia' }).click();
  await expect(page.getByText(/dias atrasado/)).toHaveCount(0);
  // caught up, today's reading is the first unread day
  await expect(page.getByRole('heading', { name: /Leitura de hoje · Dia 10 de 30/ })).toBeVisible();
  await page.context().close();

  const john = await memberPage(browser, 'member@grace.demo', 'en-US');
  await john.goto(churchUrl('grace', '/reading-plans'));
  await john.getByRole('link', { name: 'Psalms in 30 Days' }).click();
  await expect(john.getByRole('heading', { name: /Today's reading · Day 6 of 30/ })).toBeVisible();
  await expect(john.getByRole('heading', { name: 'Psalms 26', level: 3 })).toBeVisible();
  await expect(john.getByText(/Judge me, O LORD/)).toBeVisible();
  await john.context().close();
});

test('the embedded plans work for a visitor: Discover, a plan, a login link to start', async ({
  page,
}) => {
  await page.goto(churchUrl('graca', '/embed/reading-plans'));
  await expect(page.getByRole('banner')).toHaveCount(0);
  await expect(page.getByRole('link', { name: 'Bíblia em um ano' })).toBeVisible();
  await expectNoAxeViolations(page);
  await page.getByRole('tab', { name: 'Meus planos' }).click();
  await expect(page.getByText('Entre para ver os seus planos.')).toBeVisible();
  await page.getByRole('tab', { name: 'Descobrir' }).click();
  await page.getByRole('link', { name: 'Bíblia em um ano' }).click();
  await expect(page).toHaveURL(/\/embed\/reading-plans\/[0-9a-f-]+$/);
  await expect(page.getByRole('heading', { name: 'Gênesis 1', level: 3 })).toBeVisible();
  await expect(page.getByRole('link', { name: 'Entre para começar este plano' })).toHaveAttribute(
    'href',
    /^\/access\?redirectTo=%2Fembed%2Freading-plans%2F/,
  );
  await expectNoAxeViolations(page);
  // the app's own route needs a login
  await page.goto(churchUrl('graca', '/reading-plans'));
  await expect(page).toHaveURL(/\/access\?redirectTo=%2Freading-plans$/);
});
