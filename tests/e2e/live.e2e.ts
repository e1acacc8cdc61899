// /live, /embed/chat and /embed/player as people use them (spec §2, §3 Chat user, §4, §6): two
// browsers chat, a moderator deletes a message and it disappears from both, a visitor joins with
// only a name, the commit-to-Jesus moment, the HLS demo plays, the phone tabs, and axe on each page.
import AxeBuilder from '@axe-core/playwright';
import { expect, test, type Browser, type Page } from '@playwright/test';
import { asMember, churchUrl } from './helpers.ts';

const run = `${Date.now().toString(36)}${Math.floor(Math.random() * 1e4)}`;

async function expectNoAxeViolations(page: Page) {
  const { violations } = await new AxeBuilder({ page }).analyze();
  expect(
    violations.map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`),
    page.url(),
  ).toEqual([]);
}

async function newPage(
  browser: Browser,
  viewport = { width: 1280, height: 900 },
  userAgent?: string,
) {
  const context = await browser.newContext({ locale: 'pt-BR', viewport, userAgent });
  return context.newPage();
}

const messages = (page: Page) => page.getByRole('list', { name: 'Mensagens do chat' });
/** The hls.js chunk itself (`import('hls.js/light')`), by file name: a bare /hls/i also matched hashes like 'cyuhLSAB'. */
const isHlsJs = (url: string) => /^hls[.-]/i.test(new URL(url).pathname.split('/').pop() ?? '');

test('two browsers chat; a moderator deletes a message for both and runs the commit moment', async ({
  browser,
}) => {
  test.setTimeout(150_000);
  // a browser of its own: muting this guest also mutes guests from its address and browser
  // (docs/security.md "Chat identities"), and every browser of this run shares the address
  const visitor = await newPage(browser, undefined, `Mozilla/5.0 (e2e visitor ${run})`);
  await visitor.goto(churchUrl('graca', '/live'));
  await expect(visitor.getByRole('heading', { level: 1, name: 'Ao vivo' })).toBeVisible();
  await expect(visitor.getByText('Ao vivo agora')).toBeVisible();
  // history kept in the database shows on join
  await expect(messages(visitor).getByText('Que louvor lindo! Glória a Deus.')).toBeVisible();
  await expectNoAxeViolations(visitor);

  const moderator = await newPage(browser);
  await asMember(moderator, 'lider@graca.demo');
  await moderator.goto(churchUrl('graca', '/live'));
  // the session starts (token refresh, account) before the chat joins as the member
  await expect(moderator.getByText('Você está como João Pereira')).toBeVisible({ timeout: 20_000 });
  await expect(moderator.getByText('Moderador', { exact: false }).first()).toBeVisible();

  // a visitor joins with only a name
  const name = `Visitante ${run}`;
  await visitor.getByRole('textbox', { name: 'Seu nome' }).fill(name);
  await visitor.getByRole('button', { name: 'Entrar no chat' }).click();
  await expect(visitor.getByText(`Você está como ${name}`)).toBeVisible({ timeout: 15_000 });
  // the room is told that someone joined (spec §4 users joining); a name of this run's own, since
  // a person is announced once a minute and other tests open /live as the demo accounts
  await expect(messages(moderator).getByText(`${name} entrou no chat.`)).toBeVisible();

  // a message from one browser appears in the other; links become links, nothing else is HTML
  const text = `Bom dia, igreja! Leiam https://example.org/${run} (${run})`;
  const input = visitor.getByRole('textbox', { name: 'Mensagem' });
  await input.fill(text);
  await visitor.getByRole('button', { name: 'Enviar' }).click();
  await expect(input).toHaveValue('');
  await expect(messages(moderator).getByText(`(${run})`)).toBeVisible();
  await expect(
    messages(moderator).getByRole('link', { name: `https://example.org/${run}` }),
  ).toBeVisible();

  // a refused message says why and stays in the input
  await input.fill('<script>alert(1)</script>');
  await visitor.getByRole('button', { name: 'Enviar' }).click();
  await expect(
    visitor.getByRole('alert').filter({ hasText: 'Mensagens não podem conter tags HTML.' }),
  ).toBeVisible();
  await expect(input).toHaveValue('<script>alert(1)</script>');

  // the moderator deletes it, with a confirmation, and it disappears for everyone
  await moderator.getByLabel(`Moderar mensagem de ${name}`).last().click();
  await moderator.getByRole('button', { name: 'Excluir mensagem' }).click();
  const dialog = moderator.getByRole('dialog', { name: 'Excluir esta mensagem para todos?' });
  await expect(dialog).toBeVisible();
  await expectNoAxeViolations(moderator);
  await dialog.getByRole('button', { name: 'Confirmar' }).click();
  await expect(messages(moderator).getByText(`(${run})`)).toHaveCount(0);
  await expect(messages(visitor).getByText(`(${run})`)).toHaveCount(0);

  // the commit-to-Jesus moment: the moderator starts it, the visitor raises a hand, the count shows live
  await moderator.getByRole('button', { name: 'Iniciar momento de decisão' }).click();
  await expect(
    visitor.getByRole('heading', { name: 'Você quer entregar sua vida a Jesus?' }),
  ).toBeVisible();
  await visitor.getByRole('button', { name: 'Levantar a mão' }).click();
  await expect(visitor.getByText('Glória a Deus! Estamos orando por você.')).toBeVisible();
  await expect(moderator.getByText('1 mão levantada')).toBeVisible();
  await moderator.getByRole('button', { name: 'Encerrar momento de decisão' }).click();
  await expect(visitor.getByText('Glória a Deus! Estamos orando por você.')).toHaveCount(0);

  // muted: known as soon as the chat opens again, with the box shut, not at the first send
  await input.fill(`Mais uma (${run})`);
  await visitor.getByRole('button', { name: 'Enviar' }).click();
  await expect(messages(moderator).getByText(`Mais uma (${run})`)).toBeVisible();
  await moderator.getByLabel(`Moderar mensagem de ${name}`).last().click();
  await moderator.getByRole('button', { name: `Silenciar ${name}` }).click();
  await moderator
    .getByRole('dialog', { name: `Silenciar ${name} até o fim desta transmissão?` })
    .getByRole('button', { name: 'Confirmar' })
    .click();
  await expect(visitor.getByText('Um moderador silenciou você neste chat.')).toBeVisible();
  await visitor.reload();
  await expect(visitor.getByText('Um moderador silenciou você neste chat.')).toBeVisible({
    timeout: 20_000,
  });
  await expect(visitor.getByRole('textbox', { name: 'Mensagem' })).toBeDisabled();
  // the moderator gives the voice back: the box opens at once, no reload
  await moderator.getByLabel(`Moderar mensagem de ${name}`).last().click();
  await moderator.getByRole('button', { name: `Devolver a voz a ${name}` }).click();
  await moderator
    .getByRole('dialog', { name: `Deixar ${name} escrever no chat de novo?` })
    .getByRole('button', { name: 'Confirmar' })
    .click();
  await expect(visitor.getByRole('textbox', { name: 'Mensagem' })).toBeEnabled();
  await expect(visitor.getByText('Um moderador silenciou você neste chat.')).toBeHidden();
  await visitor.context().close();
  await moderator.context().close();
});

