// /give/thank-you: the gift's text by method and status (spec §4), one line per reason, the Pix
// code and QR with its validity, the slip line, PicPay's payment page (urlPagamento) and the
// recurrence. A member reads it by order code; a visitor by the receipt key of the e-mail.
import { useEffect, useState } from 'react';
import type { PaymentResponse } from '../../../../contract/payments.ts';
import { dayMonth, formatDate, money, timeOf } from '../../../lib/format.ts';
import { thankYouKey } from '../../../lib/checkout-text.ts';
import { giving } from '../../../lib/giving/api.ts';
import { rememberedGift, resetGive } from '../../../stores/give.ts';
import { Loader, Notice, makeT, useSession, type IslandProps } from '../ui/index.ts';

interface Props extends IslandProps {
  code: string | null;
  receiptKey: string | null;
}

export default function GiveThanksIsland(props: Props) {
  const t = makeT(props.strings, props.lang);
  const { ready, loggedIn, userId } = useSession(props.church);
  // The answer of the gift just made shows at once; the API is asked again once the session is up.
  const [data, setData] = useState<PaymentResponse | null | undefined>(undefined);
  useEffect(() => {
    const kept = props.code ? rememberedGift(props.code) : null;
    if (kept) setData((d) => d ?? kept);
  }, []);
  const [copied, setCopied] = useState(false);

  const load = async () => {
    if (!props.code) return setData(null);
    try {
      if (props.receiptKey) setData(await giving.receipt(props.code, props.receiptKey));
      else if (userId) setData(await giving.payment(userId, props.code));
      else setData(null);
    } catch {
      setData((d) => d ?? null);
    }
  };
  useEffect(() => {
    if (!ready) return;
    resetGive(); // spec §4: the give checkout is reset once the gift is made
    void load();
  }, [ready, userId]);

  // A waiting payment is looked at again now and then, so a Pix paid on the phone shows here.
  const waiting = !!data && ['pendente', 'aguardando', 'em_aberto', 'em_analise'].includes(data.pagamento.status);
  useEffect(() => {
    if (!waiting) return;
    const timer = setInterval(() => void load(), 5000);
    return () => clearInterval(timer);
  }, [waiting]);

  if (data === undefined) return <Loader label={t('give.loading')} />;
  if (!data) return <Notice kind="error">{t('give.thanks.notFound')}</Notice>;
  const p = data.pagamento;
  const open = ['pendente', 'aguardando', 'em_aberto'].includes(p.status);
  const key = thankYouKey(p.metodoPagamento, p.status).replace('checkout.thanks.', 'give.thanks.');
  return (
    <section className="give-thanks" aria-labelledby="give-thanks-title">
      <h1 id="give-thanks-title">{t('give.thanks.title')}</h1>
      <Notice kind={p.status === 'aprovado' ? 'ok' : p.status === 'nao_aprovado' || p.status === 'cancelado' ? 'error' : 'info'}>{t(key)}</Notice>

      {p.metodoPagamento === 'pix' && p.pixCopiaCola && open && (
        <div className="give-pix">
          {p.pixQrCode && <img src={p.pixQrCode} alt={t('give.pixQr')} width={220} height={220} />}
          <label htmlFor="pix-code">{t('give.pixCode')}</label>
          <textarea id="pix-code" readOnly value={p.pixCopiaCola} rows={4} />
          <button type="button" className="button secondary" onClick={() => void navigator.clipboard?.writeText(p.pixCopiaCola!).then(() => setCopied(true), () => undefined)}>
            {copied ? t('give.copied') : t('give.copy')}
          </button>
          {p.expiraEm && <p>{t('give.pixValidity', { time: timeOf(p.expiraEm, props.lang), date: dayMonth(p.expiraEm, props.lang) })}</p>}
        </div>
      )}
      {p.metodoPagamento === 'boleto' && p.linhaDigitavel && open && (
        <div className="give-pix">
          <label htmlFor="boleto-line">{t('give.boletoLine')}</label>
          <input id="boleto-line" readOnly value={p.linhaDigitavel} />
        </div>
      )}
      {p.metodoPagamento === 'picpay' && p.urlPagamento && open && <p><a className="button" href={p.urlPagamento}>{t('give.picpayPay')}</a></p>}

      <dl className="give-facts">
        <div><dt>{t('give.order')}</dt><dd>{p.codigo}</dd></div>
        {p.itens.map((l) => (
          <div key={l.idMotivo}><dt>{l.motivo}</dt><dd>{money(l.valor, p.moeda, props.lang)}</dd></div>
        ))}
        {p.taxas > 0 && <div><dt>{t('give.fees')}</dt><dd>{money(p.taxas, p.moeda, props.lang)}</dd></div>}
        <div><dt>{t('give.totalWithFees')}</dt><dd>{money(p.valorTotal, p.moeda, props.lang)}</dd></div>
        <div><dt>{t('give.method.label')}</dt><dd>{t(`give.methodName.${p.metodoPagamento}`)}</dd></div>
      </dl>
      {p.doacaoRecorrente && <p>{t('give.thanks.recurring', { days: p.doacaoRecorrente.recorrenciaDias, date: formatDate(`${p.doacaoRecorrente.proximaCobranca}T12:00:00Z`, props.lang, 'UTC') })}</p>}
      <p className="give-actions">
        <a className="button secondary" href="/give">{t('give.giveAgain')}</a>
        {loggedIn && <a className="button" href="/user/giving">{t('give.myGiving')}</a>}
      </p>
    </section>
  );
}
