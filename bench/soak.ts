// The soak (docs/deploy.md "The soak"): one built node on a fresh seeded PGlite (or DATABASE_URL)
// under a mixed load for --minutes (default 30): visitors reading pages (kept and never-kept URLs),
// members giving by Pix and paying in the sandbox, chat clients talking in one room
// (bench/soak-chat.ts), the church's admin saving a news title (bench/soak-staff.ts), the job
// runner on. It checks that the server's memory stays flat (the last quarter's peak within
// --rss-mb of the first minute's end), that the p99 of the last window stays within 1.5x the p99
// of the first sixth (five minutes of 30), that every page and gift call was answered as it should,
// that every gift acknowledged is stored, and paid when its payment was acknowledged, that every chat message acknowledged reached every other client
// of the room, and that every read after a staff save shows the new title. Result as JSON in
// bench/results/soak-<time>.json; exit 1 when a check fails.
//   node bench/soak.ts [--minutes 30] [--port 4440] [--visitors 4] [--givers 1] [--rss-mb 150]
//     [--chatters 20] [--chat-every 3] [--edit-every 5]   (the last two in seconds)
import { spawn } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import { mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { request } from 'node:http';
import path from 'node:path';
import { MAIN_PAGES } from './pages.ts';
import { chatHeld, chatLoad } from './soak-chat.ts';
import { staffEdits, staffHeld } from './soak-staff.ts';
import { apiCall } from './api-call.ts';

const arg = (name: string, fallback: number) => {
  const i = process.argv.indexOf(`--${name}`);
  return i >= 0 ? Number(process.argv[i + 1]) : fallback;
};
const MINUTES = arg('minutes', 30);
const PORT = arg('port', 4440);
const VISITORS = arg('visitors', 4);
const GIVERS = arg('givers', 1);
const RSS_BOUND_MB = arg('rss-mb', 150);
const CHATTERS = arg('chatters', 20);
const CHAT_EVERY_S = arg('chat-every', 3);
const EDIT_EVERY_S = arg('edit-every', 5);
const root = path.resolve(import.meta.dirname, '..');
const dataDir = path.join(root, `.data/soak-${PORT}`);
const site = `http://127.0.0.1:${PORT}`;
const HOST = `graca.localhost:${PORT}`;

rmSync(dataDir, { recursive: true, force: true });
const node = spawn(process.execPath, ['server.ts'], {
  cwd: root,
  env: {
    ...process.env,
    PORT: String(PORT),
    HOST: '127.0.0.1',
    DATA_DIR: dataDir,
    LOG_LEVEL: 'error',
    PAGE_CACHE: 'true',
  },
  stdio: ['ignore', 'ignore', 'inherit'],
});
const stopServer = () => {
  if (node.exitCode === null) node.kill('SIGTERM');
};
process.on('exit', stopServer);

const rssMb = (): number => {
  const status = readFileSync(`/proc/${node.pid}/status`, 'utf8');
  return Number(/VmRSS:\s+(\d+)/.exec(status)?.[1] ?? 0) / 1024;
};

/** A page as a browser asks for it (Host set, which fetch cannot do); resolves with the status. */
const page = (url: string) =>
  new Promise<number>((resolve) => {
    const req = request(
      `${site}${url}`,
      { headers: { host: HOST, 'accept-language': 'pt-BR', 'accept-encoding': 'br' } },
      (res) => {
        res.resume();
        res.on('end', () => resolve(res.statusCode ?? 0));
      },
    );
    req.on('error', () => resolve(0));
    req.end();
  });

/** The few fields of the answers the soak reads. */
interface Answer {
  token?: string;
  id?: number;
  motivos?: { id: number }[];
  pagamento?: { codigo: string; status: string };
}

const api = (method: string, url: string, token?: string, body?: unknown) =>
  apiCall<Answer>(site, method, url, token, body);

async function login(email: string) {
  const r = await api('POST', '/security/login_check', undefined, {
    username: email,
    password: 'Demo@1234',
  });
  if (r.status !== 200) throw new Error(`login ${email}: ${r.status}`);
  const token = r.body.token!;
  const claims = JSON.parse(Buffer.from(token.split('.')[1]!, 'base64url').toString()) as {
    sub: string;
    exp: number;
  };
  return { token, id: Number(claims.sub), expiresAt: claims.exp * 1000 };
}

// Latencies by minute of the run (from the server's readiness on), and what went wrong.
let startedAt = Date.now();
const byMinute: number[][] = [];
const failures = new Map<string, number>();
const record = (ms: number) => {
  const minute = Math.floor((Date.now() - startedAt) / 60_000);
  (byMinute[minute] ??= []).push(ms);
};
const fail = (what: string) => failures.set(what, (failures.get(what) ?? 0) + 1);
const timed = async <T>(run: () => Promise<T>): Promise<T> => {
  const t0 = performance.now();
  try {
    return await run();
  } finally {
    record(performance.now() - t0);
  }
};
const p99 = (values: number[]) => {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.floor(sorted.length * 0.99))] ?? 0;
};

