// A church that requires two-factor sign-in of its staff (docs/security.md "Two-factor sign-in"),
// on both databases: only an admin who has it on may require it; then staff without it reach only
// `eu` (which says so) and every other staff call is 403, in that church only.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { staffMeSchema } from '../../contract/staff.ts';
import { createApi, type Api } from '../app.ts';
import type { DatabaseHandle } from '../db/client.ts';
import * as t from '../db/schema/index.ts';
import { DEMO_PASSWORD } from '../db/seed/churches.ts';
import { openTestDatabase, testBackends } from '../db/test-database.ts';
import { apiClient, expectError, loginAs } from '../test-kit.ts';
import { totp } from './totp.ts';

describe.each(testBackends())(
  'church requires two-factor on %s',
  { timeout: 120_000 },
  (backend) => {
    let database: DatabaseHandle;
    let api: Api;
    const { call } = apiClient(() => api, { lang: 'en' });

    /** Turns two-factor on for an account through its own calls; answers its secret. */
    const enrol = async (token: string) => {
      const { body } = await call('POST', '/user/dois-fatores', { token });
      const secret = body.segredo as string;
      const res = await call('POST', '/user/dois-fatores/confirmar', {
        token,
        body: { codigo: totp(secret, Date.now()) },
      });
      expect(res.status).toBe(200);
      return secret;
    };

    beforeAll(async () => {
      database = await openTestDatabase(backend);
      api = createApi({ db: database.db });
    }, 240_000);
    afterAll(() => database?.close());

    it('an admin without two-factor cannot require it; with it, requires it, audited', async () => {
      const admin = await loginAs(api, 'lider@graca.demo');
      expect(
        (await call('GET', '/admin/graca/igreja/seguranca', { token: admin.token })).body,
      ).toEqual({
        exigirDoisFatores: false,
      });
      const refused = await call('PUT', '/admin/graca/igreja/seguranca', {
        token: admin.token,
        body: { exigirDoisFatores: true },
        lang: 'pt',
      });
      expect(refused.status).toBe(422);
      expect(refused.body.errors.exigirDoisFatores).toEqual([
        'Ative primeiro a verificação em duas etapas na sua própria conta.',
      ]);
      const bad = await call('PUT', '/admin/graca/igreja/seguranca', {
        token: admin.token,
        body: { exigirDoisFatores: 'sim' },
      });
      expect(bad.status).toBe(400);
      // the content editor is staff but not of the church area
      const editor = await loginAs(api, 'editor@graca.demo');
      expectError(
        await call('PUT', '/admin/graca/igreja/seguranca', {
          token: editor.token,
          body: { exigirDoisFatores: true },
        }),
        403,
        'staff.forbidden',
      );
      await enrol(admin.token);
      const done = await call('PUT', '/admin/graca/igreja/seguranca', {
        token: admin.token,
        body: { exigirDoisFatores: true },
      });
      expect(done.status).toBe(200);
      const audit = await database.db.select().from(t.auditLog);
      expect(audit.at(-1)).toMatchObject({
        action: 'church.security',
        kind: 'igreja',
        userName: expect.any(String),
      });
    });

    it('staff without two-factor reach only eu, which says so; every other call is 403 until they turn it on', async () => {
      const editor = await loginAs(api, 'editor@graca.demo');
      const me = await call('GET', '/admin/graca/eu', { token: editor.token });
      expect(me.status).toBe(200);
      expect(staffMeSchema.parse(me.body).doisFatores).toEqual({ exigido: true, ativo: false });
      expectError(
        await call('GET', '/admin/graca/banner', { token: editor.token, lang: 'es' }),
        403,
        'twoFactor.required',
      );
      await enrol(editor.token);
      expect((await call('GET', '/admin/graca/banner', { token: editor.token })).status).toBe(200);
      expect(
        staffMeSchema.parse((await call('GET', '/admin/graca/eu', { token: editor.token })).body)
          .doisFatores,
      ).toEqual({
        exigido: true,
        ativo: true,
      });
      // the admin who has it works on; another church's staff are not touched
      const admin = await call('POST', '/security/login_check', {
        body: { username: 'lider@graca.demo', password: DEMO_PASSWORD },
      });
      expect(admin.body).toMatchObject({ segundoFator: true }); // the password alone is no login now
      const grace = await loginAs(api, 'admin@grace.demo');
      expect((await call('GET', '/admin/grace/banner', { token: grace.token })).status).toBe(200);
      expect(
        staffMeSchema.parse((await call('GET', '/admin/grace/eu', { token: grace.token })).body)
          .doisFatores,
      ).toEqual({
        exigido: false,
        ativo: false,
      });
    });
  },
);
