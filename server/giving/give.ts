// POST /pagamento/ with tipo "doacao": a member's or a visitor's gift through the shared
// checkout pipeline, then its receipt by e-mail (issue 8 items 2 and 3).
import { eq } from 'drizzle-orm';
import type { Context } from 'hono';
import type { z } from 'zod';
import { messageLang } from '../../contract/account-messages.ts';
import type { donationBodySchema } from '../../contract/giving.ts';
import { onlyDigits } from '../../contract/account-rules.ts';
import { authenticate, membershipOf } from '../auth/authenticate.ts';
import { churchOrigin } from '../auth/church-link.ts';
import type { Database } from '../db/client.ts';
import * as t from '../db/schema/index.ts';
import { churchById } from '../http/church-scope.ts';
import { ApiProblem } from '../http/errors.ts';
import type { Mailer } from '../mail/outbox.ts';
import { runPayment, storedAnswer, type PaymentAnswer, type Payer } from '../payments/pipeline.ts';
import { spendCaptcha } from './captcha.ts';
import { donationOrder, giveError, givingChurch, givingSettingsOf } from './donation.ts';
import { receiptMail } from './receipt-mail.ts';

export async function giveDonation(
  db: Database,
  c: Context,
  body: z.output<typeof donationBodySchema>,
  key: string,
  mailer: Mailer,
): Promise<PaymentAnswer> {
  const lang = messageLang(c.req.header('accept-language'));
  const scoped = await churchById(db, c, body.igreja, { module: 'MOD_DOACAO' });
  const church = (await givingChurch(db, scoped.id))!;
  const user = await authenticate(db, c);
  if (user) {
    const membership = await membershipOf(db, user.userId, church.id);
    if (!membership?.active) throw giveError(403, 'give.recurrenceLogin');
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
    saveCard: body.salvarCartao,
    ach: body.ach,
    country: body.pais,
    idempotencyKey: key,
    fingerprint: { ...body, chaveIdempotencia: undefined, captcha: undefined },
    lang,
  };

  // A replay answers as the first time, before the (single-use) captcha is looked at again.
  const replay = await storedAnswer(db, { church }, payer);
  if (replay) return replay;

  if (!user) {
    const settings = await givingSettingsOf(db, church.id);
    if (!settings?.online) throw giveError(422, 'give.offline');
    if (!settings.visitors) throw giveError(401, 'give.noVisitors');
    if (!body.visitante)
      throw new ApiProblem(400, 'v.required', {
        'visitante.nome': ['v.required'],
        'visitante.email': ['v.required'],
      });
    // The captcha is checked (and spent) before anything is charged.
    if (
      !body.captcha ||
      !(await spendCaptcha(db, church.id, body.captcha.token, body.captcha.resposta))
    )
      throw giveError(422, 'give.captcha', 'captcha');
  }

  const order = await donationOrder(db, church, body, payer);
  const answer = await runPayment(db, order, payer);
  await sendReceipt(db, c, mailer, answer, user ? user.email : payer.donor!.email, church.id);
  return answer;
}

/** The receipt by e-mail; a failure to send never undoes the gift. */
async function sendReceipt(
  db: Database,
  c: Context,
  mailer: Mailer,
  answer: PaymentAnswer,
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
    const origin = await churchOrigin(db, c, church);
    const link = answer.body.chaveRecibo
      ? `${origin}/give/thank-you?pedido=${encodeURIComponent(p.codigo)}&chave=${encodeURIComponent(answer.body.chaveRecibo)}`
      : `${origin}/user/giving`;
    const [u] = await db
      .select({ firstName: t.users.firstName })
      .from(t.users)
      .where(eq(t.users.email, email));
    const name = p.doador?.nome ?? u?.firstName ?? email;
    await mailer.send(
      receiptMail(messageLang(c.req.header('accept-language')), email, {
        name,
        church: church.name,
        link,
        payment: p,
      }),
    );
  } catch (error) {
    console.error('[giving] receipt e-mail failed:', error);
  }
}
