// The language switch (docs/architecture.md "The interface language"): the browser's language is
// the default (spec §1); the footer's switch, a plain form with no script, keeps a choice that
// every page then follows, the staff area included, until it is changed again.
import AxeBuilder from '@axe-core/playwright';
import { expect, test } from '@playwright/test';
import { asMember, churchUrl, hostGet, port, type RawResponse } from './helpers.ts';

test('a visitor switches to English in the footer, and every page follows until switched back', async ({
  page,
  context,
}) => {
  // a Portuguese browser (the suite's locale) gets Portuguese by default
  await page.goto(churchUrl('graca', '/groups'));
  await expect(page.locator('html')).toHaveAttribute('lang', 'pt');
  const languages = page.getByRole('form', { name: 'Idioma' });
  await expect(languages.getByRole('button', { name: 'Português' })).toHaveAttribute(
    'aria-pressed',
    'true',
  );
  // zero framework JS: the switch is a form
  await expect(page.locator('astro-island')).toHaveCount(0);
  const { violations } = await new AxeBuilder({ page }).include('footer').analyze();
  expect(violations.map((v) => v.id)).toEqual([]);

  await languages.getByRole('button', { name: 'English' }).click();
  // back on the same page, now in English
  await expect(page).toHaveURL(/\/groups$/);
  await expect(page.locator('html')).toHaveAttribute('lang', 'en');
  await expect(page.getByRole('heading', { level: 1, name: 'Groups' })).toBeVisible();
  const english = page.getByRole('form', { name: 'Language' });
  await expect(english.getByRole('button', { name: 'English' })).toHaveAttribute(
    'aria-pressed',
    'true',
  );
  // another page, and a page the cache kept in Portuguese before, render in English too
  await page.goto(churchUrl('graca', '/'));
  await expect(page.locator('html')).toHaveAttribute('lang', 'en');
  expect((await context.cookies()).find((c) => c.name === 'lang')?.value).toBe('en');

  // the staff area follows the choice, and offers the switch too
  await asMember(page, 'lider@graca.demo');
  await page.goto(churchUrl('graca', '/admin/groups'));
  await expect(page.getByRole('heading', { level: 1, name: 'Groups' })).toBeVisible();
  await page
    .getByRole('form', { name: 'Language' })
    .getByRole('button', { name: 'Español' })
    .click();
  await expect(page).toHaveURL(/\/admin\/groups$/);
  await expect(page.locator('html')).toHaveAttribute('lang', 'es');
  await expect(page.getByRole('heading', { level: 1, name: 'Células' })).toBeVisible();
  await expect(page.getByRole('link', { name: 'Nueva célula' })).toBeVisible();

  // back to Portuguese
  await page.goto(churchUrl('graca', '/groups'));
  await page
    .getByRole('form', { name: 'Idioma' })
    .getByRole('button', { name: 'Português' })
    .click();
  await expect(page.locator('html')).toHaveAttribute('lang', 'pt');
  await expect(page.getByRole('heading', { level: 1, name: 'Células' })).toBeVisible();
});

/** A form post to graca's host from Node (which cannot resolve `*.localhost`), redirects not followed. */
async function post(form: Record<string, string>): Promise<RawResponse> {
  const { request } = await import('node:http');
  const body = new URLSearchParams(form).toString();
  const host = `graca.localhost:${port}`;
  return new Promise((resolve, reject) => {
    const req = request(
      {
        host: '127.0.0.1',
        port,
        path: '/language',
        method: 'POST',
        agent: false,
        headers: {
          host,
          origin: `http://${host}`,
          'content-type': 'application/x-www-form-urlencoded',
          'content-length': Buffer.byteLength(body),
        },
      },
      (res) => {
        res.resume();
        res.on('end', () =>
          resolve({ status: res.statusCode ?? 0, headers: res.headers, text: '' }),
        );
      },
    );
    req.on('error', reject);
    req.end(body);
  });
}

test('a link or an unknown language changes nothing; the way back never leaves the site', async () => {
  const get = await hostGet('graca.localhost', '/language');
  expect(get.status).toBe(303);
  expect(get.headers['set-cookie']).toBeUndefined();
  const unknown = await post({ lang: 'de', back: '/groups' });
  expect(unknown.status).toBe(303);
  expect(unknown.headers['set-cookie']).toBeUndefined();
  const away = await post({ lang: 'en', back: '//evil.example/' });
  expect(away.status).toBe(303);
  expect(away.headers.location).toBe('/');
  expect(String(away.headers['set-cookie'])).toContain('lang=en');
});
