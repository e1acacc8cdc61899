// The HTTP side of POST /pagamento/ and POST /usuario-plano-assinatura/: the idempotency key
// (header or body), the caller and the language become the plain OrderCall every order kind
// takes (server/payments/pipeline.ts), so no order kind reads the request.
import type { Context } from 'hono';
import { callerAddress } from '../auth/accounts.ts';
import { authenticate } from '../auth/authenticate.ts';
import { churchOrigin } from '../auth/church-link.ts';
import type { Database } from '../db/client.ts';
import { fieldProblem, langOf } from '../http/errors.ts';
import type { Mailer } from '../mail/outbox.ts';
import type { OrderCall } from './pipeline.ts';

/** The call of an order; a 400 on chaveIdempotencia when neither header nor body has a usable key. */
export async function orderCall(
  db: Database,
  c: Context,
  bodyKey: string | undefined,
  mailer: Mailer,
): Promise<OrderCall> {
  const key = c.req.header('idempotency-key')?.trim() || bodyKey;
  if (!key || key.length < 8 || key.length > 100)
    throw fieldProblem(400, 'chaveIdempotencia', 'pay.keyRequired');
  return {
    user: await authenticate(db, c),
    lang: langOf(c),
    idempotencyKey: key,
    mailer,
    originOf: (church) => churchOrigin(db, c, church),
    address: callerAddress(c),
  };
}
