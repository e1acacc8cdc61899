// The church calls of spec §7 "Church": lookup by code and host, and a church's modules,
// look, menu, payment methods, banners, congregations, organisation and nearby churches.
// The queries are in church.service.ts; a church's own data is read through the one scope
// (server/http/church-scope.ts: active only, no module).
import { Hono } from 'hono';
import {
  churchIdQuery,
  clientsQuery,
  codeParams,
  hostnameQuery,
  slugParams,
} from '../../contract/church.ts';
import type { Database } from '../db/client.ts';
import { churchById, churchBySlug } from '../http/church-scope.ts';
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

const scope = { notFoundMessage: 'api.churchNotFound' } as const;
const activeChurchId = async (db: Database, slug: string) =>
  (await churchBySlug(db, slug, scope)).id;
const activeChurchById = async (db: Database, id: number) => (await churchById(db, id, scope)).id;

export function churchRoutes(db: Database) {
  return new Hono({ strict: false })
    .get('/igreja/codigo/:code', validate('param', codeParams), async (c) =>
      c.json(await churchByCode(db, c.req.valid('param').code)),
    )
    .get('/igreja', validate('query', hostnameQuery), async (c) =>
      c.json({ clientes: await clientsByHostname(db, c.req.valid('query').hostname) }),
    )
    .get('/igreja/:slug/metodo-pagamento', validate('param', slugParams), async (c) => {
      const churchId = await activeChurchId(db, c.req.valid('param').slug);
      return c.json({ metodosPagamento: await paymentMethodsOf(db, churchId) });
    })
    .get('/igreja-app-menu', validate('query', churchIdQuery), async (c) => {
      const churchId = await activeChurchById(db, c.req.valid('query').igreja);
      return c.json({ igrejaAppMenu: await menuOf(db, churchId) });
    })
    .get('/igreja/:slug/modulo', validate('param', slugParams), async (c) => {
      const churchId = await activeChurchId(db, c.req.valid('param').slug);
      return c.json({ modulos: await modulesOf(db, churchId) });
    })
    .get('/igreja/:slug/visual', validate('param', slugParams), async (c) => {
      const churchId = await activeChurchId(db, c.req.valid('param').slug);
      return c.json({ igrejaVisual: await visualOf(db, churchId) });
    })
    .get('/banner', validate('query', churchIdQuery), async (c) => {
      const churchId = await activeChurchById(db, c.req.valid('query').igreja);
      return c.json({ banners: await bannersOf(db, churchId) });
    })
    .get('/congregacao', validate('query', churchIdQuery), async (c) => {
      const churchId = await activeChurchById(db, c.req.valid('query').igreja);
      return c.json({ congregacoes: await congregationsOf(db, churchId) });
    })
    .get('/organizacao/:slug', validate('param', slugParams), async (c) =>
      c.json(await organizationBySlug(db, c.req.valid('param').slug)),
    )
    .get('/cliente', validate('query', clientsQuery), async (c) =>
      c.json({ clientes: await findClients(db, c.req.valid('query')) }),
    );
}
