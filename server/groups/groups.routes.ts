// Groups (cells, MOD_CELULA): the calls of spec §7 "Groups and studies" and the leader's calls
// designed in their style (contract/groups.ts). The church comes from the route's slug or from the
// group row, always through the member scope (server/member/scope.ts); every query filters on its id.
//   public:   GET /igreja/{slug}/celula/, GET /celula/{id}
//   member:   GET /igreja/{slug}/celula/?usuario=1, POST /igreja/{slug}/solicitacao-celula/admissao
//   group:    GET /celula/{id}/reuniao-registro/ and /{meetingId} (members and the leader)
//   leader:   GET /celula/{id}/solicitacao-admissao/, PUT /celula/{id}/solicitacao-admissao/{requestId},
//             POST /celula/{id}/reuniao-registro/ (a meeting and who came), GET /celula/{id}/presenca
//   member:   DELETE /celula/{id}/participacao (leave; the leader hands the group over first)
//   leader:   PUT /celula/{id} (the group's details), PUT /celula/{id}/reuniao-registro/{meetingId}
//             (correct a recorded meeting), audited like staff writes (groups-leader.service.ts)
// Someone who is not an active member of the group's church learns nothing (404); a member of the
// church who is not in the group gets a 403 with the reason.
import { Hono, type Context, type MiddlewareHandler } from 'hono';
import { createMiddleware } from 'hono/factory';
import { message } from '../../contract/messages/index.ts';
import {
  type GroupRole,
  groupAnswerSchema,
  groupChurchParams,
  groupDetailQuery,
  groupIdParams,
  groupJoinSchema,
  groupListQuery,
  groupMeetingInput,
  groupMeetingParams,
  groupRequestParams,
} from '../../contract/groups.ts';
import {
  membershipOf,
  requireMembership,
  requireUser,
  type AuthUser,
} from '../auth/authenticate.ts';
import { spendMemberWrite } from '../auth/member-quotas.ts';
import { memberOf, memberScope, membersOf, scopeOfChurch } from '../member/scope.ts';
import { langOf } from '../http/errors.ts';
import { validate } from '../http/validate.ts';
import type { MemberDeps } from '../member/deps.ts';
import { leaderGroupInput } from '../../contract/groups-staff.ts';
import { meetingNoticeSchema } from '../../contract/notification-meeting.ts';
import { notifyNextMeeting } from '../notifications/group-meeting-notice.ts';
import type { StaffWriteDeps } from '../staff/write.ts';
import {
  answerRequestAsLeader,
  correctMeeting,
  updateGroupAsLeader,
} from './groups-leader.service.ts';
import { notifyLeader, notifyMember } from './groups.notify.ts';
import { fullName, toRequest } from './groups.serializers.ts';
import {
  activeGroup,
  groupDetail,
  leaderAttendance,
  leaveGroup,
  listGroups,
  meetingOf,
  meetingsOf,
  memberRoleIn,
  recordMeeting,
  requestsOf,
  requestToJoin,
  roleIn,
} from './groups.service.ts';

export const GROUP_MODULE = 'MOD_CELULA';

type Env = { Variables: { user: AuthUser } };

const scope = { module: GROUP_MODULE, notFoundMessage: 'groups.notFound' };

