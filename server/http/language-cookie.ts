// The language switch's choice (the `lang` cookie, contract/language.ts) stands in for the
// browser's language on every request, before the page cache, the pages and the API read it: a
// page is then kept and served per chosen language, and the API's messages follow the pages'.
import type { IncomingMessage } from 'node:http';
import { chosenLanguage } from '../../contract/language.ts';

/** Puts the chosen language in the request's Accept-Language; without a choice nothing changes. */
export function applyChosenLanguage(req: IncomingMessage): void {
  const lang = chosenLanguage(req.headers.cookie);
  if (lang) req.headers['accept-language'] = lang;
}
