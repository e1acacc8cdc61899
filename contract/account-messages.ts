// Old path of the account messages: the catalogue is contract/messages/ now (see README.md).
export { messageLang, type MessageLang } from './messages/lang.ts';
export {
  accountMessage,
  isAccountMessageKey as isMessageKey,
  MARITAL_STATUS_NAMES,
  type AccountMessageKey,
} from './messages/account.ts';