export function groupRoutes({ db, changes, mailer }: MemberDeps) {
  const app = new Hono<Env>({ strict: false });
  const mail = () => mailer; // createApi's, from its settings

  /** spec §6: login first, so a visitor is asked to log in whatever they sent. */
  const signedIn = createMiddleware<Env>(async (c, next) => {
    c.set('user', await requireUser(db, c));
    await next();
  });

  /** An active group of an active church with MOD_CELULA (and of `churchId` when given), or 404. */
  async function findGroup(c: Context, id: number, churchId?: number, user?: AuthUser) {
    const group = await activeGroup(db, id, churchId);
    const { church, user: caller } = await scopeOfChurch(db, c, group.churchId, { ...scope, user });
    return { group, church, user: caller };
  }

  /** The group for a signed-in caller who must be an active member of its church, with their role. */
  async function groupForMember(c: Context, id: number) {
    const user = c.get('user') as AuthUser;
    const { group, church } = await findGroup(c, id, undefined, user);
    return { group, church, role: await memberRoleIn(db, group, church.id, user.userId) };
  }

  app.get(
    '/igreja/:slug/celula',
    validate('param', groupChurchParams),
    validate('query', groupListQuery),
    memberScope(db, scope),
    async (c) => {
      const { church, user } = memberOf(c);
      const q = c.req.valid('query');
      const me = q.usuario ? (await requireMembership(db, user, church.id)).user : null;
      return c.json(await listGroups(db, church.id, q, me));
    },
  );

  app.get(
    '/celula/:id',
    validate('param', groupIdParams),
    validate('query', groupDetailQuery),
    async (c) => {
      const { group, church, user } = await findGroup(
        c,
        c.req.valid('param').id,
        c.req.valid('query').igreja,
      );
      // The caller's role, when a member of this church sends a token (the page itself stays public).
      const membership = user ? await membershipOf(db, user.userId, church.id) : null;
      const role = user && membership?.active ? await roleIn(db, group, user.userId) : null;
      return c.json(await groupDetail(db, group, church, role));
    },
  );

  app.post(
    '/igreja/:slug/solicitacao-celula/admissao',
    signedIn,
    validate('param', groupChurchParams),
    validate('json', groupJoinSchema),
    memberScope(db, { ...scope, caller: 'member' }),
    async (c) => {
      const { church, user } = membersOf(c);
      // each request mails the leader: per-member quotas (docs/security.md "Member write quotas")
      await spendMemberWrite(db, c, user.userId, 'groupRequest');
      const body = c.req.valid('json');
      // The group must belong to the church of the route: another church's id is simply not found.
      const { group } = await findGroup(c, body.idCelula, church.id, user);
      const { request, requester, leader } = await requestToJoin(
        db,
        church.id,
        group,
        user.userId,
        body.mensagem ?? null,
      );
      if (leader)
        await notifyLeader(
          db,
          mail(),
          c,
          church,
          leader,
          { id: group.id, name: group.name },
          fullName(requester),
          request.message,
        );
      return c.json(
        {
          status: true as const,
          message: message(langOf(c), 'groups.requestSent', { group: group.name }),
          solicitacao: toRequest(request, requester),
        },
        201,
      );
    },
  );

  app.get('/celula/:id/reuniao-registro', signedIn, validate('param', groupIdParams), async (c) => {
    const { group, church, role } = await groupForMember(c, c.req.valid('param').id);
    return c.json(await meetingsOf(db, group, church.id, role));
  });

  app.post(
    '/celula/:id/reuniao-registro',
    signedIn,
    validate('param', groupIdParams),
    validate('json', groupMeetingInput),
    async (c) => {
      const { group, church, role } = await groupForMember(c, c.req.valid('param').id);
      const reuniao = await recordMeeting(db, group, church.id, role, c.req.valid('json'));
      return c.json(
        { status: true as const, message: message(langOf(c), 'groups.meetingRecorded'), reuniao },
        201,
      );
    },
  );

  leaderEditRoutes(app, { db, changes }, signedIn, groupForMember);

  app.get('/celula/:id/presenca', signedIn, validate('param', groupIdParams), async (c) => {
    const { group, church, role } = await groupForMember(c, c.req.valid('param').id);
    return c.json(await leaderAttendance(db, group, church.id, role));
  });

  app.delete('/celula/:id/participacao', signedIn, validate('param', groupIdParams), async (c) => {
    const user = c.get('user');
    const { group, church, role } = await groupForMember(c, c.req.valid('param').id);
    await leaveGroup({ db, changes }, group, church.id, role, user.userId);
    return c.json({
      status: true as const,
      message: message(langOf(c), 'groups.left', { group: group.name }),
    });
  });

  app.get(
    '/celula/:id/reuniao-registro/:meetingId',
    signedIn,
    validate('param', groupMeetingParams),
    async (c) => {
      const params = c.req.valid('param');
      const { group, church, role } = await groupForMember(c, params.id);
      return c.json(await meetingOf(db, group, church.id, role, params.meetingId));
    },
  );

  app.get(
    '/celula/:id/solicitacao-admissao',
    signedIn,
    validate('param', groupIdParams),
    async (c) => {
      const { group, church, role } = await groupForMember(c, c.req.valid('param').id);
      return c.json(await requestsOf(db, group, church.id, role));
    },
  );

  app.put(
    '/celula/:id/solicitacao-admissao/:requestId',
    signedIn,
    validate('param', groupRequestParams),
    validate('json', groupAnswerSchema),
    async (c) => {
      const params = c.req.valid('param');
      const { group, church, role } = await groupForMember(c, params.id);
      const accept = c.req.valid('json').acao === 'aceitar';
      const { request, member } = await answerRequestAsLeader(
        { db, changes },
        group,
        church.id,
        role,
        params.requestId,
        accept,
      );
      if (member.active)
        await notifyMember(
          db,
          mail(),
          c,
          church,
          member,
          { id: group.id, name: group.name },
          accept,
        );
      return c.json({
        status: true as const,
        message: message(langOf(c), accept ? 'groups.accepted' : 'groups.declined', {
          name: fullName(member),
          group: group.name,
        }),
        solicitacao: toRequest(request, member),
      });
    },
  );

  return app;
}

