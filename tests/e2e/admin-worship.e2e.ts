// The staff's songs, reading plans and moderation (docs/staff.md): a staff member pastes a
// ChordPro song, transposes it in the preview and members find it in /praise; a reading plan is
// created with its days and published; a chat moderator hides a prayer request from the wall and
// restores it, with a reason.
import AxeBuilder from '@axe-core/playwright';
import { expect, test } from '@playwright/test';
import { asMember, churchUrl } from './helpers.ts';
import { lockPrayerWall } from './prayer-wall-lock.ts';

const stamp = Date.now().toString(36);
const songTitle = `Victory Hymn ${stamp}`;
const SONG = `{title: ${songTitle}}
{artist: Worship team}
{key: G}

{c: Verse}
[G]Victory in the [C]name of [D]Jesus,
[Em]sing, my [C]heart, and [D]praise

{c: Chorus}
[G]Hallelujah, halle[D]lujah`;

test.describe.configure({ mode: 'serial' });

// In grace, so the graca songbook praise.e2e.ts counts stays as seeded (the interface follows the browser: pt).
test('a staff member pastes a ChordPro song and transposes it in the preview', async ({ page }) => {
  await asMember(page, 'admin@grace.demo');
  await page.goto(churchUrl('grace', '/admin/songs'));
  await expect(page.getByRole('heading', { level: 1, name: 'Louvores' })).toBeVisible();
  await page.getByText('Colar um louvor em ChordPro').click();
  await page.getByLabel('Texto ChordPro').fill(SONG);
  await page.getByRole('button', { name: 'Importar o louvor' }).click();
  await expect(page).toHaveURL(/\/admin\/songs\/\d+$/);
  await expect(page.getByRole('heading', { level: 1, name: songTitle })).toBeVisible();
  await expect(page.getByLabel('Autor')).toHaveValue('Worship team');
  await expect(page.getByRole('textbox', { name: 'Tom', exact: true })).toHaveValue('G');

  const preview = page.getByRole('region', { name: 'Prévia' });
  await expect(preview.getByRole('heading', { name: 'Chorus' })).toBeVisible();
  await expect(preview.locator('.c[data-c="C"]').first()).toHaveText('C');
  await preview.getByRole('button', { name: 'Meio tom acima' }).click();
  await preview.getByRole('button', { name: 'Meio tom acima' }).click();
  await expect(preview.getByTestId('preview-key')).toContainText('A');
  await expect(preview.locator('.c[data-c="C"]').first()).toHaveText('D');
  await expect(preview.locator('.c[data-c="G"]').first()).toHaveText('A');

  // an edit shows in the preview before it is saved
  const chords = page.getByLabel('Letra e cifra (ChordPro)');
  await chords.fill(`${(await chords.inputValue()).trim()}\n[C]Glory to the [G]King`);
  await expect(preview.getByText('Glory to the')).toBeVisible();
  await page.getByRole('button', { name: 'Salvar' }).click();
  await expect(page.getByText('Salvo. Os membros veem o louvor como na prévia.')).toBeVisible();

  const { violations } = await new AxeBuilder({ page }).analyze();
  expect(violations.map((v) => v.id)).toEqual([]);
  await page.setViewportSize({ width: 360, height: 780 });
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(360);
});

test('members see the song in /praise and in its embed', async ({ page }) => {
  await asMember(page, 'member@grace.demo');
  await page.goto(churchUrl('grace', `/praise?busca=${encodeURIComponent(stamp)}`));
  const link = page.getByRole('link', { name: new RegExp(songTitle) });
  await expect(link).toBeVisible();
  await link.click();
  await expect(page.getByRole('heading', { level: 1, name: songTitle })).toBeVisible();
  await expect(page.getByRole('heading', { name: 'Chorus' })).toBeVisible();
  await expect(page.getByText('Glory to the')).toBeVisible();
});

test('a set list keeps its notes: written, reloaded, edited, and read by the team in /praise', async ({
  page,
  browser,
}) => {
  const title = `Culto da família ${stamp}`;
  const day = new Date(Date.now() + 7 * 86_400_000).toISOString().slice(0, 10);
  await asMember(page, 'admin@grace.demo');
  await page.goto(churchUrl('grace', '/admin/songs'));
  await page.getByRole('button', { name: 'Novo repertório' }).click();
  await page.getByRole('textbox', { name: 'Culto', exact: true }).fill(title);
  await page.getByLabel(/^Data/).fill(day);
  await page.getByLabel('Observações (opcional)').fill('Ensaio às 8h.\nAbertura só com violão.');
  await page.getByLabel('Acrescentar um louvor').selectOption({ index: 1 });
  await page.getByRole('button', { name: 'Acrescentar', exact: true }).click();
  await page.getByRole('button', { name: 'Salvar' }).click();
  await expect(page.getByText('Repertório salvo.')).toBeVisible();

  const card = page.locator('.songs-set-list > li').filter({ hasText: title });
  await page.reload();
  await expect(card).toContainText('Abertura só com violão.');
  await card.getByRole('button', { name: 'Editar' }).click();
  const notes = page.getByLabel('Observações (opcional)');
  await expect(notes).toHaveValue('Ensaio às 8h.\nAbertura só com violão.');
  await notes.fill('Ensaio às 7h30. Final repetindo o refrão.');
  await page.getByRole('button', { name: 'Salvar' }).click();
  await expect(page.getByText('Repertório salvo.')).toBeVisible();
  await page.reload();
  await expect(card).toContainText('Ensaio às 7h30. Final repetindo o refrão.');
  await expect(card).not.toContainText('Abertura só com violão.');

  // the team reads the note with the coming set list
  const context = await browser.newContext({ locale: 'pt-BR' });
  const team = await context.newPage();
  await asMember(team, 'member@grace.demo');
  await team.goto(churchUrl('grace', '/praise'));
  const coming = team.locator('.praise-set').filter({ hasText: title });
  await expect(coming).toContainText('Ensaio às 7h30. Final repetindo o refrão.');
  await context.close();
});

