// What the player shows for a stream (spec §2 /live, /embed/player: service, code, html, url):
// an iframe address for the video services, the playlist for HLS, or the church's own HTML.
import type { StreamService } from '../../../contract/live.ts';

export type PlayerSource =
  | { kind: 'frame'; src: string }
  | { kind: 'hls'; src: string }
  | { kind: 'html'; html: string }
  | { kind: 'none' };

const CODE = /^[A-Za-z0-9_-]{1,200}$/;
const httpUrl = (url: string | null | undefined) =>
  url && (/^https?:\/\//i.test(url) || /^\/(?!\/)/.test(url)) ? url : null;

export function playerSource(s: {
  service?: StreamService | null;
  code?: string | null;
  url?: string | null;
  html?: string | null;
}): PlayerSource {
  const code = s.code && CODE.test(s.code) ? s.code : null;
  const url = httpUrl(s.url);
  switch (s.service) {
    case 'youtube':
      return code
        ? { kind: 'frame', src: `https://www.youtube-nocookie.com/embed/${code}?autoplay=1&rel=0` }
        : { kind: 'none' };
    case 'vimeo':
      return code && /^\d+$/.test(code)
        ? { kind: 'frame', src: `https://player.vimeo.com/video/${code}?autoplay=1` }
        : { kind: 'none' };
    case 'facebook':
      return url
        ? {
            kind: 'frame',
            src: `https://www.facebook.com/plugins/video.php?href=${encodeURIComponent(url)}&show_text=false`,
          }
        : { kind: 'none' };
    case 'hls':
      return url ? { kind: 'hls', src: url } : { kind: 'none' };
    case 'html':
      return s.html?.trim() ? { kind: 'html', html: s.html } : { kind: 'none' };
    default:
      return { kind: 'none' };
  }
}

/** Text of a chat message as pieces: links (http/https only) and plain text, nothing else is markup. */
export function linkify(text: string): { text: string; href?: string }[] {
  const parts: { text: string; href?: string }[] = [];
  const re = /\bhttps?:\/\/[^\s<>"']+/gi;
  let last = 0;
  for (const match of text.matchAll(re)) {
    let href = match[0];
    // a sentence's closing punctuation is not part of the link
    const trail = /[.,;:!?)\]]+$/.exec(href)?.[0] ?? '';
    href = href.slice(0, href.length - trail.length);
    const start = match.index;
    if (start > last) parts.push({ text: text.slice(last, start) });
    parts.push({ text: href, href });
    last = start + href.length;
  }
  if (last < text.length) parts.push({ text: text.slice(last) });
  return parts;
}
