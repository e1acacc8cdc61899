// The staff area's moderation under `/admin/{slug}/…` (docs/staff.md "Moderation"), area
// `moderation` (admins and chat moderators): the prayer wall's posts hidden and restored with a
// reason, and the chat's history with the moderation actions taken.
import { Hono, type Context } from 'hono';
import {
  chatHistoryQuery,
  idParams,
  moderationInput,
  moderationQuery,
} from '../../contract/moderation-staff.ts';
import { validate } from '../http/validate.ts';
import type { StaffDeps } from '../staff/deps.ts';
import { staffArea, staffModule, type StaffEnv } from '../staff/scope.ts';
import * as moderation from './moderation-staff.service.ts';

export function moderationStaffRoutes(deps: StaffDeps) {
  const { db } = deps;
  const area = staffArea('moderation');
  // each part needs its own module: the prayer wall, the live chat (docs/staff.md "Modules")
  const wall = staffModule('MOD_MURAL_ORACAO');
  const chat = staffModule('MOD_CULTO');
  const actor = (c: Context<StaffEnv>) => c.get('staff').actor;
  const churchId = (c: Context<StaffEnv>) => c.get('staff').church.id;
  return new Hono<StaffEnv>()
    .get('/moderacao/oracao', area, wall, validate('query', moderationQuery), async (c) => {
      const { vista, page } = c.req.valid('query');
      return c.json(await moderation.moderationPage(db, churchId(c), vista, page));
    })
    .post(
      '/moderacao/oracao/:id/ocultar',
      area,
      wall,
      validate('param', idParams),
      validate('json', moderationInput),
      async (c) =>
        c.json(
          await moderation.setHidden(
            deps,
            actor(c),
            c.req.valid('param').id,
            true,
            c.req.valid('json').motivo,
          ),
        ),
    )
    .post(
      '/moderacao/oracao/:id/restaurar',
      area,
      wall,
      validate('param', idParams),
      validate('json', moderationInput),
      async (c) =>
        c.json(
          await moderation.setHidden(
            deps,
            actor(c),
            c.req.valid('param').id,
            false,
            c.req.valid('json').motivo,
          ),
        ),
    )
    .get('/moderacao/chat', area, chat, validate('query', chatHistoryQuery), async (c) => {
      const { canal, page } = c.req.valid('query');
      return c.json(await moderation.chatHistory(db, churchId(c), canal, page));
    });
}
