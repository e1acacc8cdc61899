// The church's Play settings (spec §3 Play moduleData `tipoVisibilidadeConteudo`; docs/play.md "Who may
// watch"), on both databases: the staff set them (roles, per-field 400s), and the setting overrides each
// video's own flag everywhere: list and home cards, a video's detail (no media URL when all are closed) and
// the watch call; `misto` gives each video its own flag back.
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  playContentDetailSchema,
  playContentListResponseSchema,
  playHomeSchema,
  playSettingsSchema,
} from '../../contract/play.ts';
import { createApi, type Api } from '../app.ts';
import type { DatabaseHandle } from '../db/client.ts';
import * as t from '../db/schema/index.ts';
import { openTestDatabase, testBackends } from '../db/test-database.ts';
import { apiClient, expectError, loginAll, STAFF_ACCOUNTS, type StaffWho } from '../test-kit.ts';

describe.each(testBackends())('play content visibility setting on %s', (backend) => {
  let database: DatabaseHandle;
  let api: Api;
  let graca: number;
  const tokens = {} as Record<StaffWho, string>;
  const ids = {} as Record<StaffWho, number>;
  const { call } = apiClient(() => api, { lang: 'pt-BR' });
  let openId: number;
  let closedId: number;

  const save = (body: Record<string, unknown>, who: StaffWho | null = 'admin', lang = 'pt-BR') =>
    call('PUT', '/admin/graca/play/configuracao', {
      token: who ? tokens[who] : undefined,
      body,
      lang,
    });
  const cards = async () =>
    playContentListResponseSchema.parse(
      (await call('GET', `/plano-assinatura-conteudo/?igreja=${graca}&limit=50`)).body,
    ).conteudos;
  const homeCards = async () =>
    playHomeSchema
      .parse((await call('GET', '/igreja/graca/plano-assinatura-home/')).body)
      .tags.flatMap((row) => row.conteudos);
  const detail = async (id: number) =>
    playContentDetailSchema.parse(
      (await call('GET', `/plano-assinatura-conteudo/${id}/?igreja=${graca}`)).body,
    );
  /** The watch call of a member without a subscription. */
  const watch = (id: number) =>
    call(
      'GET',
      `/usuario-plano-assinatura-conteudo/assistir/?planoAssinaturaConteudo=${id}&igreja=${graca}&usuario=${ids.member}`,
      { token: tokens.member },
    );

  beforeAll(async () => {
    database = await openTestDatabase(backend);
    api = createApi({ db: database.db });
    graca = (
      await database.db
        .select({ id: t.churches.id })
        .from(t.churches)
        .where(eq(t.churches.slug, 'graca'))
    )[0]!.id;
    await loginAll(api, STAFF_ACCOUNTS, { tokens, ids });
    const list = await cards();
    openId = list.find((c) => c.aberto)!.id;
    closedId = list.find((c) => !c.aberto)!.id;
  }, 180_000);
  afterAll(() => database.close());

  it('staff read and save the settings; members and visitors cannot; bad input is a 400 per field', async () => {
    const read = await call('GET', '/admin/graca/play/configuracao', { token: tokens.editor });
    expect(read.status).toBe(200);
    expect(playSettingsSchema.parse(read.body)).toMatchObject({
      tipoVisibilidadeConteudo: 'misto',
      titulo: 'Graça Play',
    });
    expectError(await save({ titulo: 'X', tipoVisibilidadeConteudo: 'fechado' }, null), 401);
    expectError(await save({ titulo: 'X', tipoVisibilidadeConteudo: 'fechado' }, 'member'), 403);
    const bad = await save({ titulo: '', tipoVisibilidadeConteudo: 'metade' });
    expect(bad.status).toBe(400);
    const errors = (bad.body as { errors: Record<string, string[]> }).errors;
    expect(Object.keys(errors).sort()).toEqual(['tipoVisibilidadeConteudo', 'titulo']);
    const badEn = await save({ titulo: '', tipoVisibilidadeConteudo: 'fechado' }, 'admin', 'en');
    expect((badEn.body as { errors: Record<string, string[]> }).errors.titulo).toBeDefined();
    expect((badEn.body as { errors: Record<string, string[]> }).errors.titulo).not.toEqual(
      errors.titulo,
    );
    // nothing changed by the refused calls
    expect(
      playSettingsSchema.parse(
        (await call('GET', '/igreja/graca/plano-assinatura-configuracao/')).body,
      ).tipoVisibilidadeConteudo,
    ).toBe('misto');
  });

  it('fechado closes every video: cards, detail without media, and the watch call asks for a plan', async () => {
    expect(await detail(openId)).toMatchObject({ aberto: true });
    expect((await watch(openId)).status).toBe(200);

    const saved = await save({
      titulo: 'Graça Play',
      descricao: 'Só para assinantes',
      tipoVisibilidadeConteudo: 'fechado',
    });
    expect(saved.status).toBe(200);
    expect(saved.body).toMatchObject({ tipoVisibilidadeConteudo: 'fechado' });
    expect(
      playSettingsSchema.parse(
        (await call('GET', '/igreja/graca/plano-assinatura-configuracao/')).body,
      ),
    ).toMatchObject({ tipoVisibilidadeConteudo: 'fechado', descricao: 'Só para assinantes' });
    expect((await cards()).every((c) => !c.aberto)).toBe(true);
    expect((await homeCards()).every((c) => !c.aberto)).toBe(true);
    expect(await detail(openId)).toMatchObject({ aberto: false, urlMidia: null });
    expectError(await watch(openId), 403, 'play.watch.subscriptionRequired');
  });

  it('aberto opens every video to any member; misto gives each video its own flag back', async () => {
    expectError(await watch(closedId), 403, 'play.watch.subscriptionRequired');
    expect((await save({ titulo: 'Graça Play', tipoVisibilidadeConteudo: 'aberto' })).status).toBe(
      200,
    );
    expect((await cards()).every((c) => c.aberto)).toBe(true);
    expect((await homeCards()).every((c) => c.aberto)).toBe(true);
    expect(await detail(closedId)).toMatchObject({ aberto: true });
    const open = await watch(closedId);
    expect(open.status).toBe(200);
    expect((open.body as { urlMidia: string }).urlMidia).toContain('/plano-assinatura-midia/');

    expect((await save({ titulo: 'Graça Play', tipoVisibilidadeConteudo: 'misto' })).status).toBe(
      200,
    );
    const list = await cards();
    expect(list.find((c) => c.id === openId)!.aberto).toBe(true);
    expect(list.find((c) => c.id === closedId)!.aberto).toBe(false);
    expectError(await watch(closedId), 403, 'play.watch.subscriptionRequired');
  });
});
