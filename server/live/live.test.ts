// The streams call and the chat on socket.io (one seeded database per backend).
import { createServer, type Server as HttpServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { eq } from 'drizzle-orm';
import { io as connect, type Socket } from 'socket.io-client';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { chatJoinAnswer, streamsResponseSchema, type ChatMessage } from '../../contract/live.ts';
import { createApi, type Api } from '../app.ts';
import { signAccessToken } from '../auth/tokens.ts';
import { createChat, type Chat } from '../chat/chat.server.ts';
import type { DatabaseHandle } from '../db/client.ts';
import * as t from '../db/schema/index.ts';
import { DEMO_HLS_URL, GRACA_LIVE_TITLE } from '../db/seed/live.ts';
import { openTestDatabase, testBackends } from '../db/test-database.ts';
import { apiClient } from '../test-kit.ts';

type Answer = { status: boolean; message?: string | ChatMessage; count?: number };

describe.each(testBackends())('live streams and chat on %s', (backend) => {
  let database: DatabaseHandle;
  let api: Api;
  let http: HttpServer;
  let chat: Chat;
  let url: string;
  const clients: Socket[] = [];

  const open = (lang = 'en') => {
    const socket = connect(url, {
      transports: ['websocket'],
      forceNew: true,
      // each client its own browser: a muted guest's address mute covers only that browser
      extraHeaders: { 'accept-language': lang, 'user-agent': `live-test ${clients.length}` },
    });
    clients.push(socket);
    return socket;
  };
  const ask = (socket: Socket, event: string, payload?: unknown) =>
    new Promise<Answer>((resolve) =>
      payload === undefined ? socket.emit(event, resolve) : socket.emit(event, payload, resolve),
    );
  const next = <T>(socket: Socket, event: string) =>
    new Promise<T>((resolve) => socket.once(event, resolve));
  const tokenOf = async (email: string) => {
    const [user] = await database.db.select().from(t.users).where(eq(t.users.email, email));
    return signAccessToken(user!.id, user!.email);
  };

  beforeAll(async () => {
    database = await openTestDatabase(backend);
    // only the church's live channels are rooms: the channels these tests use get past streams
    const [graca] = await database.db
      .select({ id: t.churches.id })
      .from(t.churches)
      .where(eq(t.churches.code, 'graca'));
    await database.db.insert(t.liveStreams).values(
      ['live2', 'boas-vindas', 'gap', 'restart'].map((channel) => ({
        churchId: graca!.id,
        title: `Teste ${channel}`,
        service: 'youtube',
        code: 'teste',
        startsAt: new Date(0),
        channel,
      })),
    );
    api = createApi({ db: database.db });
    http = createServer();
    chat = (await createChat({ db: database.db, secret: 'test-secret' })).attach(http);
    await new Promise<void>((resolve) => http.listen(0, '127.0.0.1', resolve));
    url = `http://127.0.0.1:${(http.address() as AddressInfo).port}`;
  }, 180_000); // seeding a fresh PGlite is slow on a busy machine
  afterAll(async () => {
    for (const c of clients) c.disconnect();
    await chat?.close();
    if (http) await new Promise((resolve) => http.close(resolve));
    await database?.close();
  });

  it("lists graca's stream on air (the demo HLS) and its two upcoming weekly streams, soonest first", async () => {
    const res = await apiClient(api).get('/igreja/graca/transmissao/');
    expect(res.status).toBe(200);
    const body = streamsResponseSchema.parse(res.body);
    expect(body.aoVivo).toMatchObject({
      titulo: GRACA_LIVE_TITLE,
      servico: 'hls',
      url: DEMO_HLS_URL,
      flagAoVivo: true,
      canal: 'culto',
    });
    expect(body.aoVivo!.cultoAgendaId).not.toBeNull();
    expect(body.proximas.map((s) => s.servico).sort()).toEqual(['vimeo', 'youtube']);
    const starts = body.proximas.map((s) => Date.parse(s.inicio));
    expect(starts[0]! <= starts[1]!).toBe(true);
    expect(starts.every((s) => s > Date.now())).toBe(true);
  });

  it("answers 404 in the request's language for a church without MOD_CULTO", async () => {
    const res = await apiClient(api).get('/igreja/esperanza/transmissao', { lang: 'pt-BR' });
    expect(res.status).toBe(404);
  });

  it('joins with only a name, delivers a message to another viewer and keeps it for the next joiner', async () => {
    const a = open();
    const b = open();
    const joinA = chatJoinAnswer.parse(
      await ask(a, 'join', { igreja: 'graca', channel: 'culto', name: 'Visitante Ana' }),
    );
    expect(joinA.user).toMatchObject({ name: 'Visitante Ana', role: 'guest', autenticated: false });
    expect(joinA.user.id).toMatch(/^a[0-9a-f]{16}$/);
    expect(joinA.history.map((m) => m.text)).toContain('Que louvor lindo! Glória a Deus.');
    const joinB = chatJoinAnswer.parse(await ask(b, 'join', { igreja: 'graca', channel: 'culto' }));
    expect(joinB.user.role).toBe('anonymous');
    const arrived = next<ChatMessage>(b, 'message');
    const sent = await ask(a, 'message', {
      igreja: 'graca',
      channel: 'culto',
      text: 'Olá https://example.org <3',
    });
    expect(sent.status).toBe(true);
    expect((await arrived).text).toBe('Olá https://example.org <3');
    // an anonymous viewer reads but needs a name to write (spec §6)
    expect(await ask(b, 'message', { igreja: 'graca', channel: 'culto', text: 'oi' })).toEqual({
      status: false,
      message: 'Enter your name to send messages.',
    });
    const c = open();
    const joinC = chatJoinAnswer.parse(
      await ask(c, 'join', { igreja: 'graca', channel: 'culto', limitMessages: 2 }),
    );
    expect(joinC.history.at(-1)!.text).toBe('Olá https://example.org <3');
    expect(joinC.history).toHaveLength(2);
    // the same anonymous id comes back with its signed token, a forged one gets a new id
    const again = chatJoinAnswer.parse(
      await ask(open(), 'join', {
        igreja: 'graca',
        channel: 'culto',
        name: 'Ana',
        anonToken: joinA.anonToken,
      }),
    );
    expect(again.user.id).toBe(joinA.user.id);
    const forged = chatJoinAnswer.parse(
      await ask(open(), 'join', {
        igreja: 'graca',
        channel: 'culto',
        name: 'Ana',
        anonToken: `${joinA.user.id}.x`,
      }),
    );
    expect(forged.user.id).not.toBe(joinA.user.id);
  });

  it("refuses script tags, 10,000 characters, floods and another church's room, and keeps serving", async () => {
    const s = open('pt-BR');
    await ask(s, 'join', { igreja: 'graca', channel: 'culto', name: 'Teste' });
    const send = (text: string, igreja = 'graca') =>
      ask(s, 'message', { igreja, channel: 'culto', text });
    expect(await send('<script>alert(1)</script>')).toEqual({
      status: false,
      message: 'Mensagens não podem conter tags HTML.',
    });
    expect(await send('x'.repeat(10_000))).toEqual({
      status: false,
      message: 'A mensagem é longa demais: no máximo 500 caracteres.',
    });
    expect(await send('a\u0000b')).toMatchObject({ status: false });
    expect(await send('\ud800')).toMatchObject({ status: false });
    expect(await send('oi grace', 'grace')).toEqual({
      status: false,
      message: 'Você só pode enviar mensagens ao chat em que entrou.',
    });
    const burst = await Promise.all(Array.from({ length: 100 }, (_, i) => send(`flood ${i}`)));
    expect(burst.filter((r) => r.status)).toHaveLength(5);
    expect(burst.at(-1)).toEqual({
      status: false,
      message: 'Você está enviando mensagens rápido demais. Aguarde alguns segundos.',
    });
    const other = open();
    await ask(other, 'join', { igreja: 'graca', channel: 'culto', name: 'Outro' });
    expect(
      (
        await ask(other, 'message', {
          igreja: 'graca',
          channel: 'culto',
          text: 'ainda funcionando',
        })
      ).status,
    ).toBe(true);
    expect((await ask(open(), 'join', { igreja: 'fechada', channel: 'culto' })).status).toBe(false);
  });

  it("lets a moderator delete one message and all of a user's, gone for everyone; members cannot", async () => {
    const mod = open();
    const viewer = open();
    const author = open();
    const joinMod = chatJoinAnswer.parse(
      await ask(mod, 'join', {
        igreja: 'graca',
        channel: 'culto',
        token: await tokenOf('lider@graca.demo'),
      }),
    );
    expect(joinMod.user).toMatchObject({
      name: 'João Pereira',
      role: 'moderator',
      autenticated: true,
    });
    const joinMember = chatJoinAnswer.parse(
      await ask(viewer, 'join', {
        igreja: 'graca',
        channel: 'culto',
        token: await tokenOf('membro@graca.demo'),
      }),
    );
    expect(joinMember.user.role).toBe('member');
    await ask(author, 'join', { igreja: 'graca', channel: 'culto', name: 'Spammer' });
    const m1 = (
      await ask(author, 'message', { igreja: 'graca', channel: 'culto', text: 'compre agora' })
    ).message as ChatMessage;
    const m2 = (
      await ask(author, 'message', { igreja: 'graca', channel: 'culto', text: 'promoção' })
    ).message as ChatMessage;
    expect(await ask(viewer, 'delete', { messageId: m1.id })).toEqual({
      status: false,
      message: 'Only chat moderators can do this.',
    });

    const seen = next<{ ids: number[] }>(viewer, 'deleted');
    expect(await ask(mod, 'delete', { messageId: m1.id })).toMatchObject({
      status: true,
      count: 1,
    });
    expect((await seen).ids).toEqual([m1.id]);
    const m3 = (
      await ask(author, 'message', { igreja: 'graca', channel: 'culto', text: 'mais spam' })
    ).message as ChatMessage;
    const all = next<{ ids: number[] }>(viewer, 'deleted');
    expect(await ask(mod, 'delete:user', { authorId: m1.authorId })).toMatchObject({
      status: true,
      count: 2,
    });
    expect((await all).ids.sort()).toEqual([m2.id, m3.id].sort());
    const history = chatJoinAnswer.parse(
      await ask(open(), 'join', { igreja: 'graca', channel: 'culto', limitMessages: 200 }),
    ).history;
    expect(history.some((m) => m.authorId === m1.authorId)).toBe(false);

    const muted = next(author, 'muted');
    expect((await ask(mod, 'mute', { authorId: m1.authorId })).status).toBe(true);
    await muted;
    expect(
      await ask(author, 'message', { igreja: 'graca', channel: 'culto', text: 'ainda?' }),
    ).toEqual({ status: false, message: 'A moderator muted you in this chat.' });
  });

  it('runs the commit-to-Jesus moment: viewers raise a hand once, moderators see the count live', async () => {
    const mod = open();
    const v1 = open();
    const v2 = open();
    await ask(mod, 'join', {
      igreja: 'graca',
      channel: 'live2',
      token: await tokenOf('lider@graca.demo'),
    });
    await ask(v1, 'join', { igreja: 'graca', channel: 'live2', name: 'Pedro' });
    await ask(v2, 'join', { igreja: 'graca', channel: 'live2' });
    expect((await ask(v1, 'commit:start')).status).toBe(false);
    const started = next<{ id: string }>(v1, 'commit');
    await ask(mod, 'commit:start');
    const { id } = await started;
    const count = next<{ hands: number }>(mod, 'commit:count');
    expect((await ask(v1, 'commit:answer', { id, answer: 'hand' })).status).toBe(true);
    expect((await count).hands).toBe(1);
    await ask(v1, 'commit:answer', { id, answer: 'hand' });
    const count2 = next<{ hands: number }>(mod, 'commit:count');
    await ask(v2, 'commit:answer', { id, answer: 'hand' });
    expect((await count2).hands).toBe(2);
    expect((await ask(v2, 'commit:answer', { id, answer: 'dismiss' })).status).toBe(true);
    const late = chatJoinAnswer.parse(
      await ask(open(), 'join', { igreja: 'graca', channel: 'live2' }),
    );
    expect(late.commit).toEqual({ id, hands: 2 });
    const ended = next(v1, 'commit');
    await ask(mod, 'commit:stop');
    expect(await ended).toBeNull();
  });

  it('a muted guest stays muted after rejoining as a new id and in every channel; one hand per connection (docs/security.md "Chat identities")', async () => {
    const mod = open();
    const guest = open();
    await ask(mod, 'join', {
      igreja: 'graca',
      channel: 'culto',
      token: await tokenOf('lider@graca.demo'),
    });
    await ask(guest, 'join', { igreja: 'graca', channel: 'culto', name: 'Troll' });
    const sent = await ask(guest, 'message', { igreja: 'graca', channel: 'culto', text: 'spam' });
    const authorId = (sent.message as ChatMessage).authorId;
    expect((await ask(mod, 'mute', { authorId })).status).toBe(true);
    // the same connection, a new anonymous id (no anonToken), another channel: still muted
    const rejoined = chatJoinAnswer.parse(
      await ask(guest, 'join', { igreja: 'graca', channel: 'live2', name: 'Novo Nome' }),
    );
    expect(rejoined.user.id).not.toBe(authorId);
    // told on joining, before trying to send
    expect(rejoined.muted).toBe(true);
    expect(
      chatJoinAnswer.parse(
        await ask(open(), 'join', { igreja: 'graca', channel: 'live2', name: 'Outro' }),
      ).muted,
    ).toBe(false);
    expect(
      await ask(guest, 'message', { igreja: 'graca', channel: 'live2', text: 'de novo' }),
    ).toEqual({ status: false, message: 'A moderator muted you in this chat.' });

    // one connection rejoining as ten new ids raises one hand
    const started = next<{ id: string }>(mod, 'commit');
    await ask(mod, 'commit:start');
    const { id } = await started;
    const hands = open();
    for (let i = 0; i < 10; i++) {
      await ask(hands, 'join', { igreja: 'graca', channel: 'culto', name: `Mão ${i}` });
      await ask(hands, 'commit:answer', { id, answer: 'hand' });
    }
    const late = chatJoinAnswer.parse(
      await ask(open(), 'join', { igreja: 'graca', channel: 'culto' }),
    );
    expect(late.commit).toEqual({ id, hands: 1 });
    await ask(mod, 'commit:stop');
  });

  it('tells the room when someone joins, once: not again when they reconnect within seconds', async () => {
    const watcher = open();
    await ask(watcher, 'join', { igreja: 'graca', channel: 'boas-vindas' });
    const heard: string[] = [];
    watcher.on('joined', ({ name }: { name: string }) => heard.push(name));
    const ana = open();
    const first = chatJoinAnswer.parse(
      await ask(ana, 'join', { igreja: 'graca', channel: 'boas-vindas', name: 'Ana Chegou' }),
    );
    await expect.poll(() => heard).toEqual(['Ana Chegou']);
    // a reconnect (a new connection, the same person) within seconds stays quiet
    ana.disconnect();
    await ask(open(), 'join', {
      igreja: 'graca',
      channel: 'boas-vindas',
      name: 'Ana Chegou',
      anonToken: first.anonToken,
    });
    // a viewer without a name joins silently; someone else is announced
    await ask(open(), 'join', { igreja: 'graca', channel: 'boas-vindas' });
    await ask(open(), 'join', { igreja: 'graca', channel: 'boas-vindas', name: 'Bruno' });
    await expect.poll(() => heard).toEqual(['Ana Chegou', 'Bruno']);
  });

  it('a guest name cannot copy a member of the church or hide characters', async () => {
    for (const name of ['João Pereira', 'joao  PEREIRA', 'Jo\u200bão Pereira', 'Ana \u202eanA']) {
      const joined = chatJoinAnswer.parse(
        await ask(open(), 'join', { igreja: 'graca', channel: 'culto', name }),
      );
      expect(joined.user, name).toMatchObject({ name: '', role: 'anonymous' });
    }
    const ok = chatJoinAnswer.parse(
      await ask(open(), 'join', { igreja: 'graca', channel: 'culto', name: 'João' }),
    );
    expect(ok.user).toMatchObject({ name: 'João', role: 'guest' });
  });

  it('fills in messages missed while disconnected', async () => {
    const writer = open();
    await ask(writer, 'join', { igreja: 'graca', channel: 'gap', name: 'Writer' });
    const first = (await ask(writer, 'message', { igreja: 'graca', channel: 'gap', text: 'um' }))
      .message as ChatMessage;
    await ask(writer, 'message', { igreja: 'graca', channel: 'gap', text: 'dois' });
    await ask(writer, 'message', { igreja: 'graca', channel: 'gap', text: 'três' });
    const back = chatJoinAnswer.parse(
      await ask(open(), 'join', {
        igreja: 'graca',
        channel: 'gap',
        limitMessages: 1,
        since: first.id,
      }),
    );
    expect(back.history.map((m) => m.text)).toEqual(['dois', 'três']);
  });

  it('keeps every message across a restart, in the order sent (written after the room got them)', async () => {
    const writer = open();
    await ask(writer, 'join', { igreja: 'graca', channel: 'restart', name: 'Writer' });
    const texts = ['um', 'dois', 'três', 'quatro', 'cinco'];
    const sent = (
      await Promise.all(
        texts.map((text) => ask(writer, 'message', { igreja: 'graca', channel: 'restart', text })),
      )
    ).map((a) => a.message as ChatMessage);
    const ids = sent.map((m) => m.id);
    expect(ids).toEqual([...ids].sort((x, y) => x - y));
    // a second chat on the same database (the process after a restart); last test: `chat` stays closed
    await chat.close();
    const http2 = createServer();
    const chat2 = (await createChat({ db: database.db, secret: 'test-secret' })).attach(http2);
    await new Promise<void>((resolve) => http2.listen(0, '127.0.0.1', resolve));
    try {
      const reader = connect(`http://127.0.0.1:${(http2.address() as AddressInfo).port}`, {
        transports: ['websocket'],
        forceNew: true,
      });
      clients.push(reader);
      const back = chatJoinAnswer.parse(
        await ask(reader, 'join', { igreja: 'graca', channel: 'restart', name: 'Reader' }),
      );
      expect(back.history.map((m) => m.text)).toEqual(texts);
      expect(back.history.map((m) => m.id)).toEqual(ids);
      const after = (
        await ask(reader, 'message', { igreja: 'graca', channel: 'restart', text: 'seis' })
      ).message as ChatMessage;
      expect(after.id).toBeGreaterThan(Math.max(...ids));
    } finally {
      await chat2.close();
      await new Promise((resolve) => http2.close(resolve));
    }
  });
});
