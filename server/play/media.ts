// Closed Play media behind short-lived signed URLs (docs/play.md "Who may watch", spec §6). A URL carries the member
// (u), its expiry (e) and an HMAC (s) over content id, member, expiry and file name, keyed from the
// JWT secret (docs/security.md). It only works together with the `play_midia` cookie the watch call
// sets for the same member (HttpOnly, SameSite=Strict, this path only): a URL copied to another
// browser or member fails, and so does any URL after its expiry. Playlists are rewritten so each
// segment URI is signed too. Files live in media/play/ (outside public/), never served otherwise.
import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { signer } from '../auth/signing.ts';

/** Where closed media lives: `midia_caminho` of a closed content is relative to it. */
export const MEDIA_ROOT = fileURLToPath(new URL('../../media/play/', import.meta.url));
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

/** The folder of a closed content's media, or null when its path would leave MEDIA_ROOT. */
export function mediaFolder(mediaPath: string): string | null {
  if (isPublicPath(mediaPath)) return null;
  const folder = path.resolve(MEDIA_ROOT, path.dirname(mediaPath));
  return folder.startsWith(MEDIA_ROOT) ? folder : null;
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
    return /^[A-Za-z0-9_-]{1,64}\.(m2ts|ts|m4s|mp4|vtt)$/.test(file)
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

export async function readMediaFile(folder: string, file: string): Promise<Buffer | null> {
  try {
    return await readFile(path.join(folder, file));
  } catch {
    return null;
  }
}

export const MEDIA_TYPES: Record<string, string> = {
  m3u8: 'application/vnd.apple.mpegurl',
  m2ts: 'video/mp2t',
  ts: 'video/mp2t',
  m4s: 'video/iso.segment',
  mp4: 'video/mp4',
  vtt: 'text/vtt; charset=utf-8',
};
