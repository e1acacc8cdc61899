// The staff dashboard's calls (docs/staff.md "First steps and what needs attention"): one read of
// the checklist and what needs attention, for every staff member (each part filtered by their
// areas in the service), and the admins' "put the first steps away" / "bring them back".
import { Hono } from 'hono';
import { checklistInput } from '../../contract/dashboard.ts';
import { validate } from '../http/validate.ts';
import { dashboard, setChecklistDismissed } from './dashboard.service.ts';
import type { StaffDeps } from './deps.ts';
import { staffArea, type StaffEnv } from './scope.ts';

export function dashboardRoutes(deps: StaffDeps) {
  return new Hono<StaffEnv>()
    .get('/painel', async (c) => {
      const { church, actor } = c.get('staff');
      c.header('cache-control', 'no-store');
      return c.json(await dashboard(deps.db, church, actor));
    })
    .put('/painel/checklist', staffArea('church'), validate('json', checklistInput), async (c) => {
      const { church, actor } = c.get('staff');
      await setChecklistDismissed(deps, actor, c.req.valid('json').dispensado);
      return c.json(await dashboard(deps.db, church, actor));
    });
}