test('the demo HLS stream plays with hls.js; other pages never load it; on a phone the panels are tabs', async ({
  browser,
}) => {
  test.setTimeout(120_000);
  const page = await newPage(browser);
  const scripts: string[] = [];
  page.on('request', (r) => r.resourceType() === 'script' && scripts.push(r.url()));
  // recent Chromium plays HLS natively (then hls.js is never fetched); play it as other browsers do
  await page.addInitScript(() => {
    const canPlay = HTMLMediaElement.prototype.canPlayType;
    HTMLMediaElement.prototype.canPlayType = function (type: string) {
      return /mpegurl/i.test(type) ? '' : canPlay.call(this, type);
    };
  });
  await page.goto(churchUrl('graca', '/live'));
  const video = page.locator('video[data-player="hls"]');
  await expect(video).toBeVisible();
  await expect
    .poll(() => video.evaluate((v: HTMLVideoElement) => v.readyState >= 2 && v.videoWidth > 0), {
      timeout: 45_000,
    })
    .toBe(true);
  expect(scripts.some(isHlsJs)).toBe(true);

  // upcoming streams and the other panels are plain HTML
  await expect(page.getByRole('heading', { name: 'Próximas transmissões' })).toBeVisible();
  await expect(page.getByText('Culto da família')).toBeVisible();
  await expect(page.getByRole('link', { name: /Todas as minhas anotações/ })).toHaveAttribute(
    'href',
    '/user/notes',
  );
  await expect(page.getByRole('link', { name: /Abrir a página de contribuição/ })).toHaveAttribute(
    'href',
    '/give',
  );
  // the notes and giving panels load nothing until opened
  expect(scripts.some((u) => /notes-panel|GiveIsland/.test(u))).toBe(false);
  // a visitor who opens the notes panel is asked to log in, back to /live
  await page.getByText('Anotar esta mensagem').click();
  await expect(page.getByRole('link', { name: 'Entrar', exact: true })).toHaveAttribute(
    'href',
    '/access?redirectTo=%2Flive',
  );

  // /embed/player with a YouTube code is a frame, and hls.js is not loaded
  const embed = await newPage(browser);
  const embedScripts: string[] = [];
  embed.on('request', (r) => r.resourceType() === 'script' && embedScripts.push(r.url()));
  await embed.route('https://www.youtube-nocookie.com/**', (route) =>
    route.fulfill({
      body: '<html lang="en"><title>video</title></html>',
      contentType: 'text/html',
    }),
  );
  await embed.goto(churchUrl('graca', '/embed/player?service=youtube&code=M7lc1UVf-VE'));
  await expect(
    embed.locator('iframe[src*="youtube-nocookie.com/embed/M7lc1UVf-VE"]'),
  ).toBeVisible();
  expect(embedScripts.some(isHlsJs)).toBe(false);
  await expectNoAxeViolations(embed);
  await embed.context().close();

  // a phone: the panels become tabs
  const phone = await newPage(browser, { width: 390, height: 844 });
  await phone.goto(churchUrl('graca', '/live'));
  await expect(phone.getByRole('heading', { name: 'Chat ao vivo' })).toBeVisible();
  await expect(phone.getByRole('heading', { name: 'Próximas transmissões' })).toBeHidden();
  await phone.getByText('Próximas', { exact: true }).click();
  await expect(phone.getByRole('heading', { name: 'Próximas transmissões' })).toBeVisible();
  await expect(phone.getByRole('heading', { name: 'Chat ao vivo' })).toBeHidden();
  await expectNoAxeViolations(phone);
  await phone.context().close();
  await page.context().close();
});

