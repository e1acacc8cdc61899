// Starts the API side of the product (database, seed, v1 API, chat) for server.ts and for
// `npm run dev`, and stops it cleanly.
import type { Server as HttpServer } from 'node:http';
import path from 'node:path';
import { setInProcessApi } from '../contract/in-process.ts';
import { createApi } from './app.ts';
import { createChangeFeed, type ChangeFeed } from './changes.ts';
import { createChat, type Chat } from './chat/chat.server.ts';
import { jwtSecret, SECRET_FILE } from './auth/jwt-secret.ts';
import { paymentKey } from './payments/secret-box.ts';
import type { Config } from '../common/config.ts';
import { openDatabase, type DatabaseHandle } from './db/client.ts';
import { seedDemo } from './db/seed/index.ts';
import { createFileStore, describeFileStore } from './files/index.ts';
import { moveLegacyUploads } from './files/legacy-uploads.ts';
import { JOBS } from './jobs/index.ts';
import { createJobRunner } from './jobs/runner.ts';
import { stopTasks } from './jobs/tasks.ts';
import { log } from './log.ts';

export interface Services {
  database: DatabaseHandle;
  api: ReturnType<typeof createApi>;
  /** Church data changes, for the page cache to purge. */
  changes: ChangeFeed;
  /** Mounts socket.io on the HTTP server that serves everything else. */
  attach(httpServer: HttpServer): void;
  /** Ends the chat's long-lived connections so the HTTP server can drain. */
  disconnectClients(): void;
  /** Ends the chat (if not yet), waits for its writes, stops the jobs and closes the database. */
  close(): Promise<void>;
}

export function databaseLocation(config: Config): string {
  return config.DATABASE_URL ?? path.join(config.DATA_DIR, 'pglite');
}

export async function startServices(config: Config): Promise<Services> {
  const keyFile = !config.JWT_SECRET && config.NODE_ENV !== 'test';
  jwtSecret(config); // refuses a public or weak key before anything listens
  paymentKey(config); // refuses production without PAYMENT_KEY; a demo makes one in DATA_DIR
  if (keyFile)
    log.info(
      `[auth] JWT_SECRET not set: tokens are signed with the demo key in ${path.join(config.DATA_DIR, SECRET_FILE)}`,
    );
  const database = await openDatabase(databaseLocation(config), { thread: config.PGLITE_THREAD });
  if (config.SEED_DEMO) {
    const ran = await database.exclusive(() => seedDemo(database.db)); // one node seeds at a time
    if (ran.length) log.info(`[seed] demo data: ${ran.join(', ')}`);
  }
  // Every node's page cache hears every change (Redis, else PostgreSQL, else this process alone).
  const changes = createChangeFeed(config);
  await Promise.race([changes.ready, new Promise((resolve) => setTimeout(resolve, 5_000).unref())]);
  // One file store for every upload and generated file, shared by every node (docs/deploy.md "Files").
  const files = createFileStore(config, database.db);
  log.info(`[files] ${describeFileStore(files, config)}`);
  const moved = await moveLegacyUploads(config.DATA_DIR, files);
  if (moved)
    log.info(`[files] moved ${moved} upload(s) from ${path.join(config.DATA_DIR, 'uploads')}`);
  const api = createApi({ db: database.db, changes, settings: config, files });
  setInProcessApi((request) => api.fetch(request));
  // Every process runs the scheduler; the database decides which one runs each job (server/jobs).
  const jobs = createJobRunner(database.db, JOBS, { settings: config, changes, files });
  if (config.JOB_RUNNER) jobs.start();
  // The chat (and its Redis adapter when REDIS_URL is set) is ready before the server listens.
  const chatServer = await createChat({
    db: database.db,
    redisUrl: config.REDIS_URL,
    // the token key (the demo's is kept in DATA_DIR): anonymous ids and address mutes outlive a restart
    secret: jwtSecret(config),
    trustProxy: config.TRUST_PROXY,
  });
  let chat: Chat | undefined;
  let chatClosed: Promise<void> | undefined;
  const closeChat = () => (chatClosed ??= chat?.close() ?? Promise.resolve());
  return {
    database,
    api,
    changes,
    attach(httpServer) {
      chat = chatServer.attach(httpServer);
    },
    disconnectClients() {
      void closeChat();
    },
    async close() {
      // The chat's last messages are written before the database closes.
      await closeChat();
      await jobs.stop();
      await stopTasks(); // a conversion in progress goes back to the queue for another node
      await changes.close();
      setInProcessApi(undefined);
      await database.close();
    },
  };
}
