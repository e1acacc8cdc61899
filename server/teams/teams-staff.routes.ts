// Volunteer teams and rotas under `/admin/{slug}/equipes…` (docs/volunteers.md), area `teams`:
// the church's admins, and each team's leaders for their own team (the service checks which).
// Writes go through staffWrite (audited); scheduling e-mails the person from the church's host.
import { churchDayOf } from '../church/church-clock.ts';
import { Hono, type Context } from 'hono';
import {
  assignInput,
  assignmentParams,
  checkInInput,
  memberInput,
  memberParams,
  memberUpdateInput,
  peopleQuery,
  planInput,
  planParams,
  planUpdateInput,
  positionInput,
  positionParams,
  reportQuery,
  swapDecisionInput,
  swapDecisionParams,
  teamInput,
  teamParams,
} from '../../contract/teams-staff.ts';
import { churchOrigin } from '../auth/church-link.ts';
import { csvLang } from '../http/csv.ts';
import { validate } from '../http/validate.ts';
import type { StaffDeps } from '../staff/deps.ts';
import { assertChurchHas, type StaffEnv } from '../staff/scope.ts';
import * as plans from './plans-staff.service.ts';
import * as reports from './teams-report.service.ts';
import * as swaps from './swaps.service.ts';
import * as teams from './teams-staff.service.ts';

const scope = (c: Context<StaffEnv>) => c.get('staff');
const actor = (c: Context<StaffEnv>) => scope(c).actor;
const originOf = (deps: StaffDeps, c: Context<StaffEnv>) => {
  const { church } = scope(c);
  return churchOrigin(deps.db, c, {
    id: church.id,
    code: church.code,
    name: church.name,
    active: true,
  });
};

export function teamsStaffRoutes(deps: StaffDeps) {
  const { db } = deps;

  return new Hono<StaffEnv>()
    .use('/equipes/*', async (c, next) => {
      assertChurchHas(scope(c), 'teams');
      await next();
    })
    .get('/equipes-pessoas', validate('query', peopleQuery), async (c) =>
      c.json(await teams.findPeople(db, actor(c), c.req.valid('query').busca)),
    )
    .get('/equipes', (c) => teams.listTeams(db, actor(c)).then((list) => c.json({ equipes: list })))
    .post('/equipes', validate('json', teamInput), async (c) =>
      c.json(await teams.createTeam(deps, actor(c), c.req.valid('json')), 201),
    )
    .get('/equipes/relatorio', validate('query', reportQuery), async (c) => {
      const { mes, formato } = c.req.valid('query');
      const month = mes ?? (await churchDayOf(db, scope(c).church.id)).slice(0, 7);
      const data = await reports.report(db, actor(c), month);
      if (formato === 'json') return c.json(data);
      const csv = reports.reportCsv(data, csvLang(scope(c).church.locale));
      return c.body(csv, 200, {
        'content-type': 'text/csv; charset=utf-8',
        'content-disposition': `attachment; filename="escalas-${scope(c).church.code}-${data.mes}.csv"`,
      });
    })
    .get('/equipes/:id', validate('param', teamParams), async (c) =>
      c.json(await teams.teamDetail(db, actor(c), c.req.valid('param').id)),
    )
    .put('/equipes/:id', validate('param', teamParams), validate('json', teamInput), async (c) => {
      await teams.updateTeam(deps, actor(c), c.req.valid('param').id, c.req.valid('json'));
      return c.json(await teams.teamDetail(db, actor(c), c.req.valid('param').id));
    })
    .delete('/equipes/:id', validate('param', teamParams), async (c) => {
      await teams.deleteTeam(deps, actor(c), c.req.valid('param').id);
      return c.body(null, 204);
    })
    .post(
      '/equipes/:id/posicoes',
      validate('param', teamParams),
      validate('json', positionInput),
      async (c) =>
        c.json(
          await teams.savePosition(
            deps,
            actor(c),
            c.req.valid('param').id,
            null,
            c.req.valid('json'),
          ),
          201,
        ),
    )
    .put(
      '/equipes/:id/posicoes/:positionId',
      validate('param', positionParams),
      validate('json', positionInput),
      async (c) => {
        const { id, positionId } = c.req.valid('param');
        return c.json(
          await teams.savePosition(deps, actor(c), id, positionId, c.req.valid('json')),
        );
      },
    )
    .delete('/equipes/:id/posicoes/:positionId', validate('param', positionParams), async (c) => {
      const { id, positionId } = c.req.valid('param');
      await teams.deletePosition(deps, actor(c), id, positionId);
      return c.body(null, 204);
    })
    .post(
      '/equipes/:id/membros',
      validate('param', teamParams),
      validate('json', memberInput),
      async (c) => {
        const { idUsuario, lider } = c.req.valid('json');
        await teams.addMember(deps, actor(c), c.req.valid('param').id, idUsuario, lider);
        return c.json(await teams.teamDetail(db, actor(c), c.req.valid('param').id), 201);
      },
    )
    .put(
      '/equipes/:id/membros/:userId',
      validate('param', memberParams),
      validate('json', memberUpdateInput),
      async (c) => {
        const { id, userId } = c.req.valid('param');
        await teams.updateMember(deps, actor(c), id, userId, c.req.valid('json'));
        return c.json(await teams.teamDetail(db, actor(c), id));
      },
    )
    .delete('/equipes/:id/membros/:userId', validate('param', memberParams), async (c) => {
      const { id, userId } = c.req.valid('param');
      await teams.removeMember(deps, actor(c), id, userId);
      return c.body(null, 204);
    })
    .route('/', planStaffRoutes(deps));
}

