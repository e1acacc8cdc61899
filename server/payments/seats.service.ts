// The member-side payment writes that take an event's seats or give them back. Each announces its
// church's change after its work (server/changes.ts `WriteDeps`), so every node's cached event
// pages show the new availability at once; routes never purge (docs/architecture.md "Adding a feature").
import type { z } from 'zod';
import type { MessageLang } from '../../contract/messages/lang.ts';
import type { paymentBodySchema, sandboxActionParams } from '../../contract/payments.ts';
import type { WriteDeps } from '../changes.ts';
import { applyWebhookEvent } from './live.ts';
import type { OrderCall } from './pipeline.ts';
import type * as t from '../db/schema/index.ts';
import { completeCardChallenge, eventChurchId, sandboxAction } from './payments.service.ts';
import { buyTickets } from './purchase.ts';

type PaymentRow = typeof t.payments.$inferSelect;

/** An event's order of POST /pagamento/: a taken seat shows on the event's pages. */
export async function orderTickets(
  deps: WriteDeps,
  call: OrderCall,
  body: z.output<typeof paymentBodySchema>,
) {
  const answer = await buyTickets(deps.db, call, body);
  if (answer.status < 400) {
    const churchId = await eventChurchId(deps.db, body.evento);
    if (churchId !== null) deps.changes.churchChanged(churchId);
  }
  return answer;
}

/** The card's challenge answered: an approved or refused payment moves its seats. */
export async function answerCardChallenge(
  deps: WriteDeps,
  payment: PaymentRow,
  outcome: string,
  lang: MessageLang,
): Promise<void> {
  await completeCardChallenge(deps.db, payment, outcome, lang);
  deps.changes.churchChanged(payment.churchId);
}

/** A tester drives a sandbox payment's status (README "Test payments"). */
export async function driveSandboxPayment(
  deps: WriteDeps,
  payment: PaymentRow,
  acao: z.output<typeof sandboxActionParams>['acao'],
): Promise<void> {
  await sandboxAction(deps.db, payment, acao);
  deps.changes.churchChanged(payment.churchId);
}

/** A verified gateway event applied once; a status it moved may give seats back. */
export async function applyGatewayEvent(
  deps: WriteDeps,
  churchId: number,
  gatewayId: number,
  event: Parameters<typeof applyWebhookEvent>[3],
) {
  const applied = await applyWebhookEvent(deps.db, churchId, gatewayId, event);
  if (applied.moved) deps.changes.churchChanged(churchId);
  return applied;
}
