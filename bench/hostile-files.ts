// `npm run bench:hostile` (docs/performance.md "Hostile files"): starts the server on a fresh
// PGlite DATA_DIR, makes hostile moving-in files of each kind (a zip bomb of songs, spreadsheets
// with huge shared strings, a column at XFD or too many rows, a calendar of events repeating every
// second, a WordPress export of unclosed elements) and plain 10 MB ones, uploads each through the
// API and waits for its dry run, while /healthz and a public page are asked for every 50 ms. It
// prints, per file, what the import said, the server's RSS growth over its idle RSS and the
// slowest answer of those polls, beside the targets (RSS growth < 300 MB, polls within 200 ms).
// Knobs: BENCH_PORT (4471), DIST_DIR (dist: the site's build, for the public page), BENCH_ONLY
// (a comma-separated list of file names below).
import { spawn, type ChildProcess } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { request } from 'node:http';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { crc32, deflateRawSync } from 'node:zlib';
import ExcelJS from 'exceljs';
import { strToU8, unzipSync, zipSync } from 'fflate';

const PORT = Number(process.env.BENCH_PORT ?? 4471);
const DIST = process.env.DIST_DIR ?? 'dist';
const ONLY = (process.env.BENCH_ONLY ?? '').split(',').filter(Boolean);
const MB = 1024 * 1024;
const TARGET_RSS_MB = 300;
const TARGET_POLL_MS = 200;

// ---- files ----

interface ZipPart {
  name: string;
  /** Deflated bytes, with the unpacked size and CRC they stand for. */
  packed: Buffer;
  size: number;
  crc: number;
}

const part = (name: string, data: Buffer): ZipPart => ({
  name,
  packed: deflateRawSync(data, { level: 9 }),
  size: data.length,
  crc: crc32(data),
});

/** A zip of already deflated parts (a bomb's parts are deflated once and stored many times). */
function zipOf(parts: ZipPart[]): Buffer {
  const locals: Buffer[] = [];
  const centrals: Buffer[] = [];
  let offset = 0;
  for (const p of parts) {
    const name = Buffer.from(p.name);
    const local = Buffer.alloc(30);
    local.writeUInt32LE(0x04034b50, 0);
    local.writeUInt16LE(20, 4);
    local.writeUInt16LE(8, 8);
    local.writeUInt32LE(p.crc, 14);
    local.writeUInt32LE(p.packed.length, 18);
    local.writeUInt32LE(p.size, 22);
    local.writeUInt16LE(name.length, 26);
    const central = Buffer.alloc(46);
    central.writeUInt32LE(0x02014b50, 0);
    central.writeUInt16LE(20, 4);
    central.writeUInt16LE(20, 6);
    central.writeUInt16LE(8, 10);
    central.writeUInt32LE(p.crc, 16);
    central.writeUInt32LE(p.packed.length, 20);
    central.writeUInt32LE(p.size, 24);
    central.writeUInt16LE(name.length, 28);
    central.writeUInt32LE(offset, 42);
    locals.push(local, name, p.packed);
    centrals.push(central, name);
    offset += 30 + name.length + p.packed.length;
  }
  const directory = Buffer.concat(centrals);
  const end = Buffer.alloc(22);
  end.writeUInt32LE(0x06054b50, 0);
  end.writeUInt16LE(parts.length, 8);
  end.writeUInt16LE(parts.length, 10);
  end.writeUInt32LE(directory.length, 12);
  end.writeUInt32LE(offset, 16);
  return Buffer.concat([...locals, directory, end]);
}

/** A one-sheet workbook whose parts are ExcelJS's, with some replaced. */
async function xlsxWith(replace: Record<string, Buffer>): Promise<Buffer> {
  const book = new ExcelJS.Workbook();
  book.addWorksheet('Membros').addRow(['Nome', 'E-mail']);
  const parts = unzipSync(new Uint8Array(await book.xlsx.writeBuffer()));
  const names = [...new Set([...Object.keys(parts), ...Object.keys(replace)])];
  return zipOf(names.map((n) => part(n, replace[n] ?? Buffer.from(parts[n]!))));
}

const sheetXml = (rows: string) =>
  Buffer.from(
    `<?xml version="1.0" encoding="UTF-8"?><worksheet xmlns="http://schemas.openxmlformats.org/spreadsheetml/2006/main"><sheetData>${rows}</sheetData></worksheet>`,
  );

