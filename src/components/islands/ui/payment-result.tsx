// After paying, for every order kind: the card challenge form, and the result view (approved,
// declined with its message, Pix QR + copy code + waiting for payment, slip line + link, PicPay's
// payment page, cash/transfer deadline). `usePaymentAnswer` loads the answer and checks it again
// while the payment waits, so a Pix paid on the phone shows here.
//   <ChallengeForm code={p.codigo} receiptKey={key} t={t} onAnswer={(answer) => …afterPay(answer, thanksUrl)} />
//   const { answer } = usePaymentAnswer(ready, () => paymentAnswer(code, { userId }), kept);
//   <PaymentResult payment={answer.pagamento} text={t(thankYouKey(…))} t={t} lang={lang} />
import { useStore } from '@nanostores/react';
import { useEffect, useRef, useState, type FormEvent } from 'react';
import type { Payment, PaymentResponse } from '../../../../contract/payments.ts';
import {
  formatPixKey,
  pixKeyOfCode,
  pixKeyTypeOf,
  type PixKeyType,
} from '../../../../contract/pix-key.ts';
import { isOpen, isWaiting } from '../../../lib/checkout/payment.ts';
import { dateTime, dayMonth, timeOf, type Lang } from '../../../../common/format.ts';
import { Loader, Notice, SubmitButton } from './feedback.tsx';
import { Field } from './fields.tsx';
import {
  $challenges,
  answerChallenge,
  challengeOf,
  setChallengeCode,
} from '../../../stores/payment.ts';
import type { T } from './t.ts';
import './ui.css';
import './payment.css';

/** The card challenge (spec §3 Checkout state `challenge`): the bank's code, then the new answer. */
export function ChallengeForm({
  code,
  receiptKey,
  t,
  onAnswer,
}: {
  code: string;
  receiptKey?: string | null | undefined;
  t: T;
  onAnswer: (answer: PaymentResponse) => void;
}) {
  const { value, busy, error } = challengeOf(code, useStore($challenges));
  async function submit(e: FormEvent) {
    e.preventDefault();
    const answer = await answerChallenge(code, receiptKey ?? undefined, t('pay.error.generic'));
    if (answer) onAnswer(answer);
  }
  return (
    <form className="ui-challenge" onSubmit={(e) => void submit(e)}>
      <h2>{t('pay.challenge.title')}</h2>
      <p>{t('pay.challenge.text')}</p>
      <Field
        label={t('pay.challenge.code')}
        name="desafio"
        value={value}
        onChange={(v) => setChallengeCode(code, v)}
        required
        inputMode="numeric"
        autoComplete="one-time-code"
        error={error?.errors.codigo?.[0]}
      />
      {error && <Notice kind="error">{error.message}</Notice>}
      <SubmitButton
        submitting={busy}
        label={t('pay.challenge.confirm')}
        busyLabel={t('pay.confirming')}
      />
    </form>
  );
}

/**
 * A payment's answer: `initial` (kept from the payment just made) shows at once; `load` runs when
 * `ready`, then every 5 s while the payment waits. undefined while loading, null when not found.
 */
export function usePaymentAnswer(
  ready: boolean,
  load: () => Promise<PaymentResponse | null>,
  initial: PaymentResponse | null = null,
) {
  const [answer, setAnswer] = useState<PaymentResponse | null | undefined>(undefined);
  const loader = useRef(load);
  loader.current = load;
  useEffect(() => {
    if (initial) setAnswer((shown) => shown ?? initial); // after hydration: the server render had no session storage
  }, []);
  const refresh = async (poll = false) => {
    try {
      const next = await loader.current();
      setAnswer((shown) => next ?? (poll ? shown : (shown ?? null)));
    } catch {
      if (!poll) setAnswer((shown) => shown ?? null); // a failed re-check keeps what is shown
    }
  };
  useEffect(() => {
    if (ready) void refresh();
  }, [ready]);
  const waiting = !!answer && isWaiting(answer.pagamento.status);
  useEffect(() => {
    if (!waiting) return;
    const timer = setInterval(() => void refresh(true), 5000);
    return () => clearInterval(timer);
  }, [waiting]);
  return { answer, setAnswer };
}

