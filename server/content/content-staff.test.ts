import { mkdtempSync } from 'node:fs';
import { readdir, stat } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { and, eq, sql } from 'drizzle-orm';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { apiErrorSchema } from '../../contract/common.ts';
import {
  staffCategoriesSchema,
  staffCategorySchema,
  staffContentConflictSchema,
  staffContentListSchema,
  staffContentSchema,
  staffImageUploadSchema,
  staffPreviewSchema,
  type StaffContent,
} from '../../contract/content-staff.ts';
import { newsListResponseSchema, podcastEpisodesResponseSchema } from '../../contract/content.ts';
import { createApi, type Api } from '../app.ts';
import { createChangeFeed } from '../changes.ts';
import { openDatabase, type DatabaseHandle } from '../db/client.ts';
import * as t from '../db/schema/index.ts';
import { openTestDatabase, testBackends } from '../db/test-database.ts';
import { apiClient, loginAs } from '../test-kit.ts';
import { JOBS } from '../jobs/index.ts';
import { createJobRunner } from '../jobs/runner.ts';
import { sanitizeRichText } from '../../common/rich-text.ts';
import { XSS_FIXTURE_TITLE } from '../db/seed/content.ts';
import { PUBLIC_DIR } from './audio-length.ts';
import { publishScheduledJob } from './publish-scheduled.job.ts';

// One folder for both backends: the image routes read DATA_DIR once.
process.env.DATA_DIR = mkdtempSync(path.join(tmpdir(), 'content-staff-'));

