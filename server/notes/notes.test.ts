import { randomUUID } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  noteConflictSchema,
  noteResponseSchema,
  notesListResponseSchema,
} from '../../contract/notes.ts';
import { createApi, type Api } from '../app.ts';
import type { DatabaseHandle } from '../db/client.ts';
import * as t from '../db/schema/index.ts';
import { DEMO_PASSWORD } from '../db/seed/churches.ts';
import { openTestDatabase, testBackends } from '../db/test-database.ts';
import { apiClient, expectFieldError, loginAs } from '../test-kit.ts';

describe.each(testBackends())('sermon notes on %s', (backend) => {
  let database: DatabaseHandle;
  let api: Api;
  let member: string; // membro@graca.demo
  let leader: string; // lider@graca.demo, another member of graca
  let john: string; // member@grace.demo, another church
  let graca: number;
  let grace: number;

  const { call } = apiClient(() => api, { lang: 'pt-BR' });
  const login = async (email: string) => (await loginAs(api, email, DEMO_PASSWORD)).token;
  const churchId = async (code: string) =>
    (
      await database.db
        .select({ id: t.churches.id })
        .from(t.churches)
        .where(eq(t.churches.code, code))
    )[0]!.id;
  const list = async (token = member, church = graca) =>
    notesListResponseSchema.parse(
      (await call('GET', `/user/nota-sermao?igreja=${church}&limit=999`, { token })).body,
    ).notas;
  const create = async (titulo: string, texto = '', chave = randomUUID()) => {
    const r = await call('POST', `/nota-sermao/?igreja=${graca}`, {
      token: member,
      body: { chave, titulo, texto },
    });
    expect(r.status, JSON.stringify(r.body)).toBe(201);
    return noteResponseSchema.parse(r.body).nota;
  };

  beforeAll(async () => {
    database = await openTestDatabase(backend);
    api = createApi({ db: database.db });
    [member, leader, john] = (await Promise.all(
      ['membro@graca.demo', 'lider@graca.demo', 'member@grace.demo'].map(login),
    )) as [string, string, string];
    graca = await churchId('graca');
    grace = await churchId('grace');
  });
  afterAll(() => database.close());

  it('lists the demo member’s three seeded notes, last changed first, with a summary', async () => {
    const notes = await list();
    expect(notes.length).toBe(3);
    const dates = notes.map((n) => n.dataUltimaAlteracao);
    expect([...dates].sort().reverse()).toEqual(dates);
    expect(notes.every((n) => n.titulo && n.resumo)).toBe(true);
    expect(await list(leader)).toEqual([]);
  });

  it('creates, reads, saves with the version and deletes a note', async () => {
    const note = await create('Culto de domingo', 'João 3:16');
    expect(note).toMatchObject({
      titulo: 'Culto de domingo',
      texto: 'João 3:16',
      versao: 1,
      igreja: graca,
    });
    const got = noteResponseSchema.parse(
      (await call('GET', `/nota-sermao/${note.id}`, { token: member })).body,
    ).nota;
    expect(got).toEqual(note);
    const saved = await call('PUT', `/nota-sermao/${note.id}?igreja=${graca}`, {
      token: member,
      body: {
        titulo: 'Culto de domingo',
        texto: 'João 3:16 e 17',
        versao: 1,
      },
    });
    expect(saved.status).toBe(200);
    expect(noteResponseSchema.parse(saved.body).nota).toMatchObject({
      texto: 'João 3:16 e 17',
      versao: 2,
    });
    expect((await list())[0]!.id).toBe(note.id);
    const gone = await call('DELETE', `/nota-sermao/${note.id}?versao=2`, { token: member });
    expect(gone.body).toEqual({ status: true, message: 'Anotação excluída.' });
    expectFieldError(await call('GET', `/nota-sermao/${note.id}`, { token: member }), 404);
  });

  it('a POST replayed with the same chave answers the same note, never a second one', async () => {
    const chave = randomUUID();
    const first = await create('Estudo de quarta', 'primeira linha', chave);
    const replay = await call('POST', `/nota-sermao/?igreja=${graca}`, {
      token: member,
      body: {
        chave,
        titulo: 'Estudo de quarta',
        texto: 'primeira linha',
      },
    });
    expect(replay.status).toBe(200);
    expect(noteResponseSchema.parse(replay.body).nota.id).toBe(first.id);
    expect((await list()).filter((n) => n.chave === chave).length).toBe(1);
  });

  it('a save carrying an older version is a 409 with the note as it is now', async () => {
    const note = await create('Duas abas', 'a');
    expect(
      (
        await call('PUT', `/nota-sermao/${note.id}`, {
          token: member,
          body: {
            titulo: 'Duas abas',
            texto: 'aba 1',
            versao: 1,
          },
        })
      ).status,
    ).toBe(200);
    const late = await call('PUT', `/nota-sermao/${note.id}`, {
      token: member,
      body: { titulo: 'Duas abas', texto: 'aba 2', versao: 1 },
      lang: 'en-US',
    });
    expect(late.status).toBe(409);
    const conflict = noteConflictSchema.parse(late.body);
    expect(conflict.atual).toMatchObject({ texto: 'aba 1', versao: 2 });
    expect(conflict.message).toMatch(/changed elsewhere/);
    // deleting with an old version is a conflict too; nothing lost
    expect(
      (await call('DELETE', `/nota-sermao/${note.id}?versao=1`, { token: member })).status,
    ).toBe(409);
    expect(
      noteResponseSchema.parse(
        (await call('GET', `/nota-sermao/${note.id}`, { token: member })).body,
      ).nota.texto,
    ).toBe('aba 1');
  });

  it('spec §4: a note cannot be saved without a title; bad input is a 400 per field in the request’s language', async () => {
    expectFieldError(
      await call('POST', `/nota-sermao/?igreja=${graca}`, {
        token: member,
        body: {
          chave: randomUUID(),
          titulo: '   ',
          texto: 'sem título',
        },
      }),
      400,
      'titulo',
    );
    const en = expectFieldError(
      await call('POST', `/nota-sermao/?igreja=${graca}`, {
        token: member,
        body: { chave: randomUUID(), texto: 'x' },
        lang: 'en-US',
      }),
      400,
      'titulo',
    );
    expect(en.errors!.titulo).toEqual(['This field is required.']);
    const pt = expectFieldError(
      await call('POST', `/nota-sermao/?igreja=${graca}`, {
        token: member,
        body: {
          chave: randomUUID(),
          titulo: '',
        },
      }),
      400,
      'titulo',
    );
    expect(pt.errors!.titulo).toEqual(['Esse campo é obrigatório.']);
    const note = await create('Com título');
    expectFieldError(
      await call('PUT', `/nota-sermao/${note.id}`, {
        token: member,
        body: { titulo: '', texto: 'x', versao: 1 },
      }),
      400,
      'titulo',
    );
    expectFieldError(
      await call('POST', `/nota-sermao/?igreja=${graca}`, {
        token: member,
        body: {
          chave: 'not-a-uuid',
          titulo: 'x',
        },
      }),
      400,
      'chave',
    );
    expectFieldError(
      await call('POST', `/nota-sermao/?igreja=${graca}`, {
        token: member,
        body: {
          chave: randomUUID(),
          titulo: 'nul\u0000',
        },
      }),
      400,
      'titulo',
    );
    expectFieldError(
      await call('POST', `/nota-sermao/?igreja=${graca}`, {
        token: member,
        body: {
          chave: randomUUID(),
          titulo: 'x',
          texto: 'lone \ud800',
        },
      }),
      400,
      'texto',
    );
    expectFieldError(
      await call('POST', `/nota-sermao/?igreja=${graca}`, { token: member, body: '{"chave":' }),
      400,
    );
    expectFieldError(
      await call('PUT', `/nota-sermao/${note.id}`, {
        token: member,
        body: { titulo: 'x', texto: 'y' },
      }),
      400,
      'versao',
    );
    expectFieldError(
      await call('GET', '/user/nota-sermao?igreja=abc', { token: member }),
      400,
      'igreja',
    );
    expectFieldError(
      await call('GET', `/user/nota-sermao?igreja=${graca}&limit=1000`, { token: member }),
      400,
      'limit',
    );
    expectFieldError(await call('GET', '/nota-sermao/99999999999', { token: member }), 400, 'id');
  });

  it('another member, a member of another church and a visitor can neither read nor change my notes', async () => {
    const note = await create('Só minha', 'segredo');
    for (const token of [leader, john]) {
      expectFieldError(await call('GET', `/nota-sermao/${note.id}`, { token }), 404);
      expectFieldError(
        await call('GET', `/nota-sermao/${note.id}?igreja=${graca}`, { token }),
        404,
      );
      expectFieldError(
        await call('PUT', `/nota-sermao/${note.id}`, {
          token,
          body: {
            titulo: 'hack',
            texto: '',
            versao: 1,
          },
        }),
        404,
      );
      expectFieldError(await call('DELETE', `/nota-sermao/${note.id}`, { token }), 404);
      // replaying my chave makes their own note (in their church, if they belong), never returns mine
      const replay = await call('POST', `/nota-sermao/?igreja=${graca}`, {
        token,
        body: {
          chave: note.chave,
          titulo: 'x',
        },
      });
      if (replay.status < 300)
        expect(noteResponseSchema.parse(replay.body).nota.id).not.toBe(note.id);
    }
    // John is no member of graca: neither its list nor a new note there
    expectFieldError(await call('GET', `/user/nota-sermao?igreja=${graca}`, { token: john }), 403);
    expectFieldError(
      await call('POST', `/nota-sermao/?igreja=${graca}`, {
        token: john,
        body: {
          chave: randomUUID(),
          titulo: 'x',
        },
      }),
      403,
    );
    // the note under another church id is not found either
    expectFieldError(
      await call('GET', `/nota-sermao/${note.id}?igreja=${grace}`, { token: member }),
      404,
    );
    expect((await list(john, grace)).some((n) => n.id === note.id)).toBe(false);
    for (const [method, url] of [
      ['GET', `/user/nota-sermao?igreja=${graca}`],
      ['GET', `/nota-sermao/${note.id}`],
      ['DELETE', `/nota-sermao/${note.id}`],
    ] as const) {
      expectFieldError(await call(method, url), 401);
    }
    const mine = noteResponseSchema.parse(
      (await call('GET', `/nota-sermao/${note.id}`, { token: member })).body,
    ).nota;
    expect(mine).toMatchObject({ titulo: 'Só minha', texto: 'segredo', versao: 1 });
  });
});