/** The result of a payment by method and status (spec §4); `text` is the order kind's thank-you text. */
export function PaymentResult({
  payment: p,
  text,
  t,
  lang,
}: {
  payment: Payment;
  text: string;
  t: T;
  lang: Lang;
}) {
  const [copied, setCopied] = useState(false);
  const open = isOpen(p.status);
  const kind =
    p.status === 'aprovado'
      ? 'ok'
      : p.status === 'nao_aprovado' || p.status === 'cancelado'
        ? 'error'
        : 'info';
  return (
    <div className="ui-result">
      <Notice kind={kind}>{text}</Notice>
      {p.status === 'nao_aprovado' && p.mensagem && <p className="ui-error">{p.mensagem}</p>}
      {p.metodoPagamento === 'pix' && p.pixCopiaCola && open && (
        <div className="ui-pix">
          {p.pixQrCode && <img src={p.pixQrCode} alt={t('pay.pixQr')} width={220} height={220} />}
          <label htmlFor="pix-code">{t('pay.pixCode')}</label>
          <textarea id="pix-code" readOnly value={p.pixCopiaCola} rows={4} />
          <button
            type="button"
            className="button secondary"
            onClick={() =>
              void navigator.clipboard?.writeText(p.pixCopiaCola!).then(
                () => setCopied(true),
                () => undefined,
              )
            }
          >
            {copied ? t('pay.copied') : t('pay.copy')}
          </button>
          <PixReceiver code={p.pixCopiaCola} t={t} />
          {p.expiraEm && (
            <p>
              {t('pay.pixValidity', {
                time: timeOf(p.expiraEm, lang),
                date: dayMonth(p.expiraEm, lang),
              })}
            </p>
          )}
        </div>
      )}
      {p.metodoPagamento === 'boleto' && p.linhaDigitavel && open && (
        <div className="ui-pix">
          <label htmlFor="boleto-line">{t('pay.boletoLine')}</label>
          <input id="boleto-line" readOnly value={p.linhaDigitavel} />
          {p.expiraEm && <p>{t('pay.dueDate', { date: dateTime(p.expiraEm, lang) })}</p>}
          {p.urlPagamento && (
            <p>
              <a className="button secondary" href={p.urlPagamento}>
                {t('pay.boletoLink')}
              </a>
            </p>
          )}
        </div>
      )}
      {p.metodoPagamento === 'picpay' && p.urlPagamento && open && (
        <p>
          <a className="button" href={p.urlPagamento}>
            {t('pay.picpayPay')}
          </a>
        </p>
      )}
      {(p.metodoPagamento === 'dinheiro' || p.metodoPagamento === 'transferencia') &&
        p.expiraEm &&
        open && <p>{t('pay.payUntil', { date: dateTime(p.expiraEm, lang) })}</p>}
      {open &&
        (p.metodoPagamento === 'pix' ||
          p.metodoPagamento === 'boleto' ||
          p.metodoPagamento === 'picpay') && <Loader inline label={t('pay.waiting')} />}
    </div>
  );
}

/** Who receives the Pix: the key inside the code, named by its type (spec §3 Pix key types), so the payer can check it in the bank's app. */
function PixReceiver({ code, t }: { code: string; t: T }) {
  const key = pixKeyOfCode(code);
  const type = key ? pixKeyTypeOf(key) : null;
  if (!key || !type) return null;
  const names: Record<PixKeyType, string> = {
    cpf: t('pay.pixKeyType.cpf'),
    cnpj: t('pay.pixKeyType.cnpj'),
    email: t('pay.pixKeyType.email'),
    telefone: t('pay.pixKeyType.telefone'),
    aleatoria: t('pay.pixKeyType.aleatoria'),
  };
  return (
    <p className="ui-pix-key">
      {t('pay.pixKey', { type: names[type], key: formatPixKey(type, key) })}
    </p>
  );
}
