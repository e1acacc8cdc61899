// Groups (cells, MOD_CELULA): the calls of spec §7 "Groups and studies" and the leader's calls
// designed in their style (contract/groups.ts). The church comes from the route's slug or from the
// group row, always through server/http/church-scope.ts; every query filters on its id.
//   public:   GET /igreja/{slug}/celula/, GET /celula/{id}
//   member:   GET /igreja/{slug}/celula/?usuario=1, POST /igreja/{slug}/solicitacao-celula/admissao
//   group:    GET /celula/{id}/reuniao-registro/ and /{meetingId} (members and the leader)
//   leader:   GET /celula/{id}/solicitacao-admissao/, PUT /celula/{id}/solicitacao-admissao/{requestId}
// Someone who is not an active member of the group's church learns nothing (404); a member of the
// church who is not in the group gets a 403 with the reason.
import { and, asc, desc, eq, ilike, inArray, or, sql, type SQL } from 'drizzle-orm';
import { Hono, type Context } from 'hono';
import { createMiddleware } from 'hono/factory';
import {
  groupMessage,
  type GroupLang,
  type GroupMessageKey,
} from '../../contract/groups-messages.ts';
import {
  groupAnswerSchema,
  groupChurchParams,
  groupDetailQuery,
  groupIdParams,
  groupJoinSchema,
  groupListQuery,
  groupMeetingParams,
  groupRequestParams,
  type GroupDetail,
  type GroupItem,
  type GroupRole,
} from '../../contract/groups.ts';
import {
  authenticate,
  membershipOf,
  requireMember,
  requireUser,
  type AuthUser,
} from '../auth/authenticate.ts';
import type { ChangeFeed } from '../changes.ts';
import type { Database } from '../db/client.ts';
import { containsPattern } from '../db/like.ts';
import * as t from '../db/schema/index.ts';
import { churchById, churchBySlug, type ScopedChurch } from '../http/church-scope.ts';
import { ApiProblem } from '../http/errors.ts';
import { validate } from '../http/validate.ts';
import type { Mailer } from '../mail/outbox.ts';
import { notifyLeader, notifyMember } from './groups.notify.ts';
import { fullName, toAddress, toGroupItem, toMeeting, toRequest } from './groups.serializers.ts';
import { rowsOf } from '../db/rows.ts';

export const GROUP_MODULE = 'MOD_CELULA';

type Env = { Variables: { user: AuthUser } };

const langOf = (c: Context): GroupLang => {
  const two = (c.req.header('accept-language') ?? '')
    .split(',')[0]!
    .trim()
    .slice(0, 2)
    .toLowerCase();
  return two === 'pt' || two === 'es' ? two : 'en';
};
const say = (c: Context, key: GroupMessageKey, values?: Record<string, string>) =>
  groupMessage(langOf(c), key, values);
const fail = (
  c: Context,
  status: 403 | 404 | 409,
  key: GroupMessageKey,
  values?: Record<string, string>,
) => new ApiProblem(status, say(c, key, values));

/** `%` and `_` typed in a search are literal characters. */

const leaderColumns = {
  id: t.users.id,
  firstName: t.users.firstName,
  lastName: t.users.lastName,
  image: t.users.image,
};

const memberCount = sql<number>`(select count(*) from ${t.groupMembers} where ${t.groupMembers.groupId} = ${t.groups.id} and ${t.groupMembers.churchId} = ${t.groups.churchId})::int`;

/** Great-circle distance in km from a point (the church picker's approach, done in SQL). */
function distanceFrom(latitude: number, longitude: number): SQL<number | null> {
  return sql<
    number | null
  >`case when ${t.groups.latitude} is null or ${t.groups.longitude} is null then null else
    6371 * acos(least(1, greatest(-1,
      cos(radians(${latitude}::float8)) * cos(radians(${t.groups.latitude})) * cos(radians(${t.groups.longitude}) - radians(${longitude}::float8))
      + sin(radians(${latitude}::float8)) * sin(radians(${t.groups.latitude}))))) end`;
}

