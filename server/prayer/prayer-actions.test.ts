import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { and, eq } from 'drizzle-orm';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  PRAYER_IMAGE_MAX_BYTES,
  ownPrayerDetailSchema,
  ownPrayersResponseSchema,
  prayerDetailSchema,
  prayerListResponseSchema,
  prayerMessagePostResponseSchema,
  prayerPostResponseSchema,
  prayerReasonsResponseSchema,
  prayResponseSchema,
} from '../../contract/prayer.ts';
import { createApi, type Api } from '../app.ts';
import { resetAccountSettings } from '../auth/settings.ts';
import { createChangeFeed } from '../changes.ts';
import type { DatabaseHandle } from '../db/client.ts';
import * as t from '../db/schema/index.ts';
import { DEMO_PASSWORD } from '../db/seed/churches.ts';
import { MEMBER_PRIVATE_PRAYER } from '../db/seed/prayer-own.ts';
import {
  GRACA_LATEST_PRAYER,
  GRACA_UNPUBLISHED_PRAYER,
  GRACE_LATEST_PRAYER,
} from '../db/seed/prayer.ts';
import { openTestDatabase, testBackends } from '../db/test-database.ts';
import { apiClient, expectFieldError, loginAs } from '../test-kit.ts';

const dataDir = mkdtempSync(path.join(tmpdir(), 'prayer-actions-'));

