// The prayer islands' props and strings: the kit's makeT over the `prayer.*` strings, with the
// account messages for the validation keys the form rules return (src/lib/prayer/forms.ts).
import { accountMessages } from '../../../lib/account/messages.ts';
import type { PrayerLimits } from '../../../lib/prayer/forms.ts';
import { makeT, type IslandProps, type T } from '../ui/index.ts';

/** What every prayer island gets from its page (src/lib/prayer/island-props.server.ts). */
export interface PrayerIslandProps extends IslandProps {
  limits: PrayerLimits;
}

export const prayerT = ({ strings, lang }: IslandProps): T =>
  makeT(strings, lang, accountMessages(lang));
