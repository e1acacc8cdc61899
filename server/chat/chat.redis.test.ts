// Across nodes (docs/live.md "Tests"): two chat processes on one PostgreSQL and one Redis. A message sent
// through one reaches a client of the other, and so do deletions, the commit moment and mutes.
// Runs when TEST_DATABASE_URL and TEST_REDIS_URL are set (.ci/run sets both when they answer).
import { spawn, type ChildProcess } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { createInterface } from 'node:readline';
import pg from 'pg';
import { io as connect, type Socket } from 'socket.io-client';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ChatMessage } from '../../contract/live.ts';
import { signAccessToken } from '../auth/tokens.ts';

const base = process.env.TEST_DATABASE_URL;
const redis = process.env.TEST_REDIS_URL;
const SECRET = randomBytes(32).toString('hex');

async function admin(sql: string) {
  const client = new pg.Client({ connectionString: base });
  await client.connect();
  try {
    return await client.query(sql);
  } finally {
    await client.end();
  }
}

function startNode(env: Record<string, string>): Promise<{ child: ChildProcess; url: string }> {
  const child = spawn(process.execPath, ['server/chat/standalone.ts'], {
    env: { ...process.env, ...env },
    stdio: ['pipe', 'pipe', 'inherit'],
  });
  return new Promise((resolve, reject) => {
    const lines = createInterface({ input: child.stdout! });
    lines.once('line', (line) =>
      resolve({ child, url: `http://127.0.0.1:${(JSON.parse(line) as { port: number }).port}` }),
    );
    child.once('exit', (code) => reject(new Error(`chat node exited with ${code}`)));
  });
}

