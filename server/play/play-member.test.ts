import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import {
  playContentListResponseSchema,
  playMyListItemSchema,
  playMyListResponseSchema,
  playSubscriptionsResponseSchema,
} from '../../contract/play.ts';
import { createApi, type Api } from '../app.ts';
import type { DatabaseHandle } from '../db/client.ts';
import * as t from '../db/schema/index.ts';
import { DEMO_PASSWORD } from '../db/seed/churches.ts';
import { openTestDatabase, testBackends } from '../db/test-database.ts';
import { apiClient, loginAs } from '../test-kit.ts';

describe.each(testBackends())('play member calls on %s', (backend) => {
  let database: DatabaseHandle;
  let api: Api;
  let graca: number;
  let member: { id: number; token: string };
  let leader: { id: number; token: string };
  const { call } = apiClient(() => api, { lang: 'pt-BR' });
  const login = (email: string) => loginAs(api, email, DEMO_PASSWORD);

  beforeAll(async () => {
    database = await openTestDatabase(backend);
    api = createApi({ db: database.db });
    graca = (
      await database.db
        .select({ id: t.churches.id })
        .from(t.churches)
        .where(eq(t.churches.slug, 'graca'))
    )[0]!.id;
    member = await login('membro@graca.demo');
    leader = await login('lider@graca.demo');
  });
  afterAll(() => database.close());

  it('adds to my list once, lists it, and removes it; another member cannot touch it', async () => {
    const { conteudos } = playContentListResponseSchema.parse(
      (await call('GET', `/plano-assinatura-conteudo/?igreja=${graca}&limit=2`)).body,
    );
    const [first, second] = conteudos;
    const add = (id: number, who = member) =>
      call(
        'POST',
        `/usuario-plano-assinatura-conteudo/?planoAssinaturaConteudo=${id}&igreja=${graca}&usuario=${who.id}`,
        { token: who.token },
      );
    const added = await add(first!.id);
    expect(added.status).toBe(201);
    const item = playMyListItemSchema.parse(added.body);
    expect((await add(first!.id)).status).toBe(201);
    await add(second!.id);
    const list = playMyListResponseSchema.parse(
      (
        await call(
          'GET',
          `/usuario-plano-assinatura-conteudo/?usuario=${member.id}&igreja=${graca}`,
          { token: member.token },
        )
      ).body,
    );
    expect(list.itens.map((i) => i.conteudo.id)).toEqual([second!.id, first!.id]);
    expect(JSON.stringify(list)).not.toContain('m3u8');
    // Someone else's list or item: refused.
    expect(
      (
        await call(
          'GET',
          `/usuario-plano-assinatura-conteudo/?usuario=${member.id}&igreja=${graca}`,
          { token: leader.token },
        )
      ).status,
    ).toBe(403);
    expect((await add(first!.id, { id: member.id, token: leader.token })).status).toBe(403);
    expect(
      (
        await call('DELETE', `/usuario-plano-assinatura-conteudo/${item.id}/`, {
          token: leader.token,
        })
      ).status,
    ).toBe(404);
    expect(
      (
        await call('DELETE', `/usuario-plano-assinatura-conteudo/${item.id}/`, {
          token: member.token,
        })
      ).status,
    ).toBe(204);
    expect(
      (
        await call('DELETE', `/usuario-plano-assinatura-conteudo/${item.id}/`, {
          token: member.token,
        })
      ).status,
    ).toBe(404);
    const after = playMyListResponseSchema.parse(
      (
        await call(
          'GET',
          `/usuario-plano-assinatura-conteudo/?usuario=${member.id}&igreja=${graca}`,
          { token: member.token },
        )
      ).body,
    );
    expect(after.itens.map((i) => i.conteudo.id)).toEqual([second!.id]);
    expect((await add(999999)).status).toBe(404);
  });

  it('asks for login, and refuses bad input with per-field messages', async () => {
    expect(
      (
        await call(
          'GET',
          `/usuario-plano-assinatura-conteudo/?usuario=${member.id}&igreja=${graca}`,
        )
      ).status,
    ).toBe(401);
    expect(
      (await call('GET', `/usuario/${member.id}/usuario-plano-assinatura/?igreja=${graca}`)).status,
    ).toBe(401);
    const bad = await call(
      'POST',
      `/usuario-plano-assinatura-conteudo/?planoAssinaturaConteudo=x&igreja=${graca}&usuario=${member.id}`,
      { token: member.token },
    );
    expect(bad.status).toBe(400);
    expect(
      (bad.body as { errors: Record<string, string[]> }).errors.planoAssinaturaConteudo?.length,
    ).toBeGreaterThan(0);
  });

  it('lists the member subscriptions with their status and plan', async () => {
    const url = `/usuario/${member.id}/usuario-plano-assinatura/?igreja=${graca}`;
    expect(
      playSubscriptionsResponseSchema.parse((await call('GET', url, { token: member.token })).body)
        .assinaturas,
    ).toEqual([]);
    const [plan] = await database.db
      .select()
      .from(t.playPlans)
      .where(eq(t.playPlans.churchId, graca));
    await database.db.insert(t.playSubscriptions).values({
      churchId: graca,
      userId: member.id,
      planId: plan!.id,
      status: 'ativo',
      code: `T-${backend}-1`,
      paidUntil: new Date(Date.now() + 86_400_000),
    });
    const { assinaturas } = playSubscriptionsResponseSchema.parse(
      (await call('GET', url, { token: member.token })).body,
    );
    expect(assinaturas).toHaveLength(1);
    expect(assinaturas[0]).toMatchObject({
      codigo: `T-${backend}-1`,
      status: { situacao: 'ativo' },
      plano: { id: plan!.id, valor: plan!.priceCents / 100 },
    });
    expect((await call('GET', url, { token: leader.token })).status).toBe(403);
  });
});
