// The props every prayer island gets from its page: the church (for the session), the language,
// the `prayer.*` strings (islands do not load i18next) and the contract's limits (no zod in islands).
import { PRAYER_IMAGE_MAX_BYTES, PRAYER_MESSAGE_MAX, PRAYER_NAME_MAX } from '../../../contract/prayer.ts';
import { accountIslandProps } from '../account/island-props.server.ts';
import { messages } from '../i18n.ts';
import type { PrayerLimits } from './forms.ts';

export function prayerIslandProps(locals: App.Locals) {
  const { church, lang } = accountIslandProps(locals);
  const strings = Object.fromEntries(Object.entries(messages[locals.lang]).filter(([key]) => key.startsWith('prayer.')));
  const limits: PrayerLimits = { message: PRAYER_MESSAGE_MAX, name: PRAYER_NAME_MAX, imageBytes: PRAYER_IMAGE_MAX_BYTES };
  return { church, lang, strings, limits };
}
