// POST /pagamento/ with tipo "doacao": a member's or a visitor's gift through the shared
// checkout pipeline, then its receipt by e-mail (docs/giving.md).
import { eq } from 'drizzle-orm';
import type { z } from 'zod';
import type { donationBodySchema } from '../../contract/giving.ts';
import { onlyDigits } from '../../contract/account-rules.ts';
import { membershipOf } from '../auth/authenticate.ts';
import type { Database } from '../db/client.ts';
import * as t from '../db/schema/index.ts';
import { scopedChurchById } from '../http/church-scope.ts';
import { ApiProblem, fieldProblem, notFound } from '../http/errors.ts';
import {
  storedAnswer,
  type OrderCall,
  type OrderEntry,
  type PaymentAnswer,
  type Payer,
} from '../payments/pipeline.ts';
import { runPayment } from '../payments/run-payment.ts';
import { spendCaptcha } from './captcha.ts';
import { donationOrder, givingChurch, givingSettingsOf } from './donation.ts';
import { receiptMail } from './receipt-mail.ts';
import { recordDeclined, spendVisitorGift, tokenFingerprint } from './visitor-limits.ts';
import { log } from '../log.ts';

/** The gift's order kind (spec §5 giving); a visitor gives where the church allows it. */
export const giveDonation: OrderEntry<z.output<typeof donationBodySchema>> = async (
  db,
  call,
  body,
) => {
  const { user, lang, idempotencyKey: key } = call;
  const scoped = await scopedChurchById(db, body.igreja, 'MOD_DOACAO');
  if (!scoped) throw notFound();
  const church = (await givingChurch(db, scoped.id))!;
  if (user) {
    const membership = await membershipOf(db, user.userId, church.id);
    if (!membership?.active) throw new ApiProblem(403, 'give.recurrenceLogin');
  }
  const payer: Payer = {
    userId: user?.userId ?? null,
    donor: user
      ? null
      : body.visitante
        ? {
            name: body.visitante.nome,
            email: body.visitante.email.toLowerCase(),
            cpf: body.visitante.cpf ? onlyDigits(body.visitante.cpf) : null,
          }
        : null,
    method: body.metodoPagamento,
    installments: body.parcelas,
    card: body.cartao,
    // a recurring gift charges its card again later, so the gateway must keep it (docs/giving.md)
    saveCard: body.salvarCartao || (body.recorrencia && user !== null),
    ach: body.ach,
    country: body.pais,
    idempotencyKey: key,
    fingerprint: { ...body, chaveIdempotencia: undefined, captcha: undefined },
    lang,
  };

  // A replay answers as the first time, before the (single-use) captcha is looked at again.
  const replay = await storedAnswer(db, { church }, payer);
  if (replay) return replay;

  // Every field is checked (all at once) before a visitor's captcha is looked at, so fixing a
  // typo does not cost a new challenge (the order is plain data until it is recorded).
  if (!user) {
    const settings = await givingSettingsOf(db, church.id);
    if (!settings?.online) throw new ApiProblem(422, 'give.offline');
    if (!settings.visitors) throw new ApiProblem(401, 'give.noVisitors');
    if (!body.visitante)
      throw new ApiProblem(400, 'v.required', {
        'visitante.nome': ['v.required'],
        'visitante.email': ['v.required'],
      });
  }
  const order = await donationOrder(db, church, body, payer);
  let visitorCard: string | null = null;
  if (!user && body.visitante) {
    // Counted before the challenge, so a script pays for every try (docs/security.md "Visitor gifts and card testing").
    visitorCard = await tokenFingerprint(db, church.id, body.cartao?.token);
    await spendVisitorGift(db, {
      address: call.address ?? 'unknown',
      email: body.visitante.email,
      card: visitorCard,
    });
    // The captcha is checked (and spent) before anything is charged.
    if (
      !body.captcha ||
      !(await spendCaptcha(db, church.id, body.captcha.token, body.captcha.resposta))
    )
      throw fieldProblem(422, 'captcha', 'give.captcha');
  }

  const answer = await runPayment(db, order, payer);
  const status = answer.body.pagamento.status;
  if (!user && status === 'nao_aprovado')
    await recordDeclined(db, call.address ?? 'unknown', visitorCard);
  // A member's receipt goes now, whatever the status. A visitor's goes only once the gift is paid
  // (no mail to an address a stranger typed for a declined or unpaid one): the pipeline queues it
  // (server/payments/paid-mail.task.ts), for an approval now or a Pix paid later alike.
  if (user) await sendReceipt(db, call, answer, user.email, church.id);
  return answer;
};

/** The receipt by e-mail; a failure to send never undoes the gift. */
export async function sendReceipt(
  db: Database,
  call: Pick<OrderCall, 'lang' | 'mailer' | 'originOf'>,
  answer: Pick<PaymentAnswer, 'body'>,
  email: string,
  churchId: number,
): Promise<void> {
  const p = answer.body.pagamento;
  try {
    const [church] = await db
      .select({
        id: t.churches.id,
        code: t.churches.code,
        name: t.churches.name,
        active: t.churches.active,
      })
      .from(t.churches)
      .where(eq(t.churches.id, churchId));
    if (!church) return;
    const origin = await call.originOf(church);
    const link = answer.body.chaveRecibo
      ? `${origin}/give/thank-you?pedido=${encodeURIComponent(p.codigo)}&chave=${encodeURIComponent(answer.body.chaveRecibo)}`
      : `${origin}/user/giving`;
    const [u] = await db
      .select({ firstName: t.users.firstName })
      .from(t.users)
      .where(eq(t.users.email, email));
    const name = p.doador?.nome ?? u?.firstName ?? email;
    await call.mailer.send(
      receiptMail(call.lang, email, {
        name,
        church: church.name,
        link,
        payment: p,
      }),
    );
  } catch (error) {
    log.error({ err: error }, '[giving] receipt e-mail failed');
  }
}
