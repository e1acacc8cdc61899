// The soak's staff edits (docs/deploy.md "The soak"): graca's admin (lider@graca.demo) keeps
// the news editor open on the newest news item and saves a new title every `everyMs`, through
// the staff API the admin page uses (`PUT /api/v1/admin/graca/conteudo/noticia/{id}` with the
// version it opened, src/lib/staff/content-api.ts). Before each save a visitor reads the item's
// page and the news list, so both are kept in the page cache with the old title; after the save
// answers, a visitor's read of each must show the new title (the save purges the church's
// pages, docs/staff.md "Changes show on every node"). A page without it is a stale read.
import { request } from 'node:http';
import { apiCall } from './api-call.ts';
import { decodedBody } from './browser.ts';

const ADMIN = 'lider@graca.demo';

export interface StaffSoakResult {
  item: number | null;
  saves: number;
  /** Saves not answered 200 with the new title, by status. */
  failedSaves: Record<string, number>;
  /** The last failed save's answer (cut short), to see why. */
  lastFailure?: string;
  /** Public reads after a save (the item's page and the list). */
  reads: number;
  /** Reads after a save that did not show the new title, by page (with its status when not 200). */
  staleReads: Record<string, number>;
  saveMs: { p50: number; p99: number };
}

export interface StaffSoakOptions {
  site: string;
  /** The church's host (the public pages are chosen by it). */
  host: string;
  everyMs: number;
  endAt: number;
  /** The soak's latency record, so these requests count with the others. */
  timed: <T>(run: () => Promise<T>) => Promise<T>;
}

/** A public page as a browser reads it (Host set, brotli asked for); its status and text. */
function pageText(site: string, host: string, url: string) {
  return new Promise<{ status: number; html: string }>((resolve) => {
    const req = request(
      `${site}${url}`,
      { headers: { host, 'accept-language': 'pt-BR', 'accept-encoding': 'br, gzip' } },
      (res) => {
        const chunks: Buffer[] = [];
        res.on('data', (c: Buffer) => chunks.push(c));
        res.on('end', () => {
          const plain = decodedBody(res.headers['content-encoding'], Buffer.concat(chunks));
          resolve({ status: res.statusCode ?? 0, html: plain.toString('utf8') });
        });
      },
    );
    req.on('error', () => resolve({ status: 0, html: '' }));
    req.end();
  });
}

interface Editable {
  titulo: string;
  resumo: string | null;
  corpo: string | null;
  imagem: { url: string; largura: number; altura: number } | null;
  categoriaId: number | null;
  palavrasChave: string[];
  autor: string | null;
  slug: string | null;
  publicadoEm: string | null;
  detalhes: Record<string, unknown>;
  versao: number;
}

/** Saves news titles until `endAt`; every read after a save is checked for the new title. */
export async function staffEdits(options: StaffSoakOptions): Promise<StaffSoakResult> {
  const { site, host, everyMs, endAt, timed } = options;
  const result: StaffSoakResult = {
    item: null,
    saves: 0,
    failedSaves: {},
    reads: 0,
    staleReads: {},
    saveMs: { p50: 0, p99: 0 },
  };
  const count = (into: Record<string, number>, key: string) => (into[key] = (into[key] ?? 0) + 1);
  const saveTimes: number[] = [];

  const call = (method: string, path: string, token?: string, body?: unknown) =>
    apiCall(site, method, path, token, body);
  const login = async () => {
    const r = await call('POST', '/security/login_check', undefined, {
      username: ADMIN,
      password: 'Demo@1234',
    });
    if (r.status !== 200) throw new Error(`login ${ADMIN}: ${r.status}`);
    return r.body.token as string;
  };

  // The newest news item, as the list links it (bench/pages.ts "news item").
  const list = await pageText(site, host, '/news');
  const id = Number(/href="\/news\/(\d+)"/.exec(list.html)?.[1]);
  if (!id) throw new Error(`no news item linked from /news (${list.status})`);
  result.item = id;
  const itemPath = `/admin/graca/conteudo/noticia/${id}`;
  const pages = [`/news/${id}`, '/news'];

  let token = await login();
  const open = async (): Promise<Editable> => {
    const r = await call('GET', itemPath, token);
    if (r.status !== 200) throw new Error(`open news ${id}: ${r.status}`);
    return r.body as unknown as Editable;
  };
  let item = await open();
  for (let n = 1; Date.now() < endAt; n++) {
    const next = Date.now() + everyMs;
    for (const url of pages) await timed(() => pageText(site, host, url)); // kept with the old title
    const titulo = `Soak edit ${n} at ${Date.now()}`;
    const t0 = performance.now();
    const saved = await timed(() =>
      call('PUT', itemPath, token, {
        titulo,
        resumo: item.resumo,
        corpo: item.corpo,
        imagem: item.imagem, // the cover sent back unchanged, as the editor does
        categoriaId: item.categoriaId,
        palavrasChave: item.palavrasChave,
        autor: item.autor,
        slug: item.slug,
        publicadoEm: null, // as the editor sends an unchanged date: the stored one is kept
        detalhes: item.detalhes,
        versao: item.versao,
      }),
    );
    saveTimes.push(performance.now() - t0);
    if (saved.status === 401) {
      token = await login(); // the token expired during the run
    } else if (saved.status !== 200 || saved.body.titulo !== titulo) {
      count(result.failedSaves, String(saved.status));
      result.lastFailure = JSON.stringify(saved.body).slice(0, 300);
      item = await open(); // a conflict or an error: open the item again, as the editor would
    } else {
      result.saves++;
      item = saved.body as unknown as Editable;
      for (const url of pages) {
        const read = await timed(() => pageText(site, host, url));
        result.reads++;
        if (read.status !== 200) count(result.staleReads, `${url} ${read.status}`);
        else if (!read.html.includes(titulo)) count(result.staleReads, url);
      }
    }
    await new Promise((r) => setTimeout(r, Math.max(0, Math.min(next, endAt) - Date.now())));
  }
  const sorted = saveTimes.sort((a, b) => a - b);
  const at = (p: number) =>
    Math.round(sorted[Math.min(sorted.length - 1, Math.floor(sorted.length * p))] ?? 0);
  result.saveMs = { p50: at(0.5), p99: at(0.99) };
  return result;
}

/** The soak's staff check: saves went through, and no read after one showed the old page. */
export const staffHeld = (r: StaffSoakResult): boolean =>
  r.saves > 0 && Object.keys(r.failedSaves).length === 0 && Object.keys(r.staleReads).length === 0;
