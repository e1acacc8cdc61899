// /checkout, the payment step of an event order (spec §2, §3): the tickets and holders were
// chosen on /event/{id}/tickets (TicketsIsland); here the kit's payment step (method, card,
// installments, fees from the server's quote) or a free registration, then the challenge or the
// result page (PaymentIsland). Every payment rule is the server's and shows by its field.
// The page's heading is here, as it depends on the order: a free one is a registration, not a
// payment (docs/events.md "Checkout").
import { useStore } from '@nanostores/react';
import { useEffect, useState } from 'react';
import type { PaymentMethodOption } from '../../../lib/checkout/payment.ts';
import { eventMethods } from '../../../lib/events/checkout-methods.ts';
import { money } from '../../../../common/format.ts';
import {
  $cashDays,
  $checkout,
  $checkoutForm,
  answerCheckoutChallenge,
  bindCheckoutStorage,
  eventFeeQuote,
  firstIncompleteSeat,
  loadCashDays,
  newCheckoutCaptcha,
  setBuyer,
  startCheckoutForm,
  stopCheckoutCaptcha,
  submitCheckout,
} from '../../../stores/checkout.ts';
import { $session } from '../../../stores/session.ts';
import {
  ChallengeForm,
  Loader,
  makeT,
  Notice,
  PaymentFields,
  SubmitButton,
  PaymentResult,
  usePaymentStep,
  type IslandProps,
} from '../ui/index.ts';
import { CheckoutSummary } from './CheckoutSummary.tsx';
import { useBuyer } from './use-buyer.ts';
import { CheckoutVisitor } from './CheckoutVisitor.tsx';

interface Props extends IslandProps {
  slug: string;
  methods: PaymentMethodOption[];
}

export default function CheckoutIsland(props: Props) {
  const t = makeT(props.strings, props.lang);
  const order = useStore($checkout).eventCheckout;
  // The order is in session storage: until it is read (and on the server, which has none) the
  // heading keeps its place but is not shown, so a registration never flashes "Payment" (a class:
  // the CSP refuses style attributes).
  const [restored, setRestored] = useState(false);
  useEffect(() => {
    bindCheckoutStorage(sessionStorage);
    setRestored(true);
  }, []);
  const free = !!order?.tickets.length && order.value === 0;
  const title = t(free ? 'checkout.freeTitle' : 'checkout.title');
  const pageTitle = t('checkout.title');
  useEffect(() => {
    if (free) document.title = document.title.replace(pageTitle, title);
  }, [free]);
  return (
    <>
      <h1 className={restored ? undefined : 'ev-title-pending'}>{title}</h1>
      <CheckoutStep {...props} />
    </>
  );
}

function CheckoutStep(props: Props) {
  const t = makeT(props.strings, props.lang);
  const state = useStore($checkout);
  const order = state.eventCheckout;
  const { ready, userId, visitor } = useBuyer(props.church, !!order?.event.flagVisitante);
  const session = useStore($session);
  const { buyer, captcha, busy, error, visitorAnswer } = useStore($checkoutForm);
  const pais = props.church.pais ?? 'BR';
  useEffect(() => startCheckoutForm(pais), [pais]);
  // A visitor's proof of work, solved by the browser in the background (docs/security.md).
  useEffect(() => {
    if (!visitor) return;
    void newCheckoutCaptcha(props.slug);
    return stopCheckoutCaptcha;
  }, [visitor, props.slug]);
  const cashDays = useStore($cashDays);

  const paid = !!order && order.value > 0;
  const step = usePaymentStep({
    churchId: props.church.id,
    slug: props.slug,
    lang: props.lang,
    methods: eventMethods(props.methods, order?.event.metodosPagamento),
    userId: ready ? userId : null,
    fees: eventFeeQuote(order),
    quoteKey: `${order?.event.id}:${order?.value}`,
    maxInstallments: order?.event.qtdeMaxParcelas ?? 1,
    interest: order?.event.flagJuros ?? false,
  });

  // spec §2 data-update: a member whose data is incomplete for payment fills it in first.
  const pending = session.user?.camposPendentes ?? [];
  useEffect(() => {
    if (ready && paid && pending.length)
      location.replace(`/user/data-update?redirectTo=${encodeURIComponent('/checkout')}`);
  }, [ready, paid, pending.length]);
  useEffect(() => {
    if (order) void loadCashDays(props.slug, order.event.id);
  }, [order?.event.id]);

  if (!ready) return <Loader inline label={t('checkout.loading')} />;
  if (!order || !order.tickets.length)
    return (
      <Notice>
        {t('checkout.empty')} <a href="/event">{t('events.back')}</a>
      </Notice>
    );
  const incomplete = firstIncompleteSeat(order);
  if (incomplete >= 0) {
    return (
      <Notice>
        {t('checkout.holdersMissing')}{' '}
        <a href={`/event/${order.event.id}/tickets?fillTicket=${incomplete + 1}`}>
          {t('checkout.fillHolders')}
        </a>
      </Notice>
    );
  }

  // CPF is asked of visitors at Brazilian churches (the server asks it by the church's locale)
  const askCpf = props.church.pais === 'BR' || props.lang === 'pt';

  const pay = () =>
    submitCheckout({
      slug: props.slug,
      userId,
      visitor,
      askCpf,
      prepare: paid ? step.prepare : null,
      texts: {
        field: (key) => t(key),
        fixErrors: t('account.fixErrors'),
        generic: t('pay.error.generic'),
      },
    });

  if (visitorAnswer) {
    const p = visitorAnswer.pagamento;
    return (
      <div className="ev-checkout">
        <PaymentResult
          payment={p}
          text={t(p.status === 'aprovado' ? 'checkout.visitor.sent' : 'checkout.visitor.pending', {
            email: buyer.email,
          })}
          t={t}
          lang={props.lang}
        />
      </div>
    );
  }

  if (state.challenge && state.paymentData) {
    return (
      <ChallengeForm
        code={state.paymentData.codigo}
        receiptKey={visitor ? state.visitorKey : undefined}
        t={t}
        onAnswer={(answer) => answerCheckoutChallenge(answer, visitor, t('pay.error.generic'))}
      />
    );
  }

  const total = step.quote?.total ?? order.value;
  return (
    <div className="ev-checkout">
      <CheckoutSummary order={order} quote={paid ? step.quote : null} t={t} lang={props.lang} />
      <form
        className="ev-form"
        noValidate
        onSubmit={(e) => {
          e.preventDefault();
          void pay();
        }}
        aria-busy={busy}
      >
        {visitor && (
          <CheckoutVisitor
            value={buyer}
            onChange={setBuyer}
            askCpf={askCpf}
            solved={!!captcha}
            onNewCaptcha={() => void newCheckoutCaptcha(props.slug)}
            busy={busy}
            field={(name) => error?.errors[name]?.[0]}
            t={t}
            lang={props.lang}
          />
        )}
        {paid ? (
          <PaymentFields
            step={step}
            t={t}
            currency={order.event.moeda}
            errors={error?.errors}
            busy={busy}
            cashDays={cashDays}
          />
        ) : (
          <p>{t('checkout.freeText')}</p>
        )}
        {error && <Notice kind="error">{error.message}</Notice>}
        <div className="ev-actions">
          <SubmitButton
            submitting={busy}
            busyLabel={t('checkout.paying')}
            label={
              paid
                ? t('checkout.pay', { total: money(total, order.event.moeda, props.lang) })
                : t('checkout.confirmFree')
            }
          />
        </div>
      </form>
    </div>
  );
}
