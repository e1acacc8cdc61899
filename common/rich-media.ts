// Images and videos inside a content body (docs/content.md "Images and videos in the body"): the
// one judgement of which body image is the church's own upload and which pasted link is a
// YouTube or Vimeo video, shared by the editor (src/) and the sanitiser (common/rich-text.ts), so
// what the editor inserts is exactly what the public page keeps.

/** A stored content image (server/images/store.ts, `conteudo` kind): `/api/v1/imagem/conteudo/<church id>-<16 hex>.webp`. */
const CONTENT_IMAGE = /^\/api\/v1\/imagem\/conteudo\/([0-9]+)-[a-f0-9]{16}\.webp$/;

/** Whether `src` is an image this church uploaded to the file store (never another church's, a data: URL or an outside host). */
export function isChurchImage(src: string | null | undefined, churchId: number): boolean {
  const m = CONTENT_IMAGE.exec(src ?? '');
  return m !== null && Number(m[1]) === churchId;
}

export type VideoProvider = 'youtube' | 'vimeo';

export interface VideoRef {
  provider: VideoProvider;
  id: string;
  /** An unlisted Vimeo video's private hash (`vimeo.com/123/abcdef`). */
  hash?: string | undefined;
}

const YOUTUBE_ID = /^[A-Za-z0-9_-]{11}$/;
const VIMEO_ID = /^[0-9]{1,12}$/;
const VIMEO_HASH = /^[a-f0-9]{6,20}$/;
const YOUTUBE_HOSTS = new Set([
  'youtube.com',
  'www.youtube.com',
  'm.youtube.com',
  'music.youtube.com',
  'youtube-nocookie.com',
  'www.youtube-nocookie.com',
]);
const VIMEO_HOSTS = new Set(['vimeo.com', 'www.vimeo.com', 'player.vimeo.com']);

const youtube = (id: string | null | undefined): VideoRef | null =>
  id && YOUTUBE_ID.test(id) ? { provider: 'youtube', id } : null;

const vimeo = (id: string | undefined, hash: string | null): VideoRef | null => {
  if (!id || !VIMEO_ID.test(id)) return null;
  if (hash === null) return { provider: 'vimeo', id };
  return VIMEO_HASH.test(hash) ? { provider: 'vimeo', id, hash } : null;
};

/**
 * The video a YouTube or Vimeo address shows (watch, share, shorts, live and embed forms), or
 * null for anything else.
 * @example videoFromUrl('https://youtu.be/dQw4w9WgXcQ?t=3') // { provider: 'youtube', id: 'dQw4w9WgXcQ' }
 */
export function videoFromUrl(address: string | null | undefined): VideoRef | null {
  if (typeof address !== 'string' || address.length > 2048) return null;
  let url: URL;
  try {
    url = new URL(address.trim());
  } catch {
    return null;
  }
  if (url.protocol !== 'https:' && url.protocol !== 'http:') return null;
  if (url.username || url.password || url.port) return null;
  const host = url.hostname.toLowerCase();
  const parts = url.pathname.split('/').filter(Boolean);
  if (host === 'youtu.be') return parts.length === 1 ? youtube(parts[0]) : null;
  if (YOUTUBE_HOSTS.has(host)) {
    if (parts.length === 1 && parts[0] === 'watch') return youtube(url.searchParams.get('v'));
    if (parts.length === 2 && ['embed', 'shorts', 'live', 'v'].includes(parts[0]!))
      return youtube(parts[1]);
    return null;
  }
  if (host === 'player.vimeo.com') {
    if (parts.length !== 2 || parts[0] !== 'video') return null;
    return vimeo(parts[1], url.searchParams.get('h'));
  }
  if (VIMEO_HOSTS.has(host)) {
    // vimeo.com/123, vimeo.com/123/<hash> (unlisted), vimeo.com/channels/<name>/123
    if (parts[0] === 'channels') return parts.length === 3 ? vimeo(parts[2], null) : null;
    return parts.length <= 2 ? vimeo(parts[0], parts[1] ?? null) : null;
  }
  return null;
}

/** The privacy-friendly player address: youtube-nocookie.com, or Vimeo's with do-not-track. */
export function embedUrl(video: VideoRef): string {
  if (video.provider === 'youtube') return `https://www.youtube-nocookie.com/embed/${video.id}`;
  return `https://player.vimeo.com/video/${video.id}?${video.hash ? `h=${video.hash}&` : ''}dnt=1`;
}

/** The player's frame size (16:9); the page's CSS makes it as wide as the text. */
export const EMBED_WIDTH = 560;
export const EMBED_HEIGHT = 315;
