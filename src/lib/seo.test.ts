import { describe, expect, it } from 'vitest';
import { absoluteUrl, articleLd, itemListLd, jsonLdText, plainText } from './seo.ts';
import { rssXml, xmlEscape } from './rss.ts';

describe('JSON-LD', () => {
  it('cannot close its <script> element, whatever the church writes', () => {
    const text = jsonLdText({ headline: '</script><script>alert(1)</script> & \u2028' });
    expect(text).not.toMatch(/<|>/);
    expect(text).toContain('\\u003c/script\\u003e');
    expect(JSON.parse(text)).toEqual({ headline: '</script><script>alert(1)</script> & \u2028' });
  });

  it('describes an article with its publisher, and a list with its items in order', () => {
    const ld = articleLd({
      url: 'http://graca.localhost/news/1',
      headline: 'Culto de Páscoa',
      datePublished: '2025-03-09T12:00:00.000Z',
      author: null,
      publisher: { name: 'Igreja da Graça', url: 'http://graca.localhost/' },
      language: 'pt',
    });
    expect(ld).toMatchObject({
      '@type': 'Article',
      author: { '@type': 'Organization', name: 'Igreja da Graça' },
      inLanguage: 'pt',
    });
    const list = itemListLd('Notícias', 'http://x/news', [
      { url: 'http://x/news/1', name: 'A' },
      { url: 'http://x/news/2', name: 'B' },
    ]);
    expect(list.itemListElement.map((i) => i.position)).toEqual([1, 2]);
  });

  it('makes plain text descriptions from HTML', () => {
    expect(
      plainText('<p>Olá <strong>mundo</strong></p><script>x()</script><p>&amp; mais</p>'),
    ).toBe('Olá mundo & mais');
    expect(plainText('<p>abcdefghij</p>', 5)).toBe('abcd…');
  });
});

describe('RSS', () => {
  it('escapes text and builds items with dates, links and enclosures', () => {
    expect(xmlEscape(`<a href="x">&'\u0001`)).toBe('&lt;a href=&quot;x&quot;&gt;&amp;&apos;');
    const xml = rssXml({
      podcast: true,
      title: 'Graça & Cia',
      link: 'http://g/podcast',
      self: 'http://g/podcast/rss.xml',
      description: 'd',
      language: 'pt-BR',
      author: 'Igreja',
      items: [
        {
          title: 'Ep <1>',
          link: 'http://g/podcast#episode-1',
          published: '2025-03-09T12:00:00.000Z',
          enclosure: { url: 'http://g/a.mp3', type: 'audio/mpeg' },
          episode: 1,
          durationSeconds: 90,
        },
      ],
    });
    expect(xml).toContain('<title>Graça &amp; Cia</title>');
    expect(xml).toContain('<title>Ep &lt;1&gt;</title>');
    expect(xml).toContain('<pubDate>Sun, 09 Mar 2025 12:00:00 GMT</pubDate>');
    expect(xml).toContain('<enclosure url="http://g/a.mp3" type="audio/mpeg" length="0"/>');
    expect(xml).toContain('<itunes:episode>1</itunes:episode>');
    expect(xml).toContain('xmlns:itunes=');
  });
});

describe('eventLd', () => {
  it('describes when, where and the ticket prices', async () => {
    const { eventLd } = await import('./seo.ts');
    const ld = eventLd({
      url: 'http://graca.localhost/event/1',
      name: 'Conferência',
      startDate: '2026-12-12T22:00:00.000Z',
      endDate: '2026-12-13T01:00:00.000Z',
      place: 'Templo Sede',
      address: 'Avenida Paulista, 1000',
      online: false,
      currency: 'BRL',
      prices: [150, 180],
      organizer: { name: 'Igreja da Graça', url: 'http://graca.localhost/' },
    });
    expect(ld).toMatchObject({
      '@type': 'Event',
      location: { '@type': 'Place', name: 'Templo Sede', address: 'Avenida Paulista, 1000' },
      offers: [
        { price: '150.00', priceCurrency: 'BRL' },
        { price: '180.00', priceCurrency: 'BRL' },
      ],
      organizer: { name: 'Igreja da Graça' },
    });
    const online = eventLd({
      url: 'u',
      name: 'n',
      startDate: 's',
      endDate: 'e',
      online: true,
      currency: 'USD',
      prices: [0],
      organizer: { name: 'G', url: 'u' },
    });
    expect(online.location).toEqual({ '@type': 'VirtualLocation', url: 'u' });
    expect(online.eventAttendanceMode).toBe('https://schema.org/OnlineEventAttendanceMode');
  });
});

describe('absoluteUrl', () => {
  it('is what URL makes of any path or address, the plain paths without parsing', () => {
    const origins = ['http://graca.localhost:4321', 'https://www.igrejadagraca.org.br'];
    const paths = [
      '/',
      '/news/12',
      '/content/publication-1.svg',
      '/news/../admin',
      '/a/./b',
      '/a/..',
      '//evil.example/x',
      '/a//b',
      '/busca?q=ora%C3%A7%C3%A3o',
      '/com espaço',
      '/oração',
      '/a#b',
      'https://cdn.example/x.png',
      'relative/path',
      '/~user/file_v2.tar-1',
    ];
    for (const origin of origins)
      for (const path of paths)
        expect(absoluteUrl(origin, path), path).toBe(new URL(path, origin).toString());
  });
});
