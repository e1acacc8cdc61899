// Hostile moving-in files (docs/security.md "Hostile files"): each kind is refused by its cap with
// a message a person can act on, never a 500 and never by exhausting the server; the reading runs
// on a worker thread, so the main thread keeps answering; imports accept the 20 MB the docs promise.
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import ExcelJS from 'exceljs';
import { strToU8, zipSync } from 'fflate';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { IMPORT_MAX_BYTES } from '../../contract/imports.ts';
import { parseConfig } from '../../common/config.ts';
import { createApi } from '../app.ts';
import { createChangeFeed } from '../changes.ts';
import type { DatabaseHandle } from '../db/client.ts';
import { openTestDatabase, testBackends } from '../db/test-database.ts';
import { createLocalFileStore } from '../files/local.ts';
import { drainTasks } from '../jobs/tasks.ts';
import { createMailer } from '../mail/outbox.ts';
import { apiClient, loginAs } from '../test-kit.ts';
import { calendarItems } from './calendar.ts';
import { makeImportTask } from './import.task.ts';
import { IMPORT_LIMITS, ImportLimitError, type ImportLimits } from './limits.ts';
import { parseStream } from './parse-thread.ts';
import { fetchPublicImage } from './posts.ts';
import { readSongs } from './song-files.ts';
import { readTableRows, tableHead } from './tables.ts';
import { readWxr } from './wxr.ts';

const limits = (over: Partial<ImportLimits>): ImportLimits => ({ ...IMPORT_LIMITS, ...over });

/** The cap a reading was refused by (its catalogue key), or a failure when it was not refused. */
async function capOf(read: () => unknown): Promise<string> {
  try {
    const out = read();
    if (out && typeof out === 'object' && Symbol.asyncIterator in out)
      for await (const _ of out as AsyncIterable<unknown>);
    else if (out && typeof out === 'object' && Symbol.iterator in out)
      for (const _ of out as Iterable<unknown>);
  } catch (e) {
    if (e instanceof ImportLimitError) return e.key;
    throw e;
  }
  throw new Error('not refused');
}

const song = (title: string, body = '[G]Glória') => `{title: ${title}}\n${body}\n`;

describe('a zip of songs', () => {
  it('refuses an entry that unpacks past the song cap (a zip bomb) after reading only that much', async () => {
    const bomb = zipSync(
      { 'a.cho': strToU8(song('A')), 'bomb.cho': new Uint8Array(50 * 1024 * 1024) },
      { level: 9 },
    );
    expect(bomb.length).toBeLessThan(200 * 1024);
    expect(await capOf(() => readSongs(Buffer.from(bomb), IMPORT_LIMITS))).toBe(
      'staff.import.limit.entrySize',
    );
  });

  it('refuses an entry that grows too many times, too many entries and too much in all', async () => {
    const big = zipSync({ 'x.cho': new Uint8Array(3 * 1024 * 1024) }, { level: 9 });
    expect(
      await capOf(() => readSongs(Buffer.from(big), limits({ songBytes: 100 * 1024 * 1024 }))),
    ).toBe('staff.import.limit.ratio');
    const many = zipSync(
      Object.fromEntries(Array.from({ length: 12 }, (_, i) => [`${i}.cho`, strToU8(song(`${i}`))])),
    );
    expect(await capOf(() => readSongs(Buffer.from(many), limits({ zipEntries: 10 })))).toBe(
      'staff.import.limit.zipEntries',
    );
    const three = zipSync(
      Object.fromEntries(
        ['a', 'b', 'c'].map((n) => [`${n}.cho`, strToU8(song(n, 'x'.repeat(40_000)))]),
      ),
    );
    expect(
      await capOf(() => readSongs(Buffer.from(three), limits({ unpackedBytes: 100_000 }))),
    ).toBe('staff.import.limit.unpacked');
  });

  it('refuses an entry hidden between the ones its directory lists', async () => {
    const a = Buffer.from(zipSync({ 'a.cho': strToU8(song('A')) }));
    const hidden = Buffer.from(zipSync({ 'b.cho': strToU8(song('B')) }));
    const directoryAt = a.readUInt32LE(a.length - 22 + 16);
    // a's entry, then b's whole local entry that a's directory does not list, then a's directory
    const smuggled = Buffer.concat([
      a.subarray(0, directoryAt),
      hidden.subarray(0, hidden.readUInt32LE(hidden.length - 22 + 16)),
      a.subarray(directoryAt),
    ]);
    smuggled.writeUInt32LE(directoryAt + (smuggled.length - a.length), smuggled.length - 22 + 16);
    expect(await capOf(() => readSongs(smuggled, IMPORT_LIMITS))).toBe('staff.import.zipBroken');
  });
});