function calendar(n: number, rule: string, description = ''): Buffer {
  const events = Array.from(
    { length: n },
    (_, i) =>
      `BEGIN:VEVENT\r\nUID:e${i}@bench\r\nDTSTART:20200101T100000Z\r\nDTEND:20200101T110000Z\r\nSUMMARY:Evento ${i}\r\n${description ? `DESCRIPTION:${description}\r\n` : ''}${rule ? `RRULE:${rule}\r\n` : ''}END:VEVENT\r\n`,
  );
  return Buffer.from(
    `BEGIN:VCALENDAR\r\nVERSION:2.0\r\nPRODID:-//bench//EN\r\n${events.join('')}END:VCALENDAR\r\n`,
  );
}

const wxr = (items: string) =>
  Buffer.from(
    `<?xml version="1.0" encoding="UTF-8"?><rss version="2.0" xmlns:wp="http://wordpress.org/export/1.2/" xmlns:content="http://purl.org/rss/1.0/modules/content/"><channel><wp:wxr_version>1.2</wp:wxr_version><link>https://wordpress.org/export</link>${items}</channel></rss>`,
  );

interface Hostile {
  name: string;
  kind: 'pessoas' | 'louvores' | 'eventos' | 'posts';
  file: string;
  make(): Promise<Buffer> | Buffer;
}

const FILES: Hostile[] = [
  {
    name: 'songs zip bomb (8 × 200 MB of zeros)',
    kind: 'louvores',
    file: 'bomb.zip',
    make: () => {
      const zeros = part('x', Buffer.alloc(200 * MB));
      return zipOf(Array.from({ length: 8 }, (_, i) => ({ ...zeros, name: `musicas/${i}.cho` })));
    },
  },
  {
    name: 'xlsx, 150 MB shared strings',
    kind: 'pessoas',
    file: 'strings.xlsx',
    make: () =>
      xlsxWith({
        'xl/sharedStrings.xml': Buffer.concat([
          Buffer.from('<?xml version="1.0"?><sst><si><t>'),
          Buffer.alloc(150 * MB, 'A'),
          Buffer.from('</t></si></sst>'),
        ]),
      }),
  },
  {
    name: 'xlsx, a cell at column XFD on 200,000 rows',
    kind: 'pessoas',
    file: 'wide.xlsx',
    make: () =>
      xlsxWith({
        'xl/worksheets/sheet1.xml': sheetXml(
          Array.from(
            { length: 200_000 },
            (_, i) => `<row r="${i + 1}"><c r="XFD${i + 1}"><v>1</v></c></row>`,
          ).join(''),
        ),
      }),
  },
  {
    name: 'xlsx, 300,000 rows',
    kind: 'pessoas',
    file: 'rows.xlsx',
    make: () =>
      xlsxWith({
        'xl/worksheets/sheet1.xml': sheetXml(
          Array.from(
            { length: 300_000 },
            (_, i) =>
              `<row r="${i + 1}"><c r="A${i + 1}" t="inlineStr"><is><t>${i ? `P${i}` : 'Nome'}</t></is></c><c r="B${i + 1}" t="inlineStr"><is><t>${i ? `p${i}@x.com` : 'E-mail'}</t></is></c></row>`,
          ).join(''),
        ),
      }),
  },
  {
    name: '.ics, 3,000 events repeating every second',
    kind: 'eventos',
    file: 'seconds.ics',
    make: () => calendar(3_000, 'FREQ=SECONDLY'),
  },
  {
    name: 'WXR, 5 MB of unclosed elements',
    kind: 'posts',
    file: 'unclosed.xml',
    make: () =>
      wxr(
        '<item><title>x</title>'.repeat(80_000) +
          '<wp:author '.repeat(100_000) +
          '<wp:category>'.repeat(100_000),
      ),
  },
  {
    name: 'CSV people, 10 MB',
    kind: 'pessoas',
    file: 'people.csv',
    make: () => {
      const rows = ['Nome,E-mail,Telefone,Notas'];
      for (let i = 0; rows.length < 1e9; i++) {
        rows.push(`Pessoa ${i},pessoa${i}@bench.example,(11) 98765-4321,${'nota '.repeat(40)}`);
        if (i % 1000 === 0 && rows.join('\n').length > 10 * MB) break;
      }
      return Buffer.from(rows.join('\n'));
    },
  },
  {
    name: 'songs zip, 10 MB (3,000 songs)',
    kind: 'louvores',
    file: 'songs.zip',
    make: () =>
      Buffer.from(
        zipSync(
          Object.fromEntries(
            Array.from({ length: 3_000 }, (_, i) => [
              `musicas/${i}.cho`,
              strToU8(
                `{title: Canção ${i}}\n{key: G}\n` +
                  Array.from(
                    { length: 60 },
                    (_, l) => `[G]Linha ${l} ${randomBytes(12).toString('hex')}`,
                  ).join('\n'),
              ),
            ]),
          ),
          { level: 0 },
        ),
      ),
  },
  {
    name: '.ics, 10 MB (15,000 events)',
    kind: 'eventos',
    file: 'events.ics',
    make: () => calendar(15_000, '', 'Culto '.repeat(100)),
  },
  {
    name: 'WXR, 10 MB (2,000 posts)',
    kind: 'posts',
    file: 'posts.xml',
    make: () =>
      wxr(
        Array.from(
          { length: 2_000 },
          (_, i) =>
            `<item><title>Post ${i}</title><link>https://igreja.example/${i}/</link><dc:creator>admin</dc:creator><wp:post_id>${i + 1}</wp:post_id><wp:post_date>2024-01-01 10:00:00</wp:post_date><wp:post_type>post</wp:post_type><wp:status>publish</wp:status><category domain="category" nicename="n"><![CDATA[Notícias]]></category><content:encoded><![CDATA[${'<p>Texto do post com <b>negrito</b> e <a href="https://x.example">link</a>.</p>'.repeat(60)}]]></content:encoded><excerpt:encoded><![CDATA[Resumo]]></excerpt:encoded></item>`,
        ).join(''),
      ),
  },
];

