// Moved to the one catalogue: contract/messages/giving.ts (issue 17). Kept while other work imports this path.
export { GIVING_MESSAGES, givingMessage, isGivingMessageKey, type GivingMessageKey } from './messages/giving.ts';
