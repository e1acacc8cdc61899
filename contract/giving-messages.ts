// Old path of the giving messages: the catalogue is contract/messages/ now (see README.md).
export {
  GIVING_MESSAGES,
  givingMessage,
  isGivingMessageKey,
  type GivingMessageKey,
} from './messages/giving.ts';
