// A size rule's message names its number (docs/api-foundation.md): the video upload's "larger
// than {{mb}} MB" came out as "larger than  MB".
import { Hono } from 'hono';
import { describe, expect, it, vi } from 'vitest';
import { z } from 'zod';
import { uploadInit, VIDEO_MAX_BYTES } from '../../contract/play-staff.ts';
import { localizedFieldErrors, validate } from './validate.ts';

describe('messages of size rules', () => {
  it('fill in the limit in each language', () => {
    const result = uploadInit.safeParse({ nomeArquivo: 'culto.mp4', tamanho: VIDEO_MAX_BYTES + 1 });
    expect(result.success).toBe(false);
    const mb = VIDEO_MAX_BYTES / 1024 / 1024;
    expect(localizedFieldErrors(result.error!, 'en').tamanho).toEqual([
      `The video is larger than ${mb} MB.`,
    ]);
    expect(localizedFieldErrors(result.error!, 'pt').tamanho).toEqual([
      `O vídeo tem mais de ${mb} MB.`,
    ]);
    expect(localizedFieldErrors(result.error!, 'es').tamanho).toEqual([
      `El video tiene más de ${mb} MB.`,
    ]);
  });
});

describe('validate', () => {
  const answer = async (schema: z.ZodType, body: unknown) => {
    const app = new Hono().post('/', validate('json', schema), (c) => c.json({ ok: true }));
    const res = await app.fetch(
      new Request('http://x/', {
        method: 'POST',
        headers: { 'content-type': 'application/json', 'accept-language': 'en' },
        body: JSON.stringify(body),
      }),
    );
    return { status: res.status, body: (await res.json()) as Record<string, unknown> };
  };

  it('parses without zod async machinery, and answers a 400 in the request language', async () => {
    const schema = z.object({ nome: z.string().min(2) });
    const async = vi.spyOn(schema, 'safeParseAsync');
    expect(await answer(schema, { nome: 'Ana' })).toEqual({ status: 200, body: { ok: true } });
    const bad = await answer(schema, {});
    expect(bad.status).toBe(400);
    expect(bad.body.message).toBe('This field is required.');
    expect(async).not.toHaveBeenCalled();
  });

  it('still runs a schema with an async rule, the async way', async () => {
    const schema = z.object({
      nome: z.string().refine(async (v) => v !== 'taken', 'Invalid input.'),
    });
    expect(await answer(schema, { nome: 'free' })).toEqual({ status: 200, body: { ok: true } });
    const taken = await answer(schema, { nome: 'taken' });
    expect(taken.status).toBe(400);
  });
});
