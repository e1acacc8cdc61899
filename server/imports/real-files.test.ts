// Moving in from real files (docs/staff.md "Moving in"): files built here in the shapes real
// exports have — a Zimbra calendar with an RDATE period and its own zone definition, Google's
// all-day events and a daily series begun years ago, a WordPress export with captions, a gallery,
// embeds and a protected post, ChordPro with abc sections and {chorus}, a secretary's people file
// with a CPF typo, a giving history paid by cheque — read by the one reader of each format and
// imported through the staff API and the task queue, on both databases.
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { and, eq, inArray, like } from 'drizzle-orm';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { importViewSchema, type ImportView } from '../../contract/imports.ts';
import { parseConfig } from '../../common/config.ts';
import { createApi } from '../app.ts';
import { createChangeFeed } from '../changes.ts';
import type { DatabaseHandle } from '../db/client.ts';
import * as t from '../db/schema/index.ts';
import { openTestDatabase, testBackends } from '../db/test-database.ts';
import { createLocalFileStore } from '../files/local.ts';
import { drainTasks } from '../jobs/tasks.ts';
import { createMailer } from '../mail/outbox.ts';
import { apiClient, loginAs } from '../test-kit.ts';
import { makeImportTask } from './import.task.ts';
import { setRetryMs } from './posts.ts';
import { batchesWritten } from './run.ts';
import { calendarEvents } from './events.ts';
import { IMPORT_LIMITS } from './limits.ts';
import { chordProToSong } from '../praise/chordpro-file.ts';
import { chordProToLines } from '../praise/chordpro.ts';
import { expandShortcodes, finishPostHtml, readWxr, type WxrMeta, type WxrPost } from './wxr.ts';

const now = new Date('2026-11-25T12:00:00Z');

/** A calendar as Zimbra writes it: its own VTIMEZONE, a meeting with an extra date as a PERIOD. */
function zimbraCalendar(): string {
  return [
    'BEGIN:VCALENDAR',
    'X-WR-CALNAME:Secretaria',
    'PRODID:Zimbra-Calendar-Provider',
    'VERSION:2.0',
    'METHOD:PUBLISH',
    'BEGIN:VTIMEZONE',
    'TZID:(GMT-03.00) Brasilia',
    'BEGIN:STANDARD',
    'DTSTART:19700101T000000',
    'TZOFFSETTO:-0300',
    'TZOFFSETFROM:-0300',
    'TZNAME:BRT',
    'END:STANDARD',
    'END:VTIMEZONE',
    'BEGIN:VEVENT',
    'UID:1f3c2a7e-zimbra-reuniao',
    'SUMMARY:Reunião de líderes',
    'DTSTART;TZID="(GMT-03.00) Brasilia":20301105T193000',
    'DTEND;TZID="(GMT-03.00) Brasilia":20301105T210000',
    'RDATE;VALUE=PERIOD:20301210T223000Z/20301211T003000Z',
    'LOCATION:Sala 2',
    'END:VEVENT',
    'BEGIN:VEVENT',
    'UID:2b9d-zimbra-quebrado',
    'SUMMARY:Evento quebrado',
    'DTSTART;TZID="(GMT-03.00) Brasilia":2030-13-45',
    'END:VEVENT',
    'BEGIN:VEVENT',
    'UID:3c1e-zimbra-jantar',
    'SUMMARY:Jantar dos casais',
    'DTSTART;TZID="(GMT-03.00) Brasilia":20301120T200000',
    'DTEND;TZID="(GMT-03.00) Brasilia":20301120T230000',
    'END:VEVENT',
    'END:VCALENDAR',
    '',
  ].join('\r\n');
}

/** A calendar as Google exports it: all-day events, a daily series begun in 2012, a zone of elsewhere. */
function googleCalendar(): string {
  return [
    'BEGIN:VCALENDAR',
    'PRODID:-//Google Inc//Google Calendar 70.9054//EN',
    'VERSION:2.0',
    'CALSCALE:GREGORIAN',
    'X-WR-TIMEZONE:America/Sao_Paulo',
    'BEGIN:VEVENT',
    'DTSTART;VALUE=DATE:20301225',
    'DTEND;VALUE=DATE:20301226',
    'DTSTAMP:20261101T120000Z',
    'UID:natal-dia-todo@google.com',
    'SUMMARY:Natal (dia todo)',
    'END:VEVENT',
    'BEGIN:VEVENT',
    'DTSTART;TZID=America/Sao_Paulo:20120305T063000',
    'DTEND;TZID=America/Sao_Paulo:20120305T070000',
    'RRULE:FREQ=DAILY',
    'DTSTAMP:20261101T120000Z',
    'UID:oracao-diaria@google.com',
    'SUMMARY:Oração da manhã',
    'END:VEVENT',
    'BEGIN:VEVENT',
    'DTSTART;TZID=Europe/Lisbon:20301010T190000',
    'DTEND;TZID=Europe/Lisbon:20301010T210000',
    'DTSTAMP:20261101T120000Z',
    'UID:missao-lisboa@google.com',
    'SUMMARY:Culto em Lisboa',
    'END:VEVENT',
    'BEGIN:VEVENT',
    'DTSTART;TZID=America/Sao_Paulo:20120101T100000',
    'DTEND;TZID=America/Sao_Paulo:20120101T120000',
    'RRULE:FREQ=WEEKLY;UNTIL=20130101T000000Z',
    'DTSTAMP:20261101T120000Z',
    'UID:serie-acabada@google.com',
    'SUMMARY:Série que acabou',
    'END:VEVENT',
    'END:VCALENDAR',
    '',
  ].join('\r\n');
}

