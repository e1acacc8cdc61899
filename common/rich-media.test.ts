import { describe, expect, it } from 'vitest';
import { embedUrl, isChurchImage, videoFromUrl } from './rich-media.ts';
import { sanitizeRichText } from './rich-text.ts';

const church = { churchId: 5 };
const OWN = '/api/v1/imagem/conteudo/5-0123456789abcdef.webp';
const OTHER = '/api/v1/imagem/conteudo/6-0123456789abcdef.webp';

describe('videoFromUrl', () => {
  it.each([
    ['https://www.youtube.com/watch?v=dQw4w9WgXcQ&t=42s', 'dQw4w9WgXcQ'],
    ['https://youtu.be/dQw4w9WgXcQ?si=abc', 'dQw4w9WgXcQ'],
    ['https://m.youtube.com/watch?v=dQw4w9WgXcQ', 'dQw4w9WgXcQ'],
    ['https://www.youtube.com/shorts/dQw4w9WgXcQ', 'dQw4w9WgXcQ'],
    ['https://www.youtube.com/live/dQw4w9WgXcQ', 'dQw4w9WgXcQ'],
    ['https://www.youtube-nocookie.com/embed/dQw4w9WgXcQ', 'dQw4w9WgXcQ'],
  ])('reads the YouTube video of %s', (url, id) => {
    expect(videoFromUrl(url)).toEqual({ provider: 'youtube', id });
  });

  it('reads Vimeo addresses, with an unlisted video’s hash', () => {
    expect(videoFromUrl('https://vimeo.com/76979871')).toEqual({
      provider: 'vimeo',
      id: '76979871',
    });
    expect(videoFromUrl('https://vimeo.com/76979871/abcdef12')).toEqual({
      provider: 'vimeo',
      id: '76979871',
      hash: 'abcdef12',
    });
    expect(videoFromUrl('https://vimeo.com/channels/staffpicks/76979871')?.id).toBe('76979871');
    expect(videoFromUrl('https://player.vimeo.com/video/76979871?h=abcdef12')?.hash).toBe(
      'abcdef12',
    );
  });

  it.each([
    'https://evil.example/watch?v=dQw4w9WgXcQ',
    'https://www.youtube.com.evil.example/watch?v=dQw4w9WgXcQ',
    'https://www.youtube.com/watch?v=short',
    'https://www.youtube.com/watch?v=dQw4w9WgXcQ"onload="x',
    'https://www.youtube.com/channel/UC123',
    'javascript:alert(1)//youtu.be/dQw4w9WgXcQ',
    'https://user:pw@youtu.be/dQw4w9WgXcQ',
    'https://vimeo.com/abc',
    'https://vimeo.com/123/<script>',
    'not a url',
    '',
  ])('refuses %s', (url) => {
    expect(videoFromUrl(url)).toBeNull();
  });

  it('builds only privacy-friendly player addresses', () => {
    expect(embedUrl({ provider: 'youtube', id: 'dQw4w9WgXcQ' })).toBe(
      'https://www.youtube-nocookie.com/embed/dQw4w9WgXcQ',
    );
    expect(embedUrl({ provider: 'vimeo', id: '76979871' })).toBe(
      'https://player.vimeo.com/video/76979871?dnt=1',
    );
  });
});

describe('isChurchImage', () => {
  it('is true only for this church’s stored content images', () => {
    expect(isChurchImage(OWN, 5)).toBe(true);
    expect(isChurchImage(OTHER, 5)).toBe(false);
    expect(isChurchImage('/api/v1/imagem/usuario/5-0123456789abcdef.webp', 5)).toBe(false);
    expect(isChurchImage(`${OWN}?x`, 5)).toBe(false);
    expect(isChurchImage(`https://evil.example${OWN}`, 5)).toBe(false);
    expect(isChurchImage('data:image/png;base64,AAAA', 5)).toBe(false);
    expect(isChurchImage(null, 5)).toBe(false);
  });
});

describe('sanitizeRichText for a church’s content body', () => {
  it('keeps the church’s own image with its alt text and size, loaded lazily', () => {
    expect(
      sanitizeRichText(
        `<p>Coral</p><img src="${OWN}" alt="O coral no domingo" width="800" height="600" onerror="x()" style="a" class="b">`,
        church,
      ),
    ).toBe(
      `<p>Coral</p><img src="${OWN}" alt="O coral no domingo" width="800" height="600" loading="lazy" decoding="async" />`,
    );
  });

  it.each([
    ['another church’s upload', `<img src="${OTHER}" alt="x">`],
    ['a data: URL', '<img src="data:image/png;base64,iVBORw0KGgo=" alt="x">'],
    ['an outside host', '<img src="https://evil.example/a.png" alt="x">'],
    ['a site path that is not an upload', '<img src="/content/news-3.svg" alt="x">'],
    ['a protocol-relative copy of the path', `<img src="//evil.example${OWN}" alt="x">`],
  ])('drops %s', (_what, html) => {
    expect(sanitizeRichText(`<p>a</p>${html}`, church)).toBe('<p>a</p>');
  });

  it('rebuilds a YouTube or Vimeo frame from its video id, dropping everything else it carried', () => {
    const out = sanitizeRichText(
      '<iframe src="https://www.youtube.com/embed/dQw4w9WgXcQ?autoplay=1" title="Culto de domingo" onload="x()" srcdoc="<script>alert(1)</script>" sandbox="">fallback<script>alert(1)</script></iframe>',
      church,
    );
    expect(out).toBe(
      '<iframe src="https://www.youtube-nocookie.com/embed/dQw4w9WgXcQ" title="Culto de domingo" width="560" height="315" loading="lazy" allow="encrypted-media; fullscreen; picture-in-picture" allowfullscreen referrerpolicy="strict-origin-when-cross-origin"></iframe>',
    );
    expect(
      sanitizeRichText('<iframe src="https://vimeo.com/76979871"></iframe>', church),
    ).toContain('src="https://player.vimeo.com/video/76979871?dnt=1" title="Vimeo"');
    // what the sanitiser writes reads back the same (the editor stores and reopens it)
    expect(sanitizeRichText(out, church)).toBe(out);
  });

  it.each([
    '<iframe src="https://evil.example/embed/dQw4w9WgXcQ"></iframe>',
    '<iframe src="javascript:alert(1)"></iframe>',
    '<iframe srcdoc="<script>alert(1)</script>"></iframe>',
    '<iframe src="data:text/html,<script>alert(1)</script>"></iframe>',
    '<script>alert(1)</script>',
    '<object data="https://www.youtube.com/embed/dQw4w9WgXcQ"></object>',
    '<embed src="https://www.youtube.com/embed/dQw4w9WgXcQ">',
  ])('drops %s', (html) => {
    expect(sanitizeRichText(`<p>a</p>${html}<p>b</p>`, church)).toBe('<p>a</p><p>b</p>');
  });

  it('keeps the plain policy for other church text: no frames, its https images', () => {
    const html = '<iframe src="https://www.youtube.com/embed/dQw4w9WgXcQ"></iframe><p>a</p>';
    expect(sanitizeRichText(html)).toBe('<p>a</p>');
    expect(sanitizeRichText('<img src="https://cdn.example/a.png">')).toBe(
      '<img src="https://cdn.example/a.png" />',
    );
  });
});