describe('a spreadsheet', () => {
  it('refuses a row wider than the column cap before building it', async () => {
    const book = new ExcelJS.Workbook();
    const sheet = book.addWorksheet('Membros');
    sheet.getRow(1).getCell(1).value = 'Nome';
    sheet.getRow(1).getCell(16_000).value = 'x';
    const bytes = Buffer.from(await book.xlsx.writeBuffer());
    expect(await capOf(() => readTableRows(bytes))).toBe('staff.import.limit.columns');
  });

  it('refuses more rows than the cap, CSV and .xlsx', async () => {
    const csv = Buffer.from(
      ['Nome,E-mail', ...Array.from({ length: 20 }, (_, i) => `P${i},p${i}@x.com`)].join('\n'),
    );
    expect(await capOf(() => readTableRows(csv, limits({ rows: 10 })))).toBe(
      'staff.import.limit.rows',
    );
    const book = new ExcelJS.Workbook();
    const sheet = book.addWorksheet('Membros');
    for (let i = 0; i < 20; i++) sheet.addRow([`P${i}`, `p${i}@x.com`]);
    const xlsx = Buffer.from(await book.xlsx.writeBuffer());
    expect(await capOf(() => readTableRows(xlsx, limits({ rows: 10 })))).toBe(
      'staff.import.limit.rows',
    );
  });

  it('refuses huge shared strings by the unpacked cap', async () => {
    const book = new ExcelJS.Workbook();
    const sheet = book.addWorksheet('Membros');
    sheet.addRow(['Nome', 'Notas']);
    for (let i = 0; i < 5; i++) sheet.addRow([`P${i}`, `${i}`.repeat(400_000)]);
    const xlsx = Buffer.from(await book.xlsx.writeBuffer());
    expect(await capOf(() => readTableRows(xlsx, limits({ unpackedBytes: 1024 * 1024 })))).toBe(
      'staff.import.limit.unpacked',
    );
  });

  it('reads on a worker thread, and the refusal crosses over with its values', async () => {
    const csv = Buffer.from(['Nome', ...Array.from({ length: 20 }, (_, i) => `P${i}`)].join('\n'));
    const error = await tableHead(csv, 50, { rows: 10 }).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ImportLimitError);
    expect((error as ImportLimitError).values).toEqual({ n: 10 });
  });
});

/** A calendar of `n` events; `rule` makes them repeat. */
function calendar(n: number, rule = ''): string {
  const events = Array.from(
    { length: n },
    (_, i) =>
      `BEGIN:VEVENT\r\nUID:e${i}@test\r\nDTSTART:20200101T100000Z\r\nDTEND:20200101T110000Z\r\nSUMMARY:Evento ${i}\r\n${rule ? `RRULE:${rule}\r\n` : ''}END:VEVENT\r\n`,
  );
  return `BEGIN:VCALENDAR\r\nVERSION:2.0\r\nPRODID:-//test//EN\r\n${events.join('')}END:VCALENDAR\r\n`;
}