describe.runIf(base && redis)('chat across two processes (PostgreSQL + Redis)', () => {
  const name = `church_chat_${process.pid}_${randomBytes(4).toString('hex')}`;
  const nodes: ChildProcess[] = [];
  const clients: Socket[] = [];
  let urls: string[] = [];
  const channel = 'culto'; // a live channel of graca's (a fresh database each run)

  const ask = (socket: Socket, event: string, payload?: unknown) =>
    new Promise<{ status: boolean; message?: ChatMessage }>((resolve) =>
      payload === undefined ? socket.emit(event, resolve) : socket.emit(event, payload, resolve),
    );
  const next = <T>(socket: Socket, event: string) =>
    new Promise<T>((resolve, reject) => {
      const timer = setTimeout(() => reject(new Error(`no ${event} within 5 s`)), 5_000);
      socket.once(event, (value: T) => {
        clearTimeout(timer);
        resolve(value);
      });
    });
  const client = (url: string) => {
    const socket = connect(url, { transports: ['websocket'], forceNew: true });
    clients.push(socket);
    return socket;
  };

  beforeAll(async () => {
    await admin(`create database ${name}`);
    const url = new URL(base!);
    url.pathname = `/${name}`;
    const env = {
      DATABASE_URL: url.toString(),
      REDIS_URL: redis!,
      JWT_SECRET: SECRET,
      NODE_ENV: 'test',
    };
    const first = await startNode(env); // migrates and seeds
    const second = await startNode({ ...env, SEED_DEMO: 'false' });
    // another setup sharing the Redis server on another database number (server/redis-channels.ts)
    const otherDatabase = new URL(redis!);
    otherDatabase.pathname = '/7';
    const elsewhere = await startNode({
      ...env,
      REDIS_URL: otherDatabase.toString(),
      SEED_DEMO: 'false',
    });
    nodes.push(first.child, second.child, elsewhere.child);
    urls = [first.url, second.url, elsewhere.url];
  }, 120_000);

  afterAll(async () => {
    for (const c of clients) c.disconnect();
    await Promise.all(
      nodes.map((n) => new Promise((resolve) => (n.once('exit', resolve), n.kill('SIGTERM')))),
    );
    await admin(`drop database if exists ${name} with (force)`);
  });

  it('carries a message, a deletion and the commit moment from one process to a client of the other', async () => {
    const onA = client(urls[0]!);
    const onB = client(urls[1]!);
    // the moderator's token is signed with the nodes' JWT_SECRET
    process.env.JWT_SECRET = SECRET;
    const { resetAccountSettings } = await import('../auth/settings.ts');
    resetAccountSettings();
    const mod = client(urls[1]!);
    expect((await ask(onA, 'join', { igreja: 'graca', channel, name: 'Ana (nó A)' })).status).toBe(
      true,
    );
    expect((await ask(onB, 'join', { igreja: 'graca', channel, name: 'Beto (nó B)' })).status).toBe(
      true,
    );

    const arrived = next<ChatMessage>(onB, 'message');
    const sent = await ask(onA, 'message', { igreja: 'graca', channel, text: 'Olá do nó A' });
    expect(sent.status).toBe(true);
    expect((await arrived).text).toBe('Olá do nó A');

    const joined = (await ask(mod, 'join', {
      igreja: 'graca',
      channel,
      token: await leaderToken(),
    })) as unknown as { user: { role: string } };
    expect(joined.user.role).toBe('moderator');
    const gone = next<{ ids: number[] }>(onA, 'deleted');
    expect((await ask(mod, 'delete', { messageId: sent.message!.id })).status).toBe(true);
    expect((await gone).ids).toEqual([sent.message!.id]);

    const moment = next<{ id: string }>(onA, 'commit');
    await ask(mod, 'commit:start');
    const { id } = await moment;
    const count = next<{ hands: number }>(mod, 'commit:count');
    await ask(onA, 'commit:answer', { id, answer: 'hand' });
    expect((await count).hands).toBe(1);
  }, 30_000);

  it('a setup on another database number of the same Redis hears none of its rooms', async () => {
    const onA = client(urls[0]!);
    const onB = client(urls[1]!);
    const elsewhere = client(urls[2]!);
    for (const [socket, name] of [
      [onA, 'Ana'],
      [onB, 'Beto'],
      [elsewhere, 'Caio (outra instalação)'],
    ] as const)
      expect((await ask(socket, 'join', { igreja: 'graca', channel, name })).status).toBe(true);
    const heardElsewhere: ChatMessage[] = [];
    elsewhere.on('message', (message: ChatMessage) => heardElsewhere.push(message));
    const arrived = next<ChatMessage>(onB, 'message');
    expect((await ask(onA, 'message', { igreja: 'graca', channel, text: 'Só aqui' })).status).toBe(
      true,
    );
    expect((await arrived).text).toBe('Só aqui');
    await new Promise((resolve) => setTimeout(resolve, 500));
    expect(heardElsewhere).toEqual([]);
  }, 30_000);

  it('a mute made on one process silences the author on the other; an unmute there frees them', async () => {
    const author = client(urls[0]!);
    const mod = client(urls[1]!);
    process.env.JWT_SECRET = SECRET;
    const { resetAccountSettings } = await import('../auth/settings.ts');
    resetAccountSettings();
    await ask(mod, 'join', { igreja: 'graca', channel, token: await leaderToken() });
    await ask(author, 'join', { igreja: 'graca', channel, name: 'Carla (nó A)' });
    const sent = await ask(author, 'message', { igreja: 'graca', channel, text: 'spam' });
    const muted = next(author, 'muted');
    expect((await ask(mod, 'mute', { authorId: sent.message!.authorId })).status).toBe(true);
    await muted;
    expect(
      (await ask(author, 'message', { igreja: 'graca', channel, text: 'de novo' })).status,
    ).toBe(false);
    const freed = next(author, 'unmuted');
    expect((await ask(mod, 'unmute', { authorId: sent.message!.authorId })).status).toBe(true);
    await freed;
    expect(
      (await ask(author, 'message', { igreja: 'graca', channel, text: 'desculpe' })).status,
    ).toBe(true);
  }, 30_000);

  async function leaderToken(): Promise<string> {
    const url = new URL(base!);
    url.pathname = `/${name}`;
    const c = new pg.Client({ connectionString: url.toString() });
    await c.connect();
    try {
      const { rows } = await c.query<{ id: number; email: string }>(
        `select id, email from usuario where email = 'lider@graca.demo'`,
      );
      return signAccessToken(rows[0]!.id, rows[0]!.email);
    } finally {
      await c.end();
    }
  }
});
