// Church-provided HTML (history, content bodies) made safe to print with `set:html`
// (docs/content.md): a stored <script>, `onerror=` or `javascript:` link never runs. The API
// also uses it for `corpoSanitizado` of a study a member reads in the browser.
import { LRUCache } from 'lru-cache';
import sanitizeHtml from 'sanitize-html';

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

/**
 * Safe HTML from church-provided HTML; empty for null.
 * @example sanitizeRichText('<p onclick="x()">Hi<script>alert(1)</script></p>') // '<p>Hi</p>'
 */
export function sanitizeRichText(html: string | null | undefined): string {
  if (!html) return '';
  let safe = cache.get(html);
  if (safe === undefined) {
    safe = sanitizeHtml(html, OPTIONS).trim();
    cache.set(html, safe);
  }
  return safe;
}
