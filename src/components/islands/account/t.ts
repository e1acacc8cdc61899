// The account islands' strings: the kit's makeT over the `account.*` strings, with the account
// messages (contract) for the API's validation and auth keys.
import { accountMessages } from '../../../lib/account/messages.ts';
import { makeT, type IslandProps, type T } from '../ui/index.ts';

export const accountT = ({ strings, lang }: Pick<IslandProps, 'strings' | 'lang'>): T =>
  makeT(strings, lang, accountMessages(lang));
