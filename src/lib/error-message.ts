// The error page's `message` query: one of our message keys (translated) or plain text.
import { messages, type Lang, type MessageKey, type Translate } from './i18n.ts';

/** The message the catch-all route sends an unknown path to the error page with (spec §2). */
export const NOT_FOUND_MESSAGE = 'error.pageNotFound';

/** The spec's name for the generic message, as other screens send it. */
const ALIASES: Record<string, MessageKey> = { 'HOME.MESSAGE.ERROR.GENERIC': 'error.generic' };

export function errorMessageFromQuery(raw: string | null, lang: Lang, t: Translate): string {
  const value = raw?.trim();
  if (!value) return t('error.generic');
  const key = ALIASES[value] ?? value;
  if (key in messages[lang]) return t(key);
  return value.slice(0, 300);
}
