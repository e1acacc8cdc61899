// Two nodes behind a round-robin balancer (docs/deploy.md "Several machines"): two `node server.ts`
// processes on one fresh PostgreSQL database and one Redis, behind the small proxy of
// proxy.test-support.ts. What one node does, the other shows: pages, an upload, a gift, a chat
// message, a staff change; and a rolling restart under load fails no request and loses no message.
// Runs when TEST_DATABASE_URL and TEST_REDIS_URL are set (.ci/run sets both when they answer), on
// the built site (`npm test` builds first; DIST_DIR picks another build).
import { spawn, type ChildProcess } from 'node:child_process';
import { randomBytes, randomUUID } from 'node:crypto';
import { spawnSync } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { request } from 'node:http';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import pg from 'pg';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { UPLOAD_CHUNK_BYTES } from '../../contract/play-staff.ts';
import { FFMPEG } from '../play/transcode.task.ts';
import { startProxy, type Proxy } from './proxy.test-support.ts';

const base = process.env.TEST_DATABASE_URL;
const redis = process.env.TEST_REDIS_URL;
const root = fileURLToPath(new URL('../..', import.meta.url));
const entry = path.join(root, process.env.DIST_DIR ?? 'dist', 'server/entry.mjs');
const PORTS = { a: 4522, b: 4523, proxy: 4524, metricsA: 4525 } as const;
/** How each node shows /metrics (docs/deploy.md "Metrics"): A on a port of its own, B behind a token. */
const METRICS_TOKEN = randomBytes(16).toString('hex');
type NodeName = 'a' | 'b';

if (!base || !redis)
  console.warn(
    '[two-nodes] skipped: set TEST_DATABASE_URL and TEST_REDIS_URL (a PostgreSQL and a Redis that answer) to run it',
  );

async function admin(sql: string) {
  const client = new pg.Client({ connectionString: base });
  await client.connect();
  try {
    return await client.query(sql);
  } finally {
    await client.end();
  }
}

interface Answer {
  status: number;
  headers: Record<string, string | string[] | undefined>;
  body: string;
}

/** A GET with any Host header (fetch cannot set it), the way a browser asks for a church's page. */
function get(url: string, host?: string): Promise<Answer> {
  return new Promise((resolve, reject) => {
    const req = request(url, { headers: host ? { host } : {} }, (res) => {
      const chunks: Buffer[] = [];
      res.on('data', (c: Buffer) => chunks.push(c));
      res.on('end', () =>
        resolve({
          status: res.statusCode ?? 0,
          headers: res.headers,
          body: Buffer.concat(chunks).toString('utf8'),
        }),
      );
      res.on('error', reject);
    });
    req.on('error', reject);
    req.setTimeout(60_000, () => req.destroy(new Error('no answer within 60 s')));
    req.end();
  });
}

/** Links a visitor could follow that are pages of the site (not files, the API or the staff area). */
const NOT_A_PAGE =
  /^\/(api|admin|socket\.io|healthz|readyz|metrics|_astro|uploads|images|fonts)(\/|$)|\.(ics|xml|svg|png|jpe?g|webp|gif|pdf|mp3|m4a|json|txt|webmanifest|js|css)$/i;

