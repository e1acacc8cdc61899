// The v1 API and /healthz through the real server.
import { expect, test } from '@playwright/test';
import { churchUrl, hostGet, port } from './helpers.ts';

test('GET /api/v1/igreja/codigo/graca returns the church; a malformed query gets a 400 with a message', async () => {
  const ok = await hostGet('graca.localhost', '/api/v1/igreja/codigo/graca');
  expect(ok.status).toBe(200);
  expect(JSON.parse(ok.text)).toMatchObject({ codigo: 'graca', nome: 'Igreja da Graça' });
  const bad = await hostGet('graca.localhost', '/api/v1/banner/?igreja=abc');
  expect(bad.status).toBe(400);
  const body = JSON.parse(bad.text);
  expect(body.status).toBe(false);
  expect(body.errors.igreja[0]).toBeTruthy();
});

test('/healthz reports the database', async ({ request }) => {
  const r = await request.get(`http://127.0.0.1:${port}/healthz`);
  expect(await r.json()).toEqual({ status: 'ok', database: 'pglite' });
});

test('bad input found in the QA pass gets a 4xx from the API and a working page, never a 500', async ({
  request,
  page,
}) => {
  const api = `http://localhost:${port}/api/v1`;
  for (const path of [
    '/igreja/graca/noticia/99999999999',
    '/igreja/graca/noticia/?categoria=99999999999',
    '/igreja/graca/noticia/?busca=a%00b',
    '/igreja/graca/publicacao/?tipo=99999999999',
    '/igreja/graca/evento/99999999999',
    '/cliente/?busca=%00',
  ]) {
    const res = await request.get(api + path);
    expect(res.status(), path).toBe(400);
  }
  for (const path of [
    '/news?busca=%00',
    '/news?categoria=99999999999',
    '/churchs?busca=%00',
    '/publications?tipo=99999999999',
  ]) {
    const res = await page.goto(churchUrl('graca', path));
    expect(res?.status(), path).toBe(200);
  }
});
