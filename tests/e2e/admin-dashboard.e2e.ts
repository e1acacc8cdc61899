// The staff dashboard on a 360 px phone (docs/staff.md "First steps and what needs attention"):
// graca's admin sees the first steps with what the demo church already holds ticked and the one
// still open (a live gateway) linked to its page; putting them away shows what needs attention;
// bringing them back restores them. axe finds nothing on either view, nothing scrolls sideways.
import AxeBuilder from '@axe-core/playwright';
import { expect, test } from '@playwright/test';
import { asMember, churchUrl } from './helpers.ts';

test.describe.configure({ mode: 'serial' });
test.use({ viewport: { width: 360, height: 780 }, hasTouch: true });

test('an admin reads the first steps, puts them away and sees what needs attention', async ({
  page,
}) => {
  await asMember(page, 'lider@graca.demo');
  await page.goto(churchUrl('graca', '/admin'));
  const steps = page.getByRole('region', { name: 'Primeiros passos' });
  await expect(steps).toBeVisible();
  const open = steps.getByRole('listitem').filter({ hasText: 'A fazer' });
  await expect(open.getByRole('link', { name: 'Conecte um gateway de pagamento' })).toHaveAttribute(
    'href',
    '/admin/gateways',
  );
  await expect(
    steps.getByRole('listitem').filter({ hasText: 'Publique a primeira notícia' }),
  ).toContainText('Feito');
  let { violations } = await new AxeBuilder({ page }).analyze();
  expect(violations.map((v) => v.id)).toEqual([]);
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(360);

  await steps.getByRole('button', { name: 'Ocultar os primeiros passos' }).click();
  const attention = page.getByRole('region', { name: 'Precisa de atenção' });
  await expect(attention).toBeVisible();
  await expect(page.getByRole('region', { name: 'Primeiros passos' })).toHaveCount(0);
  ({ violations } = await new AxeBuilder({ page }).analyze());
  expect(violations.map((v) => v.id)).toEqual([]);
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(360);
  // the choice is the church's: it stays after a reload, until an admin brings the steps back
  await page.reload();
  await expect(page.getByRole('region', { name: 'Precisa de atenção' })).toBeVisible();
  await page.getByRole('button', { name: 'Mostrar os primeiros passos de novo' }).click();
  await expect(page.getByRole('region', { name: 'Primeiros passos' })).toBeVisible();
});

test('a content editor sees only the steps and parts of their areas', async ({ page }) => {
  await asMember(page, 'editor@graca.demo');
  await page.goto(churchUrl('graca', '/admin'));
  const steps = page.getByRole('region', { name: 'Primeiros passos' });
  await expect(steps).toBeVisible();
  await expect(steps.getByRole('link')).toHaveCount(2);
  await expect(steps.getByRole('link', { name: 'Conecte um gateway de pagamento' })).toHaveCount(0);
  await expect(steps.getByRole('button', { name: 'Ocultar os primeiros passos' })).toHaveCount(0);
});
