// Two-factor sign-in (docs/security.md "Two-factor sign-in"), on both databases: enrol with a
// secret shown once (sealed at rest), a first code turns it on with ten hashed recovery codes;
// the login then issues no token before a code, and no code works twice.
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { tokenPairSchema } from '../../contract/auth.ts';
import { secondStepSchema, twoFactorEnrolmentSchema } from '../../contract/two-factor.ts';
import { createApi, type Api } from '../app.ts';
import type { DatabaseHandle } from '../db/client.ts';
import * as t from '../db/schema/index.ts';
import { DEMO_PASSWORD } from '../db/seed/churches.ts';
import { openTestDatabase, testBackends } from '../db/test-database.ts';
import { apiClient, loginAs } from '../test-kit.ts';
import { totp } from './totp.ts';

describe.each(testBackends())('two-factor sign-in on %s', { timeout: 120_000 }, (backend) => {
  let database: DatabaseHandle;
  let api: Api;
  const { call } = apiClient(() => api, { lang: 'en' });
  const login = (username = 'lider@graca.demo', password = DEMO_PASSWORD) =>
    call('POST', '/security/login_check', { body: { username, password } });
  let secret = '';
  let recovery: string[] = [];
  let userId = 0;

  beforeAll(async () => {
    database = await openTestDatabase(backend);
    api = createApi({ db: database.db });
    [{ id: userId }] = (await database.db
      .select({ id: t.users.id })
      .from(t.users)
      .where(eq(t.users.email, 'lider@graca.demo'))) as [{ id: number }];
  }, 240_000);
  afterAll(() => database?.close());

  it('enrols: the secret as an otpauth:// URI, a QR code and text, sealed at rest; a first code turns it on', async () => {
    const { token } = await loginAs(api, 'lider@graca.demo');
    expect((await call('GET', '/user/dois-fatores', { token })).body).toEqual({
      ativo: false,
      codigosRestantes: 0,
    });
    const started = await call('POST', '/user/dois-fatores?igreja=1', { token });
    expect(started.status).toBe(200);
    const enrolment = twoFactorEnrolmentSchema.parse(started.body);
    secret = enrolment.segredo;
    expect(secret).toMatch(/^[A-Z2-7]{32}$/);
    expect(enrolment.uri).toMatch(
      new RegExp(
        `^otpauth://totp/.+%3Alider%40graca\\.demo\\?secret=${secret}&issuer=.+&algorithm=SHA1&digits=6&period=30$`,
      ),
    );
    expect(enrolment.qr).toMatch(/^data:image\/png;base64,/);
    const [row] = await database.db
      .select()
      .from(t.userTwoFactor)
      .where(eq(t.userTwoFactor.userId, userId));
    expect(row!.sealedSecret).not.toContain(secret);
    expect(row!.active).toBe(false);
    // not on yet: the password alone still signs in
    expect(tokenPairSchema.safeParse((await login()).body).success).toBe(true);

    const wrong = await call('POST', '/user/dois-fatores/confirmar', {
      token,
      body: { codigo: '000000' },
    });
    expect(wrong.status).toBe(422);
    expect(wrong.body.errors.codigo).toEqual([
      'This code is not right, or was already used. Try the next one.',
    ]);
    const bad = await call('POST', '/user/dois-fatores/confirmar', {
      token,
      body: { codigo: '12ab' },
      lang: 'pt',
    });
    expect(bad.status).toBe(400);
    expect(bad.body.errors.codigo).toEqual([
      'Digite o código de 6 dígitos do seu app ou um dos seus códigos de recuperação.',
    ]);
    const confirmed = await call('POST', '/user/dois-fatores/confirmar', {
      token,
      body: { codigo: totp(secret, Date.now() - 30_000) },
    });
    expect(confirmed.status).toBe(200);
    recovery = confirmed.body.codigosRecuperacao;
    expect(recovery).toHaveLength(10);
    expect(new Set(recovery).size).toBe(10);
    const stored = await database.db
      .select()
      .from(t.userRecoveryCodes)
      .where(eq(t.userRecoveryCodes.userId, userId));
    expect(stored).toHaveLength(10);
    for (const code of recovery)
      expect(JSON.stringify(stored)).not.toContain(code.replace('-', ''));
    expect((await call('GET', '/user/dois-fatores', { token })).body).toEqual({
      ativo: true,
      codigosRestantes: 10,
    });
  });

  it('the password alone issues no token; the code does, once', async () => {
    const first = await login();
    expect(first.status).toBe(200);
    const step = secondStepSchema.parse(first.body);
    expect(first.body).not.toHaveProperty('token');
    expect(first.body).not.toHaveProperty('refresh_token');
    // the code the enrolment spent (one step back) is not accepted again
    const replay = await call('POST', '/security/login_check/codigo', {
      body: { desafio: step.desafio, codigo: totp(secret, Date.now() - 30_000) },
    });
    expect(replay.status).toBe(422);
    const code = totp(secret, Date.now());
    const ok = await call('POST', '/security/login_check/codigo', {
      body: { desafio: step.desafio, codigo: code },
    });
    expect(ok.status).toBe(200);
    const pair = tokenPairSchema.parse(ok.body);
    expect((await call('GET', '/me', { token: pair.token })).status).toBe(200);
    // the same code within its window, on a new challenge: refused
    const again = secondStepSchema.parse((await login()).body);
    expect(
      (
        await call('POST', '/security/login_check/codigo', {
          body: { desafio: again.desafio, codigo: code },
        })
      ).status,
    ).toBe(422);
  });

  it('a recovery code signs in once; a forged or expired challenge signs in nobody', async () => {
    const step = secondStepSchema.parse((await login()).body);
    const used = await call('POST', '/security/login_check/codigo', {
      body: { desafio: step.desafio, codigo: recovery[0]!.toUpperCase() },
    });
    expect(used.status).toBe(200);
    const next = secondStepSchema.parse((await login()).body);
    expect(
      (
        await call('POST', '/security/login_check/codigo', {
          body: { desafio: next.desafio, codigo: recovery[0]! },
        })
      ).status,
    ).toBe(422);
    const [id, , nonce, mac] = next.desafio.split('.');
    for (const desafio of [
      `${Number(id) + 1}.${Date.now() + 60_000}.${nonce}.${mac}`, // another account
      `${id}.${Date.now() + 600_000}.${nonce}.${mac}`, // a longer life
      'x'.repeat(20),
    ]) {
      const res = await call('POST', '/security/login_check/codigo', {
        body: { desafio, codigo: totp(secret, Date.now() + 30_000) },
      });
      expect(res.status, desafio).toBe(401);
      expect(res.body.message).toBe('This sign-in took too long. Enter your password again.');
    }
  });

  it('five wrong codes make the account wait', async () => {
    await database.db.delete(t.loginAttempts); // the wrong codes of the tests above
    const step = secondStepSchema.parse((await login()).body);
    const statuses: number[] = [];
    for (let i = 0; i < 6; i++)
      statuses.push(
        (
          await call('POST', '/security/login_check/codigo', {
            body: { desafio: step.desafio, codigo: `99999${i}` },
          })
        ).status,
      );
    expect(statuses).toEqual([422, 422, 422, 422, 422, 429]);
    await database.db.delete(t.loginAttempts);
  });

  it('turns off only with a code; then the password signs in alone again', async () => {
    const step = secondStepSchema.parse((await login()).body);
    const pair = tokenPairSchema.parse(
      (
        await call('POST', '/security/login_check/codigo', {
          body: { desafio: step.desafio, codigo: recovery[1]! },
        })
      ).body,
    );
    const wrong = await call('POST', '/user/dois-fatores/desativar', {
      token: pair.token,
      body: { codigo: '123456' },
    });
    expect(wrong.status).toBe(422);
    const off = await call('POST', '/user/dois-fatores/desativar', {
      token: pair.token,
      body: { codigo: recovery[2]! },
    });
    expect(off.status).toBe(200);
    expect(off.body).toEqual({ ativo: false, codigosRestantes: 0 });
    expect(tokenPairSchema.safeParse((await login()).body).success).toBe(true);
    expect(
      await database.db
        .select()
        .from(t.userRecoveryCodes)
        .where(eq(t.userRecoveryCodes.userId, userId)),
    ).toEqual([]);
  });
});
