// Church-provided HTML (history, content bodies) made safe to print with `set:html`
// (docs/content.md): a stored <script>, `onerror=` or `javascript:` link never runs. The API
// also uses it for `corpoSanitizado` of a study a member reads in the browser. A content body is
// sanitised for its church (`{ churchId }`): then its images are only that church's own uploads
// and its videos only YouTube/Vimeo players rebuilt from the video id (common/rich-media.ts).
import { LRUCache } from 'lru-cache';
import sanitizeHtml from 'sanitize-html';
import { EMBED_HEIGHT, EMBED_WIDTH, embedUrl, isChurchImage, videoFromUrl } from './rich-media.ts';

const OPTIONS: sanitizeHtml.IOptions = {
  allowedTags: [
    'p',
    'br',
    'hr',
    'strong',
    'b',
    'em',
    'i',
    'u',
    's',
    'small',
    'sub',
    'sup',
    'mark',
    'span',
    'h2',
    'h3',
    'h4',
    'h5',
    'h6',
    'blockquote',
    'cite',
    'q',
    'ul',
    'ol',
    'li',
    'dl',
    'dt',
    'dd',
    'a',
    'img',
    'figure',
    'figcaption',
    'table',
    'thead',
    'tbody',
    'tfoot',
    'tr',
    'th',
    'td',
    'caption',
  ],
  allowedAttributes: {
    a: ['href', 'title', 'rel'],
    img: ['src', 'alt', 'width', 'height', 'title'],
    th: ['colspan', 'rowspan', 'scope'],
    td: ['colspan', 'rowspan'],
    ol: ['start'],
  },
  allowedSchemes: ['https', 'http', 'mailto', 'tel'],
  allowedSchemesByTag: { img: ['https'] },
  allowProtocolRelative: false,
  // Their text is code, not content.
  nonTextTags: [
    'script',
    'style',
    'textarea',
    'option',
    'noscript',
    'iframe',
    'object',
    'embed',
    'template',
    'svg',
    'math',
  ],
  transformTags: {
    // The page owns the only <h1>.
    h1: 'h2',
    a: (tagName, attribs) => ({
      tagName,
      attribs: /^https?:/i.test(attribs.href ?? '')
        ? { ...attribs, rel: 'noopener noreferrer nofollow' }
        : attribs,
    }),
  },
  // An image must come from this site or an https host; anything else (src=x, data:) goes.
  exclusiveFilter: (frame) =>
    frame.tag === 'img' && !/^(\/(?!\/)|https:\/\/)/i.test(frame.attribs.src ?? ''),
};
// The same few texts are printed on every request; sanitising is the costly part.
const cache = new LRUCache<string, string>({
  max: 1000,
  maxSize: 5_000_000,
  sizeCalculation: (v, k) => v.length + k.length || 1,
});

/** A pixel size as written by the editor: a whole number, else left out. */
const size = (value: string | undefined): string | undefined =>
  value !== undefined && /^[1-9][0-9]{0,4}$/.test(value) ? value : undefined;

/** The policy of one church's content body: its own images, lazily loaded, and video players. */
function contentOptions(churchId: number): sanitizeHtml.IOptions {
  return {
    ...OPTIONS,
    allowedTags: [...(OPTIONS.allowedTags as string[]), 'iframe'],
    allowedAttributes: {
      ...OPTIONS.allowedAttributes,
      img: ['src', 'alt', 'width', 'height', 'loading', 'decoding'],
      iframe: [
        'src',
        'title',
        'width',
        'height',
        'loading',
        'allow',
        'allowfullscreen',
        'referrerpolicy',
      ],
    },
    allowedSchemesByTag: { img: [], iframe: ['https'] },
    allowedIframeHostnames: ['www.youtube-nocookie.com', 'player.vimeo.com'],
    nonTextTags: (OPTIONS.nonTextTags ?? []).filter((tag) => tag !== 'iframe'),
    transformTags: {
      ...OPTIONS.transformTags,
      // Rebuilt from scratch: only the path, alt text and size survive; the page loads it lazily.
      img: (tagName, attribs) => {
        const width = size(attribs.width);
        const height = size(attribs.height);
        return {
          tagName,
          attribs: {
            src: attribs.src ?? '',
            alt: attribs.alt ?? '',
            ...(width && height ? { width, height } : {}),
            loading: 'lazy',
            decoding: 'async',
          },
        };
      },
      // Never the body's own frame: only the video id is read from it, the player's address is built here.
      iframe: (tagName, attribs): sanitizeHtml.Tag => {
        const video = videoFromUrl(attribs.src);
        if (!video) return { tagName, attribs: {} };
        const name = attribs.title?.trim() || (video.provider === 'youtube' ? 'YouTube' : 'Vimeo');
        return {
          tagName,
          attribs: {
            src: embedUrl(video),
            title: name.slice(0, 200),
            width: String(EMBED_WIDTH),
            height: String(EMBED_HEIGHT),
            loading: 'lazy',
            allow: 'encrypted-media; fullscreen; picture-in-picture',
            allowfullscreen: '',
            referrerpolicy: 'strict-origin-when-cross-origin',
          },
        };
      },
    },
    // An image only when it is this church's upload; a frame only when it became a player (no text inside).
    exclusiveFilter: (frame) =>
      (frame.tag === 'img' && !isChurchImage(frame.attribs.src, churchId)) ||
      (frame.tag === 'iframe' && !frame.attribs.src),
    textFilter: (text, tagName) => (tagName === 'iframe' ? '' : text),
  };
}

/** Whose content body this is: its images must be the church's own uploads (docs/content.md). */
export interface RichTextScope {
  churchId: number;
}

/**
 * Safe HTML from church-provided HTML; empty for null. With a scope, the policy of that church's
 * content body (own images, YouTube/Vimeo players); without, no frames and any https image.
 * @example sanitizeRichText('<p onclick="x()">Hi<script>alert(1)</script></p>') // '<p>Hi</p>'
 */
export function sanitizeRichText(
  html: string | null | undefined,
  scope?: RichTextScope | undefined,
): string {
  if (!html) return '';
  // one cache, two policies: the key says which (a digit never starts the plain policy's key)
  const key = scope ? `${scope.churchId}:${html}` : `-${html}`;
  let safe = cache.get(key);
  if (safe === undefined) {
    safe = sanitizeHtml(html, scope ? contentOptions(scope.churchId) : OPTIONS).trim();
    cache.set(key, safe);
  }
  return safe;
}
