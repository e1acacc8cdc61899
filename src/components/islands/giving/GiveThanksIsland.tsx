// /give/thank-you: the gift's text by method and status (spec §4), one line per reason, the Pix
// code and QR with its validity, the slip line, PicPay's payment page (urlPagamento) and the
// recurrence. A member reads it by order code; a visitor by the receipt key of the e-mail.
import { useEffect } from 'react';
import { isOpen } from '../../../lib/checkout/payment.ts';
import { thankYouKey } from '../../../lib/checkout-text.ts';
import { formatDate, money } from '../../../../common/format.ts';
import { rememberedGift, resetGive } from '../../../stores/give.ts';
import { paymentAnswer } from '../../../stores/payment.ts';
import {
  Loader,
  Notice,
  PaymentResult,
  makeT,
  usePaymentAnswer,
  useSession,
  type IslandProps,
} from '../ui/index.ts';

interface Props extends IslandProps {
  code: string | null;
  receiptKey: string | null;
}

export default function GiveThanksIsland(props: Props) {
  const t = makeT(props.strings, props.lang);
  const { ready, loggedIn, userId } = useSession(props.church);
  // The answer of the gift just made shows at once; the API is asked again once the session is up.
  const { answer: data } = usePaymentAnswer(
    ready,
    async () => {
      if (!props.code) return null;
      if (props.receiptKey) return paymentAnswer(props.code, { receiptKey: props.receiptKey });
      return userId ? paymentAnswer(props.code, { userId }) : null;
    },
    props.code ? rememberedGift(props.code) : null,
  );
  useEffect(() => {
    if (ready) resetGive(); // spec §4: the give checkout is reset once the gift is made
  }, [ready]);

  if (data === undefined) return <Loader label={t('give.loading')} />;
  if (!data) return <Notice kind="error">{t('give.thanks.notFound')}</Notice>;
  const p = data.pagamento;
  const key = thankYouKey(p.metodoPagamento, p.status).replace('checkout.thanks.', 'give.thanks.');
  return (
    <section className="give-thanks" aria-labelledby="give-thanks-title">
      <h1 id="give-thanks-title">{t('give.thanks.title')}</h1>
      <PaymentResult payment={p} text={t(key)} t={t} lang={props.lang} />

      <dl className="give-facts">
        <div>
          <dt>{t('give.order')}</dt>
          <dd>{p.codigo}</dd>
        </div>
        {p.itens.map((l) => (
          <div key={l.idMotivo}>
            <dt>{l.motivo}</dt>
            <dd>{money(l.valor, p.moeda, props.lang)}</dd>
          </div>
        ))}
        {p.taxas > 0 && (
          <div>
            <dt>{t('give.fees')}</dt>
            <dd>{money(p.taxas, p.moeda, props.lang)}</dd>
          </div>
        )}
        <div>
          <dt>{t('give.totalWithFees')}</dt>
          <dd>{money(p.valorTotal, p.moeda, props.lang)}</dd>
        </div>
        <div>
          <dt>{t('give.method.label')}</dt>
          <dd>{t(`give.methodName.${p.metodoPagamento}`)}</dd>
        </div>
      </dl>
      {loggedIn && (isOpen(p.status) || p.status === 'em_analise') && (
        // The payment's own page follows it (and, in the sandbox, pays it: README "Test payments").
        <p>
          <a className="button secondary" href={`/user/payment/${encodeURIComponent(p.codigo)}`}>
            {t('give.thanks.follow')}
          </a>
        </p>
      )}
      {p.doacaoRecorrente && (
        <p>
          {t('give.thanks.recurring', {
            days: p.doacaoRecorrente.recorrenciaDias,
            date: formatDate(`${p.doacaoRecorrente.proximaCobranca}T12:00:00Z`, props.lang, 'UTC'),
          })}
        </p>
      )}
      <p className="give-actions">
        <a className="button secondary" href="/give">
          {t('give.giveAgain')}
        </a>
        {loggedIn && (
          <a className="button" href="/user/giving">
            {t('give.myGiving')}
          </a>
        )}
      </p>
    </section>
  );
}
