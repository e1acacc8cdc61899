// The invited person's calls (docs/invitations.md): `POST /convite/ver`, `/convite/aceitar`
// (logged in as the invited e-mail) and `/convite/recusar`, each by the link's token in the body.
// They name the church that asks and nothing else; the church learns nothing before an accept.
import { Hono } from 'hono';
import { invitationTokenInput } from '../../contract/invitations.ts';
import { requireUser } from '../auth/authenticate.ts';
import { langOf } from '../http/errors.ts';
import { validate } from '../http/validate.ts';
import {
  acceptInvitation,
  declineInvitation,
  viewInvitation,
} from './invitation-answers.service.ts';
import type { MemberDeps } from '../member/deps.ts';

export function invitationRoutes({ db }: MemberDeps) {
  return new Hono({ strict: false })
    .post('/convite/ver', validate('json', invitationTokenInput), async (c) =>
      c.json(await viewInvitation(db, c.req.valid('json').token)),
    )
    .post('/convite/aceitar', validate('json', invitationTokenInput), async (c) => {
      const user = await requireUser(db, c);
      return c.json(await acceptInvitation(db, c.req.valid('json').token, user, langOf(c)));
    })
    .post('/convite/recusar', validate('json', invitationTokenInput), async (c) =>
      c.json(await declineInvitation(db, c.req.valid('json').token, langOf(c))),
    );
}
