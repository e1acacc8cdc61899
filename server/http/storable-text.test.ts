import { Hono } from 'hono';
import { describe, expect, it } from 'vitest';
import { storableText } from './storable-text.ts';

// A route that parses its body as JSON whatever the content type, as c.req.json() does.
const app = new Hono()
  .use(storableText())
  .post('/echo', async (c) => c.json({ got: await c.req.json() }))
  .post('/bytes', async (c) => c.json({ size: (await c.req.arrayBuffer()).byteLength }));

const send = (type: string | undefined, body: string | Uint8Array<ArrayBuffer>, route = '/echo') =>
  app.request(route, {
    method: 'POST',
    body,
    headers: type ? { 'content-type': type } : {},
  });

describe('the bad-character check, whatever the content type (docs/security.md "Text PostgreSQL cannot store")', () => {
  const surrogate = '{"texto":"a\\ud800b"}';
  const nul = '{"texto":"a\\u0000b"}';
  for (const type of [
    'application/json',
    'text/plain',
    'text/plain;charset=UTF-8',
    'application/x-unknown',
    undefined,
  ])
    it(`refuses a lone surrogate and a NUL sent as ${type ?? 'no type'}`, async () => {
      for (const body of [surrogate, nul]) {
        const answer = await send(type, body);
        expect(answer.status, body).toBe(400);
        expect(((await answer.json()) as { errors: object }).errors).toHaveProperty('texto');
      }
      const fine = await send(type, '{"texto":"olá"}');
      expect(fine.status).toBe(200);
      expect(await fine.json()).toEqual({ got: { texto: 'olá' } });
    });

  it('leaves binary bodies to their route, byte for byte', async () => {
    const bytes = new Uint8Array([0, 0xff, 0xd8, 0, 1, 2]);
    const answer = await send('application/octet-stream', bytes, '/bytes');
    expect(await answer.json()).toEqual({ size: 6 });
  });
});
