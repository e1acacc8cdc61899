// Old path of the per-field messages: the catalogue is contract/messages/ now (see README.md).
export { fieldMessage } from './messages/fields.ts';
