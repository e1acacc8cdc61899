// /checkout/thank-you and /user/payment/{code}: a payment's result (tickets, a gift or a Play subscription) (the kit's result view:
// text by method and status of spec §4, Pix code and QR, slip line, PicPay, cash deadline), the
// order's facts, and the sandbox controls a tester uses to pay or expire it (README "Test payments").
// The calls are the payment store's (src/stores/payment.ts).
import { useStore } from '@nanostores/react';
import { useEffect } from 'react';
import { installmentText, isOpen } from '../../../lib/checkout/payment.ts';
import { paymentPageState, paymentTextKey } from '../../../lib/checkout-text.ts';
import { brandName, money } from '../../../../common/format.ts';
import { bindCheckoutStorage, resetCheckout } from '../../../stores/checkout.ts';
import {
  $sandbox,
  paymentAnswer,
  runSandbox,
  type SandboxAction,
} from '../../../stores/payment.ts';
import {
  Loader,
  makeT,
  Notice,
  PaymentResult,
  useMember,
  usePaymentAnswer,
  type IslandProps,
} from '../ui/index.ts';

interface Props extends IslandProps {
  slug: string;
  mode: 'thanks' | 'status';
  code: string | null;
}

export default function PaymentIsland(props: Props) {
  const t = makeT(props.strings, props.lang);
  const { ready, userId } = useMember(props.church);
  const { busy, error } = useStore($sandbox);
  const { answer: data, setAnswer } = usePaymentAnswer(ready, async () =>
    userId && props.code ? paymentAnswer(props.code, { userId }) : null,
  );

  useEffect(() => {
    if (!ready || props.mode !== 'thanks') return;
    bindCheckoutStorage(sessionStorage);
    resetCheckout(); // spec §4: the checkout is reset once the purchase is done
  }, [ready]);

  if (!ready || data === undefined) return <Loader inline label={t('checkout.loading')} />;
  if (!data) {
    return (
      <section className="ev-payment state-notFound">
        <h1>{t('payment.state.notFound')}</h1>
        <Notice kind="error">{t('payment.notFoundText')}</Notice>
        <p>
          <a className="button" href="/">
            {t('payment.home')}
          </a>
        </p>
      </section>
    );
  }
  const p = data.pagamento;
  const state = paymentPageState(p.status);
  const open = isOpen(p.status);

  async function sandbox(action: SandboxAction) {
    const answer = await runSandbox(p.codigo, action, t('pay.error.generic'));
    if (answer) setAnswer(answer);
  }
  const actions: [SandboxAction, string, boolean][] = [
    ['pagar', 'payment.sandbox.pay', open],
    ['expirar', 'payment.sandbox.expire', open],
    ['aprovar-analise', 'payment.sandbox.approve', p.status === 'em_analise'],
    ['reprovar-analise', 'payment.sandbox.refuse', p.status === 'em_analise'],
    ['estornar', 'payment.sandbox.refund', p.status === 'aprovado'],
  ];

  const free = p.metodoPagamento === 'gratuito';
  const title =
    props.mode === 'thanks' && state !== 'canceled'
      ? t('payment.thanksTitle')
      : free && state === 'success'
        ? t('payment.state.free')
        : t(`payment.state.${state}`);
  const eventId = p.evento?.id;
  return (
    <section className={`ev-payment state-${state}`} aria-labelledby="payment-title">
      <h1 id="payment-title">{title}</h1>
      <PaymentResult
        payment={p}
        text={t(paymentTextKey(p.tipo, p.metodoPagamento, p.status))}
        t={t}
        lang={props.lang}
      />

      <dl className="ev-facts">
        <div>
          <dt>{t('payment.order')}</dt>
          <dd>{p.codigo}</dd>
        </div>
        {p.evento && (
          <div>
            <dt>{t('payment.event')}</dt>
            <dd>{p.evento.titulo}</dd>
          </div>
        )}
        {p.tipo === 'doacao' && (
          <div>
            <dt>{t('payment.gift')}</dt>
            <dd>
              {p.itens
                .map((l) => `${l.motivo}: ${money(l.valor, p.moeda, props.lang)}`)
                .join(' · ')}
            </dd>
          </div>
        )}
        {p.assinatura && (
          <div>
            <dt>{t('payment.subscription')}</dt>
            <dd>{p.assinatura.plano.nome}</dd>
          </div>
        )}
        {!free && (
          <div>
            <dt>{t('checkout.total')}</dt>
            <dd>
              {p.parcelas > 1
                ? installmentText(
                    {
                      parcela: p.parcelas,
                      valorParcela: p.valorParcela,
                      valorTotal: p.valorTotal,
                      flagJuros: p.juros > 0,
                    },
                    t,
                    (v) => money(v, p.moeda, props.lang),
                  )
                : money(p.valorTotal, p.moeda, props.lang)}
            </dd>
          </div>
        )}
        {p.cartao && (
          <div>
            <dt>{t('pay.card')}</dt>
            <dd>
              {t('pay.savedCard', { brand: brandName(p.cartao.bandeira), last4: p.cartao.final })}
            </dd>
          </div>
        )}
        {p.tipo === 'evento' && (
          <div>
            <dt>{t('payment.tickets')}</dt>
            <dd>{data.inscricoes.length}</dd>
          </div>
        )}
      </dl>

      {(open ||
        p.status === 'em_analise' ||
        (p.status === 'aprovado' &&
          props.mode === 'status' &&
          p.metodoPagamento !== 'gratuito')) && (
        <details className="ev-sandbox">
          <summary>{t('payment.sandbox.title')}</summary>
          <p className="ev-muted">{t('payment.sandbox.text')}</p>
          <div className="ev-actions">
            {actions
              .filter(([, , shown]) => shown)
              .map(([action, label]) => (
                <button
                  key={action}
                  type="button"
                  className="button secondary"
                  disabled={busy}
                  onClick={() => void sandbox(action)}
                >
                  {t(label)}
                </button>
              ))}
          </div>
          {error && <Notice kind="error">{error}</Notice>}
        </details>
      )}

      <p className="ev-actions">
        {eventId && data.inscricoes.length > 0 && (
          <a className="button" href={`/user/registrations/${eventId}/tickets`}>
            {t('payment.seeTickets')}
          </a>
        )}
        {props.mode === 'thanks' && !free && (
          <a className="button secondary" href={`/user/payment/${p.codigo}`}>
            {t('payment.followStatus')}
          </a>
        )}
      </p>
    </section>
  );
}
