// The church's sign-in rule for its staff (docs/security.md "Two-factor sign-in"): admins may
// require two-factor sign-in of every staff member of the church. Staff routes (church area),
// written through the one staff write path with its audit record; no page changes, so no purge.
import { Hono } from 'hono';
import { churchSecurityBody } from '../../contract/two-factor.ts';
import { fieldProblem } from '../http/errors.ts';
import { validate } from '../http/validate.ts';
import type { StaffDeps } from '../staff/deps.ts';
import { staffArea, type StaffEnv } from '../staff/scope.ts';
import { staffWrite } from '../staff/write.ts';
import {
  churchRequiresTwoFactor,
  hasTwoFactor,
  setChurchRequiresTwoFactor,
} from './two-factor.service.ts';

export function churchSecurityRoutes(deps: StaffDeps) {
  const { db } = deps;
  const church = staffArea('church');
  return new Hono<StaffEnv>()
    .get('/igreja/seguranca', church, async (c) =>
      c.json({ exigirDoisFatores: await churchRequiresTwoFactor(db, c.get('staff').church.id) }),
    )
    .put('/igreja/seguranca', church, validate('json', churchSecurityBody), async (c) => {
      const { church: here, actor } = c.get('staff');
      const { exigirDoisFatores } = c.req.valid('json');
      // whoever requires it has it, so the rule never shuts out the person who set it
      if (exigirDoisFatores && !(await hasTwoFactor(db, actor.userId)))
        throw fieldProblem(422, 'exigirDoisFatores', 'twoFactor.ownFirst');
      await staffWrite(
        deps,
        actor,
        {
          action: 'church.security',
          kind: 'igreja',
          targetId: here.id,
          summary: exigirDoisFatores ? 'two-factor required' : 'two-factor not required',
          details: { exigirDoisFatores },
        },
        (tx) => setChurchRequiresTwoFactor(tx, here.id, exigirDoisFatores),
        { purge: false },
      );
      return c.json({ exigirDoisFatores });
    });
}
