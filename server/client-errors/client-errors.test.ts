import { Hono } from 'hono';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { API_BASE, type Api } from '../app.ts';
import { handleError } from '../http/errors.ts';
import { log } from '../log.ts';
import { apiClient, expectError } from '../test-kit.ts';
import { clientErrorRoutes, reportLimiter } from './client-errors.routes.ts';

const report = {
  kind: 'error',
  message: 'TypeError: x is undefined',
  page: '/give',
  source: 'http://graca.localhost/_astro/give.js',
  line: 1,
  column: 2044,
  stack: 'TypeError: x is undefined\n    at give.js:1:2044',
};

function apiWith(limiter = reportLimiter()) {
  const app = new Hono().basePath(API_BASE).route('/', clientErrorRoutes(limiter));
  app.onError(handleError);
  return app as unknown as Api;
}

describe('POST /client-errors', () => {
  afterEach(() => vi.restoreAllMocks());

  it('writes a valid report to the log as a warning, secrets masked, and answers 204', async () => {
    const warn = vi.spyOn(log, 'warn').mockImplementation(() => undefined);
    const { call } = apiClient(apiWith());
    const res = await call('POST', '/client-errors', {
      body: { ...report, message: 'failed: Bearer abc.def.ghi' },
    });
    expect(res.status).toBe(204);
    expect(warn).toHaveBeenCalledTimes(1);
    const [fields, text] = warn.mock.calls[0] as unknown as [
      { clientError: Record<string, unknown> },
      string,
    ];
    expect(text).toBe('client error');
    expect(fields.clientError).toMatchObject({
      page: '/give',
      kind: 'error',
      line: 1,
      column: 2044,
    });
    expect(fields.clientError.message).toBe('failed: Bearer [masked]');
  });

  it('refuses bad input with per-field messages in the caller language, never logging it', async () => {
    const warn = vi.spyOn(log, 'warn').mockImplementation(() => undefined);
    const { call } = apiClient(apiWith());
    const bad = await call('POST', '/client-errors', {
      lang: 'pt-BR',
      body: { kind: 'oops', message: '', page: '/give?cpf=123', line: -1, extra: 1 },
    });
    const error = expectError(bad, 400);
    expect(Object.keys(error.errors ?? {}).sort()).toEqual(
      expect.arrayContaining(['kind', 'line', 'message', 'page']),
    );
    expect(error.errors?.message).toEqual(['Esse campo é obrigatório.']);
    expect(error.errors?.page).toEqual(['Valor inválido.']);
    const long = await call('POST', '/client-errors', {
      lang: 'es',
      body: { ...report, stack: 'x'.repeat(4001) },
    });
    expect(expectError(long, 400).errors?.stack).toEqual(['Valor demasiado grande.']);
    expectError(await call('POST', '/client-errors', { body: '{not json' }), 400);
    expect(warn).not.toHaveBeenCalled();
  });

  it('answers 429 in the caller language once an address sent its share, until the window passes', async () => {
    vi.spyOn(log, 'warn').mockImplementation(() => undefined);
    let now = 1_000_000;
    const limiter = reportLimiter({ reports: 3, windowMs: 10 * 60_000 }, () => now);
    const { call } = apiClient(apiWith(limiter));
    for (let i = 0; i < 3; i++)
      expect((await call('POST', '/client-errors', { body: report })).status).toBe(204);
    const refused = await call('POST', '/client-errors', { body: report, lang: 'en' });
    expectError(refused, 429, 'api.tooMany', 'en', { minutes: 10 });
    now += 10 * 60_000;
    expect((await call('POST', '/client-errors', { body: report })).status).toBe(204);
  });
});
