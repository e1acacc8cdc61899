// The provider islands' translator: the page's `provider.` strings, and the API's catalogue of
// provider messages for the rules the browser checks itself (a code's shape).
import { PROVIDER_MESSAGES } from '../../../../contract/messages/provider.ts';
import { makeT, type Lang, type T } from '../ui/index.ts';

export const providerT = (strings: Record<string, string>, lang: Lang): T =>
  makeT(strings, lang, (key) => (PROVIDER_MESSAGES[lang] as Record<string, string>)[key]);

export interface ProviderIslandProps {
  lang: Lang;
  strings: Record<string, string>;
  /** The provider domain churches live under (`<code>.<domain>`). */
  domain: string;
}
