// How the rotas reach people (docs/volunteers.md "How people are told"): an in-app notice per
// person, the same notice by web push to those who allow push (the `notifications.push` task of
// docs/notifications.md reads the member's preferences), and the e-mail. Requests and reminders
// always go by e-mail (the volunteer must answer); a swap's call to the whole team only to those
// who keep e-mails of that kind on.
import { and, eq, sql } from 'drizzle-orm';
import type { Db } from '../db/client.ts';
import * as t from '../db/schema/index.ts';
import { log } from '../log.ts';
import type { Mail, Mailer } from '../mail/outbox.ts';
import { channelsFor } from '../notifications/preferences.ts';
import { queuePush } from '../notifications/push.task.ts';

export interface Recipient {
  id: number;
  email: string;
}

/** A team's leaders, or the church's admins when it has none. */
export async function leadersOf(db: Db, churchId: number, teamId: number): Promise<Recipient[]> {
  const leaders = await db
    .select({ id: t.users.id, email: t.users.email })
    .from(t.teamMembers)
    .innerJoin(t.users, eq(t.users.id, t.teamMembers.userId))
    .where(
      and(
        eq(t.teamMembers.churchId, churchId),
        eq(t.teamMembers.teamId, teamId),
        eq(t.teamMembers.leader, true),
        eq(t.teamMembers.state, 'ativo'),
      ),
    );
  if (leaders.length) return leaders;
  return db
    .select({ id: t.users.id, email: t.users.email })
    .from(t.churchUsers)
    .innerJoin(t.users, eq(t.users.id, t.churchUsers.userId))
    .where(
      and(
        eq(t.churchUsers.churchId, churchId),
        eq(t.churchUsers.active, true),
        sql`${t.churchUsers.roles} @> '["ROLE_ADMIN"]'::jsonb`,
      ),
    );
}

/**
 * In-app notices to these people (one row each, one moment: the push task sends them as one
 * send) and their push, queued when the church has devices. Runs inside the caller's
 * transaction when given one, so a rolled-back answer tells nobody.
 */
export async function noticeAndPush(
  db: Db,
  churchId: number,
  userIds: number[],
  notice: { title: string; body: string; typeCode: string; relatedId: string },
  now = new Date(),
): Promise<void> {
  if (!userIds.length) return;
  const rows = await db
    .insert(t.notifications)
    .values(userIds.map((userId) => ({ churchId, userId, ...notice, createdAt: now })))
    .returning({ id: t.notifications.id });
  await queuePush(db, churchId, rows[0]!.id);
}

/**
 * Tells people one thing on every channel: notice + push, then the e-mail (`mail` builds each
 * person's, with their own link). `emailByPreference`: skip those who turned group e-mails off.
 */
export async function tell(
  db: Db,
  mailer: Mailer,
  churchId: number,
  people: Recipient[],
  notice: { typeCode: string; relatedId: string },
  mail: (to: Recipient) => Mail,
  options: { emailByPreference?: boolean; now?: Date } = {},
): Promise<void> {
  const unique = [...new Map(people.map((p) => [p.id, p])).values()];
  if (!unique.length) return;
  const sample = mail(unique[0]!);
  await noticeAndPush(
    db,
    churchId,
    unique.map((p) => p.id),
    { title: sample.subject, body: sample.text.split('\n')[0]!, ...notice },
    options.now,
  );
  const channels = options.emailByPreference
    ? await channelsFor(
        db,
        churchId,
        unique.map((p) => p.id),
        'groups',
      )
    : null;
  for (const person of unique) {
    if (channels && !channels.get(person.id)?.has('email')) continue;
    await mailer
      .send(mail(person))
      .catch((error: unknown) => log.error({ err: error }, '[rotas] e-mail failed'));
  }
}
