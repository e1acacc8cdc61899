// Closed Play media behind short-lived signed URLs (docs/play.md "Who may watch", spec §6). A URL carries the member
// (u), its expiry (e) and an HMAC (s) over content id, member, expiry and file name, keyed from the
// JWT secret (docs/security.md). It only works together with the `play_midia` cookie the watch call
// sets for the same member (HttpOnly, SameSite=Strict, this path only): a URL copied to another
// browser or member fails, and so does any URL after its expiry. Playlists are rewritten so each
// segment URI is signed too. Files live in the one file store under `play/` (every node sees
// them), never served otherwise; the repository's demo media (media/play/) is copied in on first use.
import { readdir, readFile } from 'node:fs/promises';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { signer } from '../auth/signing.ts';
import { isFileKey, type FileStore } from '../files/file-store.ts';
import { contentTypeOf } from '../files/content-type.ts';

/** The demo media committed with the repository (docs/play.md "Demo"), copied into the store. */
export const DEMO_MEDIA_ROOT = fileURLToPath(new URL('../../media/play/', import.meta.url));
/** Where media lives in the file store: `midia_caminho` of a stored content is relative to it. */
export const MEDIA_PREFIX = 'play/';
/** Under the v1 API (server/app.ts API_BASE; not imported: app.ts imports these routes). */
export const MEDIA_PATH = '/api/v1/plano-assinatura-midia';
export const MEDIA_COOKIE = 'play_midia';
/** The watch call's URLs (playlist, captions) must be used within this time. */
export const WATCH_URL_SECONDS = 5 * 60;
/** The member binding cookie lasts a watching session. */
export const COOKIE_SECONDS = 12 * 3600;

const mediaSigner = signer('play-media');
const mac = mediaSigner.sign;

/** A site path (open content's static file) or a path inside MEDIA_ROOT (closed content). */
export const isPublicPath = (mediaPath: string) => mediaPath.startsWith('/');

/** The signed URL of one file of a content's media for a member, valid until `expires` (epoch s). */
export function signedMediaUrl(
  contentId: number,
  userId: number,
  file: string,
  expires: number,
): string {
  const s = mac(`media:${contentId}:${userId}:${expires}:${file}`);
  return `${MEDIA_PATH}/${contentId}/${file}?u=${userId}&e=${expires}&s=${s}`;
}

/** Whether a media request's signature, expiry and file agree (the cookie is checked apart). */
export function validSignature(
  contentId: number,
  userId: number,
  file: string,
  expires: number,
  signature: string,
  now = Date.now(),
): boolean {
  if (expires * 1000 <= now) return false;
  return mediaSigner.verify(signature, `media:${contentId}:${userId}:${expires}:${file}`);
}

/** The binding cookie's value for a member. */
export function bindingCookieValue(userId: number, now = Date.now()): string {
  const expires = Math.floor(now / 1000) + COOKIE_SECONDS;
  return `${userId}.${expires}.${mac(`cookie:${userId}:${expires}`)}`;
}

/** The member a binding cookie was given to, when it is genuine and not expired. */
export function bindingCookieUser(value: string | undefined, now = Date.now()): number | null {
  const match = /^(\d{1,12})\.(\d{1,12})\.([A-Za-z0-9_-]{20,100})$/.exec(value ?? '');
  if (!match) return null;
  const [, user, expires, signature] = match;
  if (Number(expires) * 1000 <= now) return null;
  return mediaSigner.verify(signature!, `cookie:${user}:${expires}`) ? Number(user) : null;
}

/** The file-store key of a file beside a stored content's playlist, or null (a site path, or a key that leaves `play/`). */
export function mediaKey(mediaPath: string, file: string): string | null {
  if (isPublicPath(mediaPath) || !mediaPath) return null;
  const folder = path.posix.dirname(mediaPath);
  const key = `${MEDIA_PREFIX}${folder === '.' ? '' : `${folder}/`}${file}`;
  return isFileKey(key) && key.startsWith(MEDIA_PREFIX) ? key : null;
}

/** The key of one file a content's media may name: the captions keep their own folder. */
export function contentFileKey(
  content: { mediaPath: string; captionsPath: string | null },
  file: string,
): string | null {
  if (content.captionsPath && path.posix.basename(content.captionsPath) === file)
    return mediaKey(content.captionsPath, file);
  return mediaKey(content.mediaPath, file);
}

/** The playlist with each URI (segments, init map) signed for the member until `expires`. */
export function signPlaylist(
  text: string,
  contentId: number,
  userId: number,
  expires: number,
): string {
  const sign = (uri: string) => {
    const file = uri.trim();
    // only plain file names of this content's folder; anything else is left out of the answer
    return /^[A-Za-z0-9_-]{1,64}\.(m3u8|m2ts|ts|m4s|mp4|vtt)$/.test(file)
      ? signedMediaUrl(contentId, userId, file, expires)
      : null;
  };
  return text
    .split(/\r?\n/)
    .map((line) => {
      if (line.startsWith('#'))
        return line.replace(/URI="([^"]*)"/g, (_m, uri: string) => `URI="${sign(uri) ?? ''}"`);
      if (!line.trim()) return line;
      return sign(line) ?? '';
    })
    .join('\n');
}

const demoCopied = new WeakMap<FileStore, Promise<void>>();

/**
 * Puts the repository's demo media into the store under `play/` once per process (idempotent: a
 * file already there is left alone), so seeded closed videos are served like uploaded ones.
 */
export function ensureDemoMedia(files: FileStore, root = DEMO_MEDIA_ROOT): Promise<void> {
  let done = demoCopied.get(files);
  if (!done) {
    done = (async () => {
      const entries = await readdir(root, { recursive: true, withFileTypes: true }).catch(() => []);
      for (const entry of entries) {
        if (!entry.isFile()) continue;
        const relative = path.relative(root, path.join(entry.parentPath, entry.name));
        const key = `${MEDIA_PREFIX}${relative.split(path.sep).join('/')}`;
        if (!isFileKey(key) || (await files.head(key))) continue;
        await files.put(key, await readFile(path.join(root, relative)), contentTypeOf(entry.name));
      }
    })();
    done.catch(() => demoCopied.delete(files));
    demoCopied.set(files, done);
  }
  return done;
}
