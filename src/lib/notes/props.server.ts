// The props of every notes screen: the church (for the session), the language and the `notes.*`
// strings (these screens load no i18next).
import { accountIslandProps } from '../account/island-props.server.ts';
import { messages } from '../i18n.ts';

export function notesProps(locals: App.Locals, noteId: number | null = null) {
  const { church, lang } = accountIslandProps(locals);
  const strings = Object.fromEntries(
    Object.entries(messages[locals.lang]).filter(([key]) => key.startsWith('notes.')),
  );
  return { church, lang, strings, noteId };
}

/** A note id from the path, or 0 (shown as "not found"). */
export const noteIdOf = (raw: string | undefined): number =>
  /^\d{1,9}$/.test(raw ?? '') ? Number(raw) : 0;
