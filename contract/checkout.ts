// POST /pagamento/: one checkout for every kind of order (docs/giving.md "One pipeline"). `tipo` says what is bought:
// event tickets (the default, so older clients keep working) or a donation; only that part of
// the body differs, the payment part (method, card, installments, key) is shared. A Play
// subscription (`tipo: "assinatura"`, contract/play.ts) is one more kind.
import './common.ts'; // zod's browser setting comes before any schema
import { z } from 'zod';
import { donationBodySchema } from './giving.ts';
import { paymentBodySchema } from './payments.ts';
import { subscriptionBodySchema } from './play.ts';

export const orderBodySchema = z.preprocess(
  (body) =>
    body && typeof body === 'object' && !Array.isArray(body) && !('tipo' in body)
      ? { ...body, tipo: 'evento' }
      : body,
  z.discriminatedUnion('tipo', [paymentBodySchema, donationBodySchema, subscriptionBodySchema], {
    error: 'Invalid input.',
  }),
);
export type OrderBody = z.input<typeof orderBodySchema>;
export type OrderBodyParsed = z.output<typeof orderBodySchema>;