describe('calendars as Zimbra and Google write them', () => {
  it('refuses an event it cannot read by its line and brings the others, an RDATE period as a date', () => {
    const { events, refused } = calendarEvents(zimbraCalendar(), now);
    expect(refused).toEqual([
      {
        linha: 23,
        chave: 'staff.import.row.eventUnreadable',
        valores: { valor: 'Evento quebrado' },
      },
    ]);
    const byTitle = Object.fromEntries(events.map((e) => [e.title, e]));
    expect(Object.keys(byTitle).sort()).toEqual(['Jantar dos casais', 'Reunião de líderes']);
    // the zone the file defines itself: 20:00 in Brasília is 23:00 UTC
    expect(byTitle['Jantar dos casais']!.startsAt.toISOString()).toBe('2030-11-20T23:00:00.000Z');
    expect(byTitle['Jantar dos casais']!.line).toBe(28);
    // the meeting's first date is still to come; the PERIOD is read, not a programmer's error
    expect(byTitle['Reunião de líderes']!.startsAt.toISOString()).toBe('2030-11-05T22:30:00.000Z');
    const later = calendarEvents(zimbraCalendar(), new Date('2030-11-07T00:00:00Z'));
    const meeting = later.events.find((e) => e.title === 'Reunião de líderes')!;
    expect(meeting.startsAt.toISOString()).toBe('2030-12-10T22:30:00.000Z');
    expect(meeting.endsAt.toISOString()).toBe('2030-12-11T00:30:00.000Z');
  });

  it('keeps an all-day event on its day in the church’s zone', () => {
    const { events } = calendarEvents(googleCalendar(), now, undefined, 'America/Sao_Paulo');
    const christmas = events.find((e) => e.title === 'Natal (dia todo)')!;
    // midnight in São Paulo (03:00 UTC), not UTC midnight (21:00 the day before there)
    expect(christmas.startsAt.toISOString()).toBe('2030-12-25T03:00:00.000Z');
    expect(christmas.endsAt.toISOString()).toBe('2030-12-26T03:00:00.000Z');
    const elsewhere = calendarEvents(googleCalendar(), now, undefined, 'America/New_York');
    expect(
      elsewhere.events.find((e) => e.title === 'Natal (dia todo)')!.startsAt.toISOString(),
    ).toBe('2030-12-25T05:00:00.000Z');
  });

  it('starts a daily series begun in 2012 at its next date, and says it repeats', () => {
    const started = performance.now();
    const { events, notes, past } = calendarEvents(googleCalendar(), now);
    expect(performance.now() - started).toBeLessThan(2000);
    const prayer = events.find((e) => e.title === 'Oração da manhã')!;
    // 06:30 in São Paulo the next morning after now (2026-11-25 12:00 UTC is 09:00 there)
    expect(prayer.startsAt.toISOString()).toBe('2026-11-26T09:30:00.000Z');
    expect(prayer.endsAt.toISOString()).toBe('2026-11-26T10:00:00.000Z');
    expect(notes).toContainEqual({
      linha: 13,
      chave: 'staff.import.row.eventSeries',
      valores: { valor: 'Oração da manhã' },
    });
    // a series that ended years ago has happened
    expect(past).toEqual(['Série que acabou']);
  });

  it('brings an event of another zone at its moment and says the zone', () => {
    const { events, notes } = calendarEvents(googleCalendar(), now);
    const lisbon = events.find((e) => e.title === 'Culto em Lisboa')!;
    // 19:00 in Lisbon (summer time, UTC+1) is 18:00 UTC
    expect(lisbon.startsAt.toISOString()).toBe('2030-10-10T18:00:00.000Z');
    expect(lisbon.timeZone).toBe('Europe/Lisbon');
    expect(notes).toContainEqual({
      linha: 21,
      chave: 'staff.import.row.eventZone',
      valores: { valor: 'Culto em Lisboa', zona: 'Europe/Lisbon', fuso: 'America/Sao_Paulo' },
    });
  });
});

