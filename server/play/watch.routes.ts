// Watching Play (docs/play.md "Watching"; spec §6 closed content; §7 Play `usuario-plano-assinatura-conteudo`):
// the member-only watch call, the resume position, and the signed media files of closed content.
// Who may watch: anyone logged in for open content; for closed content only a member with
// `activeSubscription` (access.ts). No other call ever carries a closed content's media path.
import { Hono, type Context } from 'hono';
import { getCookie, setCookie } from 'hono/cookie';
import {
  playMediaParams,
  playMediaQuery,
  playPositionBody,
  playWatchQuery,
  type PlayWatch,
} from '../../contract/play-watch.ts';
import { requireSelf, requireUser } from '../auth/authenticate.ts';
import { scopeOfChurch } from '../member/scope.ts';
import { ApiProblem, notFound } from '../http/errors.ts';
import { validate } from '../http/validate.ts';
import { activeSubscription, isContentOpen } from './access.ts';
import {
  bindingCookieUser,
  bindingCookieValue,
  COOKIE_SECONDS,
  isPublicPath,
  MEDIA_COOKIE,
  MEDIA_PATH,
  contentFileKey,
  ensureDemoMedia,
  signedMediaUrl,
  signPlaylist,
  validSignature,
  WATCH_URL_SECONDS,
} from './media.ts';
import { PLAY_SCOPE, toCards, type ContentRow } from './play.queries.ts';
import { activeContent, listItemOf, savePosition, watchableContent } from './watch.service.ts';
import { contentTypeOf } from '../files/content-type.ts';
import type { MemberDeps } from '../member/deps.ts';

const fileName = (p: string) => p.slice(p.lastIndexOf('/') + 1);

export function playWatchRoutes({ db, files }: MemberDeps) {
  const app = new Hono({ strict: false });

  /** The caller (who must be `usuario`), the church and the content they may watch, or a 401/403/404. */
  async function watchable(
    c: Context,
    q: { usuario: number; igreja: number; planoAssinaturaConteudo: number },
  ) {
    const user = await requireUser(db, c);
    requireSelf(user, q.usuario);
    const churchId = (await scopeOfChurch(db, c, q.igreja, { ...PLAY_SCOPE, user })).church.id;
    const content = await watchableContent(db, churchId, user.userId, q.planoAssinaturaConteudo);
    return { userId: user.userId, churchId, content };
  }

  function mediaUrls(c: Context, content: ContentRow, userId: number) {
    if (isPublicPath(content.mediaPath))
      return { urlMidia: content.mediaPath, urlLegenda: content.captionsPath, expiraEm: null };
    const expires = Math.floor(Date.now() / 1000) + WATCH_URL_SECONDS;
    setCookie(c, MEDIA_COOKIE, bindingCookieValue(userId), {
      path: MEDIA_PATH,
      httpOnly: true,
      sameSite: 'Strict',
      secure:
        new URL(c.req.url).protocol === 'https:' || c.req.header('x-forwarded-proto') === 'https',
      maxAge: COOKIE_SECONDS,
    });
    return {
      urlMidia: signedMediaUrl(content.id, userId, fileName(content.mediaPath), expires),
      urlLegenda: content.captionsPath
        ? signedMediaUrl(content.id, userId, fileName(content.captionsPath), expires)
        : null,
      expiraEm: new Date(expires * 1000).toISOString(),
    };
  }

  app.get(
    '/usuario-plano-assinatura-conteudo/assistir',
    validate('query', playWatchQuery),
    async (c) => {
      const { userId, churchId, content } = await watchable(c, c.req.valid('query'));
      const item = await listItemOf(db, churchId, userId, content.id);
      const [card] = await toCards(db, churchId, [content]);
      c.header('cache-control', 'private, no-store');
      const answer: PlayWatch = {
        conteudo: card!,
        ...mediaUrls(c, content, userId),
        posicaoSegundos: item?.position ?? 0,
        itemLista: item?.inList ? item.id : null,
      };
      return c.json(answer);
    },
  );

  app.put(
    '/usuario-plano-assinatura-conteudo/posicao',
    validate('query', playWatchQuery),
    validate('json', playPositionBody),
    async (c) => {
      const { userId, churchId, content } = await watchable(c, c.req.valid('query'));
      await savePosition(db, churchId, userId, content.id, c.req.valid('json').posicaoSegundos);
      return c.body(null, 204);
    },
  );

  // The closed media itself: signature, expiry and the member's cookie on every file (playlist, segments, captions).
  app.get(
    '/plano-assinatura-midia/:id/:arquivo',
    validate('param', playMediaParams),
    validate('query', playMediaQuery),
    async (c) => {
      const { id, arquivo } = c.req.valid('param');
      const { u, e, s } = c.req.valid('query');
      const denied = () => new ApiProblem(403, 'play.watch.mediaDenied');
      if (
        !validSignature(id, u, arquivo, e, s) ||
        bindingCookieUser(getCookie(c, MEDIA_COOKIE)) !== u
      )
        throw denied();
      const content = await activeContent(db, id);
      const key = content ? contentFileKey(content, arquivo) : null;
      if (!content || !key) throw notFound('play.notFound');
      const ext = arquivo.slice(arquivo.lastIndexOf('.') + 1);
      // every file, segments too: a signed URL stops the moment the subscription ends (docs/play.md)
      if (
        !(await isContentOpen(db, content)) &&
        !(await activeSubscription(db, content.churchId, u))
      )
        throw denied();
      await ensureDemoMedia(files);
      const body = (await files.get(key))?.bytes;
      if (!body) throw notFound('play.notFound');
      c.header('content-type', contentTypeOf(arquivo));
      c.header('cache-control', 'private, no-store');
      if (ext !== 'm3u8') return c.body(new Uint8Array(body));
      // segments stay valid long enough to watch the whole video from this playlist
      const segmentsUntil =
        Math.floor(Date.now() / 1000) + Math.max(2 * content.durationSeconds, 30 * 60);
      return c.body(signPlaylist(body.toString('utf8'), id, u, segmentsUntil));
    },
  );

  return app;
}