/** A team's plans: making them, scheduling, swaps waiting for a leader, check-in on the day. */
function planStaffRoutes(deps: StaffDeps) {
  const { db } = deps;
  const origin = (c: Context<StaffEnv>) => originOf(deps, c);
  return new Hono<StaffEnv>()
    .post(
      '/equipes/:id/escalas',
      validate('param', teamParams),
      validate('json', planInput),
      async (c) =>
        c.json(
          await plans.createPlans(deps, actor(c), c.req.valid('param').id, c.req.valid('json')),
          201,
        ),
    )
    .get('/equipes/:id/escalas/:planId', validate('param', planParams), async (c) => {
      const { id, planId } = c.req.valid('param');
      return c.json(await plans.planDetail(db, actor(c), id, planId));
    })
    .put(
      '/equipes/:id/escalas/:planId',
      validate('param', planParams),
      validate('json', planUpdateInput),
      async (c) => {
        const { id, planId } = c.req.valid('param');
        await plans.updatePlan(deps, actor(c), id, planId, c.req.valid('json'));
        return c.json(await plans.planDetail(db, actor(c), id, planId));
      },
    )
    .delete('/equipes/:id/escalas/:planId', validate('param', planParams), async (c) => {
      const { id, planId } = c.req.valid('param');
      await plans.deletePlan(deps, actor(c), id, planId);
      return c.body(null, 204);
    })
    .get('/equipes/:id/escalas/:planId/proposta', validate('param', planParams), async (c) => {
      const { id, planId } = c.req.valid('param');
      return c.json(await plans.proposal(db, actor(c), id, planId));
    })
    .post(
      '/equipes/:id/escalas/:planId/pessoas',
      validate('param', planParams),
      validate('json', assignInput),
      async (c) => {
        const { id, planId } = c.req.valid('param');
        return c.json(
          await plans.schedule(
            deps,
            actor(c),
            id,
            planId,
            c.req.valid('json'),
            await origin(c),
            scope(c).lang,
          ),
          201,
        );
      },
    )
    .delete(
      '/equipes/:id/escalas/:planId/pessoas/:assignmentId',
      validate('param', assignmentParams),
      async (c) => {
        const { id, planId, assignmentId } = c.req.valid('param');
        await plans.unschedule(deps, actor(c), id, planId, assignmentId);
        return c.body(null, 204);
      },
    )
    .post(
      '/equipes/:id/escalas/:planId/pessoas/:assignmentId/presenca',
      validate('param', assignmentParams),
      validate('json', checkInInput),
      async (c) => {
        const { id, planId, assignmentId } = c.req.valid('param');
        await plans.markPresence(
          deps,
          actor(c),
          id,
          planId,
          assignmentId,
          c.req.valid('json').presente,
        );
        return c.json(await plans.planDetail(db, actor(c), id, planId));
      },
    )
    .post(
      '/equipes/:id/escalas/:planId/trocas/:swapId',
      validate('param', swapDecisionParams),
      validate('json', swapDecisionInput),
      async (c) => {
        const { id, planId, swapId } = c.req.valid('param');
        await swaps.decideSwap(
          deps,
          actor(c),
          id,
          planId,
          swapId,
          c.req.valid('json').aprovar,
          await origin(c),
        );
        return c.json(await plans.planDetail(db, actor(c), id, planId));
      },
    );
}
