// The church's invitations for its admins under `/admin/{slug}/convites…` (docs/invitations.md),
// area `people` (ROLE_ADMIN): list, invite an e-mail (with roles), resend, withdraw. Every write
// goes through staffWrite (audited); the e-mail's link points at the host the admin is using when
// it is one of the church's own.
import { Hono, type Context } from 'hono';
import { invitationInput, invitationParams, invitationsQuery } from '../../contract/invitations.ts';
import { churchOrigin } from '../auth/church-link.ts';
import { validate } from '../http/validate.ts';
import type { StaffDeps } from '../staff/deps.ts';
import { staffArea, type StaffEnv } from '../staff/scope.ts';
import * as invitations from './invitations-staff.service.ts';

export function invitationStaffRoutes(deps: StaffDeps) {
  const { db } = deps;
  const area = staffArea('people');
  const scope = (c: Context<StaffEnv>) => c.get('staff');
  const origin = (c: Context<StaffEnv>) => {
    const { church } = scope(c);
    return churchOrigin(db, c, {
      id: church.id,
      code: church.code,
      name: church.name,
      active: true,
    });
  };

  return new Hono<StaffEnv>()
    .get('/convites', area, validate('query', invitationsQuery), async (c) =>
      c.json(await invitations.listInvitations(db, scope(c).church.id, c.req.valid('query'))),
    )
    .post('/convites', area, validate('json', invitationInput), async (c) =>
      c.json(
        await invitations.createInvitation(
          deps,
          scope(c).actor,
          scope(c).lang,
          c.req.valid('json'),
          await origin(c),
        ),
        201,
      ),
    )
    .post('/convites/:id/reenviar', area, validate('param', invitationParams), async (c) =>
      c.json(
        await invitations.resendInvitation(
          deps,
          scope(c).actor,
          scope(c).lang,
          c.req.valid('param').id,
          await origin(c),
        ),
      ),
    )
    .post('/convites/:id/revogar', area, validate('param', invitationParams), async (c) =>
      c.json(await invitations.revokeInvitation(deps, scope(c).actor, c.req.valid('param').id)),
    );
}
