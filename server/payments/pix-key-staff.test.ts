// The church's Pix key on /admin/gateways (docs/payments.md "The church's Pix key"): only the
// treasurer or an admin of that church enters it; it is checked by its type with a message per
// field in the caller's language, stored normalised, and the Pix codes the product builds carry it.
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { gatewayAccountsSchema } from '../../contract/gateways.ts';
import { pixKeyOfCode } from '../../contract/pix-key.ts';
import { paymentResponseSchema } from '../../contract/payments.ts';
import { createApi, type Api } from '../app.ts';
import type { DatabaseHandle } from '../db/client.ts';
import * as t from '../db/schema/index.ts';
import { openTestDatabase, testBackends } from '../db/test-database.ts';
import { apiClient, loginAs } from '../test-kit.ts';

describe.each(testBackends())('the church Pix key on %s', (backend) => {
  let database: DatabaseHandle;
  let api: Api;
  let gracaId: number;
  let gracaEmail: string | null;
  let reasonId: number;
  const tokens: Record<'treasurer' | 'member' | 'editor' | 'graceAdmin', string> = {} as never;
  const { call } = apiClient(() => api, { lang: 'pt-BR' });
  const db = () => database.db;
  let seq = 0;
  const givePix = async () => {
    const r = await call('POST', '/pagamento/', {
      token: tokens.member,
      body: {
        tipo: 'doacao',
        igreja: gracaId,
        motivos: [{ motivo: reasonId, valor: 15 }],
        metodoPagamento: 'pix',
        chaveIdempotencia: `pixkey-${backend}-${++seq}-${Math.random().toString(36).slice(2)}`,
      },
    });
    expect(r.status, JSON.stringify(r.body)).toBe(201);
    const code = paymentResponseSchema.parse(r.body).pagamento.codigo;
    const [row] = await db().select().from(t.payments).where(eq(t.payments.code, code));
    return pixKeyOfCode(row!.pixCode!);
  };

  beforeAll(async () => {
    database = await openTestDatabase(backend);
    api = createApi({ db: database.db });
    tokens.treasurer = (await loginAs(api, 'tesoureiro@graca.demo')).token;
    tokens.member = (await loginAs(api, 'membro@graca.demo')).token;
    tokens.editor = (await loginAs(api, 'editor@graca.demo')).token;
    tokens.graceAdmin = (await loginAs(api, 'admin@grace.demo')).token;
    const [graca] = await db().select().from(t.churches).where(eq(t.churches.code, 'graca'));
    gracaId = graca!.id;
    gracaEmail = graca!.email;
    const [reason] = await db()
      .select()
      .from(t.paymentReasons)
      .where(eq(t.paymentReasons.churchId, gracaId));
    reasonId = reason!.id;
  });
  afterAll(async () => {
    await database?.close();
  });

  it('only the treasurer or an admin of the church enters it', async () => {
    const body = { tipo: 'email', chave: 'pix@graca.org' };
    for (const token of [tokens.member, tokens.editor, tokens.graceAdmin])
      expect((await call('PUT', '/admin/graca/gateways-chave-pix', { token, body })).status).toBe(
        403,
      );
    expect((await call('PUT', '/admin/graca/gateways-chave-pix', { body })).status).toBe(401);
    const [kept] = await db()
      .select()
      .from(t.churchPixKeys)
      .where(eq(t.churchPixKeys.churchId, gracaId));
    expect(kept).toBeUndefined();
  });

  it('a key that does not match its type is refused per field, in the caller language', async () => {
    const pt = await call('PUT', '/admin/graca/gateways-chave-pix', {
      token: tokens.treasurer,
      body: { tipo: 'cpf', chave: 'pix@graca.org' },
    });
    expect(pt.status).toBe(400);
    expect(pt.body.errors.chave[0]).toBe('Chave Pix inválida para este tipo.');
    const es = await call('PUT', '/admin/graca/gateways-chave-pix', {
      token: tokens.treasurer,
      body: { tipo: 'banco', chave: '1' },
      headers: { 'accept-language': 'es' },
    });
    expect(es.status).toBe(400);
    expect(Object.keys(es.body.errors)).toContain('tipo');
  });

  it('the sandbox Pix carries the church e-mail until a key is entered, then the key', async () => {
    expect(await givePix()).toBe(gracaEmail);
    const saved = await call('PUT', '/admin/graca/gateways-chave-pix', {
      token: tokens.treasurer,
      body: { tipo: 'cnpj', chave: '11.222.333/0001-81' },
    });
    expect(saved.status, JSON.stringify(saved.body)).toBe(200);
    expect(gatewayAccountsSchema.parse(saved.body).chavePix).toEqual({
      tipo: 'cnpj',
      chave: '11222333000181',
      formatada: '11.222.333/0001-81',
    });
    expect(await givePix()).toBe('11222333000181');
    const audit = await db()
      .select()
      .from(t.auditLog)
      .where(eq(t.auditLog.action, 'gateways.pixKey'));
    expect(audit.some((a) => a.churchId === gracaId)).toBe(true);

    const removed = await call('DELETE', '/admin/graca/gateways-chave-pix', {
      token: tokens.treasurer,
    });
    expect(removed.status).toBe(200);
    expect(removed.body.chavePix).toBeNull();
    expect(await givePix()).toBe(gracaEmail);
  });
});
