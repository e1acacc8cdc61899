import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { tokenPairSchema } from '../../contract/auth.ts';
import { apiErrorSchema } from '../../contract/common.ts';
import { meResponseSchema } from '../../contract/user.ts';
import { createApi, type Api } from '../app.ts';
import type { DatabaseHandle } from '../db/client.ts';
import { DEMO_PASSWORD } from '../db/seed/churches.ts';
import { openTestDatabase, testBackends } from '../db/test-database.ts';
import { readOutbox } from '../mail/outbox.ts';
import { apiClient } from '../test-kit.ts';
import { resetAccountSettings } from './settings.ts';

const dataDir = mkdtempSync(path.join(tmpdir(), 'accounts-auth-'));

describe.each(testBackends())('auth calls of spec §7 on %s', (backend) => {
  let database: DatabaseHandle;
  let api: Api;
  const { call } = apiClient(() => api);
  const login = (username: string, password: string, lang = 'pt-BR') =>
    call('POST', '/security/login_check', { body: { username, password }, lang });

  beforeAll(async () => {
    process.env.DATA_DIR = path.join(dataDir, backend);
    resetAccountSettings();
    database = await openTestDatabase(backend);
    api = createApi({ db: database.db });
  });
  afterAll(() => database.close());

  it('login_check gives a token and a refresh token; /me answers with the user', async () => {
    const { status, body } = await login('Membro@Graca.demo', DEMO_PASSWORD);
    expect(status).toBe(200);
    const pair = tokenPairSchema.parse(body);
    const me = await call('GET', '/me', { token: pair.token });
    expect(me.status).toBe(200);
    const { user } = meResponseSchema.parse(me.body);
    expect(user).toMatchObject({ email: 'membro@graca.demo', nome: 'Maria', cpf: '52998224725' });
    expect(user.camposPendentes).toEqual([]);
  });

  it('a wrong password gets the spec message in the browser language', async () => {
    const pt = await login('lider@graca.demo', 'Errada@123');
    expect(pt.status).toBe(401);
    expect(apiErrorSchema.parse(pt.body).message).toBe('Nome de usuário ou senha inválidos.');
    const en = await login('nobody@graca.demo', 'Errada@123', 'en-US');
    expect(en.body.message).toBe('Username or password is invalid.');
  });

  it('invalid input is a 400 with per-field messages, never a 500', async () => {
    const res = await call('POST', '/security/login_check', {
      body: { username: 'not-an-email' },
      lang: 'pt',
    });
    expect(res.status).toBe(400);
    const errors = apiErrorSchema.parse(res.body).errors!;
    expect(errors.username).toEqual(['Informe um e-mail válido.']);
    expect(errors.password).toEqual(['Esse campo é obrigatório.']);
    const raw = await call('POST', '/security/login_check', { body: '{oops' });
    expect(raw.status).toBe(400);
    expect((await call('POST', '/security/token/refresh', { body: {} })).status).toBe(400);
  });

  it('/me without or with a forged token is a 401', async () => {
    expect((await call('GET', '/me')).status).toBe(401);
    expect(
      (await call('GET', '/me', { token: 'eyJhbGciOiJIUzI1NiJ9.eyJzdWIiOiIxIn0.forged' })).status,
    ).toBe(401);
  });

  it('a call that also takes visitors answers 401 to an expired or forged token, never a visitor', async () => {
    const pair = tokenPairSchema.parse((await login('membro@graca.demo', DEMO_PASSWORD)).body);
    const church = await call('GET', '/igreja/codigo/graca');
    const gift = (token?: string) =>
      call('POST', '/pagamento/', {
        token,
        lang: 'en',
        body: {
          tipo: 'doacao',
          igreja: church.body.id,
          metodoPagamento: 'pix',
          chaveIdempotencia: `expired-${token?.length ?? 0}-${Math.random()}`,
          motivos: [{ motivo: 1, valor: 20 }],
        },
      });
    // without a token it is a visitor's gift, which needs the visitor's name and e-mail
    expect((await gift()).status).toBe(400);
    expect((await gift('eyJhbGciOiJIUzI1NiJ9.eyJzdWIiOiIxIn0.forged')).status).toBe(401);
    // the same token, sixteen minutes later: expired (its life is 15 minutes)
    vi.useFakeTimers({ toFake: ['Date'] });
    try {
      vi.setSystemTime(Date.now() + 16 * 60_000);
      const expired = await gift(pair.token);
      expect(expired.status).toBe(401);
      expect(apiErrorSchema.parse(expired.body).message).toMatch(/log/i);
      expect((await call('GET', '/me', { token: pair.token })).status).toBe(401);
    } finally {
      vi.useRealTimers();
    }
  });

  it('refresh tokens rotate on every use, and reusing a spent one revokes the family', async () => {
    const first = tokenPairSchema.parse((await login('member@grace.demo', DEMO_PASSWORD)).body);
    const second = await call('POST', '/security/token/refresh', {
      body: {
        refreshToken: first.refresh_token,
      },
    });
    expect(second.status).toBe(200);
    const pair2 = tokenPairSchema.parse(second.body);
    expect(pair2.refresh_token).not.toBe(first.refresh_token);
    expect((await call('GET', '/me', { token: pair2.token })).status).toBe(200);
    // The spent token comes back (stolen copy): refused, and its successor dies with it.
    expect(
      (
        await call('POST', '/security/token/refresh', {
          body: { refreshToken: first.refresh_token },
        })
      ).status,
    ).toBe(401);
    expect(
      (
        await call('POST', '/security/token/refresh', {
          body: { refreshToken: pair2.refresh_token },
        })
      ).status,
    ).toBe(401);
    // Another login starts a new family that still works.
    const other = tokenPairSchema.parse((await login('member@grace.demo', DEMO_PASSWORD)).body);
    expect(
      (
        await call('POST', '/security/token/refresh', {
          body: { refreshToken: other.refresh_token },
        })
      ).status,
    ).toBe(200);
  });

  it('150 wrong passwords for one account are refused long before the 150th, with a message', async () => {
    const statuses: number[] = [];
    let lockedMessage = '';
    for (let i = 0; i < 150; i++) {
      const res = await login('membro@graca.demo', `Wrong@${i}xx`);
      statuses.push(res.status);
      if (res.status === 429) {
        lockedMessage = String(res.body.message);
        break;
      }
    }
    expect(statuses.indexOf(429)).toBeGreaterThan(0);
    expect(statuses.indexOf(429)).toBeLessThanOrEqual(10);
    expect(lockedMessage).toMatch(/Muitas tentativas de login. Tente novamente em \d+ minutos./);
    // Even the right password waits until the lock ends.
    expect((await login('membro@graca.demo', DEMO_PASSWORD)).status).toBe(429);
  });

  it('an inactive account cannot log in, and its activation e-mail lands in the outbox with a link to the church host', async () => {
    const res = await login('inativo@graca.demo', DEMO_PASSWORD);
    expect(res.status).toBe(403);
    const send = await call(
      'POST',
      '/security/solicitar-verificacao-email/?igreja=1&email=inativo@graca.demo',
      { headers: { host: 'graca.localhost:4321' } },
    );
    expect(send.status).toBe(200);
    const [mail] = await readOutbox(process.env.DATA_DIR!, 'inativo@graca.demo');
    expect(mail!.links[0]).toMatch(/^http:\/\/graca\.localhost:4321\/access\?activationToken=/);
    const token = new URL(mail!.links[0]!).searchParams.get('activationToken')!;
    expect((await call('POST', '/security/verificar-email', { body: { token } })).status).toBe(200);
    expect((await login('inativo@graca.demo', DEMO_PASSWORD)).status).toBe(200);
    // A used link does not work twice.
    expect((await call('POST', '/security/verificar-email', { body: { token } })).status).toBe(400);
  });

  it('a forged Host header does not put its host in the e-mailed link', async () => {
    await call('POST', '/security/recuperar-senha', {
      body: { email: 'lider@graca.demo', igreja: 1 },
      headers: { host: 'evil.example' },
    });
    const [mail] = await readOutbox(process.env.DATA_DIR!, 'lider@graca.demo');
    expect(mail!.links[0]).toMatch(/^http:\/\/graca\.localhost(:\d+)?\/access\?resetToken=/);
  });

  it('password recovery: unknown e-mail, then the e-mailed link sets a new password', async () => {
    const unknown = await call('POST', '/security/recuperar-senha', {
      body: { email: 'ninguem@graca.demo', igreja: 1 },
      lang: 'pt',
    });
    expect(unknown.status).toBe(404);
    expect(unknown.body.message).toBe('E-mail não encontrado.');
    const sent = await call('POST', '/security/recuperar-senha', {
      body: { email: 'member@grace.demo', igreja: 4 },
      lang: 'pt',
      headers: { host: 'grace.localhost:4321' },
    });
    expect(sent.status).toBe(200);
    expect(sent.body.message).toBe('Enviamos para o seu e-mail um link para criar uma nova senha.');
    const [mail] = await readOutbox(process.env.DATA_DIR!, 'member@grace.demo');
    const token = new URL(mail!.links[0]!).searchParams.get('resetToken')!;
    const weak = await call('POST', '/security/recuperar-senha/confirmar', {
      body: {
        token,
        senha: 'fraca',
        confirmacaoSenha: 'fraca',
      },
    });
    expect(weak.status).toBe(400);
    const done = await call('POST', '/security/recuperar-senha/confirmar', {
      body: {
        token,
        senha: 'Nova@Senha1',
        confirmacaoSenha: 'Nova@Senha1',
      },
    });
    expect(done.status).toBe(200);
    expect((await login('member@grace.demo', DEMO_PASSWORD)).status).toBe(401);
    expect((await login('member@grace.demo', 'Nova@Senha1')).status).toBe(200);
  });

  it('change password: the wrong current password is a 422 (not a logout), the right one works', async () => {
    const pair = tokenPairSchema.parse((await login('lider@graca.demo', DEMO_PASSWORD)).body);
    const wrong = await call('POST', '/user/alterar-senha', {
      body: { senhaAtual: 'Nope@1234', novaSenha: 'Outra@1234', confirmacaoSenha: 'Outra@1234' },
      token: pair.token,
      lang: 'en',
    });
    expect(wrong.status).toBe(422);
    expect(wrong.body.message).toBe('Your password is incorrect');
    const mismatch = await call('POST', '/user/alterar-senha', {
      body: { senhaAtual: DEMO_PASSWORD, novaSenha: 'Outra@1234', confirmacaoSenha: 'Outra@12345' },
      token: pair.token,
      lang: 'pt',
    });
    expect(apiErrorSchema.parse(mismatch.body).errors?.confirmacaoSenha).toEqual([
      'As senhas precisam ser iguais',
    ]);
    const changed = await call('POST', '/user/alterar-senha', {
      body: { senhaAtual: DEMO_PASSWORD, novaSenha: 'Outra@1234', confirmacaoSenha: 'Outra@1234' },
      token: pair.token,
    });
    expect(changed.status).toBe(200);
    tokenPairSchema.parse(changed.body);
    // Sessions elsewhere end: the old refresh token is revoked.
    expect(
      (
        await call('POST', '/security/token/refresh', {
          body: { refreshToken: pair.refresh_token },
        })
      ).status,
    ).toBe(401);
    expect((await login('lider@graca.demo', 'Outra@1234')).status).toBe(200);
  });
});
