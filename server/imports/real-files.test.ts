// Moving in from real files (docs/staff.md "Moving in"): files built here in the shapes real
// exports have — a Zimbra calendar with an RDATE period and its own zone definition, Google's
// all-day events and a daily series begun years ago — read by the one reader of each format.
import { describe, expect, it } from 'vitest';
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
