import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { and, asc, eq } from 'drizzle-orm';
import sharp from 'sharp';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { bannersResponseSchema } from '../../contract/church.ts';
import { contrastRatio, passesContrast } from '../../contract/colour.ts';
import {
  churchSettingsSchema,
  staffBannerSchema,
  staffBannersSchema,
  staffServiceSchema,
  staffStreamSchema,
} from '../../contract/church-staff.ts';
import { createApi, type Api } from '../app.ts';
import { createChangeFeed } from '../changes.ts';
import type { DatabaseHandle } from '../db/client.ts';
import * as t from '../db/schema/index.ts';
import { openTestDatabase, testBackends } from '../db/test-database.ts';
import { loginAll } from '../test-kit.ts';

type Who = 'admin' | 'editor' | 'member' | 'graceAdmin';
const ACCOUNTS: Record<Who, string> = {
  admin: 'lider@graca.demo',
  editor: 'editor@graca.demo',
  member: 'membro@graca.demo',
  graceAdmin: 'admin@grace.demo',
};

// One upload folder for the file: the image routes read DATA_DIR once per process.
let dataDir: string;
beforeAll(async () => {
  dataDir = await mkdtemp(path.join(tmpdir(), 'church-staff-'));
  process.env.DATA_DIR = dataDir;
});
afterAll(() => rm(dataDir, { recursive: true, force: true }));

describe('WCAG contrast (contract/church-staff.ts)', () => {
  it('measures black on white as 21:1 and refuses light grey on white', () => {
    expect(contrastRatio('#000000', '#ffffff')).toBeCloseTo(21, 5);
    expect(contrastRatio('#777777', '#ffffff')).toBeCloseTo(4.48, 2);
    expect(passesContrast('#ffffff', '#1f4e79')).toBe(true);
    expect(passesContrast('#777777', '#ffffff')).toBe(false);
    expect(passesContrast('#767676', '#ffffff')).toBe(true);
    expect(contrastRatio('white', '#ffffff')).toBeNull();
  });
});