test('/embed/chat joins with the username query; the home schedule links to /live', async ({
  browser,
}) => {
  test.setTimeout(120_000);
  const page = await newPage(browser);
  // only the church's live channels are chats (docs/security.md "Chat identities")
  await page.goto(churchUrl('graca', `/embed/chat?channel=embed${run}&username=Ana%20Embed`));
  await expect(page.getByText('Este chat não existe.')).toBeVisible({ timeout: 15_000 });
  await page.goto(
    churchUrl('graca', `/embed/chat?channel=culto&username=Ana%20Embed&limitMessages=5`),
  );
  await expect(page.getByText('Você está como Ana Embed')).toBeVisible({ timeout: 15_000 });
  await page.getByRole('textbox', { name: 'Mensagem' }).fill(`Olá do embed ${run}`);
  await page.getByRole('button', { name: 'Enviar' }).click();
  await expect(messages(page).getByText(`Olá do embed ${run}`)).toBeVisible();
  await expectNoAxeViolations(page);

  await page.goto(churchUrl('graca', '/'));
  await page.getByRole('link', { name: /Assistir às transmissões/ }).click();
  await expect(page).toHaveURL(/\/live$/);
  await page.context().close();
});

test('a member keeps sermon notes beside the stream and gives without leaving /live', async ({
  browser,
}) => {
  test.setTimeout(150_000);
  const page = await newPage(browser);
  const session = await asMember(page);
  const scripts: string[] = [];
  page.on('request', (r) => r.resourceType() === 'script' && scripts.push(r.url()));
  await page.goto(churchUrl('graca', '/live'));
  await expect(page.getByText('Ao vivo agora')).toBeVisible();
  expect(scripts.some((u) => /notes-panel|GiveIsland/.test(u))).toBe(false);

  // notes: the notes area's editor, with this service's title ready; saved as the notes area saves
  await page.getByText('Anotar esta mensagem').click();
  const title = page.getByRole('textbox', { name: 'Título' });
  await expect(title).toHaveValue(/^Culto da manhã — ao vivo — \d{2}\/\d{2}\/\d{4}$/);
  const noteTitle = await title.inputValue();
  await expect(page.locator('#live-panel-notes .notes-status')).toHaveText(''); // nothing saved yet, nothing claimed
  const words = `Graça e paz ${run}. João 3:16`;
  await page.getByRole('textbox', { name: 'Anotação' }).fill(words);
  await expect(page.locator('#live-panel-notes .notes-status')).toHaveText('Salva', {
    timeout: 20_000,
  });
  await expect(page.getByRole('link', { name: 'João 3:16' })).toBeVisible();
  const listed = await fetch(
    `http://127.0.0.1:${process.env.E2E_PORT ?? 4391}/api/v1/user/nota-sermao?igreja=1&limit=999`,
    { headers: { authorization: `Bearer ${session.token}` } },
  );
  const notes = (
    (await listed.json()) as { notas: { id: number; titulo: string; resumo: string }[] }
  ).notas.filter((n) => n.titulo === noteTitle);
  expect(notes).toHaveLength(1);
  // after a reload the panel opens the same note, not a second one
  await page.reload();
  await page.getByText('Anotar esta mensagem').click();
  await expect(page.getByRole('textbox', { name: 'Anotação' })).toHaveValue(words, {
    timeout: 20_000,
  });
  await expect(
    page.locator('#live-panel-notes').getByRole('heading', { name: 'Anotação', exact: true }),
  ).toBeVisible();
  await fetch(
    `http://127.0.0.1:${process.env.E2E_PORT ?? 4391}/api/v1/nota-sermao/${notes[0]!.id}?igreja=1`,
    { method: 'DELETE', headers: { authorization: `Bearer ${session.token}` } },
  );

  // giving: the giving form itself, hydrated when opened; the stream keeps playing meanwhile
  await page.getByText('Quero ofertar').click();
  await expect(page.getByRole('textbox', { name: /Oferta/ })).toBeVisible({ timeout: 20_000 });
  expect(scripts.some((u) => /GiveIsland/.test(u))).toBe(true);
  await expectNoAxeViolations(page);
  // a gift by the saved card: the approval shows in the panel, and the member is still on /live
  await page.getByRole('textbox', { name: /Oferta/ }).fill('10');
  await page.getByRole('radio', { name: 'Cartão de crédito' }).check();
  await page.getByRole('button', { name: /^Doar / }).click();
  await expect(
    page
      .locator('#live-panel-give')
      .getByText('Doação aprovada! Enviamos o recibo para o seu e-mail.'),
  ).toBeVisible({ timeout: 20_000 });
  expect(new URL(page.url()).pathname).toBe('/live');
  await expect(page.getByText('Ao vivo agora')).toBeVisible();
  await page.getByRole('button', { name: 'Fazer outra doação' }).click();
  await expect(page.getByRole('textbox', { name: /Oferta/ })).toHaveValue('');
  await page.context().close();
});
