// The reconciliation job of the one scheduler (docs/payments.md "Reconciliation"): every minute,
// live payments still open past their check time are asked of their gateway, so a lost webhook
// or a crash between the gateway's answer and our commit never leaves a paid order unconfirmed;
// and money paid for an order we had already closed is given back.
import { defineJob } from '../jobs/runner.ts';
import { refundPaidAfterClose } from './late-refund.ts';
import { reconcileLivePayments } from './live.ts';

export const reconcileGatewaysJob = defineJob({
  name: 'payments.reconcile-gateways',
  everyMs: 60_000,
  // Each payment is claimed on its own (a conditional update), so a lease that runs out is still safe.
  leaseMs: 5 * 60_000,
  async run({ db, now }) {
    await reconcileLivePayments(db, now());
    await refundPaidAfterClose(db, now()); // paid there after we had closed it here: given back
  },
});