type GroupForMember = (
  c: Context,
  id: number,
) => Promise<{
  group: Parameters<typeof updateGroupAsLeader>[1];
  church: { id: number };
  role: GroupRole;
}>;

/** The leader's edits of the group and of a recorded meeting (groups-leader.service.ts). */
function leaderEditRoutes(
  app: Hono<Env>,
  deps: StaffWriteDeps,
  signedIn: MiddlewareHandler<Env>,
  groupForMember: GroupForMember,
) {
  app.put(
    '/celula/:id',
    signedIn,
    validate('param', groupIdParams),
    validate('json', leaderGroupInput),
    async (c) => {
      const user = c.get('user');
      const { group, church, role } = await groupForMember(c, c.req.valid('param').id);
      const saved = await updateGroupAsLeader(
        deps,
        group,
        church.id,
        role,
        user.userId,
        c.req.valid('json'),
      );
      return c.json({
        status: true as const,
        message: message(langOf(c), 'groups.saved'),
        ...saved,
      });
    },
  );

  // the next meeting to the members, by their preferences (docs/notifications.md "A group's next meeting")
  app.post(
    '/celula/:id/proximo-encontro',
    signedIn,
    validate('param', groupIdParams),
    validate('json', meetingNoticeSchema),
    async (c) => {
      const user = c.get('user');
      const { group, church, role } = await groupForMember(c, c.req.valid('param').id);
      const count = await notifyNextMeeting(
        deps.db,
        group,
        church.id,
        role,
        user.userId,
        c.req.valid('json'),
      );
      return c.json({
        status: true as const,
        message: message(langOf(c), 'notifications.meetingSent', { count }),
        destinatarios: count,
      });
    },
  );

  app.put(
    '/celula/:id/reuniao-registro/:meetingId',
    signedIn,
    validate('param', groupMeetingParams),
    validate('json', groupMeetingInput),
    async (c) => {
      const user = c.get('user');
      const params = c.req.valid('param');
      const { group, church, role } = await groupForMember(c, params.id);
      const reuniao = await correctMeeting(
        deps,
        group,
        church.id,
        role,
        user.userId,
        params.meetingId,
        c.req.valid('json'),
      );
      return c.json({
        status: true as const,
        message: message(langOf(c), 'groups.meetingCorrected'),
        reuniao,
      });
    },
  );
}