// ---- the server and its polls ----

interface Answer {
  status: number;
  body: string;
}

function get(pathname: string, host = '127.0.0.1'): Promise<Answer> {
  return new Promise((resolve, reject) => {
    const req = request(
      { host: '127.0.0.1', port: PORT, path: pathname, headers: { host, 'accept-language': 'en' } },
      (res) => {
        let body = '';
        res.setEncoding('utf8');
        res.on('data', (c: string) => (body += c));
        res.on('end', () => resolve({ status: res.statusCode ?? 0, body }));
      },
    );
    req.on('error', reject);
    req.end();
  });
}

const rssOf = (pid: number) => {
  const status = existsSync(`/proc/${pid}/status`)
    ? readFileSync(`/proc/${pid}/status`, 'utf8')
    : '';
  const m = /VmRSS:\s+(\d+) kB/.exec(status);
  return m ? Number(m[1]) / 1024 : 0;
};

/** /healthz and the public page every 50 ms, and the server's RSS: the slowest and the largest. */
function watch(pid: number, page: { path: string; host: string }) {
  const worst = { healthz: 0, page: 0, rss: 0 };
  const busy = { healthz: false, page: false };
  const poll = (which: 'healthz' | 'page', pathname: string, host?: string) => {
    if (busy[which]) return;
    busy[which] = true;
    const started = performance.now();
    void get(pathname, host)
      .catch(() => undefined)
      .finally(() => {
        worst[which] = Math.max(worst[which], performance.now() - started);
        busy[which] = false;
      });
  };
  const timer = setInterval(() => {
    poll('healthz', '/healthz');
    poll('page', page.path, page.host);
    worst.rss = Math.max(worst.rss, rssOf(pid));
  }, 50);
  return {
    reset: () => Object.assign(worst, { healthz: 0, page: 0, rss: 0 }),
    read: () => ({ ...worst }),
    stop: () => clearInterval(timer),
  };
}

