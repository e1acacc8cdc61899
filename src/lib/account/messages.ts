// The account messages (contract) as the islands' makeT fallback: the API's validation and auth
// keys (`v.required`, `auth.loginRequired`…) that the page's own strings do not carry.
import { accountMessage } from '../../../contract/messages/account.ts';
import type { Lang } from '../../../common/format.ts';

export const accountMessages =
  (lang: Lang) =>
  (key: string): string =>
    accountMessage(lang, key);