for (let i = 0; i < 600; i++) {
  if (node.exitCode !== null) throw new Error(`the server exited with ${node.exitCode}`);
  if (
    await fetch(`${site}/readyz`).then(
      (r) => r.ok,
      () => false,
    )
  )
    break;
  await new Promise((r) => setTimeout(r, 500));
}
startedAt = Date.now();
console.log(`[soak] server ready (pid ${node.pid}); ${MINUTES} min of load`);
const endAt = Date.now() + MINUTES * 60_000;
const paths = MAIN_PAGES.flatMap((p) => ('path' in p ? [p.path] : []));

async function visitor(n: number) {
  for (let i = 0; Date.now() < endAt; i++) {
    // One in five asks for a URL never kept (a fresh query string): a real render.
    const url = paths[(i + n) % paths.length]! + (i % 5 === 0 ? `?soak=${n}-${i}` : '');
    const status = await timed(() => page(url));
    if (status !== 200) fail(`page ${status}`);
  }
}

const gifts: { code: string; member: number; paid: boolean }[] = [];
async function giver() {
  let member = await login('membro@graca.demo');
  const church = await api('GET', '/igreja/codigo/graca');
  const reasons = await api('GET', '/igreja/graca/pagamento-motivo/?doacao=true');
  const reason = reasons.body.motivos![0]!.id;
  while (Date.now() < endAt) {
    // renewed a minute before it expires, as the browser does (docs/accounts.md)
    if (member.expiresAt - 60_000 < Date.now()) member = await login('membro@graca.demo');
    const made = await timed(() =>
      api('POST', '/pagamento/', member.token, {
        tipo: 'doacao',
        igreja: church.body.id,
        metodoPagamento: 'pix',
        chaveIdempotencia: randomUUID(),
        motivos: [{ motivo: reason, valor: 20 }],
      }),
    );
    if (made.status !== 201) {
      fail(`gift ${made.status}`);
      continue;
    }
    const code = made.body.pagamento!.codigo;
    const paid = await timed(() => api('POST', `/sandbox/pagamento/${code}/pagar`, member.token));
    if (paid.status !== 200) fail(`pay ${paid.status}`);
    gifts.push({ code, member: member.id, paid: paid.status === 200 });
    await new Promise((r) => setTimeout(r, 200)); // a giver is slower than a reader
  }
}

// Memory every 5 s.
const rss: { at: number; mb: number }[] = [];
const sampler = setInterval(() => rss.push({ at: Date.now() - startedAt, mb: rssMb() }), 5_000);
const [chat, staff] = await Promise.all([
  chatLoad(site, { chatters: CHATTERS, everyMs: CHAT_EVERY_S * 1000, endAt }),
  staffEdits({ site, host: HOST, everyMs: EDIT_EVERY_S * 1000, endAt, timed }),
  ...Array.from({ length: VISITORS }, (_, n) => visitor(n)),
  ...Array.from({ length: GIVERS }, () => giver()),
]);
clearInterval(sampler);

