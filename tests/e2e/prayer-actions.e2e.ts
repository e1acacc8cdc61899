// The prayer wall's member pages (spec §2 "Prayer wall" new, new/success, {id}, {id}/delete,
// delete/success; account area prayer and prayer/{id}) as members and visitors meet them: login
// required for every action (spec §5), published and private requests, "I prayed" and supportive
// messages, deleting, and axe on every new page. Texts are unique per run.
import AxeBuilder from '@axe-core/playwright';
import { expect, test, type Browser, type Page } from '@playwright/test';
import { asMember, churchUrl } from './helpers.ts';
import { lockPrayerWall } from './prayer-wall-lock.ts';

// prayer.e2e.ts counts this wall's requests: never post at the same time (prayer-wall-lock.ts).
let releaseWall: (() => void) | undefined;
test.beforeAll(async () => {
  test.setTimeout(180_000);
  releaseWall = await lockPrayerWall();
});
test.afterAll(() => releaseWall?.());

const run = `${Date.now().toString(36)}-${Math.floor(Math.random() * 1e6)}`;
const PUBLISHED = `Peço oração pela entrevista de emprego da minha irmã (${run}).`;
const PRIVATE = `Peço oração em particular pela saúde da minha mãe (${run}).`;
/** An 8×8 PNG, and bytes that only claim to be one (the API checks the content, not the name). */
const PNG = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAgAAAAICAIAAABLbSncAAAACXBIWXMAAAPoAAAD6AG1e1JrAAAAEUlEQVQImWM4Y2yMFTEMLQkACspMgcuiywsAAAAASUVORK5CYII=',
  'base64',
);
const FAKE_PNG = Buffer.from('this is not an image');
const SUPPORT = `Estamos orando por sua irmã, Deus está no controle (${run}).`;

async function memberPage(browser: Browser, email = 'membro@graca.demo'): Promise<Page> {
  const context = await browser.newContext({ locale: 'pt-BR' });
  const page = await context.newPage();
  await asMember(page, email);
  return page;
}

/** The access page's two steps, as a member types them. */
async function logInOnAccessPage(page: Page) {
  await page.getByRole('textbox', { name: 'E-mail', exact: true }).fill('membro@graca.demo');
  await page.getByRole('button', { name: 'Continuar' }).click();
  await page.getByRole('textbox', { name: 'Senha', exact: true }).fill('Demo@1234');
  await page.getByRole('button', { name: 'Entrar', exact: true }).click();
}

