// A group's next meeting (docs/notifications.md "A group's next meeting"): the group's leader
// tells its members when and where it meets next. Each member gets it by the channels they keep
// on for `groups` (in-app, push, e-mail), in their own language. Once per meeting (the unique
// `grupo_aviso_encontro` row) and at most 3 a week per group, so a leader cannot flood members.
import { INTL_LOCALE, dateFormat } from '../../common/format.ts';
import { and, count, eq, gte, sql } from 'drizzle-orm';
import type { GroupRole } from '../../contract/groups.ts';
import { GROUP_NOTIFICATION_TYPES } from '../../contract/groups.ts';
import { emailMessage } from '../../contract/messages/email.ts';
import { messageLangOfLocale } from '../../contract/messages/lang.ts';
import type { MeetingNotice } from '../../contract/notification-meeting.ts';
import { noticeKindOf } from '../../contract/notification-preferences.ts';
import { clockColumns, NO_CHURCH, zoneOfChurch } from '../church/church-clock.ts';
import type { Database } from '../db/client.ts';
import { rowsOf } from '../db/rows.ts';
import * as t from '../db/schema/index.ts';
import { ApiProblem, fieldProblem } from '../http/errors.ts';
import { recordAudit } from '../staff/audit.ts';
import { queueEmailSend } from './email-sends.service.ts';
import { inEveryLanguage } from './languages.ts';
import { queuePush } from './push.task.ts';
import { instantIn } from './scheduled-notices.ts';

/** A group's notice on every channel, in-app included (docs/notifications.md "Preferences"). */
const MEETING_KIND = noticeKindOf({
  typeCode: GROUP_NOTIFICATION_TYPES.meeting,
  audience: 'grupo',
});

const DAY = 86_400_000;
/** A meeting further ahead than this is not "the next" one. */
const MAX_AHEAD_MS = 60 * DAY;
/** Meetings a group may announce in 7 days. */
const PER_WEEK = 3;

type GroupRow = typeof t.groups.$inferSelect;

/** The group's address as one line ("Rua A, 10 - Centro, Recife"). */
function addressOf(g: GroupRow): string {
  const street = [g.street, g.number].filter(Boolean).join(', ');
  return [street, g.neighborhood, g.city].filter(Boolean).join(' - ');
}

/**
 * The leader announces the group's next meeting; answers how many members it reaches. 403 for
 * anyone but the leader, 400 per field for a past or far time, 409 for a meeting already
 * announced, 429 past 3 a week.
 */
export async function notifyNextMeeting(
  db: Database,
  group: GroupRow,
  churchId: number,
  role: GroupRole,
  userId: number,
  input: MeetingNotice,
  now = new Date(),
): Promise<number> {
  if (role !== 'lider') throw new ApiProblem(403, 'notifications.meetingLeaderOnly');
  const [church] = await db
    .select({ name: t.churches.name, ...clockColumns })
    .from(t.churches)
    .where(eq(t.churches.id, churchId));
  const zone = zoneOfChurch(church ?? NO_CHURCH);
  const at = instantIn(zone, input.data);
  if (!at) throw fieldProblem(400, 'data', 'notifications.meetingWhenInvalid');
  if (at <= now) throw fieldProblem(400, 'data', 'notifications.meetingPast');
  if (at.getTime() - now.getTime() > MAX_AHEAD_MS)
    throw fieldProblem(400, 'data', 'notifications.meetingFar');

  // the members (not the leader who writes), as a set query for the e-mail send
  const members = sql`select ${t.groupMembers.userId} from ${t.groupMembers} where ${t.groupMembers.churchId} = ${churchId} and ${t.groupMembers.groupId} = ${group.id} and ${t.groupMembers.userId} <> ${userId}`;
  const [reach] = await rowsOf<{ n: number }>(
    db.execute(sql`select count(distinct a.uid)::int as n from (${members}) as a(uid)`),
  );
  const total = Number(reach?.n ?? 0);
  if (total === 0) throw fieldProblem(422, 'data', 'notifications.meetingNobody');

  const [leader] = await db
    .select({ first: t.users.firstName, last: t.users.lastName })
    .from(t.users)
    .where(eq(t.users.id, userId));
  const leaderName = [leader?.first, leader?.last].filter(Boolean).join(' ');
  const place = input.local || addressOf(group);
  const texts = inEveryLanguage((lang) => {
    const values = {
      group: group.name,
      leader: leaderName,
      when: dateFormat(INTL_LOCALE[lang], {
        dateStyle: 'full',
        timeStyle: 'short',
        timeZone: zone,
      }).format(at),
      place: place ? `, ${place}` : '',
      note: input.observacao ? ` ${input.observacao}` : '',
    };
    return {
      subject: emailMessage(lang, 'email.meetingSubject', values),
      body: emailMessage(lang, 'email.meetingBody', values),
    };
  });
  const own = texts[messageLangOfLocale(church?.locale)];

  const first = await db.transaction(async (tx) => {
    const [week] = await tx
      .select({ n: count() })
      .from(t.groupMeetingNotices)
      .where(
        and(
          eq(t.groupMeetingNotices.churchId, churchId),
          eq(t.groupMeetingNotices.groupId, group.id),
          gte(t.groupMeetingNotices.createdAt, new Date(now.getTime() - 7 * DAY)),
        ),
      );
    if ((week?.n ?? 0) >= PER_WEEK) throw new ApiProblem(429, 'notifications.meetingTooMany');
    const [claimed] = await tx
      .insert(t.groupMeetingNotices)
      .values({ churchId, groupId: group.id, meetingAt: at, userId })
      .onConflictDoNothing()
      .returning({ id: t.groupMeetingNotices.id });
    if (!claimed) throw new ApiProblem(409, 'notifications.meetingAlready');
    // one in-app copy per member, in the church's language (like "We're live")
    const rows = await rowsOf<{ id: number }>(
      tx.execute(sql`
        insert into ${t.notifications} (igreja_id, usuario_id, titulo, corpo, tipo_codigo, id_entidade_relacionada, tipo, data_cadastro, data_ultima_alteracao)
        select distinct ${churchId}::int, a.uid, ${own.subject}, ${own.body}, ${GROUP_NOTIFICATION_TYPES.meeting}, ${String(group.id)}, ${MEETING_KIND}, ${now.toISOString()}::timestamptz, ${now.toISOString()}::timestamptz
        from (${members}) as a(uid)
        returning id`),
    );
    await recordAudit(
      tx,
      { userId, name: leaderName, churchId, roles: [] },
      {
        action: 'groups.send',
        kind: 'celula_reuniao',
        targetId: group.id,
        summary: group.name,
        details: { porLider: true, encontro: at.toISOString(), destinatarios: rows.length },
      },
    );
    return Math.min(...rows.map((r) => Number(r.id)));
  });

  await queuePush(
    db,
    churchId,
    first,
    inEveryLanguage((lang) => ({ title: texts[lang].subject, body: texts[lang].body })),
    MEETING_KIND,
  );
  await queueEmailSend(db, {
    churchId,
    notificationId: first,
    kind: MEETING_KIND,
    origin: `celula:${group.id}:encontro:${at.toISOString()}`,
    ...own,
    texts,
    link: `/groups/${group.id}`,
    audience: { tipo: 'grupo', nome: group.name },
    members,
    createdBy: userId,
  });
  return total;
}
