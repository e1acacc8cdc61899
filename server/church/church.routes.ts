// The church calls of spec §7 "Church": lookup by code and host, and a church's modules,
// look, menu, payment methods, banners, congregations, organisation and nearby churches.
// The queries are in church.service.ts; a church's own data is read through the one scope
// (server/member/scope.ts: active only, no module).
import { Hono, type Context } from 'hono';
import {
  churchIdQuery,
  clientsQuery,
  codeParams,
  hostnameQuery,
  slugParams,
} from '../../contract/church.ts';
import { memberOf, memberScope } from '../member/scope.ts';
import { validate } from '../http/validate.ts';
import {
  bannersOf,
  churchByCode,
  clientsByHostname,
  congregationsOf,
  findClients,
  menuOf,
  modulesOf,
  organizationBySlug,
  paymentMethodsOf,
  visualOf,
} from './church.service.ts';
import type { MemberDeps } from '../member/deps.ts';

export function churchRoutes({ db }: MemberDeps) {
  const bySlug = memberScope(db, { notFoundMessage: 'api.churchNotFound' });
  const byId = memberScope(db, { from: 'query', notFoundMessage: 'api.churchNotFound' });
  const churchId = (c: Context) => memberOf(c).church.id;
  return new Hono({ strict: false })
    .get('/igreja/codigo/:code', validate('param', codeParams), async (c) =>
      c.json(await churchByCode(db, c.req.valid('param').code)),
    )
    .get('/igreja', validate('query', hostnameQuery), async (c) =>
      c.json({ clientes: await clientsByHostname(db, c.req.valid('query').hostname) }),
    )
    .get('/igreja/:slug/metodo-pagamento', validate('param', slugParams), bySlug, async (c) => {
      return c.json({ metodosPagamento: await paymentMethodsOf(db, churchId(c)) });
    })
    .get('/igreja-app-menu', validate('query', churchIdQuery), byId, async (c) => {
      return c.json({ igrejaAppMenu: await menuOf(db, churchId(c)) });
    })
    .get('/igreja/:slug/modulo', validate('param', slugParams), bySlug, async (c) => {
      return c.json({ modulos: await modulesOf(db, churchId(c)) });
    })
    .get('/igreja/:slug/visual', validate('param', slugParams), bySlug, async (c) => {
      return c.json({ igrejaVisual: await visualOf(db, churchId(c)) });
    })
    .get('/banner', validate('query', churchIdQuery), byId, async (c) => {
      return c.json({ banners: await bannersOf(db, churchId(c)) });
    })
    .get('/congregacao', validate('query', churchIdQuery), byId, async (c) => {
      return c.json({ congregacoes: await congregationsOf(db, churchId(c)) });
    })
    .get('/organizacao/:slug', validate('param', slugParams), async (c) =>
      c.json(await organizationBySlug(db, c.req.valid('param').slug)),
    )
    .get('/cliente', validate('query', clientsQuery), async (c) =>
      c.json({ clientes: await findClients(db, c.req.valid('query')) }),
    );
}
