// /checkout, the payment step of an event order (spec §2, §3): the tickets and holders were
// chosen on /event/{id}/tickets (TicketsIsland); here the kit's payment step (method, card,
// installments, fees from the server's quote) or a free registration, then the challenge or the
// result page (PaymentIsland). Every payment rule is the server's and shows by its field.
import { useStore } from '@nanostores/react';
import { useEffect, useState } from 'react';
import { checkout } from '../../../lib/checkout/api.ts';
import { afterPay, type PaymentMethodOption } from '../../../lib/checkout/payment.ts';
import { churchEvent } from '../../../lib/events/api.ts';
import { money } from '../../../lib/format.ts';
import {
  $checkout,
  bindCheckoutStorage,
  challengeAnswered,
  firstIncompleteSeat,
  payEvent,
} from '../../../stores/checkout.ts';
import { $session } from '../../../stores/session.ts';
import {
  ChallengeForm,
  failureMessage,
  Loader,
  makeT,
  Notice,
  PaymentFields,
  SubmitButton,
  useMember,
  usePaymentStep,
  type IslandProps,
} from '../ui/index.ts';
import { CheckoutSummary } from './CheckoutSummary.tsx';

interface Props extends IslandProps {
  slug: string;
  methods: PaymentMethodOption[];
}

const thanksUrl = (code: string) => `/checkout/thank-you?pedido=${encodeURIComponent(code)}`;

export default function CheckoutIsland(props: Props) {
  const t = makeT(props.strings, props.lang);
  const { ready, userId } = useMember(props.church);
  const state = useStore($checkout);
  const session = useStore($session);
  const order = state.eventCheckout;
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<{ message: string; errors: Record<string, string[]> } | null>(
    null,
  );
  const [cashDays, setCashDays] = useState<number | undefined>(undefined);

  useEffect(() => bindCheckoutStorage(sessionStorage), []);
  const paid = !!order && order.value > 0;
  const step = usePaymentStep({
    churchId: props.church.id,
    slug: props.slug,
    lang: props.lang,
    methods: props.methods,
    userId: ready ? userId : null,
    fees: paid ? (method) => checkout.eventFees(order.event.id, order.value, method) : null,
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
    if (order)
      void churchEvent(props.slug, order.event.id).then((e) =>
        setCashDays(e?.diasPagamentoDinheiro ?? undefined),
      );
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

  function next(answer: Parameters<typeof afterPay>[0]) {
    const then = afterPay(answer, thanksUrl(answer.pagamento.codigo));
    if (then.kind === 'declined')
      setError({ message: then.message ?? t('pay.error.generic'), errors: {} });
    else if (then.kind === 'leave') location.assign(then.url);
  }

  async function pay() {
    if (busy || !userId) return;
    setBusy(true);
    setError(null);
    try {
      next(await payEvent(userId, paid ? await step.prepare() : null));
    } catch (e) {
      setError(await failureMessage(e, t('pay.error.generic')));
    } finally {
      setBusy(false);
    }
  }

  if (state.challenge && state.paymentData) {
    return (
      <ChallengeForm
        code={state.paymentData.codigo}
        t={t}
        onAnswer={(answer) => {
          challengeAnswered(answer);
          next(answer);
        }}
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
