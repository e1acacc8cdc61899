// A visitor's tickets (docs/events.md "Visitors"): on an event open to visitors, someone without
// an account chooses a ticket, fills the holder, gives name, e-mail and CPF, the browser solves
// the proof of work by itself, and the ticket arrives by e-mail with its QR code.
import path from 'node:path';
import { expect, test } from '@playwright/test';
import { readOutbox } from '../../server/mail/outbox.ts';
import { churchUrl, port } from './helpers.ts';

const dataDir = path.resolve(`.data/e2e-${port}`);

test('a visitor takes a free ticket without an account and gets it by e-mail', async ({ page }) => {
  const email = `visita-${Date.now()}-${Math.floor(Math.random() * 1e6)}@example.com`;
  await page.goto(churchUrl('graca', '/event'));
  await page
    .getByRole('link', { name: /Noite de Louvor Jovem/ })
    .first()
    .click();
  await page.getByRole('spinbutton', { name: 'Quantidade de “Entrada gratuita”' }).fill('1');
  await page.getByRole('button', { name: 'Inscrever-se' }).click();
  // no login asked: the event takes visitors
  await expect(page).toHaveURL(/\/event\/\d+\/tickets/);
  await page.getByLabel('Nome do participante').fill('Ana Visitante');
  await page.getByRole('button', { name: 'Ir para o pagamento' }).click();
  await expect(page).toHaveURL(/\/checkout/);

  const visitor = page.getByRole('group', { name: 'Seus dados' });
  await visitor.getByLabel('Nome completo').fill('Ana Visitante');
  await visitor.getByLabel(/^E-mail/).fill(email);
  await visitor.getByLabel('CPF').fill('529.982.247-25');
  await expect(visitor.getByText('Verificação concluída.')).toBeVisible({ timeout: 30_000 });
  await page.getByRole('button', { name: /Confirmar/ }).click();
  await expect(page.getByText(`Seus ingressos foram enviados para ${email}`)).toBeVisible();

  // the ticket e-mail, sent by the task queue once the order is committed, with its QR
  await expect
    .poll(async () => (await readOutbox(dataDir, email)).length, { timeout: 30_000 })
    .toBe(1);
  const [mail] = await readOutbox(dataDir, email);
  expect(mail!.subject).toContain('Noite de Louvor Jovem');
  expect(mail!.text).toMatch(/TK-[A-Z0-9]+/);
  expect(mail!.html).toContain('data:image/png;base64');
});
