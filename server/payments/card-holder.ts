// The card's owner and holder data at tokenisation (spec §3 Payment fields):
// a member's card, or a visitor's where the church takes visitor gifts; the holder's CPF and
// birth date where the church's card gateway needs them (contract/payment-rules.ts).
import { and, eq, gt } from 'drizzle-orm';
import type { Context } from 'hono';
import { accountMessage } from '../../contract/messages/account.ts';
import { type MessageLang } from '../../contract/messages/lang.ts';
import { isBeforeToday, isIsoDate, isValidCpf, onlyDigits } from '../../contract/account-rules.ts';
import { fieldMessage } from '../../contract/messages/fields.ts';
import { needsHolderFields } from '../../contract/payment-rules.ts';
import { authenticate, requireMember } from '../auth/authenticate.ts';
import type { Database } from '../db/client.ts';
import * as t from '../db/schema/index.ts';
import { givingSettingsOf } from '../giving/donation.ts';
import { churchById } from '../http/church-scope.ts';
import { receiptKey } from './payment-view.ts';

/**
 * Who a new card token belongs to: the member (id), or null for a visitor at a church that
 * takes gifts from visitors (MOD_DOACAO, online, visitors). Anyone else gets the login answer.
 */
export async function cardTokenOwner(
  db: Database,
  c: Context,
  churchId: number,
): Promise<number | null> {
  if (!(await authenticate(db, c))) {
    const settings = await givingSettingsOf(db, churchId);
    if (settings?.online && settings.visitors) {
      await churchById(db, churchId, { module: 'MOD_DOACAO' });
      return null;
    }
    // or one that sells tickets to visitors (docs/events.md "Visitors"): its order still checks the event
    const [open] = await db
      .select({ id: t.events.id })
      .from(t.events)
      .where(
        and(
          eq(t.events.churchId, churchId),
          eq(t.events.active, true),
          eq(t.events.visitorsAllowed, true),
          eq(t.events.registrationOpen, true),
          gt(t.events.endsAt, new Date()),
        ),
      )
      .limit(1);
    if (open) return null;
  }
  return (await requireMember(db, c, churchId)).user.userId;
}

/** The holder fields the gateway needs, each with its message in the request's language. */
export function holderFieldErrors(
  gatewayId: number,
  body: { cpfTitular?: string | undefined; dataNascimentoTitular?: string | undefined },
  lang: MessageLang,
): Record<string, string[]> {
  if (!needsHolderFields(gatewayId)) return {};
  const errors: Record<string, string[]> = {};
  const cpf = onlyDigits(body.cpfTitular ?? '');
  if (!cpf) errors.cpfTitular = [fieldMessage(lang, 'Required.')];
  else if (!isValidCpf(cpf)) errors.cpfTitular = [accountMessage(lang, 'v.cpf')];
  const birth = body.dataNascimentoTitular?.trim() ?? '';
  if (!birth) errors.dataNascimentoTitular = [fieldMessage(lang, 'Required.')];
  // the API takes ISO dates (the form turns what was typed into one): its message names that format
  else if (!isIsoDate(birth)) errors.dataNascimentoTitular = [accountMessage(lang, 'v.isoDate')];
  else if (!isBeforeToday(birth))
    errors.dataNascimentoTitular = [accountMessage(lang, 'v.datePast')];
  return errors;
}

/** A visitor's payment by its order code and receipt key (the card challenge of a visitor's gift), or null. */
export async function visitorPayment(db: Database, code: string, key: string) {
  const expected = receiptKey(code);
  if (key.length !== expected.length || key !== expected) return null;
  const [row] = await db.select().from(t.payments).where(eq(t.payments.code, code));
  return row && row.userId === null ? row : null;
}
