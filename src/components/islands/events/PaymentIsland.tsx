// /checkout/thank-you and /user/payment/{code}: a payment's text by method and status (spec
// §4), the Pix code and QR with its validity, the bank slip line, and the sandbox controls a
// tester uses to pay or expire it (README "Test payments").
import { useEffect, useState } from 'react';
import type { PaymentResponse } from '../../../../contract/payments.ts';
import { mainApi } from '../../../lib/account/http.ts';
import { paymentPageState, thankYouKey } from '../../../lib/checkout-text.ts';
import { resetCheckout, bindCheckoutStorage } from '../../../stores/checkout.ts';
import { brandName, dateTime, dayMonth, failureMessage, makeT, money, Notice, Spinner, timeOf, useMember, type EventsIslandProps } from './common.tsx';

interface Props extends EventsIslandProps {
  mode: 'thanks' | 'status';
  code: string | null;
}

export default function PaymentIsland(props: Props) {
  const t = makeT(props.strings);
  const { ready, userId } = useMember(props.church);
  const [data, setData] = useState<PaymentResponse | null | undefined>(undefined);
  const [busy, setBusy] = useState(false);
  const [copied, setCopied] = useState(false);
  const [error, setError] = useState<string | null>(null);

  const load = async (poll = false) => {
    if (!userId || !props.code) return setData(null);
    try {
      setData(await mainApi().get(`usuario/${userId}/pagamento/`, { searchParams: { pedido: props.code } }).json<PaymentResponse>());
    } catch {
      if (!poll) setData(null); // a failed re-check keeps what is shown
    }
  };
  useEffect(() => {
    if (!ready) return;
    if (props.mode === 'thanks') {
      bindCheckoutStorage(sessionStorage);
      resetCheckout(); // spec §4: the checkout is reset once the purchase is done
    }
    void load();
  }, [ready, userId]);

  // A waiting payment is checked again now and then, so a Pix paid on the phone shows here.
  const waiting = !!data && ['pendente', 'aguardando', 'em_aberto', 'em_analise'].includes(data.pagamento.status);
  useEffect(() => {
    if (!waiting) return;
    const timer = setInterval(() => void load(true), 5000);
    return () => clearInterval(timer);
  }, [waiting]);

  if (!ready || data === undefined) return <Spinner label={t('checkout.loading')} />;
  const state = paymentPageState(data?.pagamento.status ?? null);
  if (!data) {
    return (
      <section className="ev-payment state-notFound">
        <h1>{t('payment.state.notFound')}</h1>
        <Notice kind="error">{t('payment.notFoundText')}</Notice>
        <p><a className="button" href="/">{t('payment.home')}</a></p>
      </section>
    );
  }
  const p = data.pagamento;
  const open = ['pendente', 'aguardando', 'em_aberto'].includes(p.status);

  async function sandbox(action: string) {
    setBusy(true);
    setError(null);
    try {
      setData(await mainApi().post(`sandbox/pagamento/${p.codigo}/${action}`).json<PaymentResponse>());
    } catch (e) {
      setError((await failureMessage(e, t('checkout.error.generic'))).message);
    } finally {
      setBusy(false);
    }
  }

  const title = props.mode === 'thanks' && state !== 'canceled' ? t('payment.thanksTitle') : t(`payment.state.${state}`);
  const eventId = p.evento?.id;
  return (
    <section className={`ev-payment state-${state}`} aria-labelledby="payment-title">
      <h1 id="payment-title">{title}</h1>
      <Notice kind={state === 'success' ? 'success' : state === 'canceled' ? 'error' : 'info'}>
        {t(thankYouKey(p.metodoPagamento, p.status))}
      </Notice>
      {p.mensagem && state === 'canceled' && <p>{p.mensagem}</p>}

      {p.metodoPagamento === 'pix' && p.pixCopiaCola && open && (
        <div className="ev-pix">
          {p.pixQrCode && <img src={p.pixQrCode} alt={t('payment.pixQr')} width={220} height={220} />}
          <label htmlFor="pix-code">{t('payment.pixCode')}</label>
          <textarea id="pix-code" readOnly value={p.pixCopiaCola} rows={4} />
          <button type="button" className="button secondary" onClick={() => void navigator.clipboard?.writeText(p.pixCopiaCola!).then(() => setCopied(true), () => undefined)}>
            {copied ? t('payment.copied') : t('payment.copy')}
          </button>
          {p.expiraEm && <p className="ev-validity">{t('payment.pixValidity', { time: timeOf(p.expiraEm, props.lang), date: dayMonth(p.expiraEm, props.lang) })}</p>}
        </div>
      )}
      {p.metodoPagamento === 'boleto' && p.linhaDigitavel && open && (
        <div className="ev-pix">
          <label htmlFor="boleto-line">{t('payment.boletoLine')}</label>
          <input id="boleto-line" readOnly value={p.linhaDigitavel} />
          {p.expiraEm && <p>{t('payment.dueDate', { date: dateTime(p.expiraEm, props.lang) })}</p>}
        </div>
      )}
      {p.metodoPagamento === 'picpay' && p.urlPagamento && open && <p><a href={`/user/payment/${p.codigo}`}>{t('payment.picpayLink')}</a></p>}
      {(p.metodoPagamento === 'dinheiro' || p.metodoPagamento === 'transferencia') && p.expiraEm && open && <p>{t('payment.payUntil', { date: dateTime(p.expiraEm, props.lang) })}</p>}

      <dl className="ev-facts">
        <div><dt>{t('payment.order')}</dt><dd>{p.codigo}</dd></div>
        {p.evento && <div><dt>{t('payment.event')}</dt><dd>{p.evento.titulo}</dd></div>}
        <div><dt>{t('checkout.total')}</dt><dd>{money(p.valorTotal, p.moeda, props.lang)}{p.parcelas > 1 && ` (${t('checkout.installmentOption', { n: p.parcelas, value: money(p.valorParcela, p.moeda, props.lang) })})`}</dd></div>
        {p.cartao && <div><dt>{t('checkout.card')}</dt><dd>{t('checkout.savedCard', { brand: brandName(p.cartao.bandeira), last4: p.cartao.final })}</dd></div>}
        <div><dt>{t('payment.tickets')}</dt><dd>{data.inscricoes.length}</dd></div>
      </dl>

      {(open || p.status === 'em_analise' || (p.status === 'aprovado' && props.mode === 'status' && p.metodoPagamento !== 'gratuito')) && (
        <details className="ev-sandbox">
          <summary>{t('payment.sandbox.title')}</summary>
          <p className="ev-muted">{t('payment.sandbox.text')}</p>
          <div className="ev-actions">
            {open && <button type="button" className="button secondary" disabled={busy} onClick={() => void sandbox('pagar')}>{t('payment.sandbox.pay')}</button>}
            {open && <button type="button" className="button secondary" disabled={busy} onClick={() => void sandbox('expirar')}>{t('payment.sandbox.expire')}</button>}
            {p.status === 'em_analise' && <button type="button" className="button secondary" disabled={busy} onClick={() => void sandbox('aprovar-analise')}>{t('payment.sandbox.approve')}</button>}
            {p.status === 'em_analise' && <button type="button" className="button secondary" disabled={busy} onClick={() => void sandbox('reprovar-analise')}>{t('payment.sandbox.refuse')}</button>}
            {p.status === 'aprovado' && <button type="button" className="button secondary" disabled={busy} onClick={() => void sandbox('estornar')}>{t('payment.sandbox.refund')}</button>}
          </div>
          {error && <Notice kind="error">{error}</Notice>}
        </details>
      )}

      <p className="ev-actions">
        {eventId && data.inscricoes.length > 0 && <a className="button" href={`/user/registrations/${eventId}/tickets`}>{t('payment.seeTickets')}</a>}
        {props.mode === 'thanks' && <a className="button secondary" href={`/user/payment/${p.codigo}`}>{t('payment.followStatus')}</a>}
      </p>
    </section>
  );
}
