// What the unsubscribe page reads and does (docs/notifications.md "Unsubscribe"): the church and
// address a token names, and switching that kind's e-mail off through the one preference rule.
import { and, eq } from 'drizzle-orm';
import { messageLangOfLocale, type MessageLang } from '../../contract/messages/lang.ts';
import type { Database } from '../db/client.ts';
import * as t from '../db/schema/index.ts';
import { setPreference } from './preferences.ts';
import type { UnsubscribeClaim } from './unsubscribe-token.ts';

export interface UnsubscribeView {
  church: string;
  email: string;
  lang: MessageLang;
}

/** The church and member a token names, or null when either is gone or no longer linked. */
export async function unsubscribeView(
  db: Database,
  claim: UnsubscribeClaim,
): Promise<UnsubscribeView | null> {
  const [row] = await db
    .select({ church: t.churches.name, locale: t.churches.locale, email: t.users.email })
    .from(t.churchUsers)
    .innerJoin(t.churches, eq(t.churches.id, t.churchUsers.churchId))
    .innerJoin(t.users, eq(t.users.id, t.churchUsers.userId))
    .where(and(eq(t.churchUsers.churchId, claim.churchId), eq(t.churchUsers.userId, claim.userId)));
  return row
    ? { church: row.church, email: row.email, lang: messageLangOfLocale(row.locale) }
    : null;
}

/** Turns the kind's e-mail off for the member; the next sends skip them. */
export async function unsubscribe(db: Database, claim: UnsubscribeClaim): Promise<void> {
  await setPreference(db, claim.churchId, claim.userId, claim.kind, 'email', false);
}
