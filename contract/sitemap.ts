// GET /igreja/{slug}/sitemap/: every public item of a church, for sitemap.xml.
// The web app maps each entry to its page and drops those whose module the church lacks.
import './common.ts'; // zod's browser setting comes before any schema
import { z } from 'zod';

export const sitemapEntrySchema = z.object({
  tipo: z.enum([
    'noticia',
    'devocional',
    'ministerio',
    'projeto',
    'ebd',
    'publicacao',
    'estudo',
    'video',
    'evento',
  ]),
  id: z.number().int(),
  slug: z.string().nullable(),
  /** A project's ministry. */
  idPai: z.number().int().nullable(),
  /** ISO 8601. */
  atualizadoEm: z.string(),
});
export type SitemapEntry = z.infer<typeof sitemapEntrySchema>;

export const sitemapResponseSchema = z.object({ itens: z.array(sitemapEntrySchema) });
