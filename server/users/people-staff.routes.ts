// The church's people for its admins under `/admin/{slug}/…` (docs/staff.md "People"), area
// `people` (ROLE_ADMIN): directory and CSV, a person's page, roles, member number, deactivation,
// and the deletion requests carried out.
import { Hono, type Context } from 'hono';
import {
  memberNumberInput,
  peopleQuery,
  personParams,
  rolesInput,
} from '../../contract/people-staff.ts';
import { csvLang } from '../http/csv.ts';
import { validate } from '../http/validate.ts';
import type { StaffDeps } from '../staff/deps.ts';
import { staffArea, type StaffEnv } from '../staff/scope.ts';
import * as people from './people-staff.service.ts';

export function peopleStaffRoutes(deps: StaffDeps) {
  const { db } = deps;
  const area = staffArea('people');
  const actor = (c: Context<StaffEnv>) => c.get('staff').actor;
  const churchId = (c: Context<StaffEnv>) => c.get('staff').church.id;

  return new Hono<StaffEnv>()
    .get('/pessoas', area, validate('query', peopleQuery), async (c) =>
      c.json(await people.listPeople(db, churchId(c), c.req.valid('query'))),
    )
    .get('/pessoas.csv', area, validate('query', peopleQuery), async (c) => {
      const { page: _page, ...filters } = c.req.valid('query');
      const lang = csvLang(c.get('staff').church.locale);
      const csv = await people.peopleCsv(db, churchId(c), filters, lang);
      return c.body(csv, 200, {
        'content-type': 'text/csv; charset=utf-8',
        'content-disposition': `attachment; filename="pessoas-${c.get('staff').church.code}.csv"`,
        'cache-control': 'no-store',
      });
    })
    .get('/pessoas/:id', area, validate('param', personParams), async (c) =>
      c.json(await people.personOf(db, churchId(c), c.req.valid('param').id, actor(c).roles)),
    )
    .put(
      '/pessoas/:id/papeis',
      area,
      validate('param', personParams),
      validate('json', rolesInput),
      async (c) =>
        c.json(
          await people.setRoles(
            deps,
            actor(c),
            c.req.valid('param').id,
            c.req.valid('json').roles,
            actor(c).roles,
          ),
        ),
    )
    .put(
      '/pessoas/:id/numero',
      area,
      validate('param', personParams),
      validate('json', memberNumberInput),
      async (c) =>
        c.json(
          await people.setMemberNumber(
            deps,
            actor(c),
            c.req.valid('param').id,
            c.req.valid('json').numeroMembro,
            actor(c).roles,
          ),
        ),
    )
    .post('/pessoas/:id/desativar', area, validate('param', personParams), async (c) =>
      c.json(
        await people.setActive(deps, actor(c), c.req.valid('param').id, false, actor(c).roles),
      ),
    )
    .post('/pessoas/:id/reativar', area, validate('param', personParams), async (c) =>
      c.json(await people.setActive(deps, actor(c), c.req.valid('param').id, true, actor(c).roles)),
    )
    .get('/pedidos-exclusao', area, async (c) =>
      c.json({ pedidos: await people.listDeletionRequests(db, churchId(c)) }),
    )
    .post('/pedidos-exclusao/:id/concluir', area, validate('param', personParams), async (c) =>
      c.json(await people.carryOutDeletion(deps, actor(c), c.req.valid('param').id)),
    );
}
