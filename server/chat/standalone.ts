// The chat alone on an HTTP port, for the two-process test and `npm run bench:chat`:
// DATABASE_URL (or an in-memory PGlite, seeded), REDIS_URL optional, PORT (0 = any), LIVE_CHANNELS.
// Prints `{"port":…}` on its first line once listening; answers each "memory" line on stdin with
// its RSS, clients, event-loop delay and Redis publishes waiting (./node-probe.ts).
import '../gc-tuning.ts'; // V8's settings of server.ts, first: the bench measures the chat as deployed
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { eq } from 'drizzle-orm';
import { openDatabase } from '../db/client.ts';
import * as t from '../db/schema/index.ts';
import { seedDemo } from '../db/seed/index.ts';
import { createChat } from './chat.server.ts';
import { answerProbes } from './node-probe.ts';

const database = await openDatabase(process.env.DATABASE_URL ?? 'memory://');
if (process.env.SEED_DEMO !== 'false') await seedDemo(database.db);
// LIVE_CHANNELS=a,b: graca gets a stream per channel, since only live channels are rooms (the bench)
const channels = (process.env.LIVE_CHANNELS ?? '').split(',').filter(Boolean);
if (channels.length) {
  const [graca] = await database.db
    .select({ id: t.churches.id })
    .from(t.churches)
    .where(eq(t.churches.code, 'graca'));
  await database.db.insert(t.liveStreams).values(
    channels.map((channel) => ({
      churchId: graca!.id,
      title: `Bench ${channel}`,
      service: 'youtube',
      code: 'bench',
      startsAt: new Date(0),
      channel,
    })),
  );
}
const chat = await createChat({
  db: database.db,
  redisUrl: process.env.REDIS_URL || undefined,
  secret: process.env.JWT_SECRET ?? 'standalone-chat-secret-for-tests-only',
  trustProxy: Number(process.env.TRUST_PROXY ?? 0),
});
const server = createServer((_req, res) => res.writeHead(404).end());
const running = chat.attach(server);
server.listen(Number(process.env.PORT ?? 0), '127.0.0.1', () => {
  console.log(JSON.stringify({ port: (server.address() as AddressInfo).port }));
});
answerProbes(process.stdin, (line) => console.log(line), running.stats);
const stop = async () => {
  await running.close();
  server.close();
  await database.close();
  process.exit(0);
};
process.once('SIGTERM', () => void stop());
process.once('SIGINT', () => void stop());
