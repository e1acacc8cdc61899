// Old path of the payment messages: the catalogue is contract/messages/ now (see README.md).
export { paymentMessage, type PaymentMessageKey } from './messages/payments.ts';
export { fieldMessage } from './messages/fields.ts';
