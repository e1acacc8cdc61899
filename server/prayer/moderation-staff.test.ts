import { createServer, type Server as HttpServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { and, desc, eq } from 'drizzle-orm';
import { io as connect, type Socket } from 'socket.io-client';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { chatHistorySchema, moderationPageSchema } from '../../contract/moderation-staff.ts';
import { signAccessToken } from '../auth/tokens.ts';
import { createChat, type Chat } from '../chat/chat.server.ts';
import * as t from '../db/schema/index.ts';
import { testBackends } from '../db/test-database.ts';
import { openWorshipWorld, type WorshipWorld } from '../praise/worship-staff.test-support.ts';

type Answer = { status: boolean; message?: { id: number; authorId: string }; count?: number };

describe.each(testBackends())('staff moderation on %s', (backend) => {
  let w: WorshipWorld;
  let http: HttpServer;
  let chat: Chat;
  let url: string;
  const clients: Socket[] = [];

  beforeAll(async () => {
    w = await openWorshipWorld(backend);
    http = createServer();
    chat = (await createChat({ db: w.database.db, secret: 'test-secret' })).attach(http);
    await new Promise<void>((resolve) => http.listen(0, '127.0.0.1', resolve));
    url = `http://127.0.0.1:${(http.address() as AddressInfo).port}`;
  }, 180_000);
  afterAll(async () => {
    for (const c of clients) c.disconnect();
    await chat?.close();
    if (http) await new Promise((resolve) => http.close(resolve));
    await w?.database.close();
  });

  const postState = async (id: number) => ({
    post: (await w.database.db.select().from(t.prayers).where(eq(t.prayers.id, id)))[0],
    moderation: await w.database.db
      .select()
      .from(t.prayerModeration)
      .where(eq(t.prayerModeration.prayerId, id)),
  });
  const wallIds = async () =>
    (
      (await w.send('GET', '/oracao/graca?limit=50', undefined)).body.oracoes as {
        id: number;
      }[]
    ).map((p) => p.id);

  it('hides a wall post with a reason and restores it: admins and chat moderators only', async () => {
    const [post] = await w.database.db
      .select()
      .from(t.prayers)
      .where(
        and(
          eq(t.prayers.churchId, w.graca),
          eq(t.prayers.publishOnWall, true),
          eq(t.prayers.active, true),
        ),
      )
      .orderBy(desc(t.prayers.createdAt), desc(t.prayers.id));
    expect(await wallIds()).toContain(post!.id);

    const list = await w.send('GET', '/admin/graca/moderacao/oracao', w.tokens.chat);
    expect(moderationPageSchema.parse(list.body).oracoes.length).toBeGreaterThan(0);
    expect((await w.send('GET', '/admin/graca/moderacao/oracao', w.tokens.editor)).status).toBe(
      403,
    );

    const hide = (token?: string) =>
      w.send('POST', `/admin/graca/moderacao/oracao/${post!.id}/ocultar`, token, {
        json: { motivo: 'Dados pessoais de terceiros' },
      });
    await w.expectRefused(hide, () => postState(post!.id), ['editor']);
    const noReason = await w.send(
      'POST',
      `/admin/graca/moderacao/oracao/${post!.id}/ocultar`,
      w.tokens.chat,
      { json: { motivo: '' } },
    );
    expect(noReason.status).toBe(400);
    expect(noReason.body.errors?.motivo).toEqual(['Say why, in a few words.']);

    const hidden = await hide(w.tokens.chat);
    expect(hidden.status).toBe(200);
    expect(hidden.body).toMatchObject({
      oculto: true,
      moderacao: { motivo: 'Dados pessoais de terceiros' },
    });
    expect(w.purged).toEqual([w.graca]);
    expect(await wallIds()).not.toContain(post!.id);
    expect((await hide(w.tokens.admin)).status).toBe(409);
    const hiddenList = moderationPageSchema.parse(
      (await w.send('GET', '/admin/graca/moderacao/oracao?vista=ocultos', w.tokens.admin)).body,
    );
    expect(hiddenList.oracoes.map((p) => p.id)).toContain(post!.id);

    const restore = (token?: string) =>
      w.send('POST', `/admin/graca/moderacao/oracao/${post!.id}/restaurar`, token, {
        json: { motivo: 'Revisto com a autora' },
      });
    await w.expectRefused(restore, () => postState(post!.id), ['editor']);
    expect((await restore(w.tokens.admin)).body).toMatchObject({ oculto: false });
    expect(await wallIds()).toContain(post!.id);
    expect((await restore(w.tokens.admin)).status).toBe(409);

    // an author's own deletion cannot be "restored" by a moderator
    await w.database.db.update(t.prayers).set({ active: false }).where(eq(t.prayers.id, post!.id));
    await w.database.db.delete(t.prayerModeration).where(eq(t.prayerModeration.prayerId, post!.id));
    expect((await restore(w.tokens.admin)).status).toBe(409);
    await w.database.db.update(t.prayers).set({ active: true }).where(eq(t.prayers.id, post!.id));

    // the wall's decisions are listed with the wall, never among the chat's actions
    const wallPage = moderationPageSchema.parse(
      (await w.send('GET', '/admin/graca/moderacao/oracao', w.tokens.chat)).body,
    );
    expect(wallPage.acoes.slice(0, 2).map((a) => a.acao)).toEqual([
      'moderation.prayer.restore',
      'moderation.prayer.hide',
    ]);
    const history = chatHistorySchema.parse(
      (await w.send('GET', '/admin/graca/moderacao/chat', w.tokens.chat)).body,
    );
    expect(history.acoes.filter((a) => a.acao.startsWith('moderation.prayer.'))).toEqual([]);
  });

  it("records the chat's deletions and mutes, by whom, in the history", async () => {
    const open = () => {
      const socket = connect(url, { transports: ['websocket'], forceNew: true });
      clients.push(socket);
      return socket;
    };
    const ask = (socket: Socket, event: string, payload: unknown) =>
      new Promise<Answer>((resolve) => socket.emit(event, payload, resolve));
    const [leader] = await w.database.db
      .select()
      .from(t.users)
      .where(eq(t.users.email, 'lider@graca.demo'));
    const mod = open();
    const author = open();
    await ask(mod, 'join', {
      igreja: 'graca',
      channel: 'culto',
      token: await signAccessToken(leader!.id, leader!.email),
    });
    await ask(author, 'join', { igreja: 'graca', channel: 'culto', name: 'Spammer' });
    const sent = await ask(author, 'message', {
      igreja: 'graca',
      channel: 'culto',
      text: 'compre agora',
    });
    expect((await ask(mod, 'delete', { messageId: sent.message!.id })).status).toBe(true);
    expect((await ask(mod, 'mute', { authorId: sent.message!.authorId })).status).toBe(true);

    const history = chatHistorySchema.parse(
      (await w.send('GET', '/admin/graca/moderacao/chat?canal=culto', w.tokens.chat)).body,
    );
    expect(history.mensagens.find((m) => m.id === sent.message!.id)).toMatchObject({
      texto: 'compre agora',
      apagada: true,
    });
    expect(history.acoes.slice(0, 2)).toMatchObject([
      { acao: 'moderation.chat.mute', por: 'João Pereira', resumo: 'Spammer (culto)' },
      { acao: 'moderation.chat.delete', por: 'João Pereira', resumo: 'Spammer: compre agora' },
    ]);
    expect((await w.send('GET', '/admin/graca/moderacao/chat', w.tokens.member)).status).toBe(403);
    expect((await w.send('GET', '/admin/graca/moderacao/chat', undefined)).status).toBe(401);
  });
});