/** A WordPress export shaped like the theme unit test: shortcodes, a protected post, a page. */
export function wordpressExport(site = 'https://antiga.example.org'): string {
  const item = (fields: string) => `  <item>\n${fields}\n  </item>`;
  return `<?xml version="1.0" encoding="UTF-8"?>
<rss version="2.0" xmlns:excerpt="http://wordpress.org/export/1.2/excerpt/" xmlns:content="http://purl.org/rss/1.0/modules/content/" xmlns:dc="http://purl.org/dc/elements/1.1/" xmlns:wp="http://wordpress.org/export/1.2/">
<channel>
  <title>Igreja Antiga</title>
  <wp:wxr_version>1.2</wp:wxr_version>
  <wp:base_site_url>${site}</wp:base_site_url>
  <wp:base_blog_url>${site}</wp:base_blog_url>
${item(`    <title>Batismo no rio</title>
    <link>${site}/2025/03/batismo/</link>
    <dc:creator><![CDATA[secretaria]]></dc:creator>
    <content:encoded><![CDATA[Um domingo de festa.

[caption id="attachment_301" align="aligncenter" width="640"]<a href="${site}/wp-content/uploads/2025/03/rio.jpg"><img class="size-large wp-image-301" src="${site}/wp-content/uploads/2025/03/rio-640x480.jpg" alt="Batismo" width="640" height="480" /></a> Doze irmãos batizados no rio[/caption]

[gallery ids="301,302" columns="2"]

https://www.youtube.com/watch?v=abcdEFGhijk

[video width="640" height="360" mp4="${site}/wp-content/uploads/2025/03/culto.mp4"][/video]

[audio mp3="${site}/wp-content/uploads/2025/03/louvor.mp3"][/audio]

[contact-form-7 id="12" title="Contato"]

Nota [sic] e [Refrão] ficam como texto.]]></content:encoded>
    <wp:post_id>501</wp:post_id>
    <wp:post_date_gmt>2025-03-09 13:00:00</wp:post_date_gmt>
    <wp:status>publish</wp:status>
    <wp:post_type>post</wp:post_type>`)}
${item(`    <title>Ata da assembleia</title>
    <link>${site}/2025/04/ata/</link>
    <content:encoded><![CDATA[Só para membros.]]></content:encoded>
    <wp:post_id>502</wp:post_id>
    <wp:post_date_gmt>2025-04-01 12:00:00</wp:post_date_gmt>
    <wp:status>publish</wp:status>
    <wp:post_password>segredo</wp:post_password>
    <wp:post_type>post</wp:post_type>`)}
${item(`    <title>Pedidos da diretoria</title>
    <content:encoded><![CDATA[Privado.]]></content:encoded>
    <wp:post_id>503</wp:post_id>
    <wp:post_date_gmt>2025-04-02 12:00:00</wp:post_date_gmt>
    <wp:status>private</wp:status>
    <wp:post_type>post</wp:post_type>`)}
${item(`    <title></title>
    <content:encoded><![CDATA[Um aviso sem título.]]></content:encoded>
    <wp:post_id>504</wp:post_id>
    <wp:post_date_gmt>2025-05-04 15:00:00</wp:post_date_gmt>
    <wp:status>publish</wp:status>
    <wp:post_type>post</wp:post_type>`)}
${item(`    <title>&lt;em&gt;Páscoa&lt;/em&gt; &amp; família</title>
    <content:encoded><![CDATA[Culto de Páscoa.]]></content:encoded>
    <wp:post_id>505</wp:post_id>
    <wp:post_date_gmt>2025-04-20 12:00:00</wp:post_date_gmt>
    <wp:status>publish</wp:status>
    <wp:post_type>post</wp:post_type>`)}
${item(`    <title>Quem somos</title>
    <content:encoded><![CDATA[Uma página.]]></content:encoded>
    <wp:post_id>506</wp:post_id>
    <wp:status>publish</wp:status>
    <wp:post_type>page</wp:post_type>`)}
${item(`    <title>rio.jpg</title>
    <wp:post_id>301</wp:post_id>
    <wp:post_parent>501</wp:post_parent>
    <wp:post_type>attachment</wp:post_type>
    <wp:attachment_url>${site}/wp-content/uploads/2025/03/rio.jpg</wp:attachment_url>`)}
${item(`    <title>margem.jpg</title>
    <wp:post_id>302</wp:post_id>
    <wp:post_parent>501</wp:post_parent>
    <wp:post_type>attachment</wp:post_type>
    <wp:attachment_url>${site}/wp-content/uploads/2025/03/margem.jpg</wp:attachment_url>`)}
</channel>
</rss>`;
}

