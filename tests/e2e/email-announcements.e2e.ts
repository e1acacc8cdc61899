// E-mail announcements (docs/notifications.md "E-mail announcements") as staff and members see
// them: graca's admin writes a notice to a group, ticks "Also send by e-mail", sends a test to
// herself first, sends it, and watches the progress reach "sent N of N"; a member's e-mail (the
// outbox's .json twin) carries the one-click unsubscribe link; its page asks first, one button
// stops these e-mails, and the next send to the group counts that member as skipped. axe on both pages.
import path from 'node:path';
import AxeBuilder from '@axe-core/playwright';
import { expect, test } from '@playwright/test';
import { readOutbox, type OutboxEntry } from '../../server/mail/outbox.ts';
import { asMember, churchUrl, port } from './helpers.ts';

const dataDir = path.resolve(`.data/e2e-${port}`);
const stamp = Date.now().toString(36);

test.describe.configure({ mode: 'serial' });

/** Writes a notice to the first group with members, by e-mail too; answers the group's size. */
async function compose(page: import('@playwright/test').Page, title: string): Promise<number> {
  await page.getByLabel('Título').fill(title);
  await page.getByLabel('Mensagem').fill('Quinta às 20h.\n\nTraga um amigo.');
  await page.getByLabel('Os membros de um grupo').check();
  const group = page.getByRole('combobox', { name: 'Grupo', exact: true });
  let options: string[] = [];
  await expect
    .poll(async () => (options = await group.locator('option').allTextContents()).length)
    .toBeGreaterThan(1);
  const choice = options.find((o) => /\((\d+) membros\)/.test(o))!;
  await group.selectOption({ label: choice });
  await page.getByLabel('Enviar também por e-mail').check();
  return Number(/\((\d+) membros\)/.exec(choice)![1]);
}

test('an admin tests, sends a notice by e-mail to a group and a member unsubscribes with one click', async ({
  page,
}) => {
  test.setTimeout(120_000);
  await asMember(page, 'lider@graca.demo');
  await page.goto(churchUrl('graca', '/admin/notifications'));
  await expect(page.getByRole('heading', { level: 1, name: 'Notificações' })).toBeVisible();
  const title = `Célula por e-mail ${stamp}`;
  const size = await compose(page, title);

  await page.getByRole('button', { name: 'Enviar um teste para mim' }).click();
  await expect(page.getByText('E-mail de teste enviado para lider@graca.demo.')).toBeVisible();
  await expect
    .poll(async () => (await readOutbox(dataDir, 'lider@graca.demo'))[0]?.subject)
    .toBe(`[Teste] ${title}`);

  await page.getByRole('button', { name: 'Enviar notificação' }).click();
  await expect(page.getByText(`E-mail: enviando para ${size} membros`)).toBeVisible();
  const panel = page.getByRole('region', { name: 'Envios por e-mail' });
  const card = panel.getByRole('listitem').filter({ hasText: title });
  await expect(card).toContainText(`de ${size}`);
  await expect(card).not.toContainText('enviando…', { timeout: 30_000 });
  const sent = Number(/enviado para (\d+) de/.exec((await card.textContent()) ?? '')![1]);
  expect(sent).toBeGreaterThan(0);
  const { violations } = await new AxeBuilder({ page }).analyze();
  expect(violations.map((v) => v.id)).toEqual([]);

  let mails: OutboxEntry[] = [];
  await expect
    .poll(
      async () => (mails = (await readOutbox(dataDir)).filter((m) => m.subject === title)).length,
    )
    .toBe(sent);
  const mail = mails[0]!;
  expect(mail.text).toContain('Quinta às 20h.\n\nTraga um amigo.');
  expect(mail.headers?.['List-Unsubscribe-Post']).toBe('List-Unsubscribe=One-Click');
  const link = /<(http[^>]+)>/.exec(mail.headers?.['List-Unsubscribe'] ?? '')![1]!;
  expect(mail.text).toContain(link);

  // the link's page asks first (mail scanners follow links), with no script
  await page.goto(link);
  await expect(page.getByRole('heading', { level: 1, name: 'Parar e-mails' })).toBeVisible();
  await expect(page.getByText(mail.to)).toBeVisible();
  expect(await page.locator('script').count()).toBe(0);
  const asked = await new AxeBuilder({ page }).analyze();
  expect(asked.violations.map((v) => v.id)).toEqual([]);
  await page.getByRole('button', { name: 'Sim, parar estes e-mails' }).click();
  await expect(page.getByText(/não enviará mais mensagens dos grupos/)).toBeVisible();

  // the next send to the group skips that member
  await page.goto(churchUrl('graca', '/admin/notifications'));
  const again = `Segundo aviso ${stamp}`;
  await compose(page, again);
  await page.getByRole('button', { name: 'Enviar notificação' }).click();
  const second = panel.getByRole('listitem').filter({ hasText: again });
  await expect(second).toContainText(`E-mail: enviado para ${sent - 1} de ${size}`, {
    timeout: 30_000,
  });
  await expect(second).toContainText('1 desativou e-mails');
  const next = (await readOutbox(dataDir)).filter((m) => m.subject === again);
  expect(next.map((m) => m.to)).not.toContain(mail.to);
});
