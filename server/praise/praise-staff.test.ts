import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { and, asc, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { setListSchema, staffSongSchema } from '../../contract/praise-staff.ts';
import * as t from '../db/schema/index.ts';
import { testBackends } from '../db/test-database.ts';
import { apiClient } from '../test-kit.ts';
import { chordProToSong, songToChordPro } from './chordpro-file.ts';
import { teamSetLists } from './praise-staff.service.ts';
import { openWorshipWorld, type WorshipWorld } from './worship-staff.test-support.ts';

const SONG = `{title: Castelo Forte}
{subtitle: Ein feste Burg}
{artist: Martinho Lutero}
{key: C}
{tempo: Marcha}
{x_code: 581}
{x_theme: Confiança}

{c: Estrofe 1}
[C]Castelo forte é [G]nosso [C]Deus,
[F]espada e [C]bom es[G]cudo;

{c: Refrão}
[Am]Com seu po[Em]der de[F]fende os [G]seus`;

let dataDir: string;
beforeAll(async () => {
  dataDir = await mkdtemp(path.join(tmpdir(), 'praise-staff-'));
  process.env.DATA_DIR = dataDir;
});
afterAll(() => rm(dataDir, { recursive: true, force: true }));

describe('ChordPro files (chordpro-file.ts)', () => {
  it('reads the directives into fields and writes them back as they were', () => {
    const { meta, body } = chordProToSong(`\uFEFF${SONG.replace(/\n/g, '\r\n')}\r\n\r\n`);
    expect(meta).toMatchObject({ titulo: 'Castelo Forte', autor: 'Martinho Lutero', tom: 'C' });
    expect(body?.startsWith('{c: Estrofe 1}')).toBe(true);
    expect(songToChordPro(meta, body)).toBe(`${SONG}\n`);
  });
});

describe.each(testBackends())('staff songs and set lists on %s', (backend) => {
  let w: WorshipWorld;
  const songRows = () =>
    w.database.db
      .select()
      .from(t.praises)
      .where(eq(t.praises.churchId, w.graca))
      .orderBy(asc(t.praises.id));
  const setListRows = () =>
    w.database.db
      .select()
      .from(t.praiseSetLists)
      .where(eq(t.praiseSetLists.churchId, w.graca))
      .orderBy(asc(t.praiseSetLists.id));
  const lastAudit = async () =>
    (
      await w.database.db
        .select()
        .from(t.auditLog)
        .where(eq(t.auditLog.churchId, w.graca))
        .orderBy(asc(t.auditLog.id))
    ).at(-1);

  beforeAll(async () => {
    w = await openWorshipWorld(backend);
  }, 180_000);
  afterAll(() => w?.database.close());

  const fields = { titulo: 'Novo louvor', tom: 'G', cifra: '{c: Verso}\n[G]Santo, [D]santo' };

  it('creates, edits and deletes a song: admins and content editors only', async () => {
    const create = (token?: string) =>
      w.send('POST', '/admin/graca/louvor', token, { json: fields });
    await w.expectRefused(create, songRows, ['chat']);
    const made = await create(w.tokens.editor);
    expect(made.status).toBe(201);
    const song = staffSongSchema.parse(made.body);
    expect(song).toMatchObject({ titulo: 'Novo louvor', tom: 'G', tipoExibicao: 'CIFRA' });
    expect(w.purged).toEqual([w.graca]);
    expect(await lastAudit()).toMatchObject({ action: 'songs.create', kind: 'louvor' });

    const edit = (token?: string) =>
      w.send('PUT', `/admin/graca/louvor/${song.id}`, token, {
        json: { ...fields, titulo: 'Renomeado' },
      });
    await w.expectRefused(edit, songRows, ['chat']);
    expect((await edit(w.tokens.admin)).body).toMatchObject({ titulo: 'Renomeado' });

    const bad = await w.send('PUT', `/admin/graca/louvor/${song.id}`, w.tokens.admin, {
      json: { ...fields, tom: 'H' },
    });
    expect(bad.status).toBe(400);
    expect(bad.body.errors?.tom).toEqual(['Write a key such as G, Bb, F#m.']);

    // grace's admin cannot reach it under grace either
    expect(
      (await w.send('GET', `/admin/grace/louvor/${song.id}`, w.tokens.graceAdmin)).status,
    ).toBe(404);

    const remove = (token?: string) => w.send('DELETE', `/admin/graca/louvor/${song.id}`, token);
    await w.expectRefused(remove, songRows, ['chat']);
    expect((await remove(w.tokens.editor)).status).toBe(204);
    expect((await songRows()).some((r) => r.id === song.id)).toBe(false);
  });

  it('imports a ChordPro file and exports the same file; members read it as lines', async () => {
    const importIt = (token?: string) =>
      w.send('POST', '/admin/graca/louvor/importar', token, { json: { chordpro: SONG } });
    await w.expectRefused(importIt, songRows, ['chat']);
    const made = await importIt(w.tokens.editor);
    expect(made.status).toBe(201);
    const song = staffSongSchema.parse(made.body);
    expect(song).toMatchObject({
      titulo: 'Castelo Forte',
      subtitulo: 'Ein feste Burg',
      autor: 'Martinho Lutero',
      tom: 'C',
      ritmo: 'Marcha',
      codigo: '581',
      tema: 'Confiança',
    });
    const exported = await w.send(
      'GET',
      `/admin/graca/louvor/${song.id}/chordpro`,
      w.tokens.editor,
    );
    expect(exported.status).toBe(200);
    expect(exported.text).toBe(`${SONG}\n`);

    const member = await w.send('GET', `/louvor/${song.id}?igreja=${w.graca}`, undefined);
    expect(member.body.tipoExibicao).toBe('CIFRA');
    expect((member.body.letra as unknown[])[0]).toEqual({ tipo: 'secao', texto: 'Estrofe 1' });

    const preview = await w.send('POST', '/admin/graca/louvor/previa', w.tokens.editor, {
      json: { cifra: song.cifra },
    });
    expect(preview.body.letra).toEqual(member.body.letra);

    const untitled = await w.send('POST', '/admin/graca/louvor/importar', w.tokens.editor, {
      json: { chordpro: '[G]Sem título' },
    });
    expect(untitled.status).toBe(400);
    expect(untitled.body.errors?.chordpro).toBeDefined();
  });

  it('takes a score PDF checked by its content, and serves it', async () => {
    const [song] = await songRows();
    const upload = (token: string | undefined, bytes: string, name = 'score.pdf') => {
      const form = new FormData();
      form.append('arquivo', new File([bytes], name, { type: 'application/pdf' }));
      return w.send('POST', `/admin/graca/louvor/${song!.id}/partitura`, token, { form });
    };
    const pdf = '%PDF-1.4\n1 0 obj << >> endobj\ntrailer << >>\n%%EOF\n';
    await w.expectRefused((token) => upload(token, pdf), songRows, ['chat']);

    const notPdf = await upload(w.tokens.editor, '<html><script>alert(1)</script></html>');
    expect(notPdf.status).toBe(415);
    expect(notPdf.body.message).toBe('The file is not a PDF.');
    expect(await songRows()).toEqual(await songRows());

    const made = await upload(w.tokens.editor, pdf, 'Partitura coral.pdf');
    expect(made.status).toBe(201);
    const scores = staffSongSchema.parse(made.body).partituras;
    const score = scores.at(-1)!;
    expect(score).toMatchObject({ nome: 'Partitura coral', tipo: 'pdf' });
    expect(score.url).toMatch(/^\/api\/v1\/arquivo\/partitura\/\d+-[a-f0-9]{16}\.pdf$/);
    const served = await apiClient(w.api).raw('GET', score.url);
    expect(served.status).toBe(200);
    expect(served.headers.get('content-type')).toBe('application/pdf');
    expect(await served.text()).toBe(pdf);

    const index = scores.length - 1;
    const remove = (token?: string) =>
      w.send('DELETE', `/admin/graca/louvor/${song!.id}/partitura/${index}`, token);
    await w.expectRefused(remove, songRows, ['chat']);
    expect((await remove(w.tokens.admin)).status).toBe(200);
    expect((await apiClient(w.api).raw('GET', score.url)).status).toBe(404);
  });

  it('shows the team the set lists from the church’s yesterday on, on its clock', async () => {
    // Sunday 22:30 in Brasília is Monday 01:30 UTC: Saturday's list is the church's yesterday, not UTC's
    const [saturday] = await w.database.db
      .insert(t.praiseSetLists)
      .values({ churchId: w.graca, title: 'Ensaio de sábado', date: '2026-12-05' })
      .returning();
    try {
      const ids = async (at: string) =>
        (await teamSetLists(w.database.db, w.graca, new Date(at))).map((l) => l.id);
      expect(await ids('2026-12-07T01:30:00Z')).toContain(saturday!.id);
      expect(await ids('2026-12-07T03:30:00Z')).not.toContain(saturday!.id); // Monday 00:30 there
    } finally {
      await w.database.db.delete(t.praiseSetLists).where(eq(t.praiseSetLists.id, saturday!.id));
    }
  });

  it('keeps set lists the team reads at /praise', async () => {
    const songs = await songRows();
    const input = {
      titulo: 'Culto de domingo',
      data: new Date(Date.now() + 3 * 86_400_000).toISOString().slice(0, 10),
      observacao: 'Ensaio às 8h',
      itens: [
        { louvorId: songs[0]!.id, tom: 'D' },
        { louvorId: songs[1]!.id, tom: null },
      ],
    };
    const create = (token?: string) =>
      w.send('POST', '/admin/graca/repertorio', token, { json: input });
    await w.expectRefused(create, setListRows, ['chat']);
    const made = await create(w.tokens.editor);
    expect(made.status).toBe(201);
    const list = setListSchema.parse(made.body);
    expect(list.itens.map((i) => i.tom)).toEqual(['D', null]);
    expect(list.observacao).toBe('Ensaio às 8h');

    // a song of another church cannot be put in
    const [graceSong] = await w.database.db
      .select()
      .from(t.praises)
      .where(and(eq(t.praises.churchId, w.grace)));
    const foreign = await w.send('PUT', `/admin/graca/repertorio/${list.id}`, w.tokens.admin, {
      json: { ...input, itens: [{ louvorId: graceSong!.id, tom: null }] },
    });
    expect(foreign.status).toBe(422);

    const team = await w.send('GET', '/igreja/graca/louvor-repertorio', w.tokens.member);
    expect(team.status).toBe(200);
    expect(team.body.repertorios).toContainEqual(
      expect.objectContaining({ id: list.id, observacao: 'Ensaio às 8h' }),
    );
    expect((await w.send('GET', '/igreja/graca/louvor-repertorio', undefined)).status).toBe(401);

    const update = (token?: string) =>
      w.send('PUT', `/admin/graca/repertorio/${list.id}`, token, {
        json: { ...input, titulo: 'Culto da noite' },
      });
    await w.expectRefused(update, setListRows, ['chat']);
    expect((await update(w.tokens.admin)).body).toMatchObject({ titulo: 'Culto da noite' });
    // the notes are edited (line breaks kept) and read back; sending none clears them
    const noted = await w.send('PUT', `/admin/graca/repertorio/${list.id}`, w.tokens.editor, {
      json: { ...input, observacao: 'Ensaio às 7h30\nFinal com o refrão' },
    });
    expect(noted.body).toMatchObject({ observacao: 'Ensaio às 7h30\nFinal com o refrão' });
    const listed = await w.send('GET', '/admin/graca/repertorio', w.tokens.editor);
    expect(listed.body.repertorios).toContainEqual(
      expect.objectContaining({ id: list.id, observacao: 'Ensaio às 7h30\nFinal com o refrão' }),
    );
    const cleared = await w.send('PUT', `/admin/graca/repertorio/${list.id}`, w.tokens.editor, {
      json: { ...input, observacao: null },
    });
    expect(cleared.body).toMatchObject({ observacao: null });
    const remove = (token?: string) =>
      w.send('DELETE', `/admin/graca/repertorio/${list.id}`, token);
    await w.expectRefused(remove, setListRows, ['chat']);
    expect((await remove(w.tokens.admin)).status).toBe(204);
  });
});