describe('a WordPress export as the theme unit test writes it', () => {
  const read = () => {
    const [meta, ...posts] = [...readWxr(wordpressExport(), IMPORT_LIMITS)] as [
      WxrMeta,
      ...WxrPost[],
    ];
    return { meta, posts: Object.fromEntries(posts.map((p) => [p.id, p])) };
  };

  it('turns captions into figures, galleries into images and embeds into links', () => {
    const { posts } = read();
    const html = finishPostHtml(posts['501']!.html, []);
    expect(html).toContain(
      '<figure><a href="https://antiga.example.org/wp-content/uploads/2025/03/rio.jpg" rel="noopener noreferrer nofollow"><img src="https://antiga.example.org/wp-content/uploads/2025/03/rio-640x480.jpg" alt="Batismo" width="640" height="480" /></a><figcaption>Doze irmãos batizados no rio</figcaption></figure>',
    );
    expect(html).toContain(
      '<figure><img src="https://antiga.example.org/wp-content/uploads/2025/03/rio.jpg" alt="" /><img src="https://antiga.example.org/wp-content/uploads/2025/03/margem.jpg" alt="" /></figure>',
    );
    expect(html).toContain('<a href="https://www.youtube.com/watch?v=abcdEFGhijk"');
    expect(html).toContain(
      '<a href="https://antiga.example.org/wp-content/uploads/2025/03/culto.mp4"',
    );
    expect(html).toContain(
      '<a href="https://antiga.example.org/wp-content/uploads/2025/03/louvor.mp3"',
    );
    // no shortcode is left as text; a bracket in plain text stays
    expect(html).not.toMatch(/\[\/?(caption|gallery|video|audio|contact-form-7)/);
    expect(html).toContain('Nota [sic] e [Refrão] ficam como texto.');
    expect(posts['501']!.notes).toEqual([
      {
        linha: 1,
        chave: 'staff.import.row.shortcode',
        valores: { valor: 'Batismo no rio', nome: 'contact-form-7' },
      },
    ]);
    // the gallery's images are the post's to bring
    expect(posts['501']!.images.map((i) => i.src)).toContain(
      'https://antiga.example.org/wp-content/uploads/2025/03/margem.jpg',
    );
  });

  it('marks protected and private posts, reads a title’s HTML as text and keeps pages apart', () => {
    const { posts, meta } = read();
    expect(meta.sites).toEqual(['https://antiga.example.org', 'https://antiga.example.org']);
    expect(posts['502']).toMatchObject({ hidden: true, status: 'publish' });
    expect(posts['503']).toMatchObject({ hidden: true, status: 'private' });
    expect(posts['501']!.hidden).toBe(false);
    expect(posts['504']!.title).toBe('');
    expect(posts['505']!.title).toBe('Páscoa & família');
    expect(posts['506']).toMatchObject({ type: 'page', title: 'Quem somos' });
  });

  it('reads a post of many shortcodes in linear time', () => {
    const body = '[caption]'.repeat(50_000) + '[gallery ids="1"]'.repeat(20_000);
    const started = performance.now();
    expandShortcodes(body, { attachments: new Map(), own: [], removed: () => undefined });
    expect(performance.now() - started).toBeLessThan(2000);
  });
});

/** A song as the ChordPro project's examples write it: meta, a chorus sung again, abc and a textblock. */
const chordProSong = [
  '{title: Castelo Forte}',
  '{artist: Martinho Lutero}',
  '{key: C}',
  '{meta: copyright Domínio público}',
  '{textsize-piano: 12}',
  '{new_song_option: x}',
  '',
  '{comment: Tom %{key} — %{artist}}',
  '[C]Castelo forte é [G]nosso Deus',
  '',
  '{start_of_chorus label="Refrão"}',
  '[F]Com ele a [C]vitória',
  '{end_of_chorus}',
  '',
  '[C]Segunda estrofe',
  '{chorus}',
  '',
  '{start_of_abc}',
  'X:1',
  'T:Ein feste Burg',
  'K:C',
  '|:CDEF GABc|cBAG FEDC:|'.repeat(10),
  '{end_of_abc}',
  '{start_of_textblock}',
  'Um texto solto que não é letra',
  '{end_of_textblock}',
  '{sov}',
  '[C]Fim %{copyright|(c) %{}|sem direitos}',
  '{eov}',
].join('\n');

describe('songs from the ChordPro project’s examples', () => {
  it('hides sections and directives it does not show, repeats the chorus and fills metadata', () => {
    const song = chordProToSong(chordProSong);
    // the file's sections stay in the text for export
    expect(song.body).toContain('{start_of_abc}');
    expect(song.body).toContain('T:Ein feste Burg');
    const lines = chordProToLines(song.body, { key: song.meta.tom, artist: song.meta.autor });
    const text = JSON.stringify(lines);
    for (const hidden of ['X:1', 'Ein feste Burg', 'CDEF', 'texto solto', 'textsize', 'new_song'])
      expect(text).not.toContain(hidden);
    expect(lines.filter((l) => l.tipo === 'secao').map((l) => l.texto)).toEqual([
      'Tom C — Martinho Lutero',
      'Refrão',
      'Refrão',
    ]);
    const sung = lines.flatMap((l) =>
      l.tipo === 'linha' ? [l.trechos.map((s) => s.trecho).join('')] : [],
    );
    expect(sung).toEqual([
      'Castelo forte é nosso Deus',
      'Com ele a vitória',
      'Segunda estrofe',
      'Com ele a vitória',
      'Fim (c) Domínio público',
    ]);
  });

  it('says “Chorus” by the label asked for when there is no chorus to repeat', () => {
    const lines = chordProToLines('[G]Verso\n{chorus: Coro}');
    expect(lines.at(-1)).toEqual({ tipo: 'secao', texto: 'Coro' });
  });
});

describe.each(testBackends())('moving in from real files on %s', (backend) => {
  let database: DatabaseHandle;
  let dataDir: string;
  let api: ReturnType<typeof createApi>;
  let graca: number;
  const tokens: Record<string, string> = {};
  const files = () => createLocalFileStore(() => path.join(dataDir, 'files'));

  beforeAll(async () => {
    setRetryMs(0);
    dataDir = await mkdtemp(path.join(tmpdir(), 'real-files-'));
    process.env.DATA_DIR = dataDir;
    database = await openTestDatabase(backend);
    api = createApi({ db: database.db, changes: createChangeFeed(), files: files() });
    [{ id: graca }] = (await database.db
      .select({ id: t.churches.id })
      .from(t.churches)
      .where(eq(t.churches.slug, 'graca'))) as [{ id: number }];
    for (const [who, email] of Object.entries({
      admin: 'lider@graca.demo',
      graceAdmin: 'admin@grace.demo',
    })) {
      tokens[who] = (await loginAs(() => api, email)).token;
    }
  }, 180_000);
  afterAll(async () => {
    setRetryMs(1000);
    await database?.close();
    await rm(dataDir, { recursive: true, force: true });
  });

  const kit = apiClient(() => api);
  async function call(
    method: string,
    url: string,
    body?: { json?: unknown; form?: FormData },
    { token = tokens.admin, church = 'graca', lang = 'en' } = {},
  ) {
    const res = await kit.call(method, `/admin/${church}${url}`, {
      token,
      lang,
      body: body?.json ?? body?.form,
    });
    return { status: res.status, body: res.body ?? {} };
  }
  /** The old site: what each address answers, and how many times it was asked. */
  const oldSite = new Map<string, Buffer>();
  const asked = new Map<string, number>();
  const runTasks = () =>
    drainTasks(
      {
        db: database.db,
        now: () => new Date(),
        workerId: 'test',
        settings: parseConfig(),
        mailer: createMailer({ dataDir }),
        files: files(),
      },
      [
        makeImportTask({
          fetchImage: async (url) => {
            asked.set(url, (asked.get(url) ?? 0) + 1);
            return oldSite.get(url) ?? null;
          },
        }) as never,
      ],
    );
  const read = async (id: number, lang = 'en') =>
    importViewSchema.parse((await call('GET', `/importacao/${id}`, undefined, { lang })).body);
  async function analysed(kind: string, name: string, bytes: Buffer | string, lang = 'en') {
    const form = new FormData();
    form.append(
      'arquivo',
      new File([typeof bytes === 'string' ? bytes : new Uint8Array(bytes)], name),
    );
    const uploaded = await call('POST', `/importacao?tipo=${kind}`, { form }, { lang });
    expect(uploaded.status, JSON.stringify(uploaded.body)).toBe(201);
    await runTasks();
    const view = await read((uploaded.body as ImportView).id, lang);
    expect(view.estado, JSON.stringify(view)).toBe('analisado');
    return view;
  }
  async function options(view: ImportView, changes: object) {
    const changed = await call('PUT', `/importacao/${view.id}/opcoes`, {
      json: { ...view.opcoes, ...changes },
    });
    expect(changed.status, JSON.stringify(changed.body)).toBe(200);
    await runTasks();
    return read(view.id);
  }
  async function execute(view: ImportView) {
    const started = await call('POST', `/importacao/${view.id}/executar`);
    expect(started.status, JSON.stringify(started.body)).toBe(202);
    await runTasks();
    return read(view.id);
  }

  it('brings a Google and a Zimbra calendar: by line, in the church’s zone, in the reader’s language', async () => {
    const zimbra = await analysed('eventos', 'secretaria.ics', zimbraCalendar(), 'pt');
    expect(zimbra.previa!.recusadas).toEqual([
      {
        linha: 23,
        motivo:
          '“Evento quebrado” não pôde ser lido (uma data ou repetição que esta importação não entende); deixado de fora.',
      },
    ]);
    expect(zimbra.previa).toMatchObject({ criar: 2 });
    const google = await execute(await analysed('eventos', 'google.ics', googleCalendar()));
    expect(google.resultado).toMatchObject({ criar: 3, totalRecusadas: 1 });
    expect(google.resultado!.avisos.map((a) => a.linha)).toEqual([13, 21]);
    const rows = await database.db
      .select()
      .from(t.events)
      .where(
        and(
          eq(t.events.churchId, graca),
          inArray(t.events.title, ['Natal (dia todo)', 'Culto em Lisboa', 'Oração da manhã']),
        ),
      );
    const byTitle = Object.fromEntries(rows.map((r) => [r.title, r]));
    // graca is a Brazilian church: the all-day event is Christmas Day there
    expect(byTitle['Natal (dia todo)']!.startsAt.toISOString()).toBe('2030-12-25T03:00:00.000Z');
    // shown in the church's zone, at the moment Lisbon set
    expect(byTitle['Culto em Lisboa']).toMatchObject({ timeZone: 'America/Sao_Paulo' });
    expect(byTitle['Culto em Lisboa']!.startsAt.toISOString()).toBe('2030-10-10T18:00:00.000Z');
    expect(byTitle['Oração da manhã']!.startsAt.getTime()).toBeGreaterThan(Date.now());
    expect(rows.every((r) => !r.active)).toBe(true);
  });

  it('keeps protected and private posts unpublished, and never links an image to the old site', async () => {
    const site = 'https://antiga.example.org';
    const jpeg = await sharp({
      create: { width: 20, height: 20, channels: 3, background: '#aa3300' },
    })
      .jpeg()
      .toBuffer();
    // the gallery's second image is there; the captioned one's server fails
    oldSite.set(`${site}/wp-content/uploads/2025/03/margem.jpg`, jpeg);
    const view = await analysed('posts', 'antiga.WordPress.xml', wordpressExport(site));
    expect(view.previa).toMatchObject({ criar: 5 });
    const remarks = view.previa!.avisos.map((a) => `${a.linha}: ${a.motivo}`);
    expect(remarks).toEqual(
      expect.arrayContaining([
        '1: “Batismo no rio”: the shortcode [contact-form-7] means nothing here; removed.',
        '2: “Ata da assembleia” was private or password-protected: it comes in as a draft, not published.',
        '3: “Pedidos da diretoria” was private or password-protected: it comes in as a draft, not published.',
        '4: A post without a title: named after its date, “4 de maio de 2025”.',
        '6: “Quem somos” is a page: this site has no pages to bring it into; left out.',
      ]),
    );
    const done = await execute(view);
    expect(done.estado).toBe('concluido');
    const notDownloaded = `${site}/wp-content/uploads/2025/03/rio.jpg`;
    expect(done.resultado!.imagensFaltando).toEqual([notDownloaded]);
    expect(done.resultado!.avisos.map((a) => a.motivo)).toContain(
      `Could not download ${notDownloaded}: the post came in without it. Try again: import the same file once the old site answers.`,
    );
    // asked three times, not once
    expect(asked.get(notDownloaded)).toBe(3);
    const posts = await database.db
      .select()
      .from(t.contents)
      .where(and(eq(t.contents.churchId, graca), like(t.contents.title, '%')))
      .orderBy(t.contents.id);
    const byTitle = Object.fromEntries(posts.map((p) => [p.title, p]));
    for (const hidden of ['Ata da assembleia', 'Pedidos da diretoria'])
      expect(byTitle[hidden], hidden).toMatchObject({ status: 'rascunho', active: false });
    expect(byTitle['4 de maio de 2025']).toMatchObject({ status: 'publicado' });
    expect(byTitle['Páscoa & família']).toBeDefined();
    const body = byTitle['Batismo no rio']!.body!;
    expect(body).toContain('<figcaption>Doze irmãos batizados no rio</figcaption>');
    expect(body).toMatch(/<img src="\/api\/v1\/imagem\/conteudo\/[^"]+\.webp"/);
    expect(body).not.toMatch(/<img[^>]+antiga\.example\.org/);
    expect(body).toContain('href="https://www.youtube.com/watch?v=abcdEFGhijk"');

    // the old site answers now: importing the same file again brings the missing image in
    oldSite.set(notDownloaded, jpeg);
    oldSite.set(`${site}/wp-content/uploads/2025/03/rio-640x480.jpg`, jpeg);
    const again = await execute(
      await analysed('posts', 'antiga.WordPress.xml', wordpressExport(site)),
    );
    expect(again.resultado).toMatchObject({ criar: 0, atualizar: 1, imagensFaltando: [] });
    const [fixed] = await database.db
      .select()
      .from(t.contents)
      .where(eq(t.contents.id, byTitle['Batismo no rio']!.id));
    expect(fixed!.body!.match(/\/api\/v1\/imagem\/conteudo\//g)!.length).toBeGreaterThanOrEqual(3);
    expect(fixed!.body).not.toMatch(/<img[^>]+antiga\.example\.org/);
  });

  it('asks before a CPF typo merges one person into another, and keeps a person with a bad CPF', async () => {
    const csv = [
      'Nome;E-mail;CPF;Celular',
      // Maria Souza (the demo member) has CPF 529.982.247-25; this is someone else with a typo
      'Pedro Alves;pedro.alves@exemplo.com;529.982.247-25;(11) 90000-0001',
      'Rita Lima;rita.lima@exemplo.com;123.456.789-00;telefone?',
      'Maria Souza;membro@graca.demo;;',
      'Rita Lima;rita.lima@exemplo.com;;(11) 90000-0002',
    ].join('\n');
    const view = await analysed('pessoas', 'secretaria.csv', csv);
    expect(view.previa).toMatchObject({
      criar: 1,
      totalRecusadas: 1,
      confirmarLinhas: [2],
      iguaisLinhas: [4],
      atualizarLinhas: [5],
    });
    expect(view.previa!.recusadas).toEqual([
      {
        linha: 2,
        motivo:
          'The CPF 52998224725 belongs to Maria Souza (membro@graca.demo), whose name and e-mail are not these (a typo?): confirm the line to merge it into that person anyway.',
      },
    ]);
    // remarks in the file's order, the duplicate named by its first line
    expect(view.previa!.avisos).toEqual([
      { linha: 3, motivo: '“123.456.789-00” is not a valid CPF; the CPF was left out.' },
      { linha: 3, motivo: 'Phone “telefone?” not understood; left out.' },
      { linha: 5, motivo: 'The same person as line 3.' },
    ]);
    // without the confirmation nothing of Pedro's reaches Maria
    const plain = await execute(view);
    expect(plain.resultado).toMatchObject({ criar: 1, totalRecusadas: 1 });
    const [maria] = await database.db
      .select()
      .from(t.users)
      .where(eq(t.users.email, 'membro@graca.demo'));
    expect(maria).toMatchObject({ firstName: 'Maria', phone: '+55 11 98765-4321' });
    const [rita] = await database.db
      .select()
      .from(t.users)
      .where(eq(t.users.email, 'rita.lima@exemplo.com'));
    expect(rita).toMatchObject({ cpf: null, phone: '+55 11 90000-0002' });
    expect(await database.db.$count(t.users, eq(t.users.email, 'pedro.alves@exemplo.com'))).toBe(0);

    // confirmed, the line merges into Maria (blank fields only: her phone stays)
    const confirmed = await options(await analysed('pessoas', 'secretaria.csv', csv), {
      confirmar: [2],
    });
    expect(confirmed.previa).toMatchObject({ confirmarLinhas: [], totalRecusadas: 0 });
    expect(confirmed.previa!.iguaisLinhas).toContain(2);
    const merged = await execute(confirmed);
    expect(merged.estado).toBe('concluido');
    expect(await database.db.$count(t.users, eq(t.users.email, 'pedro.alves@exemplo.com'))).toBe(0);
    const [still] = await database.db.select().from(t.users).where(eq(t.users.id, maria!.id));
    expect(still).toMatchObject({ firstName: 'Maria', phone: '+55 11 98765-4321' });
  });

  it('writes a file that repeats a person every few rows in full batches, the repeats after their first', async () => {
    const lines = ['Nome;E-mail;Célula'];
    for (let i = 1; i <= 60; i++) {
      lines.push(`Repetida ${i};repetida.${i}@exemplo.com;`);
      // the same person again on the next line, now with a group
      if (i % 2 === 0) lines.push(`Repetida ${i};repetida.${i}@exemplo.com;Célula Moema`);
    }
    const analysis = await analysed('pessoas', 'repetidas.csv', lines.join('\n'));
    const before = batchesWritten();
    const done = await execute(analysis);
    expect(done.resultado).toMatchObject({ criar: 60, atualizar: 30, totalRecusadas: 0 });
    // two writes (the rows, then the repeats), not one per repeat
    expect(batchesWritten() - before).toBe(2);
    // and one record of them in the audit log, lines 2–91
    const records = await database.db
      .select({ summary: t.auditLog.summary })
      .from(t.auditLog)
      .where(
        and(
          eq(t.auditLog.action, 'import.rows'),
          eq(t.auditLog.kind, 'importacao'),
          eq(t.auditLog.targetId, String(done.id)),
        ),
      );
    expect(records).toEqual([{ summary: 'repetidas.csv: 2–91' }]);
    const [moema] = await database.db
      .select()
      .from(t.groups)
      .where(and(eq(t.groups.churchId, graca), eq(t.groups.name, 'Célula Moema')));
    expect(
      await database.db.$count(
        t.groupMembers,
        and(
          eq(t.groupMembers.groupId, moema!.id),
          inArray(
            t.groupMembers.userId,
            database.db
              .select({ id: t.users.id })
              .from(t.users)
              .where(like(t.users.email, 'repetida.%@exemplo.com')),
          ),
        ),
      ),
    ).toBe(30);
    expect((await call('POST', `/importacao/${done.id}/desfazer`)).status).toBe(200);
  });

  it('lists a reason the import creates as hidden, to rename, merge or show; names a cheque', async () => {
    const csv = [
      'Data;E-mail;Motivo;Valor;Forma',
      '05/01/2025;membro@graca.demo;Dízimos e Ofertas (antigo);100,00;Cheque',
      '06/01/2025;membro@graca.demo;Dízimos e Ofertas (antigo);50,00;Pix',
    ].join('\n');
    const view = await analysed('doacoes', 'historico.csv', csv);
    expect(view.previa!.avisos).toEqual([
      {
        linha: 2,
        motivo: 'Method “Cheque” is not one of this site’s; recorded as a bank transfer.',
      },
    ]);
    const done = await execute(view);
    expect(done.resultado).toMatchObject({ criar: 2 });
    const reasons = await call('GET', '/doacao/motivos');
    const imported = (
      reasons.body.motivos as { id: number; nome: string; flagAtivo: boolean }[]
    ).find((m) => m.nome === 'Dízimos e Ofertas (antigo)');
    expect(imported).toMatchObject({ flagAtivo: false });
    // not offered on /give while hidden
    const offered = await kit.get('/igreja/graca/pagamento-motivo/?doacao=true');
    expect(JSON.stringify(offered.body)).not.toContain('antigo');
    // the dashboard filters by it
    const filtered = await call('GET', `/doacao/doacoes?motivo=${imported!.id}`);
    expect(filtered.status).toBe(200);
    expect(filtered.body.doacoes).toHaveLength(2);
    expect(
      (filtered.body.doacoes as { metodoPagamento?: string; metodo?: string }[]).map(
        (g) => g.metodoPagamento ?? g.metodo,
      ),
    ).toContain('transferencia');

    // merged into a reason the church has: the gifts follow, the imported one goes
    const target = (
      reasons.body.motivos as { id: number; nome: string; flagAtivo: boolean }[]
    ).find((m) => m.flagAtivo)!;
    const stranger = await call(
      'POST',
      `/doacao/motivos/${imported!.id}/juntar`,
      { json: { destino: target.id } },
      { token: tokens.graceAdmin, church: 'grace' },
    );
    expect(stranger.status).toBe(404);
    expect(
      (
        await call('POST', `/doacao/motivos/${imported!.id}/juntar`, {
          json: { destino: imported!.id },
        })
      ).status,
    ).toBe(400);
    const merged = await call('POST', `/doacao/motivos/${imported!.id}/juntar`, {
      json: { destino: target.id },
    });
    expect(merged.status, JSON.stringify(merged.body)).toBe(200);
    expect(
      await database.db.$count(
        t.auditLog,
        and(
          eq(t.auditLog.churchId, graca),
          eq(t.auditLog.action, 'giving.reason.merge'),
          eq(t.auditLog.targetId, String(target.id)),
        ),
      ),
    ).toBe(1);
    expect(await database.db.$count(t.paymentReasons, eq(t.paymentReasons.id, imported!.id))).toBe(
      0,
    );
    const lines = await database.db
      .select()
      .from(t.paymentLines)
      .where(and(eq(t.paymentLines.churchId, graca), eq(t.paymentLines.reasonId, target.id)));
    expect(lines.filter((l) => l.reasonName === target.nome).length).toBeGreaterThanOrEqual(2);
    // the import still undoes: its gifts go, the reason it merged into stays
    expect((await call('POST', `/importacao/${done.id}/desfazer`)).status).toBe(200);
    expect(await database.db.$count(t.paymentReasons, eq(t.paymentReasons.id, target.id))).toBe(1);
  });
});