test('a reading plan is created with its days, checked, and published', async ({ page }) => {
  const name = `Sermão do Monte ${stamp}`;
  await asMember(page, 'lider@graca.demo');
  await page.goto(churchUrl('graca', '/admin/reading-plans/new'));
  await page.getByLabel('Nome').fill(name);
  await page.getByLabel('Dia 1: capítulos').fill('Mt 5');
  await page.getByLabel('Dia 1: nota (opcional)').fill('As bem-aventuranças');
  await page.getByRole('button', { name: 'Acrescentar um dia' }).click();
  await page.getByLabel('Dia 2: capítulos').fill('Mt 29');
  await page.getByRole('button', { name: 'Salvar' }).click();
  await expect(page.getByText('“Mt 29” não é um capítulo da Bíblia.').first()).toBeVisible();
  await page.getByLabel('Dia 2: capítulos').fill('Mt 6; Mt 7');
  await page.getByRole('button', { name: 'Salvar' }).click();
  await expect(page.getByText('Salvo.')).toBeVisible();
  await expect(page.getByLabel('Dia 2: capítulos')).toHaveValue('Mateus 6-7');
  await expect(page.getByText('Os membros ainda não veem este plano.')).toBeVisible();
  await page.getByRole('button', { name: 'Publicar' }).click();
  await expect(page.getByText('Os membros podem encontrar e seguir este plano.')).toBeVisible();
  const { violations } = await new AxeBuilder({ page }).analyze();
  expect(violations.map((v) => v.id)).toEqual([]);
  await page.goto(churchUrl('graca', '/reading-plans'));
  await expect(page.getByText(name)).toBeVisible();
});

test('a moderator hides a prayer request from the wall and restores it', async ({ page }) => {
  const unlock = await lockPrayerWall();
  try {
    await asMember(page, 'lider@graca.demo');
    await page.goto(churchUrl('graca', '/admin/moderation'));
    await expect(page.getByRole('heading', { level: 1, name: 'Moderação' })).toBeVisible();
    const post = page.locator('.moderation-posts > li').first();
    const text = (await post.locator('.moderation-text').textContent())!.trim();
    await post.getByRole('button', { name: 'Ocultar' }).click();
    await post.getByRole('button', { name: 'Ocultar do mural' }).click();
    await expect(post.getByText('Diga o motivo, em poucas palavras.')).toBeVisible();
    await post.getByLabel('Motivo').fill('Expõe dados de outra pessoa');
    await post.getByRole('button', { name: 'Ocultar do mural' }).click();
    await expect(page.getByText('O pedido não está mais no mural.')).toBeVisible();
    // the decision's message belongs to the view it was made in: another tab clears it
    await page.getByRole('button', { name: 'Ocultos', exact: true }).click();
    await expect(page.getByText('O pedido não está mais no mural.')).toHaveCount(0);
    await page.getByRole('button', { name: 'No mural', exact: true }).click();

    await page.goto(churchUrl('graca', '/prayer'));
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Mural de oração');
    await expect(page.getByText(text.slice(0, 40))).toHaveCount(0);

    await page.goto(churchUrl('graca', '/admin/moderation?vista=ocultos'));
    const hidden = page.locator('.moderation-posts > li').filter({ hasText: text.slice(0, 40) });
    await expect(hidden).toContainText('Expõe dados de outra pessoa');
    await hidden.getByRole('button', { name: 'Restaurar' }).click();
    await hidden.getByLabel('Motivo').fill('Revisto com a autora');
    await hidden.getByRole('button', { name: 'Restaurar no mural' }).click();
    await expect(page.getByText('O pedido voltou ao mural.')).toBeVisible();
    // the wall's decisions under the wall's own heading, not among the chat's actions
    const wall = page.getByRole('region', { name: 'Mural de oração' });
    await expect(wall.getByRole('heading', { name: 'Decisões no mural' })).toBeVisible();
    await expect(wall.getByText('Revisto com a autora').first()).toBeVisible();
    await expect(
      page.getByRole('region', { name: 'Chat ao vivo' }).getByText('Revisto com a autora'),
    ).toHaveCount(0);
    const { violations } = await new AxeBuilder({ page }).analyze();
    expect(violations.map((v) => v.id)).toEqual([]);

    await page.goto(churchUrl('graca', '/prayer'));
    await expect(page.getByText(text.slice(0, 40)).first()).toBeVisible();
  } finally {
    unlock();
  }
});