describe.each(testBackends())('staff content calls on %s', (backend) => {
  let database: DatabaseHandle;
  let second: DatabaseHandle | undefined;
  let api: Api;
  const changed: number[] = [];
  const tokens: Record<string, string> = {};
  let graca: number;

  type Answer = { status: number; body: Record<string, unknown> };
  const client = apiClient(() => api);
  const call = async (
    method: string,
    url: string,
    who?: string,
    body?: unknown,
    lang = 'en',
  ): Promise<Answer> => {
    const token = who ? tokens[who] : undefined;
    const res = await client.call<Record<string, unknown> | null>(method, url, {
      token,
      body,
      lang,
    });
    return { status: res.status, body: res.body ?? {} };
  };
  const A = '/admin/graca/conteudo';

  const login = async (email: string) => (await loginAs(api, email)).token;

  const row = async (id: number) =>
    (await database.db.select().from(t.contents).where(eq(t.contents.id, id)))[0];

  const create = async (who: string, body: Record<string, unknown>, kind = 'noticia') => {
    const res = await call('POST', `${A}/${kind}`, who, body);
    expect(res.status, JSON.stringify(res.body)).toBe(201);
    return staffContentSchema.parse(res.body);
  };

  const png = (width: number, height: number) =>
    sharp({ create: { width, height, channels: 3, background: { r: 30, g: 120, b: 200 } } })
      .png()
      .toBuffer();
  const form = (bytes: Buffer, name = 'capa.png', type = 'image/png') => {
    const data = new FormData();
    data.set('imagem', new File([new Uint8Array(bytes)], name, { type }));
    return data;
  };

  beforeAll(async () => {
    database = await openTestDatabase(backend);
    if (backend === 'postgres') {
      const result = (await database.db.execute(
        'select current_database() as name',
      )) as unknown as { rows: { name: string }[] };
      const url = new URL(process.env.TEST_DATABASE_URL!);
      url.pathname = `/${result.rows[0]!.name}`;
      second = await openDatabase(url.toString());
    }
    const changes = createChangeFeed();
    changes.onChurchChanged((id) => changed.push(id));
    api = createApi({ db: database.db, changes });
    for (const [who, email] of [
      ['admin', 'lider@graca.demo'],
      ['editor', 'editor@graca.demo'],
      ['member', 'membro@graca.demo'],
      ['grace', 'admin@grace.demo'],
    ] as const)
      tokens[who] = await login(email);
    graca = (await database.db.select().from(t.churches).where(eq(t.churches.slug, 'graca')))[0]!
      .id;
  }, 180_000);
  afterAll(async () => {
    await second?.close();
    await database?.close();
  });

  describe('who may write', () => {
    /** Each write of the area, against a fresh draft; `changedRow` tells whether it took effect. */
    const writes: {
      name: string;
      run: (who: string | undefined, item: StaffContent) => Promise<Answer>;
      ok: number;
    }[] = [
      {
        name: 'create',
        run: (who) => call('POST', `${A}/noticia`, who, { titulo: 'Criada por quem?' }),
        ok: 201,
      },
      {
        name: 'update',
        run: (who, item) =>
          call('PUT', `${A}/noticia/${item.id}`, who, { titulo: 'Mudou', versao: item.versao }),
        ok: 200,
      },
      {
        name: 'publish',
        run: (who, item) =>
          call('POST', `${A}/noticia/${item.id}/estado`, who, {
            status: 'publicado',
            versao: item.versao,
          }),
        ok: 200,
      },
      {
        name: 'schedule',
        run: (who, item) =>
          call('POST', `${A}/noticia/${item.id}/estado`, who, {
            status: 'agendado',
            versao: item.versao,
            publicadoEm: new Date(Date.now() + 3_600_000).toISOString(),
          }),
        ok: 200,
      },
      {
        name: 'archive',
        run: (who, item) =>
          call('POST', `${A}/noticia/${item.id}/estado`, who, {
            status: 'arquivado',
            versao: item.versao,
          }),
        ok: 200,
      },
      {
        name: 'delete',
        run: (who, item) => call('DELETE', `${A}/noticia/${item.id}?versao=${item.versao}`, who),
        ok: 200,
      },
    ];

    for (const write of writes)
      it(`${write.name}: the admin and the content editor may; a member, a visitor and another church's admin may not, and nothing changes`, async () => {
        for (const [who, status] of [
          ['member', 403],
          [undefined, 401],
          ['grace', 403],
        ] as const) {
          const item = await create('admin', { titulo: `Rascunho ${write.name}` });
          const before = await row(item.id);
          const audits = await database.db.$count(t.auditLog, eq(t.auditLog.churchId, graca));
          const count = await database.db.$count(t.contents, eq(t.contents.churchId, graca));
          const res = await write.run(who, item);
          expect(res.status, `${write.name} by ${who ?? 'a visitor'}`).toBe(status);
          apiErrorSchema.parse(res.body);
          expect(await row(item.id)).toEqual(before);
          expect(await database.db.$count(t.contents, eq(t.contents.churchId, graca))).toBe(count);
          expect(await database.db.$count(t.auditLog, eq(t.auditLog.churchId, graca))).toBe(audits);
        }
        for (const who of ['admin', 'editor']) {
          const item = await create('admin', { titulo: `Rascunho ${write.name} ${who}` });
          const res = await write.run(who, item);
          expect(res.status, `${write.name} by ${who}: ${JSON.stringify(res.body)}`).toBe(write.ok);
        }
      });

    it('categories: create, rename and delete for staff only, in the public table', async () => {
      const names = ['member', undefined, 'grace'] as const;
      const categories = () =>
        database.db.$count(t.contentCategories, eq(t.contentCategories.churchId, graca));
      const before = await categories();
      for (const who of names) {
        const res = await call('POST', `${A}/noticia/categorias`, who, { nome: 'Missões novas' });
        expect(res.status).toBe(who ? 403 : 401);
      }
      expect(await categories()).toBe(before);
      const byAdmin = staffCategorySchema.parse(
        (await call('POST', `${A}/devocional/categorias`, 'admin', { nome: 'Oração da manhã' }))
          .body,
      );
      expect(byAdmin.slug).toBe('oracao-da-manha');
      const created = staffCategorySchema.parse(
        (await call('POST', `${A}/noticia/categorias`, 'editor', { nome: 'Missões urbanas' })).body,
      );
      expect(created.slug).toBe('missoes-urbanas');
      const dup = await call('POST', `${A}/noticia/categorias`, 'admin', {
        nome: 'Missões Urbanas',
      });
      expect(dup.status).toBe(409);
      expect(apiErrorSchema.parse(dup.body).errors?.nome).toBeTruthy();
      for (const who of names) {
        expect(
          (await call('PUT', `${A}/noticia/categorias/${created.id}`, who, { nome: 'X' })).status,
        ).toBe(who ? 403 : 401);
        expect((await call('DELETE', `${A}/noticia/categorias/${created.id}`, who)).status).toBe(
          who ? 403 : 401,
        );
      }
      const [stored] = await database.db
        .select()
        .from(t.contentCategories)
        .where(eq(t.contentCategories.id, created.id));
      expect(stored?.name).toBe('Missões urbanas');
      expect(
        (await call('PUT', `${A}/noticia/categorias/${created.id}`, 'admin', { nome: 'Missões' }))
          .status,
      ).toBe(200);
      const public_ = await call('GET', '/igreja/graca/noticia-categoria');
      expect(JSON.stringify(public_.body)).toContain('Missões');
      const listed = staffCategoriesSchema.parse(
        (await call('GET', `${A}/noticia/categorias`, 'editor')).body,
      );
      expect(listed.categorias.find((c) => c.id === created.id)?.nome).toBe('Missões');
      // Another church's category id is not this church's.
      const grace = staffCategorySchema.parse(
        (
          await call('POST', '/admin/grace/conteudo/noticia/categorias', 'grace', {
            nome: 'Outreach at the park',
          })
        ).body,
      );
      expect((await call('DELETE', `${A}/noticia/categorias/${grace.id}`, 'admin')).status).toBe(
        404,
      );
      const bad = await call('POST', `${A}/noticia`, 'admin', {
        titulo: 'Com categoria alheia',
        categoriaId: grace.id,
      });
      expect(bad.status).toBe(400);
      expect(apiErrorSchema.parse(bad.body).errors?.categoriaId).toBeTruthy();
      expect((await call('DELETE', `${A}/noticia/categorias/${created.id}`, 'editor')).status).toBe(
        200,
      );
      const publications = staffCategoriesSchema.parse(
        (await call('GET', `${A}/publicacao/categorias`, 'editor')).body,
      );
      expect(publications.categorias.length).toBeGreaterThan(0); // the publication types
    });

    it('the cover upload: staff only; a file that is not an image is a 415', async () => {
      const image = await png(2000, 1000);
      const uploads = path.join(process.env.DATA_DIR!, 'files', 'uploads', 'conteudo'); // the local file store
      const stored = () =>
        readdir(uploads).then(
          (files) => files.length,
          () => 0,
        );
      const before = await stored();
      expect((await call('POST', `${A}/imagem`, 'member', form(image))).status).toBe(403);
      expect((await call('POST', `${A}/imagem`, undefined, form(image))).status).toBe(401);
      expect((await call('POST', `${A}/imagem`, 'grace', form(image))).status).toBe(403);
      expect(await stored()).toBe(before); // nothing written for the refused
      expect((await call('POST', `${A}/imagem`, 'admin', form(image))).status).toBe(201);
      expect(await stored()).toBe(before + 1);
      const ok = await call('POST', `${A}/imagem`, 'editor', form(image));
      expect(ok.status).toBe(201);
      const { imagem } = staffImageUploadSchema.parse(ok.body);
      expect(imagem.url).toMatch(/^\/api\/v1\/imagem\/conteudo\/\d+-[a-f0-9]{16}\.webp$/);
      expect(imagem).toMatchObject({ largura: 1600, altura: 800 });
      const served = await client.raw('GET', imagem.url);
      expect(served.status).toBe(200);
      expect(served.headers.get('content-type')).toContain('image/webp');
      const text = await call(
        'POST',
        `${A}/imagem`,
        'editor',
        form(Buffer.from('<svg onload="alert(1)"/>'), 'x.png'),
      );
      expect(text.status).toBe(415);
      expect(apiErrorSchema.parse(text.body).errors?.imagem).toBeTruthy();
      // The stored path saves on the item with its size.
      const item = await create('editor', { titulo: 'Com capa', imagem });
      expect(item.imagem).toEqual(imagem);
      expect(await row(item.id)).toMatchObject({ imageWidth: 1600, imageHeight: 800 });
      // a stock cover the product ships (the demo items') saves back unchanged; other paths do not
      const stock = { url: '/content/news-1.svg', largura: 1200, altura: 675 };
      const saved = await call('PUT', `${A}/noticia/${item.id}`, 'editor', {
        titulo: 'Com capa de estoque',
        imagem: stock,
        versao: item.versao,
      });
      expect(saved.status, JSON.stringify(saved.body)).toBe(200);
      expect(saved.body.imagem).toEqual(stock);
      for (const url of ['/content/../uploads/x.svg', '/etc/passwd', '//evil.test/x.png']) {
        const refused = await call('PUT', `${A}/noticia/${item.id}`, 'editor', {
          titulo: 'Com capa de estoque',
          imagem: { ...stock, url },
          versao: saved.body.versao,
        });
        expect(refused.status, url).toBe(400);
      }
    });

    it('a body keeps an uploaded image with its alt text and a YouTube video, and drops the rest', async () => {
      const ok = await call('POST', `${A}/imagem`, 'editor', form(await png(1200, 800)));
      const { imagem } = staffImageUploadSchema.parse(ok.body);
      const other = imagem.url.replace(/\/(\d+)-/, (_m, id: string) => `/${Number(id) + 1}-`);
      const item = await create('editor', {
        titulo: 'Culto com coral',
        corpo:
          `<p>Veja:</p><img src="${imagem.url}" alt="O coral" width="1200" height="800">` +
          `<img src="${other}" alt="de outra igreja"><img src="data:image/png;base64,iVBORw0KGgo=" alt="colada">` +
          '<iframe src="https://www.youtube.com/embed/dQw4w9WgXcQ" title="Culto"></iframe>' +
          '<iframe src="https://evil.example/embed/x"></iframe>',
      });
      expect(item.corpo).toBe(
        `<p>Veja:</p><img src="${imagem.url}" alt="O coral" width="1200" height="800" loading="lazy" decoding="async" />` +
          '<iframe src="https://www.youtube-nocookie.com/embed/dQw4w9WgXcQ" title="Culto" width="560" height="315" loading="lazy" allow="encrypted-media; fullscreen; picture-in-picture" allowfullscreen referrerpolicy="strict-origin-when-cross-origin"></iframe>',
      );
      expect((await row(item.id))?.body).toBe(item.corpo);
      // the preview prints it with the same policy
      const preview = staffPreviewSchema.parse(
        (await call('GET', `${A}/noticia/${item.id}/previa`, 'editor')).body,
      );
      expect(preview.corpoSanitizado).toBe(item.corpo);
    });

    it('a staff role without the content area (the treasurer) gets 403 and nothing is made', async () => {
      const [membership] = await database.db
        .select({ id: t.churchUsers.id })
        .from(t.churchUsers)
        .innerJoin(t.users, eq(t.users.id, t.churchUsers.userId))
        .where(and(eq(t.users.email, 'membro@graca.demo'), eq(t.churchUsers.churchId, graca)));
      const id = membership!.id;
      await database.db
        .update(t.churchUsers)
        .set({ roles: ['ROLE_ADMIN_FINANCE'] })
        .where(eq(t.churchUsers.id, id));
      try {
        const count = await database.db.$count(t.contents, eq(t.contents.churchId, graca));
        const res = await call('POST', `${A}/noticia`, 'member', { titulo: 'Tesouraria' }, 'pt');
        expect(res.status).toBe(403);
        expect(apiErrorSchema.parse(res.body).message).toMatch(/não tem acesso/);
        expect((await call('GET', `${A}/noticia`, 'member')).status).toBe(403);
        expect(await database.db.$count(t.contents, eq(t.contents.churchId, graca))).toBe(count);
      } finally {
        await database.db.update(t.churchUsers).set({ roles: [] }).where(eq(t.churchUsers.id, id));
      }
    });
  });

  describe('the editor', () => {
    it('lists every state with search, status and category filters, paged', async () => {
      const draft = await create('editor', {
        titulo: 'Retiro de Jovens Açaí',
        palavrasChave: ['acampamento'],
      });
      const all = staffContentListSchema.parse((await call('GET', `${A}/noticia`, 'editor')).body);
      expect(all.total).toBeGreaterThan(14); // the seed's published news plus the drafts
      expect(all.itens.length).toBeLessThanOrEqual(20);
      const found = staffContentListSchema.parse(
        (await call('GET', `${A}/noticia?busca=acai`, 'editor')).body,
      );
      expect(found.itens.map((i) => i.id)).toContain(draft.id);
      const byKeyword = staffContentListSchema.parse(
        (await call('GET', `${A}/noticia?busca=ACAMPAMENTO`, 'editor')).body,
      );
      expect(byKeyword.itens.map((i) => i.id)).toEqual([draft.id]);
      const drafts = staffContentListSchema.parse(
        (await call('GET', `${A}/noticia?status=rascunho`, 'editor')).body,
      );
      expect(drafts.itens.every((i) => i.status === 'rascunho')).toBe(true);
      const published = staffContentListSchema.parse(
        (await call('GET', `${A}/noticia?status=publicado&page=1`, 'editor')).body,
      );
      expect(published.total).toBe(
        newsListResponseSchema.parse((await call('GET', '/igreja/graca/noticia')).body).total,
      );
      const podcast = staffContentListSchema.parse(
        (await call('GET', `${A}/podcast`, 'editor')).body,
      );
      expect(podcast.total).toBeGreaterThan(0);
      expect((await call('GET', `${A}/noticia?status=outro`, 'editor')).status).toBe(400);
    });

    it('refuses a stale version with 409 and the item as it is now', async () => {
      const item = await create('editor', { titulo: 'Duas mãos' });
      const first = await call('PUT', `${A}/noticia/${item.id}`, 'admin', {
        titulo: 'Versão do líder',
        versao: item.versao,
      });
      expect(first.status).toBe(200);
      const second = await call('PUT', `${A}/noticia/${item.id}`, 'editor', {
        titulo: 'Versão da editora',
        versao: item.versao,
      });
      expect(second.status).toBe(409);
      const conflict = staffContentConflictSchema.parse(second.body);
      expect(conflict.atual).toMatchObject({ titulo: 'Versão do líder', versao: item.versao + 1 });
      expect(conflict.message).toMatch(/Someone else saved/);
      expect((await row(item.id))?.title).toBe('Versão do líder');
      const state = await call('POST', `${A}/noticia/${item.id}/estado`, 'editor', {
        status: 'publicado',
        versao: item.versao,
      });
      expect(state.status).toBe(409);
      expect((await row(item.id))?.status).toBe('rascunho');
    });

    it('strips scripts and event handlers from the body and refuses overlong fields by field', async () => {
      const item = await create('editor', {
        titulo: 'Texto perigoso',
        corpo:
          '<p onclick="x()">Olá<script>alert(1)</script></p><img src="/x.png" onerror="alert(2)"><a href="javascript:alert(3)">link</a>',
      });
      expect(item.corpo).not.toMatch(/script|onerror|onclick|javascript/i);
      expect(item.corpo).toContain('<p>Olá</p>');
      expect((await row(item.id))?.body).toBe(item.corpo);

      const long = await call('POST', `${A}/noticia`, 'editor', { titulo: 'x'.repeat(201) }, 'pt');
      expect(long.status).toBe(400);
      expect(apiErrorSchema.parse(long.body).errors?.titulo).toEqual(['No máximo 200 caracteres.']);
      const many = await call('POST', `${A}/noticia`, 'editor', {
        titulo: 'ok',
        resumo: 'r'.repeat(501),
        corpo: 'c'.repeat(200 * 1024 + 1),
        palavrasChave: ['k'.repeat(41)],
      });
      expect(Object.keys(apiErrorSchema.parse(many.body).errors ?? {}).sort()).toEqual([
        'corpo',
        'palavrasChave.0',
        'resumo',
      ]);
      // Kind details are checked per kind.
      const wrong = await call('POST', `${A}/noticia`, 'editor', {
        titulo: 'ok',
        detalhes: { professor: 'Ana' },
      });
      expect(wrong.status).toBe(400);
      const video = await call('POST', `${A}/video`, 'editor', {
        titulo: 'Culto',
        detalhes: { videoId: 'curto' },
      });
      expect(apiErrorSchema.parse(video.body).errors?.['detalhes.videoId']).toBeTruthy();
      const ebd = await create(
        'editor',
        { titulo: 'Classe de Casais', detalhes: { professor: 'Pr. Paulo', horario: '9h' } },
        'ebd',
      );
      expect(ebd.slug).toBe('classe-de-casais');
      expect(ebd.detalhes).toMatchObject({ professor: 'Pr. Paulo', horario: '9h', local: null });
    });

    it('the editor reads a stored body cleaned by the save’s sanitiser, never its active markup', async () => {
      // graca's seeded XSS example (server/db/seed/content.ts): stored raw, as an old import would
      const [stored] = await database.db
        .select({ id: t.contents.id, body: t.contents.body })
        .from(t.contents)
        .where(and(eq(t.contents.churchId, graca), eq(t.contents.title, XSS_FIXTURE_TITLE)));
      expect(stored!.body).toMatch(/onerror=/);
      const read = await call('GET', `${A}/noticia/${stored!.id}`, 'editor');
      expect(read.status).toBe(200);
      const item = staffContentSchema.parse(read.body);
      expect(item.corpo).not.toMatch(/<script|onload|onerror|javascript:/i);
      expect(item.corpo).toBe(sanitizeRichText(stored!.body, { churchId: graca }));
      // a body image must be the church's own upload: the seed's site picture is not one
      expect(item.corpo).not.toContain('<img');
      // the stored row is left as it was: only a save writes the body
      const [after] = await database.db
        .select({ body: t.contents.body })
        .from(t.contents)
        .where(eq(t.contents.id, stored!.id));
      expect(after!.body).toBe(stored!.body);
    });

    it('a draft is not public; published it is; unpublished and archived it goes; only drafts are deleted', async () => {
      const item = await create('editor', { titulo: 'Aviso do bazar beneficente' });
      expect((await row(item.id))?.active).toBe(false);
      const listed = async () =>
        newsListResponseSchema
          .parse((await call('GET', '/igreja/graca/noticia?busca=bazar beneficente')).body)
          .noticias.map((n) => n.id);
      expect(await listed()).not.toContain(item.id);
      expect((await call('GET', `/igreja/graca/noticia/${item.id}`)).status).toBe(404);

      const preview = staffPreviewSchema.parse(
        (await call('GET', `${A}/noticia/${item.id}/previa`, 'editor')).body,
      );
      expect(preview).toMatchObject({ status: 'rascunho', item: { titulo: item.titulo } });
      expect((await call('GET', `${A}/noticia/${item.id}/previa`, 'member')).status).toBe(403);

      changed.length = 0;
      const published = staffContentSchema.parse(
        (
          await call('POST', `${A}/noticia/${item.id}/estado`, 'editor', {
            status: 'publicado',
            versao: item.versao,
          })
        ).body,
      );
      expect(changed).toContain(graca);
      expect(published).toMatchObject({ status: 'publicado', versao: item.versao + 1 });
      expect(await row(item.id)).toMatchObject({ active: true, status: 'publicado' });
      expect(await listed()).toContain(item.id);
      expect((await call('GET', `/igreja/graca/noticia/${item.id}`)).status).toBe(200);
      expect(
        (await call('DELETE', `${A}/noticia/${item.id}?versao=${published.versao}`, 'editor'))
          .status,
      ).toBe(409);

      const draft = staffContentSchema.parse(
        (
          await call('POST', `${A}/noticia/${item.id}/estado`, 'editor', {
            status: 'rascunho',
            versao: published.versao,
          })
        ).body,
      );
      expect(await row(item.id)).toMatchObject({ active: false, status: 'rascunho' });
      expect(await listed()).not.toContain(item.id);
      const archived = staffContentSchema.parse(
        (
          await call('POST', `${A}/noticia/${item.id}/estado`, 'editor', {
            status: 'arquivado',
            versao: draft.versao,
          })
        ).body,
      );
      expect(archived.status).toBe('arquivado');
      expect((await row(item.id))?.active).toBe(false);

      const past = await call('POST', `${A}/noticia/${item.id}/estado`, 'editor', {
        status: 'agendado',
        versao: archived.versao,
        publicadoEm: new Date(Date.now() - 60_000).toISOString(),
      });
      expect(past.status).toBe(400);
      expect(apiErrorSchema.parse(past.body).errors?.publicadoEm).toBeTruthy();

      const gone = await create('editor', { titulo: 'Vai sumir' });
      expect((await call('DELETE', `${A}/noticia/${gone.id}`, 'editor')).status).toBe(200);
      expect(await row(gone.id)).toBeUndefined();
      const log = await database.db
        .select({ action: t.auditLog.action })
        .from(t.auditLog)
        .where(and(eq(t.auditLog.churchId, graca), eq(t.auditLog.targetId, String(item.id))));
      expect(log.map((l) => l.action).sort()).toEqual(
        ['content.archive', 'content.create', 'content.publish', 'content.unpublish'].sort(),
      );
    });

    it('a podcast episode needs its audio before it goes public, then shows in the feed', async () => {
      const episode = await create(
        'editor',
        { titulo: 'Episódio de teste da equipe', resumo: 'Conversa sobre missões' },
        'podcast',
      );
      expect(episode).toMatchObject({ status: 'rascunho', detalhes: { audio: null } });
      const early = await call('POST', `${A}/podcast/${episode.id}/estado`, 'editor', {
        status: 'publicado',
        versao: episode.versao,
      });
      expect(early.status).toBe(400);
      expect(apiErrorSchema.parse(early.body).errors?.['detalhes.audio']).toBeTruthy();
      const withAudio = staffContentSchema.parse(
        (
          await call('PUT', `${A}/podcast/${episode.id}`, 'editor', {
            titulo: episode.titulo,
            detalhes: { audio: 'https://cdn.example.org/ep.mp3', duracaoSegundos: 1800 },
            versao: episode.versao,
          })
        ).body,
      );
      expect(withAudio.detalhes).toEqual({
        audio: 'https://cdn.example.org/ep.mp3',
        duracaoSegundos: 1800,
      });
      const published = await call('POST', `${A}/podcast/${episode.id}/estado`, 'editor', {
        status: 'publicado',
        versao: withAudio.versao,
      });
      expect(published.status).toBe(200);
      const [show] = await database.db
        .select()
        .from(t.podcasts)
        .where(eq(t.podcasts.churchId, graca));
      const feed = await call('GET', `/podcast/anchor/${show!.code}?busca=episodio de teste`);
      expect(JSON.stringify(feed.body)).toContain('Episódio de teste da equipe');
      // a file of the site is measured when it is saved: the feed's enclosure states its real length
      const local = await call('PUT', `${A}/podcast/${episode.id}`, 'editor', {
        titulo: episode.titulo,
        detalhes: { audio: '/content/audio/silence.mp3' },
        versao: staffContentSchema.parse(published.body).versao,
      });
      expect(local.status).toBe(200);
      const measured = podcastEpisodesResponseSchema.parse(
        (await call('GET', `/podcast/anchor/${show!.code}?busca=episodio de teste`)).body,
      );
      expect(measured.episodios[0]!.audio_length).toBe(
        (await stat(path.join(PUBLIC_DIR, 'content/audio/silence.mp3'))).size,
      );
    });

    it('another church’s item is a 404 here', async () => {
      const theirs = staffContentSchema.parse(
        (await call('POST', '/admin/grace/conteudo/noticia', 'grace', { titulo: 'Grace news' }))
          .body,
      );
      expect((await call('GET', `${A}/noticia/${theirs.id}`, 'admin')).status).toBe(404);
      expect(
        (
          await call('PUT', `${A}/noticia/${theirs.id}`, 'admin', {
            titulo: 'Tomada',
            versao: theirs.versao,
          })
        ).status,
      ).toBe(404);
      expect((await row(theirs.id))?.title).toBe('Grace news');
    });
  });

  describe('scheduled publishing', () => {
    it('two runners publish a due item exactly once, in the name of who scheduled it, and it shows in the public list', async () => {
      const item = await create('editor', { titulo: 'Vigília de oração agendada' });
      const scheduled = staffContentSchema.parse(
        (
          await call('POST', `${A}/noticia/${item.id}/estado`, 'editor', {
            status: 'agendado',
            versao: item.versao,
            publicadoEm: new Date(Date.now() + 3_600_000).toISOString(),
          })
        ).body,
      );
      expect(scheduled.status).toBe('agendado');
      expect(JOBS).toContain(publishScheduledJob);
      const changes = createChangeFeed();
      const purged: number[] = [];
      changes.onChurchChanged((id) => purged.push(id));
      const a = createJobRunner(database.db, [publishScheduledJob], { workerId: 'a', changes });
      const b = createJobRunner((second ?? database).db, [publishScheduledJob], {
        workerId: 'b',
        changes,
      });
      // Not due yet: nothing happens.
      await Promise.all([a.runNow(publishScheduledJob.name), b.runNow(publishScheduledJob.name)]);
      expect((await row(item.id))?.status).toBe('agendado');
      // Its time comes (the clock moved on).
      await database.db
        .update(t.contents)
        .set({ publishedAt: sql`now() - interval '1 second'` })
        .where(eq(t.contents.id, item.id));
      await database.db
        .update(t.jobRuns)
        .set({ nextRunAt: sql`now() - interval '1 second'` })
        .where(eq(t.jobRuns.name, publishScheduledJob.name));
      await Promise.all([a.tick(), b.tick(), a.runNow(publishScheduledJob.name)]);
      await Promise.all([a.runNow(publishScheduledJob.name), b.runNow(publishScheduledJob.name)]);
      expect(await row(item.id)).toMatchObject({
        status: 'publicado',
        active: true,
        version: scheduled.versao + 1,
      });
      expect(purged).toContain(graca);
      const published = await database.db
        .select()
        .from(t.auditLog)
        .where(
          and(eq(t.auditLog.action, 'content.publish'), eq(t.auditLog.targetId, String(item.id))),
        );
      expect(published).toHaveLength(1);
      expect(published[0]?.userName).toBe('Ana Costa'); // editor@graca.demo scheduled it
      const list = newsListResponseSchema.parse(
        (await call('GET', '/igreja/graca/noticia?busca=vigilia de oracao agendada')).body,
      );
      expect(list.noticias.map((n) => n.id)).toContain(item.id);
    });
  });
});