export function groupRoutes(db: Database, changes: ChangeFeed, options: { mailer: Mailer }) {
  const app = new Hono<Env>({ strict: false });
  const mail = () => options.mailer; // createApi's, from its settings

  /** spec §6: login first, so a visitor is asked to log in whatever they sent. */
  const signedIn = createMiddleware<Env>(async (c, next) => {
    c.set('user', await requireUser(db, c));
    await next();
  });

  const churchOf = (c: Context, id: number) =>
    churchById(db, c, id, { module: GROUP_MODULE, notFoundMessage: say(c, 'groups.notFound') });

  /** An active group of an active church with MOD_CELULA (and of `churchId` when given), or 404. */
  async function findGroup(c: Context, id: number, churchId?: number) {
    const [group] = await db
      .select()
      .from(t.groups)
      .where(
        and(
          eq(t.groups.id, id),
          eq(t.groups.active, true),
          churchId === undefined ? undefined : eq(t.groups.churchId, churchId),
        ),
      );
    if (!group) throw fail(c, 404, 'groups.notFound');
    const church = await churchOf(c, group.churchId);
    return { group, church };
  }

  /** The caller's place in the group: leader, member, waiting, or nothing. */
  async function roleIn(group: typeof t.groups.$inferSelect, userId: number): Promise<GroupRole> {
    if (group.leaderId === userId) return 'lider';
    const [member] = await db
      .select({ id: t.groupMembers.id })
      .from(t.groupMembers)
      .where(
        and(
          eq(t.groupMembers.churchId, group.churchId),
          eq(t.groupMembers.groupId, group.id),
          eq(t.groupMembers.userId, userId),
        ),
      );
    if (member) return 'membro';
    const [pending] = await db
      .select({ id: t.groupRequests.id })
      .from(t.groupRequests)
      .where(
        and(
          eq(t.groupRequests.churchId, group.churchId),
          eq(t.groupRequests.groupId, group.id),
          eq(t.groupRequests.userId, userId),
          eq(t.groupRequests.status, 'pendente'),
        ),
      );
    return pending ? 'pendente' : null;
  }

  /**
   * The group for a signed-in caller who must be an active member of its church (otherwise 404:
   * other churches' ids reveal nothing), with the caller's role in it.
   */
  async function groupForMember(c: Context, id: number) {
    const user = c.get('user') as AuthUser;
    const { group, church } = await findGroup(c, id);
    const membership = await membershipOf(db, user.userId, church.id);
    if (!membership?.active) throw fail(c, 404, 'groups.notFound');
    return { group, church, user, role: await roleIn(group, user.userId) };
  }

  async function studyTitles(churchId: number, ids: number[]) {
    if (!ids.length) return new Map<number, { id: number; title: string }>();
    const rows = await db
      .select({ id: t.contents.id, title: t.contents.title })
      .from(t.contents)
      .where(
        and(
          eq(t.contents.churchId, churchId),
          eq(t.contents.kind, 'estudo'),
          eq(t.contents.active, true),
          inArray(t.contents.id, ids),
        ),
      );
    return new Map(rows.map((r) => [r.id, r]));
  }

  app.get(
    '/igreja/:slug/celula',
    validate('param', groupChurchParams),
    validate('query', groupListQuery),
    async (c) => {
      const church = await churchBySlug(db, c, c.req.valid('param').slug, {
        module: GROUP_MODULE,
        notFoundMessage: say(c, 'groups.notFound'),
      });
      const q = c.req.valid('query');
      const base = and(eq(t.groups.churchId, church.id), eq(t.groups.active, true));
      let own: SQL | undefined;
      let me: AuthUser | null = null;
      if (q.usuario) {
        ({ user: me } = await requireMember(db, c, church.id));
        const mine = db
          .select({ id: t.groupMembers.groupId })
          .from(t.groupMembers)
          .where(and(eq(t.groupMembers.churchId, church.id), eq(t.groupMembers.userId, me.userId)));
        own = or(eq(t.groups.leaderId, me.userId), inArray(t.groups.id, mine));
      }
      const where = and(
        base,
        own,
        q.busca ? ilike(t.groups.name, containsPattern(q.busca)) : undefined,
        q.dia !== undefined ? eq(t.groups.weekday, q.dia) : undefined,
        q.bairro ? sql`lower(${t.groups.neighborhood}) = lower(${q.bairro})` : undefined,
      );
      const distance =
        q.latitude !== undefined && q.longitude !== undefined
          ? distanceFrom(q.latitude, q.longitude)
          : sql<number | null>`null::float8`;
      // issue 14: the count and both filter lists come back in one statement beside the page of rows.
      const facets = rowsOf<{ n: number; days: number[]; hoods: (string | null)[] }>(
        db.execute(sql`select
        (select count(*)::int from ${t.groups} where ${where}) as n,
        array(select distinct ${t.groups.weekday} from ${t.groups} where ${base} order by 1) as days,
        array(select distinct ${t.groups.neighborhood} from ${t.groups} where ${base} and ${t.groups.neighborhood} is not null order by 1) as hoods`),
      );
      const [rows, facetResult] = await Promise.all([
        db
          .select({ group: t.groups, leader: leaderColumns, members: memberCount, distance })
          .from(t.groups)
          .leftJoin(t.users, eq(t.users.id, t.groups.leaderId))
          .where(where)
          .orderBy(
            sql`${distance} asc nulls last`,
            asc(t.groups.weekday),
            asc(t.groups.name),
            asc(t.groups.id),
          )
          .limit(q.limit)
          .offset((q.page - 1) * q.limit),
        facets,
      ]);
      const [counted] = facetResult;
      const celulas: GroupItem[] = rows.map((r) => {
        const item = toGroupItem(
          r.group,
          r.leader?.id ? r.leader : null,
          Number(r.members),
          r.distance === null ? null : Number(r.distance),
        );
        return me
          ? {
              ...item,
              papel: r.group.leaderId === me.userId ? ('lider' as const) : ('membro' as const),
            }
          : item;
      });
      return c.json({
        celulas,
        total: Number(counted?.n ?? 0),
        page: q.page,
        limit: q.limit,
        filtros: {
          dias: (counted?.days ?? []).map(Number),
          bairros: (counted?.hoods ?? []).filter((h): h is string => Boolean(h)),
        },
      });
    },
  );

  app.get(
    '/celula/:id',
    validate('param', groupIdParams),
    validate('query', groupDetailQuery),
    async (c) => {
      const { group, church } = await findGroup(
        c,
        c.req.valid('param').id,
        c.req.valid('query').igreja,
      );
      const [leader] = group.leaderId
        ? await db.select(leaderColumns).from(t.users).where(eq(t.users.id, group.leaderId))
        : [];
      const [[counted], studies] = await Promise.all([
        db
          .select({ n: sql<number>`count(*)::int` })
          .from(t.groupMembers)
          .where(and(eq(t.groupMembers.churchId, church.id), eq(t.groupMembers.groupId, group.id))),
        db
          .select({ id: t.contents.id, title: t.contents.title })
          .from(t.groupStudies)
          .innerJoin(
            t.contents,
            and(
              eq(t.contents.id, t.groupStudies.studyId),
              eq(t.contents.churchId, church.id),
              eq(t.contents.kind, 'estudo'),
              eq(t.contents.active, true),
            ),
          )
          .where(and(eq(t.groupStudies.churchId, church.id), eq(t.groupStudies.groupId, group.id)))
          .orderBy(asc(t.groupStudies.position), asc(t.contents.id)),
      ]);
      // The caller's role, when a member of this church sends a token (the page itself stays public).
      const user = await authenticate(db, c);
      const membership = user ? await membershipOf(db, user.userId, church.id) : null;
      const role = user && membership?.active ? await roleIn(group, user.userId) : null;
      const {
        distancia: _d,
        bairro: _b,
        cidade: _c,
        ...item
      } = toGroupItem(group, leader ?? null, Number(counted?.n ?? 0), null);
      const body: GroupDetail = {
        ...item,
        igreja: { id: church.id, slug: church.slug, codigo: church.code },
        endereco: toAddress(group),
        estudos: studies.map((s) => ({ id: s.id, titulo: s.title })),
        minhaParticipacao: role,
      };
      return c.json(body);
    },
  );

  app.post(
    '/igreja/:slug/solicitacao-celula/admissao',
    signedIn,
    validate('param', groupChurchParams),
    validate('json', groupJoinSchema),
    async (c) => {
      const church: ScopedChurch = await churchBySlug(db, c, c.req.valid('param').slug, {
        module: GROUP_MODULE,
        notFoundMessage: say(c, 'groups.notFound'),
      });
      const { user } = await requireMember(db, c, church.id);
      const body = c.req.valid('json');
      // The group must belong to the church of the route: another church's id is simply not found.
      const { group } = await findGroup(c, body.idCelula, church.id);
      const role = await roleIn(group, user.userId);
      if (role === 'lider' || role === 'membro')
        throw fail(c, 409, 'groups.alreadyMember', { group: group.name });
      if (role === 'pendente') throw fail(c, 409, 'groups.alreadyPending', { group: group.name });
      // The partial unique index settles two requests sent at once: the second inserts nothing.
      const [row] = await db
        .insert(t.groupRequests)
        .values({
          churchId: church.id,
          groupId: group.id,
          userId: user.userId,
          message: body.mensagem ?? null,
        })
        .onConflictDoNothing()
        .returning();
      if (!row) throw fail(c, 409, 'groups.alreadyPending', { group: group.name });
      const [me] = await db
        .select({ ...leaderColumns, email: t.users.email })
        .from(t.users)
        .where(eq(t.users.id, user.userId));
      if (group.leaderId) {
        const [leader] = await db
          .select({ id: t.users.id, email: t.users.email, active: t.users.active })
          .from(t.users)
          .where(eq(t.users.id, group.leaderId));
        if (leader?.active)
          await notifyLeader(
            db,
            mail(),
            c,
            church,
            leader,
            { id: group.id, name: group.name },
            fullName(me!),
            row.message,
          );
      }
      return c.json(
        {
          status: true as const,
          message: say(c, 'groups.requestSent', { group: group.name }),
          solicitacao: toRequest(row, me!),
        },
        201,
      );
    },
  );

  app.get('/celula/:id/reuniao-registro', signedIn, validate('param', groupIdParams), async (c) => {
    const { group, church, role } = await groupForMember(c, c.req.valid('param').id);
    if (role !== 'lider' && role !== 'membro') throw fail(c, 403, 'groups.membersOnly');
    const rows = await db
      .select()
      .from(t.groupMeetings)
      .where(and(eq(t.groupMeetings.churchId, church.id), eq(t.groupMeetings.groupId, group.id)))
      .orderBy(desc(t.groupMeetings.date), desc(t.groupMeetings.id));
    const studies = await studyTitles(
      church.id,
      rows.map((r) => r.studyId).filter((id): id is number => id !== null),
    );
    return c.json({
      celula: { id: group.id, nome: group.name },
      reunioes: rows.map((r) => toMeeting(r, r.studyId ? (studies.get(r.studyId) ?? null) : null)),
    });
  });

  app.get(
    '/celula/:id/reuniao-registro/:meetingId',
    signedIn,
    validate('param', groupMeetingParams),
    async (c) => {
      const params = c.req.valid('param');
      const { group, church, role } = await groupForMember(c, params.id);
      if (role !== 'lider' && role !== 'membro') throw fail(c, 403, 'groups.membersOnly');
      const [row] = await db
        .select()
        .from(t.groupMeetings)
        .where(
          and(
            eq(t.groupMeetings.id, params.meetingId),
            eq(t.groupMeetings.churchId, church.id),
            eq(t.groupMeetings.groupId, group.id),
          ),
        );
      if (!row) throw fail(c, 404, 'groups.meetingNotFound');
      const studies = await studyTitles(church.id, row.studyId ? [row.studyId] : []);
      return c.json({
        celula: { id: group.id, nome: group.name },
        reuniao: toMeeting(row, row.studyId ? (studies.get(row.studyId) ?? null) : null),
      });
    },
  );

  app.get(
    '/celula/:id/solicitacao-admissao',
    signedIn,
    validate('param', groupIdParams),
    async (c) => {
      const { group, church, role } = await groupForMember(c, c.req.valid('param').id);
      if (role !== 'lider') throw fail(c, 403, 'groups.leaderOnly');
      const rows = await db
        .select({ request: t.groupRequests, user: leaderColumns })
        .from(t.groupRequests)
        .innerJoin(t.users, eq(t.users.id, t.groupRequests.userId))
        .where(and(eq(t.groupRequests.churchId, church.id), eq(t.groupRequests.groupId, group.id)))
        .orderBy(
          sql`case when ${t.groupRequests.status} = 'pendente' then 0 else 1 end`,
          sql`case when ${t.groupRequests.status} = 'pendente' then ${t.groupRequests.createdAt} end asc`,
          desc(t.groupRequests.answeredAt),
          desc(t.groupRequests.id),
        )
        .limit(200);
      return c.json({
        celula: { id: group.id, nome: group.name },
        solicitacoes: rows.map((r) => toRequest(r.request, r.user)),
      });
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
      if (role !== 'lider') throw fail(c, 403, 'groups.leaderOnly');
      const accept = c.req.valid('json').acao === 'aceitar';
      const [found] = await db
        .select({
          request: t.groupRequests,
          user: { ...leaderColumns, email: t.users.email, active: t.users.active },
        })
        .from(t.groupRequests)
        .innerJoin(t.users, eq(t.users.id, t.groupRequests.userId))
        .where(
          and(
            eq(t.groupRequests.id, params.requestId),
            eq(t.groupRequests.churchId, church.id),
            eq(t.groupRequests.groupId, group.id),
          ),
        );
      if (!found) throw fail(c, 404, 'groups.notFound');
      // Only a pending request changes, in one transaction with the membership it creates.
      const updated = await db.transaction(async (tx) => {
        const [row] = await tx
          .update(t.groupRequests)
          .set({ status: accept ? 'aceita' : 'recusada', answeredAt: new Date() })
          .where(
            and(
              eq(t.groupRequests.id, found.request.id),
              eq(t.groupRequests.churchId, church.id),
              eq(t.groupRequests.status, 'pendente'),
            ),
          )
          .returning();
        if (row && accept) {
          await tx
            .insert(t.groupMembers)
            .values({ churchId: church.id, groupId: group.id, userId: found.request.userId })
            .onConflictDoNothing();
        }
        return row;
      });
      if (!updated) throw fail(c, 409, 'groups.alreadyAnswered');
      if (accept) changes.churchChanged(church.id);
      if (found.user.active)
        await notifyMember(
          db,
          mail(),
          c,
          church,
          found.user,
          { id: group.id, name: group.name },
          accept,
        );
      const name = fullName(found.user);
      return c.json({
        status: true as const,
        message: say(c, accept ? 'groups.accepted' : 'groups.declined', {
          name,
          group: group.name,
        }),
        solicitacao: toRequest(updated, found.user),
      });
    },
  );

  return app;
}
