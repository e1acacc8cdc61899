// The v1 API and /healthz through the real server.
import { expect, test } from '@playwright/test';
import { hostGet, port } from './helpers.ts';

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
