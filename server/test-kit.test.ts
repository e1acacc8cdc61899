// The API test kit itself: calls, logins and the error assertion against the catalogue.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { message } from '../contract/messages/index.ts';
import { createApi, type Api } from './app.ts';
import type { DatabaseHandle } from './db/client.ts';
import { openTestDatabase } from './db/test-database.ts';
import { apiClient, expectError, expectFieldError, loginAs } from './test-kit.ts';

describe('API test kit', () => {
  let database: DatabaseHandle;
  let api: Api;
  const { call, get } = apiClient(() => api);

  beforeAll(async () => {
    database = await openTestDatabase('pglite');
    api = createApi({ db: database.db });
  });
  afterAll(() => database.close());

  it('expectError checks the catalogue message in the language the call asked for', async () => {
    const en = await get('/no-such-call', { lang: 'en' });
    expect(expectError(en, 404, 'api.notFound').message).toBe(message('en', 'api.notFound'));
    const pt = await get('/no-such-call', { lang: 'pt-BR' });
    expectError(pt, 404, 'api.notFound');
    expect(() => expectError(pt, 404, 'api.notFound', 'en')).toThrow();
    expect(() => expectError(pt, 400)).toThrow();
  });

  it('loginAs gives the token of the demo account and its id; a call sends it as a bearer', async () => {
    const maria = await loginAs(api, 'membro@graca.demo');
    const me = await call<{ user: { id: number; email: string } }>('GET', '/me', {
      token: maria.token,
    });
    expect(me.status).toBe(200);
    expect(me.body.user).toMatchObject({ id: maria.id, email: 'membro@graca.demo' });
    expect(me).toEqual({ status: 200, body: me.body }); // headers, path and lang stay out of toEqual
  });

  it('expectFieldError names the field; a string body is sent as it is', async () => {
    const bad = await call('POST', '/security/login_check', { body: { username: 'x' } });
    expectFieldError(bad, 400, 'password');
    expect((await call('POST', '/security/login_check', { body: '{oops' })).status).toBe(400);
  });
});
