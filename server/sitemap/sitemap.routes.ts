// GET /igreja/{slug}/sitemap/: the public items of one church (active content and events), each
// with when it last changed (sitemap.service.ts).
import { Hono } from 'hono';
import { slugParams } from '../../contract/church.ts';
import { memberOf, memberScope } from '../member/scope.ts';
import { validate } from '../http/validate.ts';
import { sitemapOf } from './sitemap.service.ts';
import type { MemberDeps } from '../member/deps.ts';

export function sitemapRoutes({ db }: MemberDeps) {
  return new Hono({ strict: false }).get(
    '/igreja/:slug/sitemap',
    validate('param', slugParams),
    // No module: the web side keeps only the sections the church has (src/lib/sitemap.ts).
    memberScope(db),
    async (c) => c.json({ itens: await sitemapOf(db, memberOf(c).church.id) }),
  );
}