describe.runIf(base && redis)('two nodes behind a round-robin balancer', () => {
  const name = `church_nodes_${process.pid}_${randomBytes(4).toString('hex')}`;
  const dataRoot = mkdtempSync(path.join(tmpdir(), 'church-nodes-'));
  const nodes: Partial<Record<NodeName, ChildProcess>> = {};
  const output: Record<NodeName, string[]> = { a: [], b: [] };
  const stops: (() => void)[] = [];
  let env: Record<string, string> = {};
  let proxy: Proxy;
  const graca = `graca.localhost:${PORTS.proxy}`;
  const ROOMS = {
    nodes: `nodes-${randomBytes(3).toString('hex')}`,
    rolling: `rolling-${randomBytes(3).toString('hex')}`,
  };
  const nodeUrl = (n: NodeName) => `http://127.0.0.1:${PORTS[n]}`;

  async function startNode(n: NodeName, seed: boolean): Promise<void> {
    const child = spawn(process.execPath, ['server.ts'], {
      cwd: root,
      env: {
        ...process.env,
        ...env,
        PORT: String(PORTS[n]),
        HOST: '127.0.0.1',
        DATA_DIR: path.join(dataRoot, n),
        SEED_DEMO: String(seed),
        ...(n === 'a' ? { METRICS_PORT: String(PORTS.metricsA) } : { METRICS_TOKEN }),
      },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    nodes[n] = child;
    const keep = (chunk: Buffer) => {
      output[n].push(chunk.toString());
      output[n].splice(0, output[n].length - 40); // the last lines, for a failure's message
    };
    child.stdout!.on('data', keep);
    child.stderr!.on('data', keep);
    let exited: number | null | undefined;
    child.once('exit', (code) => (exited = code));
    for (let waited = 0; waited < 300_000; waited += 250) {
      if (exited !== undefined)
        throw new Error(`node ${n} exited with ${exited}:\n${output[n].join('')}`);
      const ready = await get(`${nodeUrl(n)}/readyz`).then(
        (r) => r.status === 200,
        () => false,
      );
      if (ready) return;
      await new Promise((resolve) => setTimeout(resolve, 250));
    }
    throw new Error(`node ${n} not ready:\n${output[n].join('')}`);
  }

  /** SIGTERM, as an orchestrator stops a node; resolves when it has exited, with its code. */
  function stopNode(n: NodeName): Promise<number | null> {
    const child = nodes[n];
    if (!child || child.exitCode !== null) return Promise.resolve(child?.exitCode ?? null);
    return new Promise((resolve) => {
      const kill = setTimeout(() => child.kill('SIGKILL'), 30_000);
      child.once('exit', (code) => {
        clearTimeout(kill);
        resolve(code);
      });
      child.kill('SIGTERM');
    });
  }

  const api = async (
    n: NodeName,
    method: string,
    url: string,
    { token, body }: { token?: string; body?: unknown } = {},
  ) => {
    const headers: Record<string, string> = { 'accept-language': 'en' };
    if (token) headers.authorization = `Bearer ${token}`;
    let payload: BodyInit | undefined;
    if (body instanceof FormData) payload = body;
    else if (body instanceof Uint8Array) {
      headers['content-type'] = 'application/octet-stream';
      payload = new Uint8Array(body);
    } else if (body !== undefined) {
      headers['content-type'] = 'application/json';
      payload = JSON.stringify(body);
    }
    const res = await fetch(`${nodeUrl(n)}/api/v1${url}`, { method, headers, body: payload });
    const text = await res.text();
    return {
      status: res.status,
      body: (text ? JSON.parse(text) : {}) as any,
    };
  };
  const login = async (n: NodeName, email: string) => {
    const r = await api(n, 'POST', '/security/login_check', {
      body: { username: email, password: 'Demo@1234' },
    });
    expect(r.status, JSON.stringify(r.body)).toBe(200);
    const token = r.body.token as string;
    const id = Number(
      (JSON.parse(Buffer.from(token.split('.')[1]!, 'base64url').toString()) as { sub: string })
        .sub,
    );
    return { token, id };
  };

  /** A chat as the browser runs it (src/stores/chat.ts), with its own module copy, at `url`. */
  async function chatClient(url: string, who: string, channel: string) {
    vi.resetModules();
    const store = await import('../../src/stores/chat.ts');
    // The store connects to the page's own origin, as in a browser.
    (globalThis as { location?: unknown }).location = new URL(url);
    const stop = store.startChat({
      igreja: 'graca',
      channel,
      lang: 'en',
      token: () => null,
      texts: { sendFailed: 'could not be sent now', muted: 'muted' },
      name: who,
    });
    stops.push(stop);
    for (let waited = 0; store.$chat.get().status !== 'online'; waited += 50) {
      if (waited > 15_000)
        throw new Error(`chat of ${who} not online: ${store.$chat.get().notice}`);
      await new Promise((resolve) => setTimeout(resolve, 50));
    }
    // Everything this person has seen (a rejoin shows the latest messages and those missed, not all).
    const seen = new Set<string>();
    const keep = () => store.$chat.get().messages.forEach((m) => seen.add(m.text));
    keep();
    stops.push(store.$chat.listen(keep));
    const waitFor = async (text: string, ms = 10_000) => {
      for (let waited = 0; !seen.has(text); waited += 50) {
        if (waited > ms) throw new Error(`${who} never got "${text}"`);
        await new Promise((resolve) => setTimeout(resolve, 50));
      }
    };
    return { store, waitFor, send: store.sendChatMessage };
  }

  beforeAll(async () => {
    if (!existsSync(entry)) throw new Error(`The site is not built (${entry}): run npm run build`);
    await admin(`create database ${name}`);
    const url = new URL(base!);
    url.pathname = `/${name}`;
    env = {
      DATABASE_URL: url.toString(),
      REDIS_URL: redis!,
      JWT_SECRET: randomBytes(32).toString('hex'),
      PAYMENT_KEY: randomBytes(32).toString('hex'),
      NODE_ENV: 'test',
      LOG_LEVEL: 'error',
      DRAIN_DELAY_MS: '500',
      PAGE_CACHE: 'true',
    };
    await startNode('a', true); // migrates and seeds
    await startNode('b', false);
    proxy = await startProxy([PORTS.a, PORTS.b], PORTS.proxy);
    // Only a church's live channels are chat rooms (docs/security.md): graca gets one stream per test room.
    const db = new pg.Client({ connectionString: env.DATABASE_URL });
    await db.connect();
    try {
      for (const channel of Object.values(ROOMS))
        await db.query(
          `insert into transmissao (igreja_id, titulo, servico, codigo, inicio, canal)
           select id, $1, 'youtube', 'nodes', now() - interval '1 day', $1 from igreja where codigo = 'graca'`,
          [channel],
        );
    } finally {
      await db.end();
    }
  }, 400_000);

  afterAll(async () => {
    for (const stop of stops) stop();
    await proxy?.close();
    await Promise.all((['a', 'b'] as const).map(stopNode));
    if (base) await admin(`drop database if exists ${name} with (force)`);
    rmSync(dataRoot, { recursive: true, force: true });
  }, 60_000);

  /** One node's /metrics as a reader: the sum of a metric's samples that carry the given labels. */
  const scrape = async (n: NodeName) => {
    const r =
      n === 'a'
        ? await fetch(`http://127.0.0.1:${PORTS.metricsA}/metrics`)
        : await fetch(`${nodeUrl('b')}/metrics`, {
            headers: { authorization: `Bearer ${METRICS_TOKEN}` },
          });
    expect(r.status).toBe(200);
    const samples = new Map<string, number>();
    for (const line of (await r.text()).split('\n')) {
      const m = /^([a-z_]+(?:\{[^}]*\})?) (\S+)$/.exec(line);
      if (m) samples.set(m[1]!, Number(m[2]));
    }
    /** The sum of a metric's samples whose labels include every `labels` pair. */
    return (name: string, labels: Record<string, string> = {}) => {
      let sum = 0;
      for (const [key, value] of samples) {
        if (key !== name && !key.startsWith(`${name}{`)) continue;
        if (Object.entries(labels).every(([k, v]) => key.includes(`${k}="${v}"`))) sum += value;
      }
      return sum;
    };
  };

  it("walks the church home's links through the balancer: every page answers", async () => {
    const home = await get(`${proxy.url}/`, graca);
    expect(home.status).toBe(200);
    const links = [
      ...new Set([...home.body.matchAll(/href="(\/[^"#]*)"/g)].map((m) => m[1]!)),
    ].filter((href) => !href.startsWith('//') && !NOT_A_PAGE.test(href.split('?')[0]!));
    expect(links.length).toBeGreaterThan(5);
    const broken: string[] = [];
    for (const link of links) {
      let answer = await get(`${proxy.url}${link.replaceAll('&amp;', '&')}`, graca);
      const location = answer.headers.location;
      if (answer.status >= 300 && answer.status < 400 && typeof location === 'string') {
        const target = new URL(location, `http://${graca}${link}`); // a redirect stays on the site
        answer = await get(`${proxy.url}${target.pathname}${target.search}`, graca);
      }
      if (answer.status !== 200) broken.push(`${link} → ${answer.status}`);
    }
    expect(broken).toEqual([]);
  }, 90_000);

  it('serves on node B an image uploaded through node A', async () => {
    const leader = await login('a', 'lider@graca.demo');
    const image = await sharp({
      create: { width: 64, height: 32, channels: 3, background: { r: 200, g: 40, b: 90 } },
    })
      .png()
      .toBuffer();
    const form = new FormData();
    form.set('imagem', new File([new Uint8Array(image)], 'capa.png', { type: 'image/png' }));
    const uploaded = await api('a', 'POST', '/admin/graca/conteudo/imagem', {
      token: leader.token,
      body: form,
    });
    expect(uploaded.status, JSON.stringify(uploaded.body)).toBe(201);
    const url = uploaded.body.imagem.url as string;
    const fromA = await fetch(`${nodeUrl('a')}${url}`);
    const fromB = await fetch(`${nodeUrl('b')}${url}`);
    expect(fromB.status).toBe(200);
    expect(fromB.headers.get('content-type')).toContain('image/webp');
    expect(Buffer.from(await fromB.arrayBuffer())).toEqual(Buffer.from(await fromA.arrayBuffer()));
  });

  it('shows on node B a Pix gift made and paid (sandbox) on node A', async () => {
    const member = await login('a', 'membro@graca.demo');
    const church = await api('a', 'GET', '/igreja/codigo/graca');
    const reasons = await api('a', 'GET', '/igreja/graca/pagamento-motivo/?doacao=true');
    const made = await api('a', 'POST', '/pagamento/', {
      token: member.token,
      body: {
        tipo: 'doacao',
        igreja: church.body.id,
        metodoPagamento: 'pix',
        chaveIdempotencia: randomUUID(),
        motivos: [{ motivo: reasons.body.motivos[0].id, valor: 20 }],
      },
    });
    expect(made.status, JSON.stringify(made.body)).toBe(201);
    const code = made.body.pagamento.codigo as string;
    const onB = () => api('b', 'GET', `/usuario/${member.id}/pagamento?pedido=${code}`, member);
    expect((await onB()).body.pagamento.status).toBe('pendente');
    const paid = await api('a', 'POST', `/sandbox/pagamento/${code}/pagar`, member);
    expect(paid.status, JSON.stringify(paid.body)).toBe(200);
    expect((await onB()).body.pagamento.status).toBe('aprovado');
  });

  it('carries a chat message sent to a client of node A to a client of node B', async () => {
    const channel = ROOMS.nodes;
    const onA = await chatClient(nodeUrl('a'), 'Ana (A)', channel);
    const onB = await chatClient(nodeUrl('b'), 'Beto (B)', channel);
    await onA.send('Olá do nó A');
    await onB.waitFor('Olá do nó A', 5_000);
    await onB.send('Resposta do nó B');
    await onA.waitFor('Resposta do nó B', 5_000);
  });

  it("shows a staff change made on node A on node B's cached page within a second", async () => {
    const leader = await login('a', 'lider@graca.demo');
    const list = await api('a', 'GET', '/admin/graca/conteudo/noticia?status=publicado', leader);
    expect(list.status, JSON.stringify(list.body)).toBe(200);
    const item = list.body.itens[0] as { id: number; versao: number; titulo: string };
    const page = `http://127.0.0.1:${PORTS.b}/news/${item.id}`;
    const host = `graca.localhost:${PORTS.b}`;
    expect((await get(page, host)).body).toContain(item.titulo);
    const cached = await get(page, host);
    expect(cached.headers.age, 'the page is served from node B’s cache').toBeDefined();
    const title = `Notícia mudada ${randomBytes(3).toString('hex')}`;
    const saved = await api('a', 'PUT', `/admin/graca/conteudo/noticia/${item.id}`, {
      token: leader.token,
      body: { titulo: title, versao: item.versao },
    });
    expect(saved.status, JSON.stringify(saved.body)).toBe(200);
    const changedAt = Date.now();
    let shown = false;
    while (!shown && Date.now() - changedAt < 1_000) {
      shown = (await get(page, host)).body.includes(title);
      if (!shown) await new Promise((resolve) => setTimeout(resolve, 50));
    }
    expect(shown, 'node B shows the new title within a second').toBe(true);
  });

  it('counts on each node’s /metrics what that node did', async () => {
    // hidden where it is not asked for
    expect((await fetch(`${nodeUrl('a')}/metrics`)).status).toBe(404);
    expect((await fetch(`${nodeUrl('b')}/metrics`)).status).toBe(404);
    const [a, b] = await Promise.all([scrape('a'), scrape('b')]);
    // node B served the news page of the staff-change test, from its cache after the first time
    expect(b('http_requests_total', { route: '/news/[id]', status: '200' })).toBeGreaterThanOrEqual(
      3,
    );
    expect(
      b('http_request_duration_seconds_count', { route: '/news/[id]' }),
    ).toBeGreaterThanOrEqual(3);
    expect(b('page_cache_lookups_total', { result: 'hit' })).toBeGreaterThanOrEqual(1);
    // the chat: Ana is on A and Beto on B, each sent one message through their node
    expect(a('chat_clients')).toBeGreaterThanOrEqual(1);
    expect(b('chat_clients')).toBeGreaterThanOrEqual(1);
    expect(a('chat_messages_total')).toBeGreaterThanOrEqual(1);
    expect(b('chat_messages_total')).toBeGreaterThanOrEqual(1);
    // PostgreSQL's pool, the jobs (each run once across the nodes) and the one video conversion
    expect(a('db_pool_connections', { state: 'total' })).toBeGreaterThanOrEqual(1);
    expect(b('db_pool_connections', { state: 'total' })).toBeGreaterThanOrEqual(1);
    expect(
      a('job_runs_total', { result: 'ok' }) + b('job_runs_total', { result: 'ok' }),
    ).toBeGreaterThan(0);
    expect(
      a('job_runs_total', { result: 'failed' }) + b('job_runs_total', { result: 'failed' }),
    ).toBe(0);
    expect(a('node_ready') + b('node_ready')).toBe(2);
    expect(a('process_cpu_seconds_total')).toBeGreaterThan(0);
  });

  it('converts a Play video uploaded in chunks to both nodes; its signed media play from either node', async () => {
    // 10 s of lossless 720p: several upload chunks, and a conversion long enough to stop a node during it
    const clip = path.join(dataRoot, 'clip.mp4');
    const made = spawnSync(FFMPEG, [
      ...['-v', 'error', '-y', '-f', 'lavfi', '-i', 'testsrc2=size=1280x720:rate=30'],
      ...['-f', 'lavfi', '-i', 'sine=frequency=440', '-t', '10', '-c:v', 'libx264', '-qp', '0'],
      ...['-preset', 'ultrafast', '-pix_fmt', 'yuv420p', '-c:a', 'aac', clip],
    ]);
    expect(made.status, String(made.stderr)).toBe(0);
    const video = readFileSync(clip);
    const parts = Math.ceil(video.length / UPLOAD_CHUNK_BYTES);
    expect(parts).toBeGreaterThanOrEqual(2);
    const leader = await login('a', 'lider@graca.demo');
    const created = await api('a', 'POST', '/admin/graca/play/video', {
      token: leader.token,
      body: { titulo: `Culto em dois nós ${randomBytes(3).toString('hex')}` },
    });
    expect(created.status, JSON.stringify(created.body)).toBe(201);
    const videoId = created.body.id as number;
    const upload = await api('b', 'POST', `/admin/graca/play/video/${videoId}/envio`, {
      token: leader.token,
      body: { nomeArquivo: 'culto.mp4', tamanho: video.length },
    });
    expect(upload.status, JSON.stringify(upload.body)).toBe(201);
    // each chunk to the other node than the one before, as a balancer may send them
    for (let n = 0; n < parts; n++) {
      const target: NodeName = n % 2 ? 'b' : 'a';
      const send = () =>
        api(target, 'PUT', `/admin/graca/play/envio/${upload.body.id}/parte/${n}`, {
          token: leader.token,
          body: video.subarray(n * UPLOAD_CHUNK_BYTES, (n + 1) * UPLOAD_CHUNK_BYTES),
        });
      // a chunk is sent again when its connection drops, as the upload island does
      // (src/lib/staff/play-api.ts): a kept-alive socket may be closed by the node as it is reused
      const sent = await send()
        .catch((error: unknown) => {
          if (!(error instanceof TypeError)) throw error;
          return send();
        })
        .catch((error: unknown) => {
          const node = nodes[target]!;
          throw new Error(
            `chunk ${n} to node ${target} (exit ${node.exitCode}, signal ${node.signalCode}): ${String(error)}\n${output[target].join('')}`,
          );
        });
      expect(sent.status, JSON.stringify(sent.body)).toBe(200);
    }
    const done = await api('b', 'POST', `/admin/graca/play/envio/${upload.body.id}/concluir`, {
      token: leader.token,
    });
    expect(done.status, JSON.stringify(done.body)).toBe(200);
    // the node whose job runner took the conversion is stopped (SIGTERM) while ffmpeg works: it
    // hands the task back and the other node converts it, without waiting for a lease to run out
    const task = async () => {
      const db = new pg.Client({ connectionString: env.DATABASE_URL });
      await db.connect();
      try {
        const { rows } = await db.query(
          'select estado, tentativas, bloqueado_por from tarefa where id = $1',
          [done.body.id],
        );
        return rows[0] as { estado: string; tentativas: number; bloqueado_por: string | null };
      } finally {
        await db.end();
      }
    };
    let converting: NodeName | undefined;
    for (let waited = 0; !converting; waited += 100) {
      const row = await task();
      const pid = Number(row.bloqueado_por?.split(':')[1]);
      converting = (['a', 'b'] as const).find((n) => nodes[n]!.pid === pid);
      if (waited > 60_000) throw new Error(`no node took the conversion: ${JSON.stringify(row)}`);
      if (!converting) await new Promise((resolve) => setTimeout(resolve, 100));
    }
    const other: NodeName = converting === 'a' ? 'b' : 'a';
    const stopAt = Date.now();
    expect(await stopNode(converting), `node ${converting} stops cleanly`).toBe(0);
    expect(Date.now() - stopAt, 'the drain does not wait for the conversion').toBeLessThan(15_000);
    const after = await task();
    // handed back (queued) or already taken by the other node, the attempt not counted either way
    expect(after.tentativas, JSON.stringify(after)).toBeLessThanOrEqual(1);
    expect(['queued', 'running', 'done']).toContain(after.estado);
    const restarted = startNode(converting, false);
    let state = '';
    for (let waited = 0; state !== 'pronto'; waited += 500) {
      const seen = await api(other, 'GET', `/admin/graca/play/video/${videoId}`, {
        token: leader.token,
      });
      state = seen.body.midia?.estado;
      expect(state, JSON.stringify(seen.body.midia)).not.toBe('erro');
      if (waited > 150_000) throw new Error(`still ${state} after 150 s`);
      if (state !== 'pronto') await new Promise((resolve) => setTimeout(resolve, 500));
    }
    await restarted;
    expect((await task()).tentativas).toBe(1);
    const conversions = { kind: 'play.transcode', result: 'done' };
    expect((await scrape(other))('task_runs_total', conversions)).toBe(1);
    // a subscriber gets signed URLs from node A and plays them from node B (and back)
    const church = await api('a', 'GET', '/igreja/codigo/graca');
    const subscriber = await login('a', 'ricardo.santos@graca.demo');
    const watch = await fetch(
      `${nodeUrl('a')}/api/v1/usuario-plano-assinatura-conteudo/assistir/?planoAssinaturaConteudo=${videoId}&igreja=${church.body.id}&usuario=${subscriber.id}`,
      { headers: { authorization: `Bearer ${subscriber.token}` } },
    );
    expect(watch.status).toBe(200);
    const cookie = (watch.headers.get('set-cookie') ?? '').split(';')[0]!;
    const { urlMidia } = (await watch.json()) as { urlMidia: string };
    const media = (n: NodeName, url: string) =>
      fetch(`${nodeUrl(n)}${url}`, { headers: { cookie } });
    const master = await media('b', urlMidia);
    expect(master.status).toBe(200);
    const variants = (await master.text()).split('\n').filter((l) => l.startsWith('/api/'));
    expect(variants).toHaveLength(2);
    const variant = await (await media('a', variants[0]!)).text();
    const segment = variant.split('\n').find((l) => l.startsWith('/api/'))!;
    const onB = await media('b', segment);
    expect(onB.status).toBe(200);
    expect(onB.headers.get('content-type')).toBe('video/mp2t');
    const bytes = Buffer.from(await onB.arrayBuffer());
    expect(bytes.byteLength).toBeGreaterThan(1000);
    expect(Buffer.from(await (await media('a', segment)).arrayBuffer())).toEqual(bytes);
    expect((await fetch(`${nodeUrl('b')}${segment}`)).status, 'no cookie, no media').toBe(403);
  }, 200_000);

  it('restarts node A then node B under load: no request fails, no chat message is lost', async () => {
    const channel = ROOMS.rolling;
    // Both through the balancer: round robin puts one on each node.
    const first = await chatClient(proxy.url, 'Carla', channel);
    const second = await chatClient(proxy.url, 'Davi', channel);
    let loading = true;
    const failures: string[] = [];
    let requests = 0;
    const pages = ['/', '/news', '/api/v1/igreja/codigo/graca', '/about', '/event'];
    const worker = async (offset: number) => {
      for (let i = offset; loading; i++) {
        const path = pages[i % pages.length]!;
        try {
          const r = await get(`${proxy.url}${path}`, graca);
          requests++;
          if (r.status !== 200) failures.push(`${path} → ${r.status}`);
        } catch (error) {
          failures.push(`${path} → ${String(error)}`);
        }
        await new Promise((resolve) => setTimeout(resolve, 10)); // steady, not flat out
      }
    };
    const sent: string[] = [];
    const refused: string[] = [];
    const talker = async (client: Awaited<ReturnType<typeof chatClient>>, who: string) => {
      for (let i = 0; loading; i++) {
        const text = `${who} ${i}`;
        try {
          await client.send(text);
          sent.push(text);
        } catch (error) {
          refused.push(`${text}: ${String(error)}`);
        }
        await new Promise((resolve) => setTimeout(resolve, 1_100)); // the chat's 1 message/s per person
      }
    };
    const load = Promise.all([
      worker(0),
      worker(1),
      worker(2),
      talker(first, 'Carla'),
      talker(second, 'Davi'),
    ]);
    await new Promise((resolve) => setTimeout(resolve, 1_500));
    for (const n of ['a', 'b'] as const) {
      expect(await stopNode(n), `node ${n} stops cleanly`).toBe(0);
      await startNode(n, false);
      await new Promise((resolve) => setTimeout(resolve, 1_000));
    }
    loading = false;
    await load;
    expect(failures).toEqual([]);
    expect(refused).toEqual([]);
    expect(requests).toBeGreaterThan(50);
    expect(sent.length).toBeGreaterThan(6);
    // Every message reached both people (the rejoin fills in what arrived while reconnecting).
    for (const text of sent) {
      await first.waitFor(text, 5_000);
      await second.waitFor(text, 5_000);
    }
    expect(proxy.stats.failed).toBe(0);
  }, 420_000);
});
