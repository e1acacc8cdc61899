// The language each member gets the church's e-mails and pushes in (docs/notifications.md
// "Language"): their own choice per church, else the church's. Product messages (event e-mails,
// "We're live") are written in every language when queued; a staff notice is in the words staff wrote.
import { and, eq, inArray } from 'drizzle-orm';
import { LANGUAGES, type Lang } from '../../contract/language.ts';
import { messageLangOfLocale } from '../../contract/messages/lang.ts';
import type { Db } from '../db/client.ts';
import * as t from '../db/schema/index.ts';

/** Ids per query: far below the bind-parameter limit of either database. */
const CHUNK = 5_000;

/** The church's language (its locale as pt, en or es). */
export async function churchLanguage(db: Db, churchId: number): Promise<Lang> {
  const [church] = await db
    .select({ locale: t.churches.locale })
    .from(t.churches)
    .where(eq(t.churches.id, churchId));
  return messageLangOfLocale(church?.locale);
}

/** Each member's language: their choice, else `fallback` (the church's); every id asked for is in the map. */
export async function languagesFor(
  db: Db,
  churchId: number,
  userIds: number[],
  fallback: Lang,
): Promise<Map<number, Lang>> {
  const result = new Map<number, Lang>(userIds.map((id) => [id, fallback]));
  const ids = [...result.keys()];
  for (let i = 0; i < ids.length; i += CHUNK) {
    const rows = await db
      .select({
        userId: t.notificationLanguages.userId,
        language: t.notificationLanguages.language,
      })
      .from(t.notificationLanguages)
      .where(
        and(
          eq(t.notificationLanguages.churchId, churchId),
          inArray(t.notificationLanguages.userId, ids.slice(i, i + CHUNK)),
        ),
      );
    for (const row of rows)
      if ((LANGUAGES as readonly string[]).includes(row.language))
        result.set(row.userId, row.language as Lang);
  }
  return result;
}

/** A member's own choice, or null (the church's language applies). */
export async function languageChoice(
  db: Db,
  churchId: number,
  userId: number,
): Promise<Lang | null> {
  const [row] = await db
    .select({ language: t.notificationLanguages.language })
    .from(t.notificationLanguages)
    .where(
      and(
        eq(t.notificationLanguages.churchId, churchId),
        eq(t.notificationLanguages.userId, userId),
      ),
    );
  return row && (LANGUAGES as readonly string[]).includes(row.language)
    ? (row.language as Lang)
    : null;
}

/** Keeps a member's language; null goes back to the church's. */
export async function setLanguage(
  db: Db,
  churchId: number,
  userId: number,
  language: Lang | null,
): Promise<void> {
  if (language === null) {
    await db
      .delete(t.notificationLanguages)
      .where(
        and(
          eq(t.notificationLanguages.churchId, churchId),
          eq(t.notificationLanguages.userId, userId),
        ),
      );
    return;
  }
  await db
    .insert(t.notificationLanguages)
    .values({ churchId, userId, language, updatedAt: new Date() })
    .onConflictDoUpdate({
      target: [t.notificationLanguages.churchId, t.notificationLanguages.userId],
      set: { language, updatedAt: new Date() },
    });
}

/** A message made in every language (what a product send keeps, so each member gets theirs). */
export function inEveryLanguage<T>(make: (lang: Lang) => T): Record<Lang, T> {
  return Object.fromEntries(LANGUAGES.map((lang) => [lang, make(lang)])) as Record<Lang, T>;
}
