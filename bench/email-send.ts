// `node bench/email-send.ts` (docs/notifications.md "E-mail announcements"): one notice e-mailed
// to a big church. BENCH_PEOPLE (20,000) members are added to graca; the notice's send is queued
// (one insert … select) and the job's work drains it into a local SMTP server started here (or
// BENCH_MAILER=null: a mailer that only counts, to see the database's share). Prints the time to
// queue, the time to send everything, messages per second and that each member got exactly one.
// PGlite in a folder by default; DATABASE_URL for PostgreSQL.
import { mkdtemp } from 'node:fs/promises';
import { fork } from 'node:child_process';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { eq, sql } from 'drizzle-orm';
import { createApi } from '../server/app.ts';
import { openDatabase } from '../server/db/client.ts';
import * as t from '../server/db/schema/index.ts';
import { seedDemo } from '../server/db/seed/index.ts';
import { restingAfter } from '../server/http/traffic.ts';
import { createMailer, type Mailer } from '../server/mail/outbox.ts';
import {
  queueEmailSend,
  resolveAudience,
  workEmailSends,
} from '../server/notifications/email-sends.service.ts';

const PEOPLE = Number(process.env.BENCH_PEOPLE ?? 20_000);
const dir = process.env.DATABASE_URL ? null : await mkdtemp(path.join(tmpdir(), 'bench-email-'));
const database = await openDatabase(process.env.DATABASE_URL ?? path.join(dir!, 'pglite'));
await seedDemo(database.db);
const [church] = await database.db.select().from(t.churches).where(eq(t.churches.slug, 'graca'));
const churchId = church!.id;
for (let from = 1; from <= PEOPLE; from += 1000) {
  const batch = Array.from({ length: Math.min(1000, PEOPLE - from + 1) }, (_, k) => from + k);
  const users = await database.db
    .insert(t.users)
    .values(
      batch.map((i) => ({
        email: `membro.${i}@exemplo.com`,
        passwordHash: 'x',
        firstName: `Membro ${i}`,
      })),
    )
    .returning({ id: t.users.id });
  await database.db.insert(t.churchUsers).values(users.map((u) => ({ churchId, userId: u.id })));
}
await database.db.execute(sql`analyze`);

const received = new Map<string, number>();
let mailer: Mailer;
let close = async () => {};
if (process.env.BENCH_MAILER === 'null') {
  mailer = { send: async (mail) => void received.set(mail.to, (received.get(mail.to) ?? 0) + 1) };
} else {
  // the receiving server in a process of its own, as a real relay is
  const sink = fork(path.join(import.meta.dirname, 'smtp-sink.ts'));
  const port = await new Promise<number>((resolve) =>
    sink.once('message', (m) => resolve((m as { port: number }).port)),
  );
  mailer = createMailer({
    dataDir: dir ?? tmpdir(),
    smtpUrl: `smtp://127.0.0.1:${port}?pool=true&maxConnections=4`,
  });
  close = async () => {
    const counts = await new Promise<Record<string, number>>((resolve) => {
      sink.once('message', (m) => resolve((m as { received: Record<string, number> }).received));
      sink.send('counts');
    });
    for (const [to, n] of Object.entries(counts)) received.set(to, n);
  };
}

const settings = { PROVIDER_DOMAIN: 'localhost', PORT: 4321 };

// What public pages read (the news list and the events list of the church) through the API in this
// process, one after another, timed: before the send, then while it is queued and sent.
const api = createApi({ db: database.db });
const READS = [`/api/v1/igreja/graca/noticia?page=1`, `/api/v1/igreja/graca/evento`];
function reader() {
  const times: number[] = [];
  let running = true;
  const done = (async () => {
    for (let n = 0; running; n++) {
      const at = performance.now();
      const res = await api.request(READS[n % READS.length]!);
      await res.arrayBuffer();
      times.push(performance.now() - at);
      await new Promise((r) => setTimeout(r, 20));
    }
  })();
  return {
    stop: async () => {
      running = false;
      await done;
      return times;
    },
  };
}
const p95 = (ms: number[]) =>
  [...ms].sort((a, b) => a - b)[Math.min(ms.length - 1, Math.floor(ms.length * 0.95))] ?? 0;
const quietReader = reader();
await new Promise((r) => setTimeout(r, 10_000));
const quiet = await quietReader.stop();
const busyReader = reader();
let started = performance.now();
const everyone = await resolveAudience(database.db, churchId, { tipo: 'todos' });
const sendId = await queueEmailSend(database.db, {
  churchId,
  notificationId: null,
  kind: 'church',
  subject: 'Culto especial',
  body: 'Domingo às 10h.',
  link: null,
  audience: { tipo: 'todos' },
  members: everyone.members,
  createdBy: null,
});
const queueMs = Math.round(performance.now() - started);
const [queued] = await database.db.select().from(t.emailSends).where(eq(t.emailSends.id, sendId!));
console.log(`queued ${queued!.total} recipients in ${queueMs} ms`);
started = performance.now();
let sent = 0;
for (;;) {
  const n = await workEmailSends(database.db, {
    mailer,
    settings,
    concurrency: 4,
    pace: restingAfter(Number(process.env.BENCH_REST_MS ?? 0)),
  });
  sent += n;
  const [row] = await database.db.select().from(t.emailSends).where(eq(t.emailSends.id, sendId!));
  if (row!.status === 'concluido') break;
}
const seconds = (performance.now() - started) / 1000;
const busy = await busyReader.stop();
const [done] = await database.db.select().from(t.emailSends).where(eq(t.emailSends.id, sendId!));
await close();
const twice = [...received.values()].filter((n) => n > 1).length;
console.log(
  `sent ${done!.sent} (skipped ${done!.skipped}, failed ${done!.failed}) in ${seconds.toFixed(1)} s: ${Math.round(sent / seconds)} messages/s; addresses that got two: ${twice}`,
);
console.log(
  `public reads p95 quiet / during the send: ${p95(quiet).toFixed(0)} / ${p95(busy).toFixed(0)} ms (${quiet.length}, ${busy.length} answers; target ≤ 2×)`,
);
await database.close();
process.exit(0);
