import { describe, expect, it } from 'vitest';
import { sanitizeRichText } from './rich-text.server.ts';

// Classic payloads (OWASP XSS filter evasion cheat sheet, PortSwigger, known DOMPurify mXSS).
const PAYLOADS = [
  '<script>alert(1)</script>',
  '<SCRIPT SRC=//evil.example/xss.js></SCRIPT>',
  '<<script>script>alert(1)<</script>/script>',
  '<img src=x onerror=alert(1)>',
  '<img src="/demo/a.svg" onerror="alert(1)">',
  '<IMG SRC="javascript:alert(1);">',
  '<img src="data:image/svg+xml;base64,PHN2ZyBvbmxvYWQ9YWxlcnQoMSk+">',
  '<svg/onload=alert(1)>',
  '<svg><script>alert(1)</script></svg>',
  '<body onload=alert(1)>',
  '<a href="javascript:alert(1)">x</a>',
  '<a href="JaVaScRiPt:alert(1)">x</a>',
  '<a href="&#106;&#97;&#118;&#97;&#115;&#99;&#114;&#105;&#112;&#116;&#58;alert(1)">x</a>',
  '<a href="java\tscript:alert(1)">x</a>',
  '<a href="data:text/html,<script>alert(1)</script>">x</a>',
  '<iframe src="javascript:alert(1)"></iframe>',
  '<iframe srcdoc="<script>alert(1)</script>"></iframe>',
  '<object data="javascript:alert(1)"></object>',
  '<embed src="javascript:alert(1)">',
  '<form action="javascript:alert(1)"><button>go</button></form>',
  '<div style="background:url(javascript:alert(1))">x</div>',
  '<style>@import "javascript:alert(1)";</style>',
  '<meta http-equiv="refresh" content="0;url=javascript:alert(1)">',
  '<base href="javascript:/">',
  '<details open ontoggle=alert(1)>',
  '<p onmouseover="alert(1)">hover</p>',
  '<math><mi xlink:href="javascript:alert(1)">x</mi></math>',
  '<noscript><p title="</noscript><img src=x onerror=alert(1)>">',
  '<input autofocus onfocus=alert(1)>',
  '<video><source onerror="alert(1)"></video>',
  '<a href="https://example.org" onclick="alert(1)">ok</a>',
];

/** Any tag in the output that could run code. */
const DANGEROUS =
  /<(script|iframe|object|embed|svg|math|style|form|input|meta|base|body|video|source|details)\b|<[^>]*\s(on\w+|style|srcdoc|formaction)\s*=|(href|src)\s*=\s*"?\s*(javascript|data|vbscript):/i;

describe('sanitizeRichText', () => {
  it.each(PAYLOADS)('neutralises %s', (payload) => {
    const out = sanitizeRichText(`<p>Antes</p>${payload}<p>Depois</p>`);
    expect(out).not.toMatch(DANGEROUS);
    expect(out).toContain('<p>Antes</p>');
  });

  it.each(PAYLOADS)('neutralises %s in a church’s content body too', (payload) => {
    // that policy allows frames, but only YouTube/Vimeo players: none of these is one
    const out = sanitizeRichText(`<p>Antes</p>${payload}<p>Depois</p>`, { churchId: 1 });
    expect(out).not.toMatch(DANGEROUS);
    expect(out).toContain('<p>Antes</p>');
  });

  it('keeps the formatting a church writes', () => {
    const html =
      '<h2>Nossa história</h2><p>Em <strong>1987</strong>, <em>com fé</em>.</p><ul><li>Um</li><li>Dois</li></ul><blockquote>Sl 23</blockquote><img src="/demo/graca-banner.svg" alt="Templo" width="1200" height="400">';
    expect(sanitizeRichText(html)).toBe(html.replace(/>$/, ' />'));
  });

  it('makes outside links safe to follow and keeps mail and phone links', () => {
    expect(sanitizeRichText('<a href="https://example.org">site</a>')).toBe(
      '<a href="https://example.org" rel="noopener noreferrer nofollow">site</a>',
    );
    expect(
      sanitizeRichText('<a href="mailto:a@b.c">mail</a> <a href="tel:+551130000000">tel</a>'),
    ).toBe('<a href="mailto:a@b.c">mail</a> <a href="tel:+551130000000">tel</a>');
  });

  it('turns an <h1> into an <h2> (the page has its own) and drops script text', () => {
    expect(sanitizeRichText('<h1>Título</h1><script>var secret = 1</script>')).toBe(
      '<h2>Título</h2>',
    );
  });

  it('gives an empty string for nothing', () => {
    expect(sanitizeRichText(null)).toBe('');
    expect(sanitizeRichText('')).toBe('');
  });
});
