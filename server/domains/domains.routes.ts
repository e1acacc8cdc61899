// The public calls of churches' own domains (docs/deploy.md "Own domains and HTTPS"): the TLS
// proxy's question before it asks for a certificate, and the host a church's other names
// redirect to (read by the site's tenancy). The staff calls are in church/church-staff.routes.ts.
import { Hono } from 'hono';
import { slugParams } from '../../contract/church.ts';
import { tlsAllowedQuery } from '../../contract/domains.ts';
import { notFound } from '../http/errors.ts';
import { memberOf, memberScope } from '../member/scope.ts';
import { validate } from '../http/validate.ts';
import { primaryHostOf, tlsAllowed } from './domains.service.ts';
import type { MemberDeps } from '../member/deps.ts';

export function domainRoutes({ db }: MemberDeps) {
  return new Hono({ strict: false })
    .get('/tls/allowed', validate('query', tlsAllowedQuery), async (c) => {
      c.header('cache-control', 'no-store');
      if (!(await tlsAllowed(db, c.req.valid('query').domain))) throw notFound();
      return c.json({ status: true });
    })
    .get(
      '/igreja/:slug/host-principal',
      validate('param', slugParams),
      memberScope(db, { notFoundMessage: 'api.churchNotFound' }),
      async (c) => {
        const { church } = memberOf(c);
        return c.json({ principal: await primaryHostOf(db, church.id) });
      },
    );
}
