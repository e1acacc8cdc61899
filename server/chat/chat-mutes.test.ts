// Chat identities (docs/security.md "Chat identities"): a moderator's mute survives a restart,
// a muted guest's address and browser silence only guests from there (never members), unmute
// lifts it all, mutes end; and only the church's live channels are rooms. PGlite and PostgreSQL.
import { createServer, type Server as HttpServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { and, eq } from 'drizzle-orm';
import { io as connect, type Socket } from 'socket.io-client';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ChatMessage } from '../../contract/live.ts';
import { signAccessToken } from '../auth/tokens.ts';
import type { DatabaseHandle } from '../db/client.ts';
import * as t from '../db/schema/index.ts';
import { openTestDatabase, testBackends } from '../db/test-database.ts';
import { createChat, type Chat } from './chat.server.ts';
import { ADDRESS_MUTE_MS, MUTE_MS } from './chat-mutes.ts';

type Answer = {
  status: boolean;
  message?: string | ChatMessage;
  muted?: boolean;
  anonToken?: string;
  user?: { id: string };
};
const MUTED = 'A moderator muted you in this chat.';

describe.each(testBackends())('chat mutes and rooms on %s', (backend) => {
  let database: DatabaseHandle;
  let graca: number;
  let http: HttpServer;
  let chat: Chat;
  let url: string;
  const clients: Socket[] = [];

  const start = async () => {
    http = createServer();
    chat = (await createChat({ db: database.db, secret: 'test-secret' })).attach(http);
    await new Promise<void>((resolve) => http.listen(0, '127.0.0.1', resolve));
    url = `http://127.0.0.1:${(http.address() as AddressInfo).port}`;
  };
  const stop = async () => {
    for (const c of clients.splice(0)) c.disconnect();
    await chat.close();
    await new Promise((resolve) => http.close(resolve));
  };
  /** A browser: every client here comes from 127.0.0.1; the user agent tells browsers apart. */
  const open = (agent: string, lang = 'en') => {
    const socket = connect(url, {
      transports: ['websocket'],
      forceNew: true,
      extraHeaders: { 'accept-language': lang, 'user-agent': agent },
    });
    clients.push(socket);
    return socket;
  };
  const ask = (socket: Socket, event: string, payload?: unknown) =>
    new Promise<Answer>((resolve) => socket.emit(event, payload, resolve));
  const tokenOf = async (email: string) => {
    const [user] = await database.db.select().from(t.users).where(eq(t.users.email, email));
    return signAccessToken(user!.id, user!.email);
  };
  const say = (socket: Socket, text: string, channel = 'culto') =>
    ask(socket, 'message', { igreja: 'graca', channel, text });
  const moderator = async () => {
    const mod = open('moderator browser');
    await ask(mod, 'join', {
      igreja: 'graca',
      channel: 'culto',
      token: await tokenOf('lider@graca.demo'),
    });
    return mod;
  };

  beforeAll(async () => {
    database = await openTestDatabase(backend);
    [{ id: graca }] = (await database.db
      .select({ id: t.churches.id })
      .from(t.churches)
      .where(eq(t.churches.code, 'graca'))) as [{ id: number }];
    await database.db.insert(t.liveStreams).values([
      {
        churchId: graca,
        title: 'Jovens',
        service: 'youtube',
        code: 'x',
        startsAt: new Date(0),
        channel: 'jovens',
      },
      {
        churchId: graca,
        title: 'Antigo',
        service: 'youtube',
        code: 'x',
        startsAt: new Date(0),
        channel: 'antigo',
        active: false,
      },
    ]);
    await start();
  }, 180_000);
  afterAll(async () => {
    await stop().catch(() => undefined);
    await database?.close();
  });

  it("makes rooms only of the church's live channels", async () => {
    const guest = open('rooms browser', 'pt-BR');
    expect(
      (await ask(guest, 'join', { igreja: 'graca', channel: 'culto', name: 'Ana' })).status,
    ).toBe(true);
    expect(
      (await ask(guest, 'join', { igreja: 'graca', channel: 'jovens', name: 'Ana' })).status,
    ).toBe(true);
    expect((await say(guest, 'oi jovens', 'jovens')).status).toBe(true);
    // a made-up name, a stream no longer active, another church's channel name: no room
    for (const channel of ['inventado', 'antigo', 'bench-1'])
      expect(await ask(guest, 'join', { igreja: 'graca', channel, name: 'Ana' })).toEqual({
        status: false,
        message: 'Este chat não existe.',
      });
    // refused, the socket is in no room: it cannot send to the made-up channel either
    expect((await say(guest, 'oi', 'inventado')).status).toBe(false);
    expect(
      await ask(open('rooms browser 2', 'es'), 'join', { igreja: 'grace', channel: 'jovens' }),
    ).toEqual({ status: false, message: 'Este chat no existe.' });
  });

  it('a church without the live module (esperanza) has no chat: every channel is refused', async () => {
    const guest = open('no live module browser', 'es');
    for (const channel of ['culto', 'jovens', 'inventado'])
      expect(await ask(guest, 'join', { igreja: 'esperanza', channel, name: 'Ana' })).toEqual({
        status: false,
        message: 'Este chat no existe.',
      });
    expect(
      (await ask(guest, 'message', { igreja: 'esperanza', channel: 'culto', text: 'hola' })).status,
    ).toBe(false);
  });

  it('keeps a mute across a restart; a guest is muted by address and browser, members on it are not; unmute lifts it', async () => {
    const mod = await moderator();
    const troll = open('troll browser');
    const first = await ask(troll, 'join', { igreja: 'graca', channel: 'culto', name: 'Troll' });
    const trollId = first.user!.id;
    const anonToken = first.anonToken!;
    const member = open('troll browser'); // the same Wi-Fi and the same kind of browser
    await ask(member, 'join', {
      igreja: 'graca',
      channel: 'culto',
      token: await tokenOf('membro@graca.demo'),
    });
    expect((await say(troll, 'spam')).status).toBe(true);
    expect((await ask(mod, 'mute', { authorId: trollId })).status).toBe(true);
    expect(await say(troll, 'spam de novo')).toEqual({ status: false, message: MUTED });
    // another guest from that address and browser: silenced at once; the member is not
    const sibling = open('troll browser');
    expect(
      (await ask(sibling, 'join', { igreja: 'graca', channel: 'culto', name: 'Outro Nome' })).muted,
    ).toBe(true);
    expect((await say(member, 'eu ainda falo')).status).toBe(true);

    const rows = await database.db
      .select()
      .from(t.chatMutes)
      .where(and(eq(t.chatMutes.churchId, graca), eq(t.chatMutes.authorId, trollId)));
    expect(rows).toHaveLength(2); // the author, and their address (a hash, not the address)
    expect(rows.some((r) => r.addressHash?.includes('127.0.0.1'))).toBe(false);

    // the process restarts: the mute is read back from the database on joining
    await stop();
    await start();
    const back = await ask(open('a new browser'), 'join', {
      igreja: 'graca',
      channel: 'jovens',
      name: 'Troll',
      anonToken,
    });
    expect(back.user!.id).toBe(trollId);
    expect(back.muted).toBe(true);
    const sameBrowser = open('troll browser');
    const newId = await ask(sameBrowser, 'join', { igreja: 'graca', channel: 'culto', name: 'X' });
    expect(newId.user!.id).not.toBe(trollId);
    expect(newId.muted).toBe(true);
    expect(await say(sameBrowser, 'oi')).toEqual({ status: false, message: MUTED });
    // a member from that address and browser, and a guest from another browser: not muted
    const member2 = open('troll browser');
    const joined = await ask(member2, 'join', {
      igreja: 'graca',
      channel: 'culto',
      token: await tokenOf('membro@graca.demo'),
    });
    expect(joined.muted).toBe(false);
    expect((await say(member2, 'bom dia')).status).toBe(true);
    const neighbour = open('another browser');
    expect(
      (await ask(neighbour, 'join', { igreja: 'graca', channel: 'culto', name: 'Vizinho' })).muted,
    ).toBe(false);

    // only moderators unmute
    expect(await ask(member2, 'unmute', { authorId: trollId })).toEqual({
      status: false,
      message: 'Only chat moderators can do this.',
    });
    const mod2 = await moderator();
    const told = new Promise((resolve) => sameBrowser.once('unmuted', resolve));
    const trollAgain = open('troll browser');
    await ask(trollAgain, 'join', { igreja: 'graca', channel: 'culto', name: 'Troll', anonToken });
    expect((await ask(mod2, 'unmute', { authorId: trollId })).status).toBe(true);
    expect(
      await database.db.select().from(t.chatMutes).where(eq(t.chatMutes.authorId, trollId)),
    ).toHaveLength(0);
    // the moderation history has the lift as it has the mute
    const actions = await database.db
      .select({ action: t.auditLog.action })
      .from(t.auditLog)
      .where(eq(t.auditLog.targetId, trollId));
    expect(actions.map((a) => a.action)).toEqual(
      expect.arrayContaining(['moderation.chat.mute', 'moderation.chat.unmute']),
    );
    // the connections it silenced speak again at once, and so does the author
    await told;
    expect((await say(sameBrowser, 'obrigado')).status).toBe(true);
    expect((await say(trollAgain, 'desculpem')).status).toBe(true);
  });

  it('mutes end: 12 hours for the author, 24 hours for a guest address', async () => {
    expect(MUTE_MS).toBe(12 * 3_600_000);
    expect(ADDRESS_MUTE_MS).toBe(24 * 3_600_000);
    const mod = await moderator();
    const guest = open('expiring browser');
    const joined = await ask(guest, 'join', { igreja: 'graca', channel: 'culto', name: 'Breve' });
    await say(guest, 'oi');
    await ask(mod, 'mute', { authorId: joined.user!.id });
    const [author] = await database.db
      .select()
      .from(t.chatMutes)
      .where(eq(t.chatMutes.authorId, joined.user!.id))
      .orderBy(t.chatMutes.id);
    const left = author!.until.getTime() - Date.now();
    expect(left).toBeGreaterThan(MUTE_MS - 60_000);
    expect(left).toBeLessThanOrEqual(MUTE_MS);
    // a day later (the rows' end moved to the past) and after a restart, nobody is muted
    await database.db.update(t.chatMutes).set({ until: new Date(Date.now() - 1000) });
    await stop();
    await start();
    const again = await ask(open('expiring browser'), 'join', {
      igreja: 'graca',
      channel: 'culto',
      name: 'Breve',
      anonToken: joined.anonToken,
    });
    expect(again.user!.id).toBe(joined.user!.id);
    expect(again.muted).toBe(false);
  });
});