// Every gift acknowledged is there; every payment acknowledged is approved.
const checker = await login('membro@graca.demo');
const lost: string[] = [];
for (const g of gifts) {
  const r = await api('GET', `/usuario/${g.member}/pagamento?pedido=${g.code}`, checker.token);
  const status = r.body.pagamento?.status;
  if (!status || (g.paid && status !== 'aprovado')) lost.push(`${g.code}: ${status ?? r.status}`);
}
stopServer();

byMinute.length = Math.min(byMinute.length, MINUTES); // the last checks' few seconds are no minute
const minutes = byMinute.length;
const firstSixth = Math.max(1, Math.round(minutes / 6));
const first = p99(byMinute.slice(0, firstSixth).flat());
const last = p99(byMinute.slice(-firstSixth).flat());
const warm = rss.find((s) => s.at >= 60_000)?.mb ?? rss[0]?.mb ?? 0;
const lastQuarter = rss.filter((s) => s.at >= 0.75 * MINUTES * 60_000);
const peak = Math.max(...lastQuarter.map((s) => s.mb), 0);
const requests = byMinute.reduce((n, m) => n + m.length, 0);
const checks = {
  memoryFlat: peak - warm <= RSS_BOUND_MB,
  p99Held: last <= first * 1.5,
  nothingLost: lost.length === 0,
  // every page and gift call answered as it should (a refused gift is a giver turned away)
  everyCallAnswered: failures.size === 0,
  chatDelivered: chatHeld(chat),
  staffEditsShown: staffHeld(staff),
};
const result = {
  at: new Date(startedAt).toISOString(),
  minutes: MINUTES,
  load: {
    visitors: VISITORS,
    givers: GIVERS,
    chatters: CHATTERS,
    chatEverySeconds: CHAT_EVERY_S,
    editEverySeconds: EDIT_EVERY_S,
  },
  requests,
  perMinute: byMinute.map((m) => ({ n: m.length, p99ms: Math.round(p99(m)) })),
  p99ms: { firstSixth: Math.round(first), lastSixth: Math.round(last), bound: '1.5x' },
  rssMb: {
    afterFirstMinute: Math.round(warm),
    lastQuarterPeak: Math.round(peak),
    boundMb: RSS_BOUND_MB,
  },
  gifts: { made: gifts.length, paid: gifts.filter((g) => g.paid).length, lost },
  chat,
  staffEdits: staff,
  failures: Object.fromEntries(failures),
  checks,
};
mkdirSync(path.join(root, 'bench/results'), { recursive: true });
const file = path.join(root, `bench/results/soak-${result.at.replace(/[:.]/g, '-')}.json`);
writeFileSync(file, `${JSON.stringify(result, null, 2)}\n`);
console.log(JSON.stringify(result, null, 2));
const summary = [
  `${requests} requests; p99 ${result.p99ms.firstSixth} ms first sixth, ${result.p99ms.lastSixth} ms last`,
  `RSS ${result.rssMb.afterFirstMinute} MB after the first minute, ${result.rssMb.lastQuarterPeak} MB last quarter's peak`,
  `gifts ${result.gifts.made} made, ${result.gifts.paid} paid, ${lost.length} lost`,
  `chat: ${chat.joined}/${chat.chatters} joined, ${chat.sent} sent, ${chat.received}/${chat.expected} received (${chat.lost} lost, ${chat.unanswered} unanswered, refused ${JSON.stringify(chat.refused)}), delivery p50 ${chat.deliveryMs.p50} ms p99 ${chat.deliveryMs.p99} ms max ${chat.deliveryMs.max} ms, ${chat.reconnects} reconnects`,
  `staff edits: ${staff.saves} saves (failed ${JSON.stringify(staff.failedSaves)}, p99 ${staff.saveMs.p99} ms), ${staff.reads} reads after a save, stale ${JSON.stringify(staff.staleReads)}`,
  `checks: ${Object.entries(checks)
    .map(([name, ok]) => `${name} ${ok ? 'ok' : 'FAILED'}`)
    .join(', ')}`,
];
for (const line of summary) console.log(`[soak] ${line}`);
console.log(`[soak] written ${path.relative(root, file)}`);
rmSync(dataDir, { recursive: true, force: true });
process.exit(Object.values(checks).every(Boolean) ? 0 : 1);
