// What a request and its answer send (spec §4 "a group participation request goes to the leader"):
// a notification in the account (spec §3 Notification, type codes of contract/groups.ts) and an
// e-mail through the outbox, both in the church's language. A failed e-mail never undoes the request.
import type { Context } from 'hono';
import { messageLangOfLocale } from '../../contract/messages/lang.ts';
import { groupMessage, type GroupMessageKey } from '../../contract/messages/groups.ts';
import { GROUP_NOTIFICATION_TYPES } from '../../contract/groups.ts';
import { churchOrigin } from '../auth/church-link.ts';
import type { Database } from '../db/client.ts';
import * as t from '../db/schema/index.ts';
import type { ScopedChurch } from '../http/church-scope.ts';
import type { Mailer } from '../mail/outbox.ts';
import { log } from '../log.ts';
import { escapeHtml } from '../mail/text.ts';

interface Recipient {
  id: number;
  email: string;
}

async function deliver(
  db: Database,
  mailer: Mailer,
  c: Context,
  church: ScopedChurch,
  to: Recipient,
  type: string,
  groupId: number,
  text: { title: string; body: string; extra?: string; action: string; path: string },
): Promise<void> {
  await db.insert(t.notifications).values({
    churchId: church.id,
    userId: to.id,
    title: text.title,
    body: text.body,
    typeCode: type,
    relatedId: String(groupId),
  });
  try {
    const link = `${await churchOrigin(db, c, { id: church.id, code: church.code, name: church.name, active: true })}${text.path}`;
    const lines = [text.body, text.extra].filter((l): l is string => Boolean(l));
    await mailer.send({
      to: to.email,
      subject: text.title,
      text: `${lines.join('\n\n')}\n\n${text.action}: ${link}\n`,
      html: `${lines.map((l) => `<p>${escapeHtml(l)}</p>`).join('')}<p><a href="${escapeHtml(link)}">${escapeHtml(text.action)}</a></p>`,
      links: [link],
    });
  } catch (error) {
    log.error({ err: error, type }, '[mail] group e-mail failed');
  }
}

/** To the leader: someone asked to join; the link opens the leader's list of requests. */
export async function notifyLeader(
  db: Database,
  mailer: Mailer,
  c: Context,
  church: ScopedChurch,
  leader: Recipient,
  group: { id: number; name: string },
  requester: string,
  message: string | null,
): Promise<void> {
  const lang = messageLangOfLocale(church.locale);
  const values = { group: group.name, name: requester, message: message ?? '' };
  await deliver(db, mailer, c, church, leader, GROUP_NOTIFICATION_TYPES.request, group.id, {
    title: groupMessage(lang, 'groups.mail.requestTitle', values),
    body: groupMessage(lang, 'groups.mail.requestBody', values),
    ...(message ? { extra: groupMessage(lang, 'groups.mail.requestMessage', values) } : {}),
    action: groupMessage(lang, 'groups.mail.requestAction'),
    path: `/groups/${group.id}/requests`,
  });
}

/** To the member: the leader's answer; the link opens the group. */
export async function notifyMember(
  db: Database,
  mailer: Mailer,
  c: Context,
  church: ScopedChurch,
  member: Recipient,
  group: { id: number; name: string },
  accepted: boolean,
): Promise<void> {
  const lang = messageLangOfLocale(church.locale);
  const values = { group: group.name };
  const [title, body]: GroupMessageKey[] = accepted
    ? ['groups.mail.acceptedTitle', 'groups.mail.acceptedBody']
    : ['groups.mail.declinedTitle', 'groups.mail.declinedBody'];
  await deliver(db, mailer, c, church, member, GROUP_NOTIFICATION_TYPES.answer, group.id, {
    title: groupMessage(lang, title!, values),
    body: groupMessage(lang, body!, values),
    action: groupMessage(lang, 'groups.mail.answerAction'),
    path: `/groups/${group.id}`,
  });
}