describe.each(testBackends())('prayer wall member actions on %s', (backend) => {
  let database: DatabaseHandle;
  let api: Api;
  let member: { id: number; token: string }; // membro@graca.demo (Maria)
  let leader: { id: number; token: string }; // lider@graca.demo
  let john: { id: number; token: string }; // member@grace.demo
  let graca: number;
  let grace: number;
  let esperanza: number;
  /** Churches whose cached pages the API asked to refresh. */
  const changed: number[] = [];

  const { call } = apiClient(() => api, { lang: 'pt-BR' });
  const postForm = (
    token: string,
    fields: Record<string, string>,
    image?: Blob,
    lang = 'pt-BR',
  ) => {
    const form = new FormData();
    for (const [k, v] of Object.entries(fields)) form.set(k, v);
    if (image) form.set('image', image, 'photo.bin');
    return call('POST', '/oracao/', { token, body: form, lang });
  };
  const login = (email: string) => loginAs(api, email, DEMO_PASSWORD);
  const churchId = async (code: string) =>
    (
      await database.db
        .select({ id: t.churches.id })
        .from(t.churches)
        .where(eq(t.churches.code, code))
    )[0]!.id;
  const prayerId = async (church: number, message: string) =>
    (
      await database.db
        .select({ id: t.prayers.id })
        .from(t.prayers)
        .where(and(eq(t.prayers.churchId, church), eq(t.prayers.message, message)))
    )[0]!.id;
  const wall = async (slug = 'graca') =>
    prayerListResponseSchema.parse((await call('GET', `/oracao/${slug}?limit=50`)).body);
  const reasons = async (slug: string) =>
    prayerReasonsResponseSchema.parse((await call('GET', `/igreja/${slug}/oracao-motivo/`)).body)
      .motivos;
  const mine = async (who = member, church = graca) =>
    ownPrayersResponseSchema.parse(
      (await call('GET', `/user/oracao?igreja=${church}`, { token: who.token })).body,
    ).oracoes;
  const png = (width: number, height: number) =>
    sharp({ create: { width, height, channels: 3, background: { r: 200, g: 120, b: 40 } } })
      .png()
      .toBuffer();

  beforeAll(async () => {
    process.env.DATA_DIR = path.join(dataDir, backend);
    resetAccountSettings();
    database = await openTestDatabase(backend);
    const changes = createChangeFeed();
    changes.onChurchChanged((id) => changed.push(id));
    api = createApi({ db: database.db, changes });
    member = await login('membro@graca.demo');
    leader = await login('lider@graca.demo');
    john = await login('member@grace.demo');
    graca = await churchId('graca');
    grace = await churchId('grace');
    esperanza = await churchId('esperanza');
  });
  afterAll(() => database.close());

  it('posts a published request: 201 with the message, on the wall at once, the feed told', async () => {
    const before = await wall();
    const changesBefore = changed.length;
    const health = (await reasons('graca')).find((r) => r.nome === 'Saúde')!;
    const text = 'Orem pela prova de residência médica da minha filha no sábado.';
    const r = await call('POST', '/oracao/', {
      token: member.token,
      body: {
        idIgreja: graca,
        mensagem: `  ${text}  `,
        nome: 'Maria',
        idOracaoMotivo: health.id,
      },
    });
    expect(r.status, JSON.stringify(r.body)).toBe(201);
    const { message, oracao } = prayerPostResponseSchema.parse(r.body);
    expect(message).toBe('Seu pedido de oração foi publicado no mural.');
    expect(oracao).toMatchObject({
      nome: 'Maria',
      mensagem: text,
      motivo: { id: health.id, nome: 'Saúde' },
      imagem: null,
      qtdeOrar: 0,
      qtdeMensagens: 0,
    });
    expect(oracao).toMatchObject({
      flagPublicarMural: true,
      flagReceberLigacao: false,
      flagReceberVisita: false,
    });
    expect(changed.slice(changesBefore)).toEqual([graca]);
    const after = await wall();
    expect(after.total).toBe(before.total + 1);
    expect(after.oracoes[0]).toMatchObject({ id: oracao.id, mensagem: text, nome: 'Maria' });
    // the row belongs to the token's user, never to a body field
    const [row] = await database.db
      .select({ userId: t.prayers.userId })
      .from(t.prayers)
      .where(eq(t.prayers.id, oracao.id));
    expect(row!.userId).toBe(member.id);
    // English and Spanish answers; a blank name posts anonymously
    const en = prayerPostResponseSchema.parse(
      (
        await call('POST', '/oracao', {
          token: member.token,
          body: { idIgreja: graca, mensagem: 'Anonymous one.', nome: '  ', idUsuario: leader.id },
          lang: 'en-US',
        })
      ).body,
    );
    expect(en.message).toBe('Your prayer request was published on the wall.');
    expect(en.oracao.nome).toBeNull();
    const es = prayerPostResponseSchema.parse(
      (
        await call('POST', '/oracao', {
          token: member.token,
          body: { idIgreja: graca, mensagem: 'Uno más.' },
          lang: 'es-AR',
        })
      ).body,
    );
    expect(es.message).toBe('Tu pedido de oración fue publicado en el mural.');
  });

  it('an unpublished request is only in the author’s list, with its private choices', async () => {
    const before = await wall();
    const text = 'Pedido só para a equipe pastoral: dificuldades financeiras em casa.';
    const r = await call('POST', '/oracao/', {
      token: member.token,
      body: {
        idIgreja: graca,
        mensagem: text,
        flagPublicarMural: false,
        flagReceberLigacao: true,
        flagReceberVisita: 'on',
      },
    });
    expect(r.status, JSON.stringify(r.body)).toBe(201);
    const { message, oracao } = prayerPostResponseSchema.parse(r.body);
    expect(message).toBe(
      'Seu pedido de oração foi enviado à equipe pastoral. Ele não aparecerá no mural.',
    );
    expect(oracao).toMatchObject({
      flagPublicarMural: false,
      flagReceberLigacao: true,
      flagReceberVisita: true,
    });
    const after = await wall();
    expect(after.total).toBe(before.total);
    expect(after.oracoes.map((o) => o.id)).not.toContain(oracao.id);
    expectFieldError(await call('GET', `/oracao/graca/${oracao.id}`), 404);
    const list = await mine();
    expect(list[0]).toMatchObject({
      id: oracao.id,
      flagPublicarMural: false,
      flagReceberLigacao: true,
    });
    expect(list.map((o) => o.mensagem)).toContain(MEMBER_PRIVATE_PRAYER); // the seeded one
    expect(list.map((o) => o.mensagem)).toContain(
      'Quero agradecer a Deus porque depois de oito meses meu marido foi contratado! Obrigada a todos que oraram conosco.',
    );
    const dates = list.map((o) => o.dataCriacao);
    expect([...dates].sort().reverse()).toEqual(dates);
    // only the caller's own, in that church
    expect(list.map((o) => o.mensagem)).not.toContain(GRACA_UNPUBLISHED_PRAYER);
    expect((await mine(leader)).map((o) => o.id)).not.toContain(oracao.id);
  });

  it('the seed gives the demo member an unpublished request in graca', async () => {
    const seeded = (await mine()).find((o) => o.mensagem === MEMBER_PRIVATE_PRAYER)!;
    expect(seeded).toMatchObject({
      flagPublicarMural: false,
      nome: 'Maria',
      motivo: { nome: 'Família' },
    });
    expect((await wall()).oracoes.map((o) => o.mensagem)).not.toContain(MEMBER_PRIVATE_PRAYER);
  });

  it('opens an own request with its messages; someone else’s, or under another church, is 404', async () => {
    const ownId = await prayerId(
      graca,
      'Quero agradecer a Deus porque depois de oito meses meu marido foi contratado! Obrigada a todos que oraram conosco.',
    );
    const r = await call('GET', `/user/oracao/${ownId}?igreja=${graca}`, { token: member.token });
    expect(r.status).toBe(200);
    const detail = ownPrayerDetailSchema.parse(r.body);
    expect(detail.mensagens.map((m) => m.nome)).toEqual(['João', 'Renata']);
    expect(detail.flagPublicarMural).toBe(true);
    const privateId = await prayerId(graca, MEMBER_PRIVATE_PRAYER);
    expect(
      ownPrayerDetailSchema.parse(
        (await call('GET', `/user/oracao/${privateId}?igreja=${graca}`, { token: member.token }))
          .body,
      ).mensagens,
    ).toEqual([]);
    expectFieldError(
      await call('GET', `/user/oracao/${ownId}?igreja=${graca}`, { token: leader.token }),
      404,
    ); // another member's
    expect(
      expectFieldError(
        await call('GET', `/user/oracao/999999?igreja=${graca}`, { token: member.token }),
        404,
      ).message,
    ).toBe('Nenhum resultado encontrado.');
    // a grace member: not a member of graca (403), and graca ids under grace are unknown (404)
    expectFieldError(await call('GET', `/user/oracao?igreja=${graca}`, { token: john.token }), 403);
    expectFieldError(
      await call('GET', `/user/oracao/${ownId}?igreja=${graca}`, { token: john.token }),
      403,
    );
    expectFieldError(
      await call('GET', `/user/oracao/${ownId}?igreja=${grace}`, { token: john.token }),
      404,
    );
    expect((await mine(john, grace)).map((o) => o.mensagem)).toContain(
      'Thankful that our son came home safely from deployment. Thank you, church family, for praying all year.',
    );
    expectFieldError(await call('GET', `/user/oracao?igreja=${graca}`), 401);
  });

  it('a reason must be one of the church’s; another church’s reason is a field error', async () => {
    const graceReason = (await reasons('grace'))[0]!;
    const r = await call('POST', '/oracao/', {
      token: member.token,
      body: {
        idIgreja: graca,
        mensagem: 'Teste',
        idOracaoMotivo: graceReason.id,
      },
    });
    const error = expectFieldError(r, 400, 'idOracaoMotivo');
    expect(error.errors!.idOracaoMotivo).toEqual(['Escolha um dos motivos.']);
    expectFieldError(
      await call('POST', '/oracao/', {
        token: member.token,
        body: {
          idIgreja: graca,
          mensagem: 'Teste',
          idOracaoMotivo: 2147483647,
        },
      }),
      400,
      'idOracaoMotivo',
    );
  });

  it('leaves a supportive message under the account’s first name; it shows under the request', async () => {
    const id = await prayerId(graca, GRACA_LATEST_PRAYER);
    const changesBefore = changed.length;
    const r = await call('POST', '/oracao/mensagem/', {
      token: leader.token,
      body: {
        idOracao: id,
        mensagem: '  Estamos com vocês!  ',
      },
    });
    expect(r.status, JSON.stringify(r.body)).toBe(201);
    const { message, mensagem } = prayerMessagePostResponseSchema.parse(r.body);
    expect(message).toBe('Sua mensagem foi enviada.');
    expect(mensagem).toMatchObject({ nome: 'João', mensagem: 'Estamos com vocês!' });
    expect(changed.slice(changesBefore)).toEqual([graca]);
    const detail = prayerDetailSchema.parse((await call('GET', `/oracao/graca/${id}`)).body);
    expect(detail.mensagens.at(-1)).toMatchObject({ id: mensagem.id, nome: 'João' });
    expect(detail.qtdeMensagens).toBe(4);
  });

  it('messages and prays only on active, published requests of the caller’s church', async () => {
    const unpublished = await prayerId(graca, GRACA_UNPUBLISHED_PRAYER);
    const withdrawn = await prayerId(graca, 'Pedido retirado pelo autor.');
    const graceId = await prayerId(grace, GRACE_LATEST_PRAYER);
    const gracaId = await prayerId(graca, GRACA_LATEST_PRAYER);
    const changesBefore = changed.length;
    for (const id of [unpublished, withdrawn, graceId, 999999]) {
      expect(
        expectFieldError(
          await call('POST', '/oracao/mensagem/', {
            token: member.token,
            body: { idOracao: id, mensagem: 'Oi' },
          }),
          404,
        ).message,
      ).toBe('Nenhum resultado encontrado.');
      expectFieldError(
        await call('POST', '/oracao/orar/', { token: member.token, body: { idOracao: id } }),
        404,
      );
    }
    // tenant isolation: a grace member can do nothing on graca requests
    expectFieldError(
      await call('POST', '/oracao/mensagem/', {
        token: john.token,
        body: { idOracao: gracaId, mensagem: 'Hi' },
      }),
      404,
    );
    expectFieldError(
      await call('POST', '/oracao/orar/', { token: john.token, body: { idOracao: gracaId } }),
      404,
    );
    expectFieldError(await call('DELETE', `/oracao/${gracaId}`, { token: john.token }), 404);
    expectFieldError(
      await call('POST', '/oracao/', {
        token: john.token,
        body: { idIgreja: graca, mensagem: 'Hi' },
      }),
      403,
    );
    expect(changed.length).toBe(changesBefore);
    // and no token at all: spec §6's login message
    const anon = expectFieldError(
      await call('POST', '/oracao/mensagem/', { body: { idOracao: gracaId, mensagem: 'Oi' } }),
      401,
    );
    expect(anon.message).toBe('É necessário realizar o login para completar essa ação');
    expectFieldError(await call('POST', '/oracao/orar/', { body: { idOracao: gracaId } }), 401);
    expectFieldError(
      await call('POST', '/oracao/', { body: { idIgreja: graca, mensagem: 'Oi' } }),
      401,
    );
    expectFieldError(await call('DELETE', `/oracao/${gracaId}`), 401);
  });

  it('"I prayed" counts once per user, even for 20 concurrent clicks', async () => {
    const id = await prayerId(
      graca,
      'Meu sobrinho está internado com pneumonia. Orem pela recuperação dele.',
    );
    const before = (await wall()).oracoes.find((o) => o.id === id)!.qtdeOrar;
    const changesBefore = changed.length;
    const answers = await Promise.all(
      Array.from({ length: 20 }, () =>
        call('POST', '/oracao/orar/', { token: member.token, body: { idOracao: id } }),
      ),
    );
    for (const a of answers) expect(a.status, JSON.stringify(a.body)).toBe(200);
    const parsed = answers.map((a) => prayResponseSchema.parse(a.body));
    expect(parsed.every((p) => p.orou && p.qtdeOrar === before + 1)).toBe(true);
    expect((await wall()).oracoes.find((o) => o.id === id)!.qtdeOrar).toBe(before + 1);
    const marks = await database.db
      .select()
      .from(t.prayerPrays)
      .where(and(eq(t.prayerPrays.prayerId, id), eq(t.prayerPrays.userId, member.id)));
    expect(marks).toHaveLength(1);
    expect(changed.slice(changesBefore)).toEqual([graca]); // one write, one purge
    // another member adds one; a repeat later still counts nothing
    expect(
      prayResponseSchema.parse(
        (await call('POST', '/oracao/orar', { token: leader.token, body: { idOracao: id } })).body,
      ).qtdeOrar,
    ).toBe(before + 2);
    expect(
      prayResponseSchema.parse(
        (await call('POST', '/oracao/orar', { token: member.token, body: { idOracao: id } })).body,
      ).qtdeOrar,
    ).toBe(before + 2);
  });

  it('only the author deletes (soft): another member 403, then gone from the wall and the list', async () => {
    const created = prayerPostResponseSchema.parse(
      (
        await call('POST', '/oracao/', {
          token: member.token,
          body: {
            idIgreja: graca,
            mensagem: 'Pedido que vou retirar.',
          },
        })
      ).body,
    ).oracao;
    expect((await wall()).oracoes[0]!.id).toBe(created.id);
    const forbidden = expectFieldError(
      await call('DELETE', `/oracao/${created.id}`, { token: leader.token }),
      403,
    );
    expect(forbidden.message).toBe('Somente quem fez o pedido pode excluí-lo.');
    const changesBefore = changed.length;
    const r = await call('DELETE', `/oracao/${created.id}`, { token: member.token });
    expect(r.status).toBe(200);
    expect(r.body).toEqual({ status: true, message: 'Seu pedido de oração foi excluído.' });
    expect(changed.slice(changesBefore)).toEqual([graca]);
    expect((await wall()).oracoes.map((o) => o.id)).not.toContain(created.id);
    expect((await mine()).map((o) => o.id)).not.toContain(created.id);
    expectFieldError(await call('DELETE', `/oracao/${created.id}`, { token: member.token }), 404);
    expectFieldError(
      await call('GET', `/user/oracao/${created.id}?igreja=${graca}`, { token: member.token }),
      404,
    );
    const [row] = await database.db
      .select({ active: t.prayers.active })
      .from(t.prayers)
      .where(eq(t.prayers.id, created.id));
    expect(row!.active).toBe(false); // kept for the pastoral team
    // the author may delete an unpublished one too
    const privateId = (await mine()).find(
      (o) => !o.flagPublicarMural && o.mensagem !== MEMBER_PRIVATE_PRAYER,
    )!.id;
    expect((await call('DELETE', `/oracao/${privateId}`, { token: member.token })).status).toBe(
      200,
    );
  });

  it('a church without the wall, inactive or unknown answers 404', async () => {
    expectFieldError(
      await call('POST', '/oracao/', {
        token: member.token,
        body: { idIgreja: esperanza, mensagem: 'Oi' },
      }),
      404,
    );
    expectFieldError(
      await call('POST', '/oracao/', {
        token: member.token,
        body: { idIgreja: 999999, mensagem: 'Oi' },
      }),
      404,
    );
    expectFieldError(
      await call('GET', `/user/oracao?igreja=${esperanza}`, { token: member.token }),
      404,
    );
    const id = await prayerId(grace, GRACE_LATEST_PRAYER);
    await database.db.update(t.churches).set({ active: false }).where(eq(t.churches.id, grace));
    try {
      expectFieldError(
        await call('POST', '/oracao/', {
          token: john.token,
          body: { idIgreja: grace, mensagem: 'Hi' },
        }),
        404,
      );
      expectFieldError(
        await call('POST', '/oracao/orar/', { token: john.token, body: { idOracao: id } }),
        404,
      );
      expectFieldError(
        await call('GET', `/user/oracao?igreja=${grace}`, { token: john.token }),
        404,
      );
    } finally {
      await database.db.update(t.churches).set({ active: true }).where(eq(t.churches.id, grace));
    }
    expect(
      (await call('POST', '/oracao/orar/', { token: john.token, body: { idOracao: id } })).status,
    ).toBe(200);
  });

  it('refuses bad input with per-field messages in the request’s language, never a 500', async () => {
    const id = await prayerId(graca, GRACA_LATEST_PRAYER);
    const empty = expectFieldError(
      await call('POST', '/oracao/mensagem/', {
        token: member.token,
        body: { idOracao: id, mensagem: '   ' },
      }),
      400,
      'mensagem',
    );
    expect(empty.errors!.mensagem).toEqual(['Esse campo é obrigatório.']);
    expect(empty.message).toBe('Esse campo é obrigatório.');
    const en = expectFieldError(
      await call('POST', '/oracao/mensagem/', {
        token: member.token,
        body: { idOracao: id },
        lang: 'en',
      }),
      400,
      'mensagem',
    );
    expect(en.errors!.mensagem).toEqual(['This field is required.']);
    const long = expectFieldError(
      await call('POST', '/oracao/mensagem/', {
        token: member.token,
        body: {
          idOracao: id,
          mensagem: 'a'.repeat(2001),
        },
      }),
      400,
      'mensagem',
    );
    expect(long.errors!.mensagem).toEqual(['No máximo 2000 caracteres.']);
    const longEs = expectFieldError(
      await call('POST', '/oracao/', {
        token: member.token,
        body: { idIgreja: graca, mensagem: 'a'.repeat(2001) },
        lang: 'es',
      }),
      400,
      'mensagem',
    );
    expect(longEs.errors!.mensagem).toEqual(['Como máximo 2000 caracteres.']);
    expectFieldError(
      await call('POST', '/oracao/mensagem/', {
        token: member.token,
        body: { idOracao: id, mensagem: 'a\u0000b' },
      }),
      400,
      'mensagem',
    );
    expectFieldError(
      await call('POST', '/oracao/', {
        token: member.token,
        body: {
          idIgreja: graca,
          mensagem: 'ok',
          nome: 'x\u0000',
        },
      }),
      400,
      'nome',
    );
    expectFieldError(
      await call('POST', '/oracao/', {
        token: member.token,
        body: { idIgreja: graca, mensagem: 'x\u0000' },
      }),
      400,
      'mensagem',
    );
    // a lone surrogate is text Postgres cannot store: a field error like NUL (server/http/storable-text.ts)
    expectFieldError(
      await call('POST', '/oracao/mensagem/', {
        token: member.token,
        body: { idOracao: id, mensagem: 'a\uD800b' },
      }),
      400,
      'mensagem',
    );
    const missing = expectFieldError(
      await call('POST', '/oracao/', { token: member.token, body: {} }),
      400,
    );
    expect(missing.errors).toMatchObject({
      idIgreja: ['Esse campo é obrigatório.'],
      mensagem: ['Esse campo é obrigatório.'],
    });
    expectFieldError(
      await call('POST', '/oracao/', {
        token: member.token,
        body: { idIgreja: 'abc', mensagem: 'x' },
      }),
      400,
      'idIgreja',
    );
    expectFieldError(
      await call('POST', '/oracao/', {
        token: member.token,
        body: { idIgreja: 2147483648, mensagem: 'x' },
      }),
      400,
      'idIgreja',
    );
    expectFieldError(
      await call('POST', '/oracao/', {
        token: member.token,
        body: { idIgreja: graca, mensagem: 42 },
      }),
      400,
      'mensagem',
    );
    expectFieldError(
      await call('POST', '/oracao/', {
        token: member.token,
        body: {
          idIgreja: graca,
          mensagem: 'x',
          flagPublicarMural: 'talvez',
        },
      }),
      400,
      'flagPublicarMural',
    );
    expectFieldError(
      await call('POST', '/oracao/', {
        token: member.token,
        body: {
          idIgreja: graca,
          mensagem: 'x',
          nome: 'n'.repeat(101),
        },
      }),
      400,
      'nome',
    );
    expect(
      expectFieldError(
        await call('POST', '/oracao/', { token: member.token, body: '{not json' }),
        400,
      ).message,
    ).toBe('Não foi possível realizar a solicitação.');
    expectFieldError(await call('POST', '/oracao/', { token: member.token, body: '[1,2]' }), 400);
    expectFieldError(await call('POST', '/oracao/', { token: member.token, body: 'null' }), 400);
    expectFieldError(
      await call('POST', '/oracao/orar/', { token: member.token, body: { idOracao: 'x' } }),
      400,
      'idOracao',
    );
    expectFieldError(
      await call('POST', '/oracao/orar/', { token: member.token, body: { idOracao: 2147483648 } }),
      400,
      'idOracao',
    );
    expectFieldError(
      await call('POST', '/oracao/orar/', { token: member.token, body: { idOracao: -1 } }),
      400,
      'idOracao',
    );
    expectFieldError(
      await call('POST', '/oracao/orar/', { token: member.token, body: {} }),
      400,
      'idOracao',
    );
    expectFieldError(
      await call('POST', '/oracao/orar/', { token: member.token, body: '{"idOracao":' }),
      400,
    );
    expectFieldError(
      await call('POST', '/oracao/mensagem/', {
        token: member.token,
        body: {
          idOracao: 99999999999,
          mensagem: 'x',
        },
      }),
      400,
      'idOracao',
    );
    expectFieldError(await call('DELETE', '/oracao/abc', { token: member.token }), 400, 'id');
    expectFieldError(
      await call('DELETE', '/oracao/2147483648', { token: member.token }),
      400,
      'id',
    );
    expectFieldError(await call('GET', '/user/oracao', { token: member.token }), 400, 'igreja');
    expectFieldError(
      await call('GET', '/user/oracao?igreja=x%00', { token: member.token }),
      400,
      'igreja',
    );
    expectFieldError(
      await call('GET', `/user/oracao/0?igreja=${graca}`, { token: member.token }),
      400,
      'id',
    );
    // a form post validates the same way
    const form = await postForm(member.token, { idIgreja: String(graca), mensagem: '' });
    expect(expectFieldError(form, 400, 'mensagem').errors!.mensagem).toEqual([
      'Esse campo é obrigatório.',
    ]);
  });

  it('posts a form with an image: checked by content, resized to webp, served publicly', async () => {
    const changesBefore = changed.length;
    const r = await postForm(
      member.token,
      {
        idIgreja: String(graca),
        mensagem: 'Pedido com foto da família.',
        nome: 'Maria',
        flagPublicarMural: 'true',
        flagReceberVisita: '1',
      },
      new Blob([new Uint8Array(await png(2400, 1600))]),
    );
    expect(r.status, JSON.stringify(r.body)).toBe(201);
    const { oracao } = prayerPostResponseSchema.parse(r.body);
    expect(oracao).toMatchObject({
      flagPublicarMural: true,
      flagReceberVisita: true,
      flagReceberLigacao: false,
    });
    expect(oracao.imagem).toMatch(/^\/api\/v1\/imagem\/oracao\/\d+-[a-f0-9]{16}\.webp$/);
    expect(changed.slice(changesBefore)).toEqual([graca]);
    expect((await wall()).oracoes[0]).toMatchObject({ id: oracao.id, imagem: oracao.imagem });
    const image = await api.request(oracao.imagem!);
    expect(image.status).toBe(200);
    expect(image.headers.get('content-type')).toBe('image/webp');
    const meta = await sharp(Buffer.from(await image.arrayBuffer())).metadata();
    expect(meta).toMatchObject({ format: 'webp', width: 1200, height: 800 });
    // a small image is not enlarged; an empty file part means "no image"
    const small = prayerPostResponseSchema.parse(
      (
        await postForm(
          member.token,
          { idIgreja: String(graca), mensagem: 'Pequena.' },
          new Blob([new Uint8Array(await png(300, 200))]),
        )
      ).body,
    );
    const smallMeta = await sharp(
      Buffer.from(await (await api.request(small.oracao.imagem!)).arrayBuffer()),
    ).metadata();
    expect(smallMeta.width).toBe(300);
    const none = prayerPostResponseSchema.parse(
      (
        await postForm(
          member.token,
          { idIgreja: String(graca), mensagem: 'Sem imagem.' },
          new Blob([]),
        )
      ).body,
    );
    expect(none.oracao.imagem).toBeNull();
    expect((await api.request('/api/v1/imagem/oracao/1-0000000000000000.webp')).status).toBe(404);
    expect((await api.request('/api/v1/imagem/oracao/..%2F..%2Fsecret.webp')).status).toBe(400);
  });

  it('refuses an oversize image (413) and a file that is not an image (415), in the request’s language', async () => {
    const before = (await mine()).length;
    const big = new Blob([new Uint8Array(PRAYER_IMAGE_MAX_BYTES + 1)]);
    const tooBig = expectFieldError(
      await postForm(member.token, { idIgreja: String(graca), mensagem: 'Grande.' }, big),
      413,
      'image',
    );
    expect(tooBig.message).toBe('A imagem pode ter no máximo 5 MB.');
    const tooBigEn = expectFieldError(
      await postForm(member.token, { idIgreja: String(graca), mensagem: 'Big.' }, big, 'en'),
      413,
      'image',
    );
    expect(tooBigEn.message).toBe('The image can have at most 5 MB.');
    const text = new Blob(['GIF89a not really an image'], { type: 'image/png' });
    const wrong = expectFieldError(
      await postForm(member.token, { idIgreja: String(graca), mensagem: 'Texto.' }, text),
      415,
      'image',
    );
    expect(wrong.message).toBe('Envie uma imagem JPEG, PNG ou WebP.');
    const gif = await sharp({ create: { width: 10, height: 10, channels: 3, background: '#fff' } })
      .gif()
      .toBuffer();
    expectFieldError(
      await postForm(
        member.token,
        { idIgreja: String(graca), mensagem: 'Gif.' },
        new Blob([new Uint8Array(gif)]),
      ),
      415,
      'image',
    );
    // nothing was created by the refused posts
    expect((await mine()).length).toBe(before);
    // a non-member with an image is refused before the image is looked at
    expectFieldError(
      await postForm(
        john.token,
        { idIgreja: String(graca), mensagem: 'Hi' },
        new Blob([new Uint8Array(await png(10, 10))]),
      ),
      403,
    );
  });
});