describe.each(testBackends())('staff home and church calls on %s', (backend) => {
  let database: DatabaseHandle;
  let api: Api;
  let graca: number;
  let grace: number;
  const tokens = {} as Record<Who, string>;
  const purged: number[] = [];
  let png: Buffer;

  const db = () => database.db;

  async function send(
    method: string,
    url: string,
    token: string | undefined,
    body?: { json?: unknown; form?: Record<string, string | Blob> },
    lang = 'en',
  ) {
    const headers: Record<string, string> = { 'accept-language': lang };
    if (token) headers.authorization = `Bearer ${token}`;
    let payload: BodyInit | undefined;
    if (body?.json !== undefined) {
      headers['content-type'] = 'application/json';
      payload = JSON.stringify(body.json);
    } else if (body?.form) {
      const form = new FormData();
      for (const [k, v] of Object.entries(body.form)) form.append(k, v);
      payload = form;
    }
    const res = await api.request(`/api/v1${url}`, { method, headers, body: payload });
    const text = await res.text();
    return {
      status: res.status,
      body: (text ? JSON.parse(text) : null) as Record<string, unknown> & {
        errors?: Record<string, string[]>;
        message?: string;
      },
    };
  }

  const image = (name = 'banner.png') =>
    new File([new Uint8Array(png)], name, { type: 'image/png' });
  const notImage = () =>
    new File(['<svg onload="alert(1)"></svg>'], 'x.png', { type: 'image/png' });

  /** A write refused for a visitor (401), a member, grace's admin and — for `church` — the content editor (403); nothing changes. */
  async function expectRefused(
    area: 'home' | 'church',
    call: (token?: string) => Promise<{ status: number }>,
    state: () => Promise<unknown>,
  ) {
    const before = await state();
    const audits = await db().$count(t.auditLog);
    expect((await call()).status).toBe(401);
    expect((await call(tokens.member)).status).toBe(403);
    expect((await call(tokens.graceAdmin)).status).toBe(403);
    if (area === 'church') expect((await call(tokens.editor)).status).toBe(403);
    expect(await state()).toEqual(before);
    expect(await db().$count(t.auditLog)).toBe(audits);
    expect(purged).toEqual([]);
  }

  const bannerRows = () =>
    db().select().from(t.banners).where(eq(t.banners.churchId, graca)).orderBy(asc(t.banners.id));
  const serviceRows = () =>
    db()
      .select()
      .from(t.weeklyServices)
      .where(eq(t.weeklyServices.churchId, graca))
      .orderBy(asc(t.weeklyServices.id));
  const streamRows = () =>
    db()
      .select()
      .from(t.liveStreams)
      .where(eq(t.liveStreams.churchId, graca))
      .orderBy(asc(t.liveStreams.id));
  const churchState = async () => ({
    church: (await db().select().from(t.churches).where(eq(t.churches.id, graca)))[0],
    visual: (
      await db().select().from(t.churchVisuals).where(eq(t.churchVisuals.churchId, graca))
    )[0],
    modules: (await db().select().from(t.churchModules).where(eq(t.churchModules.churchId, graca)))
      .map((m) => m.moduleCode)
      .sort(),
    hosts: (
      await db().select().from(t.churchHostnames).where(eq(t.churchHostnames.churchId, graca))
    )
      .map((h) => h.hostname)
      .sort(),
  });
  const lastAudit = async () =>
    (
      await db()
        .select()
        .from(t.auditLog)
        .where(eq(t.auditLog.churchId, graca))
        .orderBy(asc(t.auditLog.id))
    ).at(-1);
  async function newBanner(title: string, dates: { inicio?: Date; fim?: Date } = {}) {
    const [row] = await db()
      .insert(t.banners)
      .values({
        churchId: graca,
        title,
        image: '/images/seed.webp',
        position: 99,
        startsAt: dates.inicio ?? null,
        endsAt: dates.fim ?? null,
      })
      .returning();
    return row!;
  }

  beforeAll(async () => {
    png = await sharp({ create: { width: 40, height: 20, channels: 3, background: '#336699' } })
      .png()
      .toBuffer();
    database = await openTestDatabase(backend);
    const changes = createChangeFeed();
    changes.onChurchChanged((id) => purged.push(id));
    api = createApi({ db: database.db, changes });
    const idOf = async (slug: string) =>
      (
        await db().select({ id: t.churches.id }).from(t.churches).where(eq(t.churches.slug, slug))
      )[0]!.id;
    [graca, grace] = [await idOf('graca'), await idOf('grace')];
    await loginAll(api, ACCOUNTS, { tokens });
  }, 180_000);
  afterAll(() => database?.close());
  beforeEach(() => {
    purged.length = 0;
  });

  // ---- banners ----

  it('creates a banner with an image: the content editor and the admin may, nobody else', async () => {
    const create = (token?: string) =>
      send('POST', '/admin/graca/banner', token, {
        form: { titulo: 'Retiro', link: '/event', imagem: image() },
      });
    await expectRefused('home', create, bannerRows);

    const made = await create(tokens.editor);
    expect(made.status).toBe(201);
    const banner = staffBannerSchema.parse(made.body);
    expect(banner).toMatchObject({ titulo: 'Retiro', link: '/event', inicio: null, fim: null });
    expect(banner.imagem).toMatch(/^\/api\/v1\/imagem\/banner\/\d+-[a-f0-9]{16}\.webp$/);
    expect(purged).toEqual([graca]);
    expect(await lastAudit()).toMatchObject({
      action: 'home.create',
      kind: 'banner',
      summary: 'Retiro',
    });
    const served = await api.request(banner.imagem);
    expect(served.status).toBe(200);

    expect((await create(tokens.admin)).status).toBe(201);
  });

  it('refuses a banner without an image (400) and one whose file is not an image (415)', async () => {
    const before = await bannerRows();
    const missing = await send('POST', '/admin/graca/banner', tokens.admin, {
      form: { titulo: 'X' },
    });
    expect(missing.status).toBe(400);
    expect(missing.body.errors?.imagem).toEqual(['Choose an image.']);
    const bad = await send('POST', '/admin/graca/banner', tokens.admin, {
      form: { titulo: 'X', imagem: notImage() },
    });
    expect(bad.status).toBe(415);
    const noTitle = await send('POST', '/admin/graca/banner', tokens.admin, {
      form: { titulo: '', imagem: image() },
    });
    expect(noTitle.status).toBe(400);
    expect(noTitle.body.errors?.titulo).toBeTruthy();
    const backwards = await send('POST', '/admin/graca/banner', tokens.admin, {
      form: {
        titulo: 'X',
        imagem: image(),
        inicio: '2030-01-02T00:00:00.000Z',
        fim: '2030-01-01T00:00:00.000Z',
      },
    });
    expect(backwards.status).toBe(400);
    expect(backwards.body.errors?.fim).toEqual(['The end must come after the start.']);
    expect(await bannerRows()).toEqual(before);
  });

  it("refuses a banner link that only looks like an address of this site (the redirects' judgement)", async () => {
    const before = await bannerRows();
    for (const link of [
      '/\\evil.example',
      '/\\/evil.example',
      '//evil.example',
      '/\\evil.example/news',
    ])
      for (const method of ['POST', 'PUT'] as const) {
        const path =
          method === 'POST' ? '/admin/graca/banner' : `/admin/graca/banner/${before[0]!.id}`;
        const res = await send(method, path, tokens.admin, {
          form: { titulo: 'Fora', link, imagem: image() },
        });
        expect(res.status, `${method} ${link}`).toBe(400);
        expect(res.body.errors?.link, link).toEqual([
          'Use an address of this site (starting with /) or one starting with https://.',
        ]);
      }
    expect(await bannerRows()).toEqual(before);
    const fine = await send('POST', '/admin/graca/banner', tokens.admin, {
      form: { titulo: 'Dentro', link: '/news?page=2#top', imagem: image() },
    });
    expect(fine.status).toBe(201);
    expect(fine.body.link).toBe('/news?page=2#top');
  });

  it('edits a banner (title, link, dates, a new image)', async () => {
    const row = await newBanner('Antes');
    const edit = (token?: string) =>
      send('PUT', `/admin/graca/banner/${row.id}`, token, {
        form: {
          titulo: 'Depois',
          link: 'https://example.org/x',
          inicio: '2030-01-01T10:00:00.000Z',
          fim: '2030-02-01T10:00:00.000Z',
          imagem: image(),
        },
      });
    await expectRefused('home', edit, bannerRows);
    const res = await edit(tokens.editor);
    expect(res.status).toBe(200);
    expect(staffBannerSchema.parse(res.body)).toMatchObject({
      titulo: 'Depois',
      link: 'https://example.org/x',
      inicio: '2030-01-01T10:00:00.000Z',
      fim: '2030-02-01T10:00:00.000Z',
    });
    expect((res.body.imagem as string).startsWith('/api/v1/imagem/banner/')).toBe(true);
    expect(purged).toEqual([graca]);
    const other = await send('PUT', `/admin/grace/banner/${row.id}`, tokens.graceAdmin, {
      form: { titulo: 'Não' },
    });
    expect(other.status).toBe(404); // grace's admin, in grace, cannot reach graca's banner by id
    expect(
      (
        await send('PUT', `/admin/graca/banner/${row.id}`, tokens.admin, {
          form: { titulo: 'Admin' },
        })
      ).status,
    ).toBe(200);
  });

  it('reorders every banner of the church; a partial list is refused', async () => {
    const ids = (await bannerRows()).map((b) => b.id);
    const reversed = [...ids].reverse();
    const order = (token?: string) =>
      send('PUT', '/admin/graca/banner/ordem', token, { json: { ids: reversed } });
    await expectRefused('home', order, bannerRows);
    const res = await order(tokens.editor);
    expect(res.status).toBe(200);
    expect(staffBannersSchema.parse(res.body).banners.map((b) => b.id)).toEqual(reversed);
    const partial = await send('PUT', '/admin/graca/banner/ordem', tokens.admin, {
      json: { ids: ids.slice(1) },
    });
    expect(partial.status).toBe(400);
    expect(
      (await send('PUT', '/admin/graca/banner/ordem', tokens.admin, { json: { ids } })).status,
    ).toBe(200);
  });

  it('deletes a banner', async () => {
    const row = await newBanner('Apagar');
    const remove = (token?: string) => send('DELETE', `/admin/graca/banner/${row.id}`, token);
    await expectRefused('home', remove, bannerRows);
    expect((await remove(tokens.editor)).status).toBe(204);
    expect((await bannerRows()).some((b) => b.id === row.id)).toBe(false);
    expect(purged).toEqual([graca]);
    expect((await remove(tokens.admin)).status).toBe(404);
    const second = await newBanner('Apagar 2');
    expect((await send('DELETE', `/admin/graca/banner/${second.id}`, tokens.admin)).status).toBe(
      204,
    );
  });

  it('the public home shows a dated banner only between its dates', async () => {
    const hour = 3_600_000;
    const past = await newBanner('Passado', { fim: new Date(Date.now() - hour) });
    const future = await newBanner('Futuro', { inicio: new Date(Date.now() + hour) });
    const now = await newBanner('Agora', {
      inicio: new Date(Date.now() - hour),
      fim: new Date(Date.now() + hour),
    });
    const res = await api.request(`/api/v1/banner?igreja=${graca}`);
    const ids = bannersResponseSchema.parse(await res.json()).banners.map((b) => b.id);
    expect(ids).toContain(now.id);
    expect(ids).not.toContain(past.id);
    expect(ids).not.toContain(future.id);
  });

  // ---- the weekly schedule ----

  it('creates, edits and deletes a weekly service', async () => {
    const body = {
      diaSemana: 3,
      horario: '19:30',
      titulo: 'Oração',
      local: 'Templo',
      flagTransmissao: false,
    };
    const create = (token?: string) => send('POST', '/admin/graca/agenda', token, { json: body });
    await expectRefused('home', create, serviceRows);
    const made = await create(tokens.editor);
    expect(made.status).toBe(201);
    const service = staffServiceSchema.parse(made.body);
    expect(service).toMatchObject(body);
    expect(purged).toEqual([graca]);
    purged.length = 0;

    const edit = (token?: string) =>
      send('PUT', `/admin/graca/agenda/${service.id}`, token, {
        json: { ...body, horario: '20:00' },
      });
    await expectRefused('home', edit, serviceRows);
    expect(((await edit(tokens.admin)).body as { horario: string }).horario).toBe('20:00');
    const bad = await send('PUT', `/admin/graca/agenda/${service.id}`, tokens.admin, {
      json: { ...body, horario: '25:00', diaSemana: 8 },
    });
    expect(bad.status).toBe(400);
    expect(bad.body.errors?.horario).toEqual(['Enter a time as HH:MM.']);
    expect(bad.body.errors?.diaSemana).toEqual(['Choose a day of the week.']);
    purged.length = 0;

    const remove = (token?: string) => send('DELETE', `/admin/graca/agenda/${service.id}`, token);
    await expectRefused('home', remove, serviceRows);
    expect((await remove(tokens.editor)).status).toBe(204);
    expect((await serviceRows()).some((s) => s.id === service.id)).toBe(false);
  });

  // ---- live streams ----

  it('creates, edits and deletes a live stream, each service with its own source', async () => {
    const body = {
      titulo: 'Culto da noite',
      servico: 'youtube',
      codigo: 'dQw4w9WgXcQ',
      url: 'https://ignored.example',
      inicio: '2030-03-01T22:00:00.000Z',
      duracaoMinutos: 90,
      flagSemanal: true,
      flagAoVivo: false,
      canal: 'culto',
    };
    const create = (token?: string) =>
      send('POST', '/admin/graca/transmissao', token, { json: body });
    await expectRefused('home', create, streamRows);
    const made = await create(tokens.editor);
    expect(made.status).toBe(201);
    const stream = staffStreamSchema.parse(made.body);
    expect(stream).toMatchObject({
      servico: 'youtube',
      codigo: 'dQw4w9WgXcQ',
      url: null,
      flagSemanal: true,
    });
    purged.length = 0;

    const noCode = await send('POST', '/admin/graca/transmissao', tokens.admin, {
      json: { ...body, codigo: '' },
    });
    expect(noCode.status).toBe(400);
    expect(noCode.body.errors?.codigo).toEqual(['This field is required.']);
    const badCode = await send('POST', '/admin/graca/transmissao', tokens.admin, {
      json: { ...body, codigo: 'watch?v=x' },
    });
    expect(badCode.body.errors?.codigo).toBeTruthy();
    const plainHls = await send('POST', '/admin/graca/transmissao', tokens.admin, {
      json: { ...body, servico: 'hls', url: 'http://cdn.example/live.m3u8' },
    });
    expect(plainHls.body.errors?.url).toEqual([
      'Enter an address starting with https:// (or / for this site).',
    ]);
    const ownPath = await send('POST', '/admin/graca/transmissao', tokens.admin, {
      json: { ...body, servico: 'hls', url: '/live-demo/culto.m3u8' },
    });
    expect(ownPath.status).toBe(201); // the seed's own HLS demo is a path of this site
    purged.length = 0;
    expect(
      (
        await send('POST', '/admin/graca/transmissao', tokens.admin, {
          json: { ...body, servico: 'hls', url: '//evil.example/x.m3u8' },
        })
      ).status,
    ).toBe(400);
    const noStart = await send('POST', '/admin/graca/transmissao', tokens.admin, {
      json: { ...body, inicio: '' },
    });
    expect(noStart.body.errors?.inicio).toEqual(['This field is required.']);
    const badChannel = await send('POST', '/admin/graca/transmissao', tokens.admin, {
      json: { ...body, canal: 'culto da noite' },
    });
    expect(badChannel.body.errors?.canal).toBeTruthy();

    const edit = (token?: string) =>
      send('PUT', `/admin/graca/transmissao/${stream.id}`, token, {
        json: { ...body, servico: 'hls', url: 'https://cdn.example/live.m3u8', flagAoVivo: true },
      });
    await expectRefused('home', edit, streamRows);
    const edited = staffStreamSchema.parse((await edit(tokens.admin)).body);
    expect(edited).toMatchObject({
      servico: 'hls',
      codigo: null,
      url: 'https://cdn.example/live.m3u8',
      flagAoVivo: true,
    });
    purged.length = 0;

    const remove = (token?: string) =>
      send('DELETE', `/admin/graca/transmissao/${stream.id}`, token);
    await expectRefused('home', remove, streamRows);
    expect((await remove(tokens.editor)).status).toBe(204);
  });

  // ---- the church ----

  it('reads the settings: admins only', async () => {
    expect((await send('GET', '/admin/graca/igreja', tokens.editor)).status).toBe(403);
    expect((await send('GET', '/admin/graca/igreja', tokens.member)).status).toBe(403);
    const res = await send('GET', '/admin/graca/igreja', tokens.admin);
    expect(res.status).toBe(200);
    const settings = churchSettingsSchema.parse(res.body);
    expect(settings.nome).toBe('Igreja da Graça');
    expect(settings.hostnames.map((h) => h.hostname)).toContain('igrejadagraca.test');
    expect(settings.modulos.filter((m) => m.ativo)).toHaveLength(10);
  });

  it('changes the identity (admin only) and refuses colours that fail WCAG AA', async () => {
    const body = {
      nome: 'Igreja da Graça Nova',
      descricao: 'Uma igreja.',
      corApp: '#0B3D2E',
      corTexto: '#FFFFFF',
    };
    const save = (token?: string) => send('PUT', '/admin/graca/igreja', token, { json: body });
    await expectRefused('church', save, churchState);
    const res = await save(tokens.admin);
    expect(res.status).toBe(200);
    expect(churchSettingsSchema.parse(res.body)).toMatchObject({
      nome: 'Igreja da Graça Nova',
      corApp: '#0b3d2e',
      corTexto: '#ffffff',
    });
    expect(purged).toEqual([graca]);
    expect(await lastAudit()).toMatchObject({ action: 'church.identity', kind: 'igreja' });
    purged.length = 0;

    const before = await churchState();
    const poor = await send(
      'PUT',
      '/admin/graca/igreja',
      tokens.admin,
      { json: { ...body, corApp: '#ffff00', corTexto: '#ffffff' } },
      'pt-BR',
    );
    expect(poor.status).toBe(400);
    expect(poor.body.errors?.corTexto?.[0]).toMatch(/contraste abaixo de 4,5:1/);
    const badHex = await send('PUT', '/admin/graca/igreja', tokens.admin, {
      json: { ...body, corApp: 'blue' },
    });
    expect(badHex.body.errors?.corApp).toEqual(['Use a colour as #rrggbb.']);
    expect(await churchState()).toEqual(before);
    expect(purged).toEqual([]);
  });

  it('uploads a logo into igreja_visual.logo; a file that is not an image is a 415', async () => {
    const upload = (token?: string, file = image('logo.png')) =>
      send('POST', '/admin/graca/igreja/logo', token, { form: { imagem: file } });
    await expectRefused('church', (token) => upload(token), churchState);
    const before = await churchState();
    expect((await upload(tokens.admin, notImage())).status).toBe(415);
    expect(await churchState()).toEqual(before);
    const res = await upload(tokens.admin);
    expect(res.status).toBe(200);
    const [visual] = await db()
      .select()
      .from(t.churchVisuals)
      .where(eq(t.churchVisuals.churchId, graca));
    expect(visual?.logo).toMatch(/^\/api\/v1\/imagem\/igreja\//);
    expect(res.body.logo).toBe(visual?.logo);
  });

  it('turns modules on and off; an unknown code is refused', async () => {
    const modules = ['MOD_EVENTO', 'MOD_NOTICIA', 'MOD_CULTO'];
    const save = (token?: string) =>
      send('PUT', '/admin/graca/igreja/modulos', token, { json: { modulos: modules } });
    await expectRefused('church', save, churchState);
    const res = await save(tokens.admin);
    expect(res.status).toBe(200);
    expect(
      churchSettingsSchema
        .parse(res.body)
        .modulos.filter((m) => m.ativo)
        .map((m) => m.codigo)
        .sort(),
    ).toEqual([...modules].sort());
    const public_ = await api.request('/api/v1/igreja/graca/modulo');
    expect(((await public_.json()) as { modulos: unknown[] }).modulos).toHaveLength(3);
    // the audit records what changed, not the whole list
    const recorded = (await lastAudit())!;
    expect(recorded.action).toBe('church.modules');
    expect(recorded.summary).toMatch(/^(-MOD_[A-Z_]+ )+-MOD_[A-Z_]+$/);
    expect(recorded.summary).toContain('-MOD_PUBLICACAO');
    expect(recorded.summary).not.toContain('MOD_EVENTO');
    await send('PUT', '/admin/graca/igreja/modulos', tokens.admin, {
      json: { modulos: [...modules, 'MOD_CELULA'] },
    });
    expect((await lastAudit())!.summary).toBe('+MOD_CELULA');
    const before = await churchState();
    const unknown = await send('PUT', '/admin/graca/igreja/modulos', tokens.admin, {
      json: { modulos: ['MOD_EVENTO', 'MOD_NADA'] },
    });
    expect(unknown.status).toBe(400);
    expect(await churchState()).toEqual(before);
  });

  it('sets the church language', async () => {
    const save = (token?: string) =>
      send('PUT', '/admin/graca/igreja/idioma', token, { json: { idioma: 'en_US' } });
    await expectRefused('church', save, churchState);
    expect((await save(tokens.admin)).status).toBe(200);
    expect((await churchState()).church?.locale).toBe('en_US');
    const bad = await send('PUT', '/admin/graca/igreja/idioma', tokens.admin, {
      json: { idioma: 'fr' },
    });
    expect(bad.status).toBe(400);
    expect(bad.body.errors?.idioma).toEqual(['Choose one of the languages offered.']);
  });

  it('adds and removes host names; one another church has is a 409', async () => {
    const add = (token?: string) =>
      send('POST', '/admin/graca/igreja/hostname', token, {
        json: { hostname: 'WWW.Graca.Example.' },
      });
    await expectRefused('church', add, churchState);
    const res = await add(tokens.admin);
    expect(res.status).toBe(201);
    const added = churchSettingsSchema
      .parse(res.body)
      .hostnames.find((h) => h.hostname === 'www.graca.example');
    expect(added).toBeTruthy();
    expect(added?.estado).toBe('pendente'); // served once proven (server/domains/domains.test.ts)
    const found = await api.request('/api/v1/igreja?hostname=www.graca.example');
    expect(((await found.json()) as { clientes: unknown[] }).clientes).toEqual([]);
    purged.length = 0;

    await db()
      .insert(t.churchHostnames)
      .values({ churchId: grace, hostname: 'grace.example.org', verifiedAt: new Date() });
    const before = await churchState();
    const taken = await send('POST', '/admin/graca/igreja/hostname', tokens.admin, {
      json: { hostname: 'grace.example.org' },
    });
    expect(taken.status).toBe(409);
    expect(taken.body.message).toBe(
      'Another church has already proven this host name and uses it.',
    );
    expect(taken.body.errors?.hostname).toEqual([
      'Another church has already proven this host name and uses it.',
    ]);
    for (const hostname of ['localhost', 'bad host.org', '-x.org', 'a..org'])
      expect(
        (await send('POST', '/admin/graca/igreja/hostname', tokens.admin, { json: { hostname } }))
          .status,
      ).toBe(400);
    expect(await churchState()).toEqual(before);
    expect(purged).toEqual([]);

    const remove = (token?: string) =>
      send('DELETE', `/admin/graca/igreja/hostname/${added!.id}`, token);
    await expectRefused('church', remove, churchState);
    expect((await remove(tokens.admin)).status).toBe(200);
    expect((await churchState()).hosts).not.toContain('www.graca.example');
    const [graceHost] = await db()
      .select()
      .from(t.churchHostnames)
      .where(
        and(
          eq(t.churchHostnames.churchId, grace),
          eq(t.churchHostnames.hostname, 'grace.example.org'),
        ),
      );
    expect(
      (await send('DELETE', `/admin/graca/igreja/hostname/${graceHost!.id}`, tokens.admin)).status,
    ).toBe(404); // another church's host name is not reachable from graca
  });
});
