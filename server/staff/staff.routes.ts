// The staff area's own calls (docs/staff.md): who the caller is here, and the audit log.
import { Hono } from 'hono';
import { auditQuery } from '../../contract/staff.ts';
import { areasFor, churchHasArea, STAFF_AREA_NAMES } from '../../contract/staff.ts';
import type { Database } from '../db/client.ts';
import { validate } from '../http/validate.ts';
import { staffChurchesOf } from './access.ts';
import { auditPage } from './audit.ts';
import { staffArea, type StaffEnv } from './scope.ts';

export function staffRoutes(db: Database) {
  return new Hono<StaffEnv>()
    .get('/eu', async (c) => {
      const { church, actor, email, twoFactor, leadsTeam } = c.get('staff');
      // a team leader also runs their team (docs/volunteers.md), whatever their roles
      const mine = new Set([...areasFor(actor.roles), ...(leadsTeam ? ['teams' as const] : [])]);
      return c.json({
        igreja: { id: church.id, slug: church.slug, codigo: church.code, nome: church.name },
        usuario: { id: actor.userId, nome: actor.name, email },
        roles: actor.roles,
        // the menu and the dashboard: the caller's areas this church has (docs/staff.md "Modules")
        areas: STAFF_AREA_NAMES.filter(
          (area) => mine.has(area) && churchHasArea(church.modules, area),
        ),
        modulos: church.modules,
        igrejas: await staffChurchesOf(db, actor.userId),
        ...(twoFactor ? { doisFatores: twoFactor } : {}),
      });
    })
    .get('/auditoria', staffArea('audit'), validate('query', auditQuery), async (c) => {
      const { usuario, tipo, page } = c.req.valid('query');
      return c.json(
        await auditPage(db, c.get('staff').church.id, { userId: usuario, kind: tipo, page }),
      );
    });
}