async function main() {
  if ((await get('/healthz').catch(() => ({ status: 0 }))).status)
    throw new Error(`port ${PORT} is taken: choose another with BENCH_PORT`);
  const dataDir = mkdtempSync(path.join(tmpdir(), 'church-hostile-'));
  const site = existsSync(path.join(DIST, 'server'));
  const server: ChildProcess = spawn(process.execPath, ['server.ts'], {
    env: {
      ...process.env,
      DATABASE_URL: '',
      DATA_DIR: dataDir,
      DIST_DIR: DIST,
      PORT: String(PORT),
      HOST: '127.0.0.1',
      LOG_LEVEL: 'error',
      NODE_ENV: 'production',
      JWT_SECRET: randomBytes(48).toString('base64url'),
      PAYMENT_KEY: randomBytes(32).toString('hex'),
    },
    stdio: ['ignore', 'ignore', 'inherit'],
  });
  const stop = async () => {
    if (server.exitCode === null) {
      const exited = new Promise((r) => server.once('exit', r));
      server.kill('SIGTERM');
      await exited;
    }
    rmSync(dataDir, { recursive: true, force: true });
  };
  try {
    console.log('starting the server (migrating and seeding a fresh PGlite)…');
    for (let i = 0; ; i++) {
      if (server.exitCode !== null) throw new Error(`server exited with ${server.exitCode}`);
      if (i > 3000) throw new Error('server did not start in 300 s');
      if ((await get('/healthz').catch(() => ({ status: 0 }))).status === 200) break;
      await new Promise((r) => setTimeout(r, 100));
    }
    const page = site
      ? { path: '/', host: `graca.localhost:${PORT}` }
      : { path: '/api/v1/igreja/codigo/graca', host: '127.0.0.1' };
    console.log(
      `public page polled: ${site ? `${page.host}${page.path}` : `${page.path} (no build in ${DIST})`}`,
    );
    const login = await fetch(`http://127.0.0.1:${PORT}/api/v1/security/login_check`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ username: 'lider@graca.demo', password: 'Demo@1234' }),
    });
    const { token } = (await login.json()) as { token: string };
    const api = (pathname: string, init: RequestInit = {}) =>
      fetch(`http://127.0.0.1:${PORT}/api/v1/admin/graca${pathname}`, {
        ...init,
        headers: { authorization: `Bearer ${token}`, 'accept-language': 'en' },
      });
    for (let i = 0; i < 20; i++) await get(page.path, page.host); // warm: the page cached, code loaded
    await new Promise((r) => setTimeout(r, 2000));
    const idleRss = rssOf(server.pid!);
    const watcher = watch(server.pid!, page);
    const rows: string[] = [];
    let failed = false;
    let peak = idleRss;
    for (const hostile of FILES.filter((f) => !ONLY.length || ONLY.includes(f.file))) {
      const bytes = await hostile.make();
      global.gc?.();
      await new Promise((r) => setTimeout(r, 500));
      watcher.reset();
      const before = rssOf(server.pid!);
      const started = performance.now();
      const form = new FormData();
      form.append('arquivo', new Blob([new Uint8Array(bytes)]), hostile.file);
      const res = await api(`/importacao?tipo=${hostile.kind}`, { method: 'POST', body: form });
      const uploadMs = performance.now() - started;
      let view = (await res.json()) as {
        id?: number;
        estado?: string;
        erro?: string | null;
        message?: string;
        previa?: { criar: number; totalRecusadas: number } | null;
      };
      while (view.id && (view.estado === 'analisando' || view.estado === 'na_fila')) {
        if (performance.now() - started > 600_000) break;
        await new Promise((r) => setTimeout(r, 250));
        view = (await (await api(`/importacao/${view.id}`)).json()) as typeof view;
      }
      const took = performance.now() - started;
      const worst = watcher.read();
      // growth over the RSS just before this file (V8 keeps what it grew to, so the process's
      // RSS only rises over the run; its peak over the idle RSS is printed at the end)
      const growth = worst.rss - before;
      peak = Math.max(peak, worst.rss);
      const ok =
        growth < TARGET_RSS_MB && worst.healthz < TARGET_POLL_MS && worst.page < TARGET_POLL_MS;
      failed ||= !ok;
      const said =
        res.status >= 400
          ? `${res.status}: ${view.message}`
          : view.estado === 'falhou'
            ? `refused: ${view.erro}`
            : `${view.estado}: ${view.previa?.criar ?? 0} to create, ${view.previa?.totalRecusadas ?? 0} refused`;
      rows.push(
        `| ${hostile.name} | ${(bytes.length / MB).toFixed(2)} MB | ${said} | ${(uploadMs / 1000).toFixed(1)} s / ${(took / 1000).toFixed(1)} s | ${growth.toFixed(0)} MB | ${worst.healthz.toFixed(0)} ms | ${worst.page.toFixed(0)} ms | ${ok ? 'yes' : '**no**'} |`,
      );
      console.log(rows.at(-1));
    }
    watcher.stop();
    console.log(
      `\nIdle RSS ${idleRss.toFixed(0)} MB, peak ${peak.toFixed(0)} MB over the whole run. Targets: RSS growth < ${TARGET_RSS_MB} MB; /healthz and the public page within ${TARGET_POLL_MS} ms throughout.\n`,
    );
    console.log(
      '| file | size | what the import said | upload / dry run done | RSS growth (this file) | slowest /healthz | slowest page | within targets |',
    );
    console.log('|---|---|---|---|---|---|---|---|');
    for (const row of rows) console.log(row);
    if (failed) process.exitCode = 1;
  } finally {
    await stop();
  }
}

await main();
