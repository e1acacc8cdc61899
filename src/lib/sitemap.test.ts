import { describe, expect, it } from 'vitest';
import type { SitemapEntry } from '../../contract/sitemap.ts';
import { buildRobots, buildSitemap, itemPath } from './sitemap.ts';

const at = '2026-11-01T10:00:00.000Z';
const entry = (e: Partial<SitemapEntry> & Pick<SitemapEntry, 'tipo'>): SitemapEntry => ({
  id: 1,
  slug: null,
  idPai: null,
  atualizadoEm: at,
  ...e,
});

describe('sitemap', () => {
  it('maps each item to the page that shows it', () => {
    expect(itemPath(entry({ tipo: 'noticia', id: 7 }))).toBe('/news/7');
    expect(itemPath(entry({ tipo: 'projeto', id: 9, idPai: 3 }))).toBe('/ministries/3/projects/9');
    expect(itemPath(entry({ tipo: 'publicacao', slug: 'boletim-1' }))).toBe(
      '/publications/boletim-1',
    );
    expect(itemPath(entry({ tipo: 'evento', id: 4 }))).toBe('/event/4');
  });

  it('leaves out the sections and items of modules the church lacks', () => {
    const xml = buildSitemap(
      'http://esperanza.localhost',
      ['MOD_NOTICIA', 'MOD_EVENTO'],
      [
        entry({ tipo: 'noticia', id: 2 }),
        entry({ tipo: 'devocional', id: 3 }),
        entry({ tipo: 'video', id: 5 }),
      ],
    );
    expect(xml).toContain('<loc>http://esperanza.localhost/news</loc>');
    expect(xml).toContain(
      '<loc>http://esperanza.localhost/news/2</loc><lastmod>2026-11-01</lastmod>',
    );
    expect(xml).toContain('<loc>http://esperanza.localhost/videos/5</loc>'); // videos need no module
    expect(xml).not.toContain('/devotionals');
    expect(xml).not.toContain('/play');
  });

  it('lists no page that is not built yet, even with its module', () => {
    const xml = buildSitemap(
      'http://graca.localhost',
      ['MOD_CULTO', 'MOD_DOACAO', 'MOD_CELULA', 'MOD_NOTICIA', 'MOD_ASSINATURA'],
      [],
    );
    expect(xml).toContain('<loc>http://graca.localhost/news</loc>');
    expect(xml).toContain('<loc>http://graca.localhost/play</loc>');
    for (const path of ['/play/my-plan', '/play/checkout', '/play/my-list'])
      expect(xml).not.toContain(`graca.localhost${path}<`);
    expect(xml).toContain('<loc>http://graca.localhost/groups</loc>');
  });

  it('robots.txt points to the sitemap of the same host', () => {
    expect(buildRobots('http://grace.localhost:4321')).toContain(
      'Sitemap: http://grace.localhost:4321/sitemap.xml',
    );
  });
});
