// Old path of the groups messages: the catalogue is contract/messages/ now (see README.md).
export { GROUP_MESSAGES, groupMessage, type GroupMessageKey } from './messages/groups.ts';
export {
  messageLangOfLocale as groupLangOfLocale,
  type MessageLang as GroupLang,
} from './messages/lang.ts';