describe('a calendar', () => {
  const now = new Date('2026-06-01T00:00:00Z');

  it('walks a repeating event a bounded number of times: every second is refused, not walked for minutes', () => {
    const started = performance.now();
    const items = [
      ...calendarItems(calendar(3, 'FREQ=SECONDLY'), now, limits({ occurrences: 1000 })),
    ];
    expect(items).toEqual(
      [0, 1, 2].map((i) => ({
        refused: {
          linha: 4 + i * 7,
          chave: 'staff.import.row.eventRepeats',
          valores: { valor: `Evento ${i}`, n: 1000 },
        },
      })),
    );
    expect(performance.now() - started).toBeLessThan(5000);
  });

  it('refuses the file when its repeating events need more walking than the file cap', async () => {
    expect(
      await capOf(() =>
        calendarItems(
          calendar(50, 'FREQ=SECONDLY'),
          now,
          limits({ occurrences: 1000, occurrencesTotal: 5000 }),
        ),
      ),
    ).toBe('staff.import.limit.occurrences');
  });

  it('refuses more events than the cap before parsing them', async () => {
    expect(await capOf(() => calendarItems(calendar(11), now, limits({ events: 10 })))).toBe(
      'staff.import.limit.events',
    );
  });

  it('still brings the next date of a weekly event', () => {
    const [item] = [...calendarItems(calendar(1, 'FREQ=WEEKLY'), now, IMPORT_LIMITS)];
    expect(item && 'event' in item && item.event.startsAt >= now).toBe(true);
  });

  it('keeps the main thread answering while a large calendar is parsed on the worker', async () => {
    const bytes = Buffer.from(calendar(4_000));
    let last = performance.now();
    let lag = 0;
    const timer = setInterval(() => {
      const at = performance.now();
      lag = Math.max(lag, at - last - 5);
      last = at;
    }, 5);
    const started = performance.now();
    let events = 0;
    for await (const _ of parseStream('calendar', bytes, { now })) events++;
    const took = performance.now() - started;
    clearInterval(timer);
    expect(events).toBe(4_000);
    // the parse takes far longer than the longest the main thread was kept from its timer (on the
    // main thread the two would be equal); no absolute bound: a busy machine delays timers too
    expect(lag).toBeLessThan(took / 2);
  });

  it('stops a reading that takes longer than its step may', async () => {
    const error = await (async () => {
      for await (const _ of parseStream('calendar', Buffer.from(calendar(4_000)), {
        now,
        limits: { parseMs: 20 },
      }));
    })().catch((e: unknown) => e);
    expect((error as ImportLimitError).key).toBe('staff.import.limit.time');
  });
});

describe('a WordPress export', () => {
  const wxr = (items: string) =>
    `<?xml version="1.0"?><rss xmlns:wp="http://wordpress.org/export/1.2/"><channel>${items}</channel></rss>`;

  it('is read in time linear in its size, unclosed elements included', () => {
    // each opening without its closing made the old reader search the rest of the file again
    const hostile = wxr(
      '<item><title>x</title>'.repeat(40_000) +
        '<wp:author '.repeat(40_000) +
        '<wp:category>'.repeat(40_000),
    );
    expect(hostile.length).toBeGreaterThan(1_500_000);
    const started = performance.now();
    const [meta] = [...readWxr(hostile, IMPORT_LIMITS)];
    expect(meta).toEqual({ attachments: [], sites: [], categories: [] });
    expect(performance.now() - started).toBeLessThan(2000);
  });

  it('refuses a post larger than the post cap and a file of more items than the cap', async () => {
    const post = (id: number, body: string) =>
      `<item><title>Post ${id}</title><wp:post_id>${id}</wp:post_id><wp:post_type>post</wp:post_type><wp:status>publish</wp:status><content:encoded><![CDATA[${body}]]></content:encoded></item>`;
    const items = [
      ...readWxr(
        wxr(post(1, '<p>oi</p>') + post(2, 'x'.repeat(5000))),
        limits({ postBytes: 1000 }),
      ),
    ];
    expect(items[1]).toMatchObject({ id: '1', html: '<p>oi</p>' });
    expect(items[2]).toMatchObject({
      id: '2',
      refused: { chave: 'staff.import.row.postTooLarge' },
    });
    expect(
      await capOf(() =>
        readWxr(wxr(post(1, 'a') + post(2, 'b') + post(3, 'c')), limits({ posts: 2 })),
      ),
    ).toBe('staff.import.limit.posts');
  });

  it('never fetches an image from an internal address', async () => {
    for (const url of [
      'http://[::ffff:127.0.0.1]/a.png',
      'https://[::]/a.png',
      'https://127.0.0.1/a.png',
      'https://169.254.169.254/latest/meta-data',
      'https://localhost/a.png',
    ])
      expect(await fetchPublicImage(url), url).toBeNull();
  });
});

