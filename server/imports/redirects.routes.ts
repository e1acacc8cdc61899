// The old addresses of a church's former site (a WordPress import, docs/staff.md "Moving in"):
// the site's catch-all page asks here before answering "not found".
import { Hono } from 'hono';
import { redirectQuery } from '../../contract/imports.ts';
import { slugParam } from '../../contract/common.ts';
import type { Database } from '../db/client.ts';
import { churchBySlug } from '../http/church-scope.ts';
import { notFound } from '../http/errors.ts';
import { validate } from '../http/validate.ts';
import { z } from 'zod';
import { redirectFor } from './posts.ts';

export function redirectRoutes(db: Database) {
  return new Hono().get(
    '/igreja/:slug/redirecionamento',
    validate('param', z.object({ slug: slugParam })),
    validate('query', redirectQuery),
    async (c) => {
      const church = await churchBySlug(db, c.req.valid('param').slug);
      const to = await redirectFor(db, church.id, c.req.valid('query').caminho);
      if (!to) throw notFound();
      return c.json({ destino: to });
    },
  );
}
