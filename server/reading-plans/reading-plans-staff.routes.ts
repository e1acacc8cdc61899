// The staff area's reading plans under `/admin/{slug}/…` (docs/staff.md "Reading plans"), area
// `readingPlans` (admins and content editors): list, create, edit the days, publish/unpublish.
import { Hono, type Context } from 'hono';
import { idParams, planInput, planPublishInput } from '../../contract/reading-plans-staff.ts';
import { validate } from '../http/validate.ts';
import type { StaffDeps } from '../staff/deps.ts';
import { staffArea, type StaffEnv } from '../staff/scope.ts';
import * as plans from './reading-plans-staff.service.ts';

export function readingPlansStaffRoutes(deps: StaffDeps) {
  const { db } = deps;
  const area = staffArea('readingPlans');
  const actor = (c: Context<StaffEnv>) => c.get('staff').actor;
  const churchId = (c: Context<StaffEnv>) => c.get('staff').church.id;
  return new Hono<StaffEnv>()
    .get('/plano-leitura', area, async (c) =>
      c.json({ planos: await plans.listPlans(db, churchId(c)) }),
    )
    .post('/plano-leitura', area, validate('json', planInput), async (c) =>
      c.json(await plans.createPlan(deps, actor(c), c.req.valid('json')), 201),
    )
    .get('/plano-leitura/:id', area, validate('param', idParams), async (c) =>
      c.json(await plans.getPlan(db, churchId(c), c.req.valid('param').id)),
    )
    .put(
      '/plano-leitura/:id',
      area,
      validate('param', idParams),
      validate('json', planInput),
      async (c) =>
        c.json(
          await plans.updatePlan(deps, actor(c), c.req.valid('param').id, c.req.valid('json')),
        ),
    )
    .put(
      '/plano-leitura/:id/publicacao',
      area,
      validate('param', idParams),
      validate('json', planPublishInput),
      async (c) =>
        c.json(
          await plans.publishPlan(
            deps,
            actor(c),
            c.req.valid('param').id,
            c.req.valid('json').publicado,
          ),
        ),
    );
}
