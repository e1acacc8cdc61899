import type { Lang } from '../../../../common/format.ts';
import type { SessionChurch } from '../../../stores/session.ts';

/** What every island gets from its page (src/lib/island-props.server.ts builds it). */
export interface IslandProps {
  church: SessionChurch;
  lang: Lang;
  /** The strings of the island's features in the page's language (islands never load i18next). */
  strings: Record<string, string>;
}
