// The old addresses of a church's former site (a WordPress import, docs/staff.md "Moving in"):
// the site's catch-all page asks here before answering "not found".
import { Hono } from 'hono';
import { redirectQuery } from '../../contract/imports.ts';
import { slugParam } from '../../contract/common.ts';
import { notFound } from '../http/errors.ts';
import { validate } from '../http/validate.ts';
import { memberOf, memberScope } from '../member/scope.ts';
import { z } from 'zod';
import { redirectFor } from './posts.ts';
import type { MemberDeps } from '../member/deps.ts';

export function redirectRoutes({ db }: MemberDeps) {
  return new Hono().get(
    '/igreja/:slug/redirecionamento',
    validate('param', z.object({ slug: slugParam })),
    validate('query', redirectQuery),
    memberScope(db),
    async (c) => {
      const { church } = memberOf(c);
      const to = await redirectFor(db, church.id, c.req.valid('query').caminho);
      if (!to) throw notFound();
      return c.json({ destino: to });
    },
  );
}
