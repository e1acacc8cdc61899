// A church admin exports the church's data from Settings (docs/provider.md "A church's data leaves
// with it"): asks for it, sees it prepared, downloads the zip by its link.
import AxeBuilder from '@axe-core/playwright';
import { expect, test } from '@playwright/test';
import { asMember, churchUrl, hydrated } from './helpers.ts';

test('an admin prepares the church export in Settings and downloads the zip', async ({ page }) => {
  test.setTimeout(180_000);
  await asMember(page, 'lider@graca.demo');
  await page.goto(churchUrl('graca', '/admin/settings'));
  const section = page.getByRole('region', { name: 'Exportar os dados da igreja' });
  await expect(section).toBeVisible({ timeout: 20_000 });
  // the button is in the server's HTML: clicked before React hydrates it, nothing happens
  await hydrated(page);
  await section.getByRole('button', { name: 'Preparar uma exportação' }).click();
  // prepared in the background, its progress shown, then ready to download
  await expect(section.getByText(/em preparo|pronta/)).toBeVisible();
  const download = section.getByRole('button', { name: /Baixar o zip/ });
  await expect(download).toBeVisible({ timeout: 150_000 });
  const { violations } = await new AxeBuilder({ page })
    .include('section[aria-labelledby="site-export"]')
    .analyze();
  expect(violations.map((v) => v.id)).toEqual([]);
  const [file] = await Promise.all([page.waitForEvent('download'), download.click()]);
  expect(file.suggestedFilename()).toMatch(/\.zip$/);
});
