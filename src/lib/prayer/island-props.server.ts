// The props every prayer island gets from its page: the kit's island props with the `prayer.*`
// strings, plus the contract's limits (no zod in islands).
import {
  PRAYER_IMAGE_MAX_BYTES,
  PRAYER_MESSAGE_MAX,
  PRAYER_NAME_MAX,
} from '../../../contract/prayer.ts';
import { islandProps } from '../island-props.server.ts';
import type { PrayerLimits } from './forms.ts';

export function prayerIslandProps(locals: App.Locals) {
  const { church, lang, strings } = islandProps(locals, ['prayer.']);
  const limits: PrayerLimits = {
    message: PRAYER_MESSAGE_MAX,
    name: PRAYER_NAME_MAX,
    imageBytes: PRAYER_IMAGE_MAX_BYTES,
  };
  return { church, lang, strings, limits };
}