describe.each(testBackends())('hostile uploads through the API on %s', (backend) => {
  let database: DatabaseHandle;
  let dataDir: string;
  let api: ReturnType<typeof createApi>;
  let token: string;
  const files = () => createLocalFileStore(() => path.join(dataDir, 'files'));

  beforeAll(async () => {
    dataDir = await mkdtemp(path.join(tmpdir(), 'imports-hostile-'));
    process.env.DATA_DIR = dataDir;
    database = await openTestDatabase(backend);
    api = createApi({ db: database.db, changes: createChangeFeed(), files: files() });
    token = (await loginAs(() => api, 'lider@graca.demo')).token;
  }, 180_000);
  afterAll(async () => {
    await database?.close();
    await rm(dataDir, { recursive: true, force: true });
  });

  const { call: kitCall } = apiClient(() => api);
  const call = (method: string, url: string, lang: string, form?: FormData) =>
    kitCall(method, `/admin/graca${url}`, { token, lang, body: form });
  const upload = (kind: string, name: string, bytes: Buffer, lang = 'en') => {
    const form = new FormData();
    form.append('arquivo', new File([new Uint8Array(bytes)], name));
    return call('POST', `/importacao?tipo=${kind}`, lang, form);
  };
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
      [makeImportTask({ fetchImage: async () => null }) as never],
    );

  it('accepts a 20 MB spreadsheet and refuses a larger one on its field', async () => {
    // no e-mail column: the file waits for its mapping, so no dry run of 20 MB is queued here
    const line = `Pessoa,${'nota '.repeat(80)}\n`;
    const header = 'Nome,Notas\n';
    const rows = Math.floor((IMPORT_MAX_BYTES - header.length) / line.length);
    const full = Buffer.from(header + line.repeat(rows));
    expect(full.length).toBeGreaterThan(IMPORT_MAX_BYTES - line.length);
    const accepted = await upload('pessoas', 'pessoas.csv', full);
    expect(accepted.status).toBe(201);
    const over = Buffer.concat([full, Buffer.from(line.repeat(Math.ceil(200_000 / line.length)))]);
    const refused = await upload('pessoas', 'pessoas.csv', over, 'pt');
    expect(refused.status).toBe(413);
    expect(refused.body.errors.arquivo).toEqual(['O arquivo tem mais de 20 MB.']);
  }, 120_000);

  it('refuses at upload a spreadsheet whose header is wider than the column cap', async () => {
    const book = new ExcelJS.Workbook();
    const sheet = book.addWorksheet('Membros');
    sheet.getRow(1).getCell(1).value = 'Nome';
    sheet.getRow(1).getCell(9_000).value = 'E-mail';
    const res = await upload(
      'pessoas',
      'largo.xlsx',
      Buffer.from(await book.xlsx.writeBuffer()),
      'es',
    );
    expect(res.status).toBe(422);
    expect(res.body.errors.arquivo).toEqual([
      `La fila 1 tiene más de ${IMPORT_LIMITS.columns} columnas.`,
    ]);
  });

  it('fails the dry run of a zip bomb with the cap’s message in the reader’s language', async () => {
    const bomb = Buffer.from(
      zipSync(
        { 'a.cho': strToU8(song('A')), 'b.cho': new Uint8Array(40 * 1024 * 1024) },
        { level: 9 },
      ),
    );
    const created = await upload('louvores', 'bomba.zip', bomb);
    expect(created.status).toBe(201);
    await runTasks();
    const en = await call('GET', `/importacao/${created.body.id}`, 'en');
    expect(en.body.estado).toBe('falhou');
    expect(en.body.erro).toBe('“b.cho” in the archive is larger than 0.25 MB unpacked.');
    const pt = await call('GET', `/importacao/${created.body.id}`, 'pt');
    expect(pt.body.erro).toBe(
      '“b.cho” dentro do arquivo compactado tem mais de 0.25 MB descompactado.',
    );
  }, 60_000);
});