async function expectNoAxeViolations(page: Page) {
  const { violations } = await new AxeBuilder({ page }).analyze();
  expect(
    violations.map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`),
    page.url(),
  ).toEqual([]);
}

const wallCards = (page: Page) =>
  page.getByRole('list', { name: 'Mural de oração' }).getByRole('listitem');

test('a visitor who wants to make a request is sent to log in and brought back', async ({
  page,
}) => {
  await page.goto(churchUrl('graca', '/prayer'));
  await page.getByRole('link', { name: 'Fazer um pedido' }).first().click();
  await expect(page).toHaveURL(/\/access\?redirectTo=%2Fprayer%2Fnew$/);
  await expect(page.getByRole('heading', { name: 'Fazer um pedido de oração' })).toHaveCount(0);
  await logInOnAccessPage(page);
  await expect(page).toHaveURL(/\/prayer\/new$/);
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Fazer um pedido de oração');
});

test('a visitor who prays is asked to log in (spec §5) and comes back to the request', async ({
  page,
}) => {
  await page.goto(churchUrl('graca', '/prayer'));
  await page.getByRole('link', { name: 'Pedido de Cláudia' }).click();
  const id = /\/prayer\/(\d+)$/.exec(page.url())![1];
  await expect(
    page.getByText('É necessário realizar o login para completar essa ação'),
  ).toBeVisible();
  await expect(page.getByRole('button', { name: 'Eu orei' })).toHaveCount(0);
  await expect(page.getByLabel('Sua mensagem de apoio')).toHaveCount(0);
  await expect(page.getByRole('link', { name: 'Entrar', exact: true })).toHaveAttribute(
    'href',
    `/access?redirectTo=%2Fprayer%2F${id}`,
  ); // the one encoded login link

  await page.getByRole('link', { name: 'Eu orei' }).click();
  await expect(page).toHaveURL(new RegExp(`/access\\?redirectTo=%2Fprayer%2F${id}$`));
  await logInOnAccessPage(page);
  await expect(page).toHaveURL(new RegExp(`/prayer/${id}$`));
  await expect(page.getByRole('button', { name: 'Eu orei' })).toBeVisible();
  await expect(page.getByLabel('Sua mensagem de apoio')).toBeVisible();
});

test.describe
  .serial('a member asks for prayer, the church prays and answers, the author deletes it', () => {
  let prayerId = '';

  test('the form checks the request in Portuguese, then posts it on the wall', async ({ page }) => {
    await asMember(page);
    await page.goto(churchUrl('graca', '/prayer/new'));
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Fazer um pedido de oração');
    await expect(page.getByLabel('Nome exibido')).toHaveValue('Maria'); // the member's first name
    await expect(page.getByText('Deixe em branco para pedir de forma anônima')).toBeVisible();
    await expect(page.getByLabel('Publicar no mural')).toBeChecked();
    await expect(
      page.getByText('Pedidos não publicados são vistos somente pela equipe da igreja.'),
    ).toBeVisible();

    await page.getByRole('button', { name: 'Enviar pedido' }).click();
    await expect(page.getByText('Esse campo é obrigatório.')).toBeVisible();
    await expect(page.getByLabel('Seu pedido')).toBeFocused();
    await expect(page).toHaveURL(/\/prayer\/new$/);

    // A file the API would refuse is caught here, in the user's language.
    await page
      .getByLabel('Imagem (opcional)')
      .setInputFiles({ name: 'oracao.gif', mimeType: 'image/gif', buffer: Buffer.from('GIF89a') });
    await expect(page.getByText('Envie uma imagem JPEG, PNG ou WebP.')).toBeVisible();

    await page.getByLabel('Motivo').selectOption({ label: 'Trabalho' });
    await page.getByLabel('Seu pedido').fill(PUBLISHED);
    await expect(page.getByText(`${PUBLISHED.length} de 2000 caracteres`)).toBeVisible();
    await page.getByLabel('Gostaria de receber uma ligação').check();

    // The API refuses the image by its content: its message shows by the field, nothing typed is lost.
    await page
      .getByLabel('Imagem (opcional)')
      .setInputFiles({ name: 'vela.png', mimeType: 'image/png', buffer: FAKE_PNG });
    await expect(page.getByText('Envie uma imagem JPEG, PNG ou WebP.')).toHaveCount(0);
    await page.getByRole('button', { name: 'Enviar pedido' }).click();
    await expect(
      page.getByText('Não foi possível fazer o pedido. Confira os campos e tente novamente.'),
    ).toBeVisible();
    await expect(page.getByText('Envie uma imagem JPEG, PNG ou WebP.')).toBeVisible();
    await expect(page.getByLabel('Imagem (opcional)')).toHaveAttribute('aria-invalid', 'true');
    await expect(page.getByLabel('Seu pedido')).toHaveValue(PUBLISHED);
    await expect(page.getByLabel('Gostaria de receber uma ligação')).toBeChecked();
    await expect(page).toHaveURL(/\/prayer\/new$/);

    await page
      .getByLabel('Imagem (opcional)')
      .setInputFiles({ name: 'vela.png', mimeType: 'image/png', buffer: PNG });
    await expect(page.getByText('Imagem escolhida: vela.png')).toBeVisible();
    await page.getByRole('button', { name: 'Enviar pedido' }).click();

    await expect(page).toHaveURL(/\/prayer\/new\/success$/);
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Pedido enviado');
    await expectNoAxeViolations(page);
    await page.getByRole('link', { name: 'Ver o mural' }).click();
    const first = wallCards(page).first();
    await expect(first).toContainText(PUBLISHED); // the API purged the wall's cached page
    await expect(first).toContainText('Pedido de Maria');
    await expect(first).toContainText('Trabalho');
    prayerId = /\/prayer\/(\d+)$/.exec((await first.getByRole('link').getAttribute('href'))!)![1]!;

    await page.goto(churchUrl('graca', '/user/prayer'));
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Meus pedidos de oração');
    const mine = page
      .getByRole('list', { name: 'Meus pedidos de oração' })
      .getByRole('listitem')
      .filter({ hasText: PUBLISHED });
    await expect(mine).toContainText('Publicado no mural');
    await expect(mine).toContainText('Trabalho');
    await expect(mine.getByRole('link')).toHaveAttribute('href', `/user/prayer/${prayerId}`);
  });

  test('another member prays and leaves a supportive message that shows at once', async ({
    browser,
  }) => {
    const page = await memberPage(browser, 'lider@graca.demo');
    await page.goto(churchUrl('graca', `/prayer/${prayerId}`));
    await expect(page.locator('blockquote')).toContainText(PUBLISHED);
    const image = page.getByRole('img', { name: 'Imagem do pedido' });
    await expect(image).toBeVisible();
    await expect
      .poll(() => image.evaluate((img: HTMLImageElement) => img.naturalWidth))
      .toBeGreaterThan(0); // served and decoded
    const count = page.getByRole('status').filter({ hasText: /orou|oraram/ });
    await expect(count).toHaveText(/^0 pessoa orou$/);
    await page.getByRole('button', { name: 'Eu orei' }).click();
    await expect(count).toHaveText('1 pessoa orou');
    await expect(page.getByRole('button', { name: /Você orou por este pedido/ })).toBeDisabled();

    await expect(page.getByRole('heading', { name: 'Mensagens de apoio (0)' })).toBeVisible();
    await page.getByRole('button', { name: 'Enviar mensagem' }).click();
    await expect(page.getByText('Esse campo é obrigatório.')).toBeVisible();
    await page.getByLabel('Sua mensagem de apoio').fill(SUPPORT);
    await page.getByRole('button', { name: 'Enviar mensagem' }).click();
    const messages = page.getByRole('region', { name: /Mensagens de apoio/ }).getByRole('listitem');
    await expect(messages.last()).toContainText(SUPPORT);
    await expect(messages.last()).toContainText('João');
    await expect(page.getByRole('heading', { name: 'Mensagens de apoio (1)' })).toBeVisible();
    await expect(page.getByLabel('Sua mensagem de apoio')).toHaveValue('');
    await expectNoAxeViolations(page);

    // The count and the message are saved, not only shown.
    await page.reload();
    await expect(page.getByRole('status').filter({ hasText: /orou|oraram/ })).toHaveText(
      '1 pessoa orou',
    );
    await expect(
      page
        .getByRole('region', { name: /Mensagens de apoio/ })
        .getByRole('listitem')
        .last(),
    ).toContainText(SUPPORT);

    // Someone else's request cannot be opened for deletion: spec §8 "no result found".
    await page.goto(churchUrl('graca', `/prayer/${prayerId}/delete`));
    await expect(page.getByRole('alert')).toHaveText('Nenhum resultado encontrado.');
    await expect(page.getByRole('button', { name: 'Sim, excluir pedido' })).toHaveCount(0);
    await page.context().close();
  });

  test('the author reads the message in "my requests" and deletes the request', async ({
    page,
  }) => {
    await asMember(page);
    await page.goto(churchUrl('graca', '/user/prayer'));
    await page.getByRole('listitem').filter({ hasText: PUBLISHED }).getByRole('link').click();
    await expect(page).toHaveURL(new RegExp(`/user/prayer/${prayerId}$`));
    await expect(page.locator('blockquote')).toContainText(PUBLISHED);
    await expect(page.getByText('Você pediu uma ligação')).toBeVisible();
    await expect(page.getByText('1 pessoa orou')).toBeVisible();
    const messages = page.getByRole('region', { name: /Mensagens de apoio/ }).getByRole('listitem');
    await expect(messages).toHaveCount(1);
    await expect(messages.first()).toContainText(SUPPORT);
    await expectNoAxeViolations(page);

    await page.getByRole('link', { name: 'Excluir este pedido' }).click();
    await expect(page).toHaveURL(new RegExp(`/prayer/${prayerId}/delete$`));
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Excluir pedido');
    await expect(page.locator('blockquote')).toContainText(PUBLISHED);
    await expectNoAxeViolations(page);
    await page.getByRole('button', { name: 'Sim, excluir pedido' }).click();
    await expect(page).toHaveURL(/\/prayer\/delete\/success$/);
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Pedido excluído');
    await expectNoAxeViolations(page);

    await page.getByRole('link', { name: 'Ver o mural' }).click();
    await expect(wallCards(page).first()).not.toContainText(PUBLISHED);
    await expect(page.getByText(PUBLISHED)).toHaveCount(0);
    expect((await page.goto(churchUrl('graca', `/prayer/${prayerId}`)))?.status()).toBe(404);
    await page.goto(churchUrl('graca', '/user/prayer'));
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Meus pedidos de oração');
    await expect(page.getByText(PUBLISHED)).toHaveCount(0);
  });
});

test('a private request is in "my requests" but not on the wall', async ({ page }) => {
  await asMember(page);
  await page.goto(churchUrl('graca', '/prayer/new'));
  await page.getByLabel('Nome exibido').fill(''); // anonymous
  await page.getByLabel('Seu pedido').fill(PRIVATE);
  await page.getByLabel('Publicar no mural').uncheck();
  await page.getByLabel('Gostaria de receber uma visita').check();
  await page.getByRole('button', { name: 'Enviar pedido' }).click();
  await expect(page).toHaveURL(/\/prayer\/new\/success\?private=1$/);
  await expect(
    page.getByText('Ele foi enviado somente à equipe da igreja e não aparece no mural.'),
  ).toBeVisible();

  await page.getByRole('link', { name: 'Meus pedidos' }).click();
  const mine = page.getByRole('listitem').filter({ hasText: PRIVATE });
  await expect(mine).toContainText('Reservado');
  await expectNoAxeViolations(page);
  await mine.getByRole('link').click();
  await expect(page.getByText('Reservado: só a equipe da igreja vê este pedido.')).toBeVisible();
  await expect(page.getByText('Você pediu uma visita')).toBeVisible();
  await expect(page.getByRole('link', { name: 'Ver no mural' })).toHaveCount(0);

  await page.goto(churchUrl('graca', '/prayer'));
  await expect(wallCards(page).first()).toBeVisible();
  await expect(page.getByText(PRIVATE)).toHaveCount(0);
});

test('the request form has no axe violations and reads in English on grace', async ({
  browser,
}) => {
  const page = await memberPage(browser);
  await page.goto(churchUrl('graca', '/prayer/new'));
  await expect(page.getByLabel('Seu pedido')).toBeVisible();
  await page.getByRole('button', { name: 'Enviar pedido' }).click();
  await expect(page.getByText('Esse campo é obrigatório.')).toBeVisible();
  await expectNoAxeViolations(page);
  await page.context().close();

  const context = await browser.newContext({ locale: 'en-US' });
  const english = await context.newPage();
  await asMember(english, 'member@grace.demo');
  await english.goto(churchUrl('grace', '/prayer/new'));
  await expect(english.getByRole('heading', { level: 1 })).toHaveText('Make a prayer request');
  await english.getByRole('button', { name: 'Send request' }).click();
  await expect(english.getByText('This field is required.')).toBeVisible();
  await expect(english.getByLabel("I'd like a visit")).not.toBeChecked();
  await context.close();
});
