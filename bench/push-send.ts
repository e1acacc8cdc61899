// `node bench/push-send.ts` (docs/notifications.md "Push"): one staff notice to BENCH_DEVICES
// devices (20,000 by default, one per member) through deliverPush, against a push service this
// script runs on 127.0.0.1 that answers 201 and decrypts one message in 500 to check it. Prints
// the send's time, devices a second, and the process's RSS. BENCH_PG=postgres://… runs it on a
// fresh PostgreSQL database instead of PGlite.
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { eq } from 'drizzle-orm';
import * as t from '../server/db/schema/index.ts';
import { openTestDatabase } from '../server/db/test-database.ts';
import { deliverPush } from '../server/notifications/push.service.ts';
import { browserKeys, decrypt } from '../server/notifications/push-service.test-support.ts';
import webpush from 'web-push';

const DEVICES = Number(process.env.BENCH_DEVICES ?? 20_000);
if (process.env.BENCH_PG) process.env.TEST_DATABASE_URL = process.env.BENCH_PG;
const backend = process.env.BENCH_PG ? 'postgres' : 'pglite';

// One browser key pair for every device: the server still encrypts each message on its own.
const browser = browserKeys();
const keys = browser.keys;

let received = 0;
let checked = 0;
const server = http.createServer((req, res) => {
  const chunks: Buffer[] = [];
  req.on('data', (c: Buffer) => chunks.push(c));
  req.on('end', () => {
    if (received++ % 500 === 0) {
      const payload = JSON.parse(decrypt(Buffer.concat(chunks), browser)) as { title: string };
      if (payload.title !== 'Bench notice') throw new Error(`bad payload ${payload.title}`);
      checked++;
    }
    res.statusCode = 201;
    res.end();
  });
});
await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
const base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;

const database = await openTestDatabase(backend);
const db = database.db;
const [church] = await db
  .select({ id: t.churches.id })
  .from(t.churches)
  .where(eq(t.churches.slug, 'graca'));
const churchId = church!.id;
console.log(`[bench] ${backend}: making ${DEVICES} members with a device each…`);
const made = Date.now();
for (let i = 0; i < DEVICES; i += 1_000) {
  const n = Math.min(1_000, DEVICES - i);
  const users = await db
    .insert(t.users)
    .values(
      Array.from({ length: n }, (_, j) => ({
        email: `push-bench-${i + j}@example.com`,
        passwordHash: 'x',
        firstName: `Member ${i + j}`,
      })),
    )
    .returning({ id: t.users.id });
  await db.insert(t.churchUsers).values(users.map((u) => ({ churchId, userId: u.id })));
  await db.insert(t.pushSubscriptions).values(
    users.map((u, j) => ({
      churchId,
      userId: u.id,
      endpoint: `${base}/device/${i + j}`,
      label: 'Bench',
      ...keys,
    })),
  );
}
console.log(`[bench] made in ${((Date.now() - made) / 1000).toFixed(1)} s`);
const [notice] = await db
  .insert(t.notifications)
  .values({ churchId, title: 'Bench notice', body: 'To everyone.', typeCode: 'AVISO' })
  .returning({ id: t.notifications.id });

const vapid = { ...webpush.generateVAPIDKeys(), subject: 'mailto:bench@example.com' };
const rssBefore = process.memoryUsage().rss;
let rssPeak = rssBefore;
const sampler = setInterval(() => (rssPeak = Math.max(rssPeak, process.memoryUsage().rss)), 200);
const started = Date.now();
const outcome = await deliverPush(db, churchId, notice!.id, vapid, { allowLocal: true });
const seconds = (Date.now() - started) / 1000;
clearInterval(sampler);
console.log(
  `[bench] ${outcome.reached} of ${DEVICES} devices reached (${outcome.failed} failed) in ${seconds.toFixed(1)} s — ` +
    `${Math.round(outcome.reached / seconds)} a second; ${checked} messages decrypted and checked; ` +
    `RSS ${Math.round(rssBefore / 2 ** 20)} → peak ${Math.round(rssPeak / 2 ** 20)} MB`,
);
await database.close();
server.close();
