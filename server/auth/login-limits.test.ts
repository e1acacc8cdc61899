// Limits a stranger cannot turn against a member (docs/security.md "Login and account limits").
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createApi, type Api } from '../app.ts';
import type { DatabaseHandle } from '../db/client.ts';
import { DEMO_PASSWORD } from '../db/seed/churches.ts';
import { openTestDatabase, testBackends } from '../db/test-database.ts';
import { readOutbox } from '../mail/outbox.ts';
import { apiClient } from '../test-kit.ts';
import { lockedFor, PAIR_RULE, recordFailure } from './rate-limit.ts';
import { resetAccountSettings } from './settings.ts';

describe.each(testBackends())('login and account limits on %s', { timeout: 120_000 }, (backend) => {
  let database: DatabaseHandle;
  let api: Api;
  const saved = { TRUST_PROXY: process.env.TRUST_PROXY, DATA_DIR: process.env.DATA_DIR };
  const { call } = apiClient(() => api, { lang: 'pt-BR' });
  const login = (username: string, password: string, from: string) =>
    call('POST', '/security/login_check', {
      body: { username, password },
      headers: { 'x-forwarded-for': from },
    });

  beforeAll(async () => {
    process.env.TRUST_PROXY = '1'; // the client is the address the one proxy in front writes
    process.env.DATA_DIR = mkdtempSync(path.join(tmpdir(), 'login-limits-'));
    resetAccountSettings();
    database = await openTestDatabase(backend);
    api = createApi({ db: database.db });
  }, 240_000);
  afterAll(async () => {
    for (const [k, v] of Object.entries(saved))
      if (v === undefined) delete process.env[k];
      else process.env[k] = v;
    resetAccountSettings();
    await database?.close();
  });

  it('50 wrong passwords from one address do not stop the owner logging in from another', async () => {
    const statuses: number[] = [];
    for (let i = 0; i < 50; i++)
      statuses.push((await login('membro@graca.demo', `Wrong@${i}xx`, '203.0.113.66')).status);
    expect(statuses.slice(0, 5)).toEqual([401, 401, 401, 401, 401]);
    expect(statuses.slice(5).every((s) => s === 429)).toBe(true); // the attacker waits…
    const attacker = await login('membro@graca.demo', DEMO_PASSWORD, '203.0.113.66');
    expect(attacker.status).toBe(429); // …even with the right password, from that address
    expect(attacker.body.message).toMatch(
      /Muitas tentativas de login. Tente novamente em \d+ minutos?./,
    );
    expect(Number(attacker.headers.get('retry-after') ?? 0)).toBeGreaterThan(0);
    const owner = await login('membro@graca.demo', DEMO_PASSWORD, '198.51.100.7');
    expect(owner.status).toBe(200);
  });

  it('an address that sprays many accounts is stopped for all of them', async () => {
    const statuses: number[] = [];
    for (let i = 0; i < 55; i++)
      statuses.push((await login(`ghost${i}@graca.demo`, 'Wrong@123', '203.0.113.99')).status);
    expect(statuses.indexOf(429)).toBe(50);
    expect((await login('member@grace.demo', DEMO_PASSWORD, '198.51.100.8')).status).toBe(200);
  });

  it('an IPv6 host counts by its /64: a new address of it per guess changes nothing', async () => {
    // 50 wrong passwords, each from another address of one /64, spread over many accounts
    const statuses: number[] = [];
    for (let i = 0; i < 52; i++)
      statuses.push(
        (await login(`six${i}@graca.demo`, 'Wrong@123', `2001:db8:6:1:${(i + 1).toString(16)}::7`))
          .status,
      );
    expect(statuses.indexOf(429)).toBe(50);
    // another address of that /64 waits too, even with the right password…
    expect((await login('membro@graca.demo', DEMO_PASSWORD, '2001:db8:6:1:ffff::1')).status).toBe(
      429,
    );
    // …while the next /64 (another host) logs in
    expect((await login('membro@graca.demo', DEMO_PASSWORD, '2001:db8:6:2::1')).status).toBe(200);
  });

  it('one account guessed from five addresses of one /64 is locked for that /64 only', async () => {
    const statuses: number[] = [];
    for (let i = 0; i < 6; i++)
      statuses.push(
        (await login('member@grace.demo', `Wrong@${i}xx`, `2001:db8:7:1::${i + 1}`)).status,
      );
    expect(statuses).toEqual([401, 401, 401, 401, 401, 429]);
    expect((await login('member@grace.demo', DEMO_PASSWORD, '2001:db8:7:1::99')).status).toBe(429);
    expect((await login('member@grace.demo', DEMO_PASSWORD, '::ffff:198.51.100.70')).status).toBe(
      200,
    );
  });

  it('a staff account guessed from many addresses waits, but never its owner at a known address', async () => {
    // the treasurer signs in from home once: that address is now known for the account
    expect((await login('tesoureiro@graca.demo', DEMO_PASSWORD, '198.51.100.200')).status).toBe(
      200,
    );
    // 20 wrong passwords, 2 from each of 10 addresses (each far under its own limits)
    const spread = async (email: string) => {
      const statuses: number[] = [];
      for (let i = 0; i < 20; i++)
        statuses.push(
          (await login(email, `Wrong@${i}xx`, `192.0.2.${100 + Math.floor(i / 2)}`)).status,
        );
      return statuses;
    };
    expect((await spread('tesoureiro@graca.demo')).every((s) => s === 401)).toBe(true);
    // from an address it never used, even the right password now waits…
    const stranger = await login('tesoureiro@graca.demo', DEMO_PASSWORD, '192.0.2.150');
    expect(stranger.status).toBe(429);
    expect(Number(stranger.headers.get('retry-after'))).toBeGreaterThan(14 * 60);
    // …the owner at home is not locked out
    expect((await login('tesoureiro@graca.demo', DEMO_PASSWORD, '198.51.100.200')).status).toBe(
      200,
    );
    // a member's account has no such ceiling (its guards are per address)
    expect((await spread('membro@graca.demo')).every((s) => s === 401)).toBe(true);
    expect((await login('membro@graca.demo', DEMO_PASSWORD, '192.0.2.160')).status).toBe(200);
    // the e-mailed recovery link lifts the wait for every address
    await call('POST', '/security/recuperar-senha', {
      body: { email: 'tesoureiro@graca.demo', igreja: 1 },
      headers: { 'x-forwarded-for': '192.0.2.151' },
    });
    const [mail] = await readOutbox(process.env.DATA_DIR!, 'tesoureiro@graca.demo');
    const token = new URL(mail!.links[0]!).searchParams.get('resetToken')!;
    const reset = await call('POST', '/security/recuperar-senha/confirmar', {
      body: { token, senha: 'Nova@Senha9', confirmacaoSenha: 'Nova@Senha9' },
      headers: { 'x-forwarded-for': '192.0.2.151' },
    });
    expect(reset.status).toBe(200);
    expect((await login('tesoureiro@graca.demo', 'Nova@Senha9', '192.0.2.152')).status).toBe(200);
  });

  it('each new lock of the same account and address lasts twice as long, up to an hour', async () => {
    const key = 'pair:backoff@graca.demo|203.0.113.5';
    const t0 = Date.parse('2026-11-24T10:00:00Z');
    const lockAfter = async (at: number) => {
      for (let i = 0; i < PAIR_RULE.maxFailures; i++)
        await recordFailure(database.db, key, PAIR_RULE, at);
      return lockedFor(database.db, key, at);
    };
    expect(await lockAfter(t0)).toBe(60_000);
    expect(await lockAfter(t0 + 2 * 60_000)).toBe(120_000);
    expect(await lockAfter(t0 + 5 * 60_000)).toBe(240_000);
    let last = 0;
    for (let i = 0; i < 6; i++) last = await lockAfter(t0 + (10 + i * 70) * 60_000);
    expect(last).toBe(60 * 60_000);
    // A day later the backoff starts over.
    expect(await lockAfter(t0 + 2 * 24 * 60 * 60_000)).toBe(60_000);
  });

  it('the access page lookup answers the same shape for unknown e-mails and is limited per address', async () => {
    const known = await call('GET', '/user/?email=membro@graca.demo', {
      headers: { 'x-forwarded-for': '192.0.2.10' },
    });
    const unknown = await call('GET', '/user/?email=nobody-here@graca.demo', {
      headers: { 'x-forwarded-for': '192.0.2.10' },
    });
    expect(known.status).toBe(200);
    expect(unknown).toMatchObject({ status: 200, body: { usuarios: [] } });
    const statuses: number[] = [];
    for (let i = 0; i < 125; i++)
      statuses.push(
        (
          await call('GET', `/user/?email=probe${i}@graca.demo`, {
            headers: { 'x-forwarded-for': '192.0.2.10' },
          })
        ).status,
      );
    expect(statuses.indexOf(429)).toBe(118); // 120 lookups per 15 minutes, two spent above
    expect(
      (
        await call('GET', '/user/?email=membro@graca.demo', {
          headers: { 'x-forwarded-for': '192.0.2.11' },
        })
      ).status,
    ).toBe(200);
  });

  it('asking for an activation e-mail answers the same for an unknown address', async () => {
    const unknown = await call(
      'POST',
      '/security/solicitar-verificacao-email/?igreja=1&email=nobody-else@graca.demo',
      { headers: { 'x-forwarded-for': '192.0.2.20' } },
    );
    const known = await call(
      'POST',
      '/security/solicitar-verificacao-email/?igreja=1&email=inativo@graca.demo',
      { headers: { 'x-forwarded-for': '192.0.2.20' } },
    );
    expect(unknown.status).toBe(200);
    expect(unknown.body).toEqual(known.body);
    // Nobody floods one mailbox: 5 a quarter of an hour per e-mail, from any address.
    const statuses: number[] = [];
    for (let i = 0; i < 6; i++)
      statuses.push(
        (
          await call(
            'POST',
            '/security/solicitar-verificacao-email/?igreja=1&email=inativo@graca.demo',
            { headers: { 'x-forwarded-for': `192.0.2.${30 + i}` } },
          )
        ).status,
      );
    expect(statuses).toEqual([200, 200, 200, 200, 429, 429]);
  });

  it('account creation is limited per address', async () => {
    const statuses: number[] = [];
    for (let i = 0; i < 21; i++) {
      const res = await call('POST', '/igreja/1/usuario', {
        body: {
          email: `new${i}@graca.demo`,
          senha: 'Nova@Senha1',
          confirmacaoSenha: 'Nova@Senha1',
          nome: 'Nova',
          sobrenome: 'Pessoa',
          telefone: '+55 11 98765-4321',
          dataNascimento: '1990-01-01',
          sexo: 'F',
        },
        headers: { 'x-forwarded-for': '192.0.2.50' },
      });
      statuses.push(res.status);
    }
    expect(statuses.slice(0, 20).every((s) => s === 201)).toBe(true);
    expect(statuses[20]).toBe(429);
  });
});
