// Watching Play (docs/play.md "Who may watch", spec §6): every way of getting a closed video's media fails without
// an active subscription; open content works for a member; signed URLs are bound to the member and
// expire; the resume position round-trips. PGlite and PostgreSQL.
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { and, eq } from 'drizzle-orm';
import { playWatchSchema } from '../../contract/play-watch.ts';
import { createApi, type Api } from '../app.ts';
import type { DatabaseHandle } from '../db/client.ts';
import * as t from '../db/schema/index.ts';
import { DEMO_PASSWORD } from '../db/seed/churches.ts';
import { GRACA_CLOSED_VIDEO, GRACA_OPEN_VIDEO } from '../db/seed/play.ts';
import { openTestDatabase, testBackends } from '../db/test-database.ts';
import { activeSubscription } from './access.ts';
import { loginAs } from '../test-kit.ts';
import { MEDIA_COOKIE, signedMediaUrl } from './media.ts';

describe.each(testBackends())('play watch on %s', (backend) => {
  let database: DatabaseHandle;
  let api: Api;
  let graca: number;
  let member: { id: number; token: string };
  let other: { id: number; token: string };
  let closed: typeof t.playContents.$inferSelect;
  let open: typeof t.playContents.$inferSelect;
  let planId: number;

  const request = (
    method: string,
    url: string,
    { token, cookie, body }: { token?: string; cookie?: string; body?: unknown } = {},
  ) =>
    api.request(url.startsWith('/api/') ? url : `/api/v1${url}`, {
      method,
      headers: {
        'content-type': 'application/json',
        'accept-language': 'pt-BR',
        ...(token ? { authorization: `Bearer ${token}` } : {}),
        ...(cookie ? { cookie } : {}),
      },
      ...(body !== undefined ? { body: JSON.stringify(body) } : {}),
    });
  const login = (email: string) => loginAs(api, email, DEMO_PASSWORD);
  const watchUrl = (contentId: number, who: { id: number }) =>
    `/usuario-plano-assinatura-conteudo/assistir/?planoAssinaturaConteudo=${contentId}&igreja=${graca}&usuario=${who.id}`;
  const positionUrl = (contentId: number, who: { id: number }) =>
    `/usuario-plano-assinatura-conteudo/posicao/?planoAssinaturaConteudo=${contentId}&igreja=${graca}&usuario=${who.id}`;
  /** The watch answer and the member's binding cookie. */
  const watch = async (contentId: number, who: { id: number; token: string }) => {
    const res = await request('GET', watchUrl(contentId, who), { token: who.token });
    const setCookie = res.headers.get('set-cookie') ?? '';
    const cookie = setCookie.split(';')[0] ?? '';
    return {
      res,
      cookie,
      body:
        res.status === 200
          ? playWatchSchema.parse(await res.json())
          : ((await res.json()) as { message: string }),
    };
  };
  const subscribe = (userId: number, values: Partial<typeof t.playSubscriptions.$inferInsert>) =>
    database.db
      .insert(t.playSubscriptions)
      .values({
        churchId: graca,
        userId,
        planId,
        status: 'ativo',
        code: `W-${backend}-${Math.random().toString(36).slice(2)}`,
        paidUntil: new Date(Date.now() + 86_400_000),
        ...values,
      })
      .returning({ id: t.playSubscriptions.id });

  beforeAll(async () => {
    database = await openTestDatabase(backend);
    api = createApi({ db: database.db });
    graca = (
      await database.db
        .select({ id: t.churches.id })
        .from(t.churches)
        .where(eq(t.churches.slug, 'graca'))
    )[0]!.id;
    closed = (
      await database.db
        .select()
        .from(t.playContents)
        .where(
          and(eq(t.playContents.churchId, graca), eq(t.playContents.title, GRACA_CLOSED_VIDEO)),
        )
    )[0]!;
    open = (
      await database.db
        .select()
        .from(t.playContents)
        .where(and(eq(t.playContents.churchId, graca), eq(t.playContents.title, GRACA_OPEN_VIDEO)))
    )[0]!;
    planId = (
      await database.db.select().from(t.playPlans).where(eq(t.playPlans.churchId, graca))
    )[0]!.id;
    member = await login('membro@graca.demo');
    other = await login('lider@graca.demo');
  }, 120_000);
  afterEach(() => vi.useRealTimers());
  afterAll(() => database.close());

  it('without an active subscription no call, page data or list carries a closed media URL', async () => {
    expect(closed.mediaPath).not.toMatch(/^\//); // stored outside public/
    const w = await watch(closed.id, member);
    expect(w.res.status).toBe(403);
    expect(w.body).toMatchObject({
      message: 'Este vídeo é para assinantes. Escolha um plano para assistir.',
    });
    expect(w.cookie).toBe('');
    expect(
      (
        await request('PUT', positionUrl(closed.id, member), {
          token: member.token,
          body: { posicaoSegundos: 3 },
        })
      ).status,
    ).toBe(403);
    // every read and member call, as a member without a plan
    const slug = 'graca';
    const reads = [
      `/igreja/${slug}/plano-assinatura-home/`,
      `/plano-assinatura-conteudo/?igreja=${graca}&limit=50`,
      `/plano-assinatura-conteudo/${closed.id}/?igreja=${graca}`,
      `/usuario-plano-assinatura-conteudo/?usuario=${member.id}&igreja=${graca}`,
      watchUrl(closed.id, member),
    ];
    await request(
      'POST',
      `/usuario-plano-assinatura-conteudo/?planoAssinaturaConteudo=${closed.id}&igreja=${graca}&usuario=${member.id}`,
      { token: member.token },
    );
    for (const url of reads) {
      const text = await (await request('GET', url, { token: member.token })).text();
      expect(text, url).not.toContain(closed.mediaPath);
      expect(text, url).not.toContain('plano-assinatura-midia');
      expect(text, url).not.toMatch(/seg-\d|index\.m3u8/);
    }
    // an expired subscription, a pending one and a cancelled one past its paid period do not count
    await subscribe(member.id, { paidUntil: new Date(Date.now() - 1000) });
    await subscribe(member.id, { status: 'pendente' });
    await subscribe(member.id, {
      status: 'cancelado',
      paidUntil: new Date(Date.now() + 86_400_000),
    });
    expect((await watch(closed.id, member)).res.status).toBe(403);
    expect(await activeSubscription(database.db, graca, member.id)).toBeNull();
    // logged out
    expect((await request('GET', watchUrl(closed.id, member))).status).toBe(401);
    // someone else's id
    expect((await request('GET', watchUrl(open.id, member), { token: other.token })).status).toBe(
      403,
    );
  });

  it('media files: no cookie, a bad or missing signature, or a guessed URL is refused', async () => {
    const other = await watch(open.id, member); // an open video gives no cookie and a plain path
    expect(other.res.status).toBe(200);
    const body = playWatchSchema.parse(other.body);
    expect(body.urlMidia).toBe(open.mediaPath);
    expect(body.expiraEm).toBeNull();
    const expires = Math.floor(Date.now() / 1000) + 300;
    const forged = signedMediaUrl(closed.id, member.id, 'index.m3u8', expires);
    expect((await request('GET', forged)).status).toBe(403); // signed, but no member cookie
    expect(
      (await request('GET', `/api/v1/plano-assinatura-midia/${closed.id}/seg-0.m2ts`)).status,
    ).toBe(400);
    const bad = await request(
      'GET',
      `/api/v1/plano-assinatura-midia/${closed.id}/seg-0.m2ts?u=${member.id}&e=${expires}&s=${'A'.repeat(43)}`,
    );
    expect(bad.status).toBe(403);
    expect(((await bad.json()) as { message: string }).message).toBe(
      'Este link de vídeo expirou ou não é seu. Abra o vídeo de novo.',
    );
    expect(
      (
        await request(
          'GET',
          `/api/v1/plano-assinatura-midia/${closed.id}/..%2F..%2Fsecret.m3u8?u=1&e=${expires}&s=${'A'.repeat(43)}`,
        )
      ).status,
    ).toBe(400);
  });

  it('a subscriber watches closed content through signed URLs bound to them that expire', async () => {
    const [sub] = await subscribe(member.id, {});
    try {
      const w = await watch(closed.id, member);
      expect(w.res.status).toBe(200);
      const answer = playWatchSchema.parse(w.body);
      expect(answer.urlMidia).toMatch(
        /^\/api\/v1\/plano-assinatura-midia\/\d+\/index\.m3u8\?u=\d+&e=\d+&s=/,
      );
      expect(answer.urlMidia).not.toContain(closed.mediaPath);
      expect(w.cookie).toMatch(new RegExp(`^${MEDIA_COOKIE}=`));
      expect(w.res.headers.get('set-cookie')).toMatch(/HttpOnly/i);
      expect(w.res.headers.get('set-cookie')).toMatch(/SameSite=Strict/i);

      const playlist = await request('GET', answer.urlMidia, { cookie: w.cookie });
      expect(playlist.status).toBe(200);
      expect(playlist.headers.get('content-type')).toContain('mpegurl');
      const text = await playlist.text();
      const segments = text.split('\n').filter((l) => l && !l.startsWith('#'));
      expect(segments.length).toBeGreaterThan(0);
      for (const s of segments)
        expect(s).toMatch(/^\/api\/v1\/plano-assinatura-midia\/\d+\/seg-\d+\.m2ts\?u=\d+&e=\d+&s=/);
      const segment = await request('GET', segments[0]!, { cookie: w.cookie });
      expect(segment.status).toBe(200);
      expect(segment.headers.get('content-type')).toBe('video/mp2t');
      expect((await segment.arrayBuffer()).byteLength).toBeGreaterThan(1000);
      expect(answer.urlLegenda).toBeTruthy();
      const captions = await request('GET', answer.urlLegenda!, { cookie: w.cookie });
      expect(await captions.text()).toMatch(/^WEBVTT/);

      // a segment URL without the cookie, with another member's cookie, tampered, or for another file
      expect((await request('GET', segments[0]!)).status).toBe(403);
      const theirs = (await watch(open.id, other)).cookie; // open content sets no cookie…
      expect(theirs).toBe('');
      await subscribe(other.id, {});
      const otherCookie = (await watch(closed.id, other)).cookie; // …a subscriber's watch does
      expect(otherCookie).not.toBe('');
      expect((await request('GET', answer.urlMidia, { cookie: otherCookie })).status).toBe(403);
      expect((await request('GET', segments[0]!, { cookie: otherCookie })).status).toBe(403);
      expect(
        (
          await request(
            'GET',
            segments[0]!.replace(/s=(.)/, (_, c: string) => `s=${c === 'Z' ? 'Y' : 'Z'}`),
            { cookie: w.cookie },
          )
        ).status,
      ).toBe(403);
      expect(
        (await request('GET', segments[0]!.replace('seg-0', 'seg-1'), { cookie: w.cookie })).status,
      ).toBe(403);
      expect(
        (
          await request('GET', answer.urlMidia.replace(`u=${member.id}`, `u=${other.id}`), {
            cookie: otherCookie,
          })
        ).status,
      ).toBe(403);

      // reused after expiry: the playlist URL after 5 minutes, its segments after their time
      vi.useFakeTimers({ toFake: ['Date'], now: Date.now() + 6 * 60_000 });
      expect((await request('GET', answer.urlMidia, { cookie: w.cookie })).status).toBe(403);
      expect((await request('GET', segments[0]!, { cookie: w.cookie })).status).toBe(200);
      vi.setSystemTime(Date.now() + 60 * 60_000);
      expect((await request('GET', segments[0]!, { cookie: w.cookie })).status).toBe(403);
      vi.useRealTimers();

      // a fresh playlist's segment and captions URLs, signed for a long while…
      const fresh = playWatchSchema.parse((await watch(closed.id, member)).body);
      const freshText = await (await request('GET', fresh.urlMidia, { cookie: w.cookie })).text();
      const freshSegment = freshText.split('\n').find((l) => l && !l.startsWith('#'))!;
      expect((await request('GET', freshSegment, { cookie: w.cookie })).status).toBe(200);
      // the subscription ends: the next playlist is refused even with a fresh URL
      await database.db
        .update(t.playSubscriptions)
        .set({ paidUntil: new Date(Date.now() - 1000) })
        .where(eq(t.playSubscriptions.id, sub!.id));
      expect((await request('GET', answer.urlMidia, { cookie: w.cookie })).status).toBe(403);
      // …stop working at once too (docs/play.md "Signed URLs")
      expect((await request('GET', freshSegment, { cookie: w.cookie })).status).toBe(403);
      expect((await request('GET', fresh.urlLegenda!, { cookie: w.cookie })).status).toBe(403);
      expect((await watch(closed.id, member)).res.status).toBe(403);
      // cancelled but paid until the future: still watching (access lasts until pago_ate)
      await database.db
        .update(t.playSubscriptions)
        .set({ paidUntil: new Date(Date.now() + 86_400_000), cancelledAt: new Date() })
        .where(eq(t.playSubscriptions.id, sub!.id));
      expect((await watch(closed.id, member)).res.status).toBe(200);
    } finally {
      await database.db.delete(t.playSubscriptions).where(eq(t.playSubscriptions.churchId, graca));
    }
  });

  it('keeps the resume position per member and content, without adding it to my list', async () => {
    expect((await watch(open.id, member)).body).toMatchObject({
      posicaoSegundos: 0,
      itemLista: null,
    });
    expect(
      (
        await request('PUT', positionUrl(open.id, member), {
          token: member.token,
          body: { posicaoSegundos: 5 },
        })
      ).status,
    ).toBe(204);
    expect((await watch(open.id, member)).body).toMatchObject({
      posicaoSegundos: 5,
      itemLista: null,
    });
    expect(
      (
        await request('PUT', positionUrl(open.id, member), {
          token: member.token,
          body: { posicaoSegundos: 7 },
        })
      ).status,
    ).toBe(204);
    expect((await watch(open.id, member)).body).toMatchObject({ posicaoSegundos: 7 });
    expect((await watch(open.id, other)).body).toMatchObject({ posicaoSegundos: 0 });
    const list = (await (
      await request(
        'GET',
        `/usuario-plano-assinatura-conteudo/?usuario=${member.id}&igreja=${graca}`,
        { token: member.token },
      )
    ).json()) as { itens: { conteudo: { id: number } }[] };
    expect(list.itens.map((i) => i.conteudo.id)).not.toContain(open.id);
    // in the list: the watch answer names the item, and the position survives
    const added = (await (
      await request(
        'POST',
        `/usuario-plano-assinatura-conteudo/?planoAssinaturaConteudo=${open.id}&igreja=${graca}&usuario=${member.id}`,
        { token: member.token },
      )
    ).json()) as { id: number };
    expect((await watch(open.id, member)).body).toMatchObject({
      posicaoSegundos: 7,
      itemLista: added.id,
    });
    const bad = await request('PUT', positionUrl(open.id, member), {
      token: member.token,
      body: { posicaoSegundos: -1 },
    });
    expect(bad.status).toBe(400);
    expect(
      ((await bad.json()) as { errors: Record<string, string[]> }).errors.posicaoSegundos?.length,
    ).toBeGreaterThan(0);
    expect(
      (
        await request('PUT', positionUrl(open.id, member), {
          token: member.token,
          body: { posicaoSegundos: 'x' },
        })
      ).status,
    ).toBe(400);
    expect(
      (await request('PUT', positionUrl(open.id, member), { body: { posicaoSegundos: 1 } })).status,
    ).toBe(401);
    expect(
      (
        await request('PUT', positionUrl(999999, member), {
          token: member.token,
          body: { posicaoSegundos: 1 },
        })
      ).status,
    ).toBe(404);
  });
});
