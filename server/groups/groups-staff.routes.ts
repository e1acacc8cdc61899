// The church's groups for its admins under `/admin/{slug}/…` (docs/staff.md "Groups"), area
// `groups` (ROLE_ADMIN): list, create and edit groups, members, join requests (answered with the
// leader's rules and notifications) and the attendance the leaders record.
import { Hono, type Context } from 'hono';
import { message } from '../../contract/messages/index.ts';
import {
  staffGroupAnswerInput,
  staffGroupInput,
  staffGroupMemberInput,
  staffGroupMemberParams,
  staffGroupParams,
  staffGroupPeopleQuery,
  staffGroupRequestParams,
  staffGroupsQuery,
} from '../../contract/groups-staff.ts';
import { validate } from '../http/validate.ts';
import type { StaffDeps } from '../staff/deps.ts';
import { staffArea, type StaffEnv } from '../staff/scope.ts';
import { notifyMember } from './groups.notify.ts';
import { fullName, toRequest } from './groups.serializers.ts';
import * as groups from './groups-staff.service.ts';

export function groupsStaffRoutes(deps: StaffDeps) {
  const { db } = deps;
  const area = staffArea('groups');
  const actor = (c: Context<StaffEnv>) => c.get('staff').actor;
  const churchId = (c: Context<StaffEnv>) => c.get('staff').church.id;

  return new Hono<StaffEnv>()
    .get('/grupos', area, validate('query', staffGroupsQuery), async (c) =>
      c.json(await groups.listGroups(db, churchId(c), c.req.valid('query'))),
    )
    .get('/grupos-pessoas', area, validate('query', staffGroupPeopleQuery), async (c) =>
      c.json(await groups.findPeople(db, churchId(c), c.req.valid('query').busca)),
    )
    .get('/grupos/:id', area, validate('param', staffGroupParams), async (c) =>
      c.json(await groups.groupOf(db, churchId(c), c.req.valid('param').id)),
    )
    .post('/grupos', area, validate('json', staffGroupInput), async (c) =>
      c.json(await groups.createGroup(deps, actor(c), c.req.valid('json')), 201),
    )
    .put(
      '/grupos/:id',
      area,
      validate('param', staffGroupParams),
      validate('json', staffGroupInput),
      async (c) =>
        c.json(
          await groups.updateGroup(deps, actor(c), c.req.valid('param').id, c.req.valid('json')),
        ),
    )
    .post(
      '/grupos/:id/membros',
      area,
      validate('param', staffGroupParams),
      validate('json', staffGroupMemberInput),
      async (c) =>
        c.json(
          await groups.addMember(
            deps,
            actor(c),
            c.req.valid('param').id,
            c.req.valid('json').idUsuario,
          ),
          201,
        ),
    )
    .delete(
      '/grupos/:id/membros/:userId',
      area,
      validate('param', staffGroupMemberParams),
      async (c) =>
        c.json(
          await groups.removeMember(
            deps,
            actor(c),
            c.req.valid('param').id,
            c.req.valid('param').userId,
          ),
        ),
    )
    .put(
      '/grupos/:id/solicitacoes/:requestId',
      area,
      validate('param', staffGroupRequestParams),
      validate('json', staffGroupAnswerInput),
      async (c) => {
        const { id, requestId } = c.req.valid('param');
        const accept = c.req.valid('json').acao === 'aceitar';
        const { group, request, member } = await groups.answerJoinRequest(
          deps,
          actor(c),
          id,
          requestId,
          accept,
        );
        const { church, lang } = c.get('staff');
        // The member hears it as from the leader (docs/groups.md "What a request sends").
        if (member.active)
          await notifyMember(
            db,
            deps.mailer,
            c,
            { ...church, country: null },
            member,
            { id: group.id, name: group.name },
            accept,
          );
        return c.json({
          status: true as const,
          message: message(lang, accept ? 'groups.accepted' : 'groups.declined', {
            name: fullName(member),
            group: group.name,
          }),
          solicitacao: toRequest(request, member),
        });
      },
    );
}
