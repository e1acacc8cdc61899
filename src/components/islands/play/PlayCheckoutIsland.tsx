// /play/checkout?plano= (docs/play.md "Subscribing, cancelling, renewals", spec §3 Play "checkout {planId, value}"): the plan's summary (price
// per period, contracting fee, first charge) and the kit's one payment step; POST /pagamento/ with
// `tipo: "assinatura"`. Approved → a thank-you state linking to Play and my plan; Pix/slip → the result
// view, polled until paid; a declined card or a challenge stays here. A member who already subscribes is
// told so up front, with a link to my plan, instead of the form. Every rule is the server's.
// The flow is the store's (src/stores/play.ts).
import { useStore } from '@nanostores/react';
import { useEffect, useMemo, type FormEvent } from 'react';
import type { PaymentResponse } from '../../../../contract/payments.ts';
import type { PlayPlan } from '../../../../contract/play.ts';
import type { PaymentMethodOption } from '../../../lib/checkout/payment.ts';
import { money } from '../../../../common/format.ts';
import { planPeriod } from '../../../lib/play/plan.ts';
import { paymentAnswer } from '../../../stores/payment.ts';
import {
  $playCheckout,
  $subscriptions,
  firstCharge,
  loadSubscriptions,
  payPlan,
  planFeeQuote,
  playPaymentAnswered,
} from '../../../stores/play.ts';
import {
  ChallengeForm,
  Loader,
  MemberGate,
  Notice,
  PaymentFields,
  PaymentResult,
  PaymentTotals,
  SubmitButton,
  makeT,
  useMember,
  usePaymentAnswer,
  usePaymentStep,
  type IslandProps,
  type T,
} from '../ui/index.ts';

interface Props extends IslandProps {
  slug: string;
  plan: PlayPlan;
  currency: string;
  methods: PaymentMethodOption[];
}

export default function PlayCheckoutIsland(props: Props) {
  const t = useMemo(() => makeT(props.strings, props.lang), [props.strings, props.lang]);
  return (
    <MemberGate church={props.church} loadingLabel={t('play.checkout.loading')}>
      <Checkout {...props} t={t} />
    </MemberGate>
  );
}

function Checkout({ t, church, lang, slug, plan, currency, methods }: Props & { t: T }) {
  const { userId } = useMember(church);
  const step = usePaymentStep({
    churchId: church.id,
    slug,
    lang,
    methods,
    userId,
    fees: planFeeQuote(slug, plan.id),
    quoteKey: String(plan.id),
    maxInstallments: 1,
  });
  const { phase, busy, failure } = useStore($playCheckout);
  // Told up front when they already subscribe (one at a time; the server refuses a second one too).
  const mine = useStore($subscriptions);
  useEffect(() => void loadSubscriptions(church.id, userId), [church.id, userId]);
  const already =
    mine.state === 'ready' ? mine.data.find((s) => s.status.situacao === 'ativo') : undefined;
  const { key: periodKey, count } = planPeriod(plan.periodicidadeDias);
  const period = periodKey === 'play.plans.perDays' ? t.plural(periodKey, count) : t(periodKey);
  const first = firstCharge(plan);
  const handle = (answer: PaymentResponse) =>
    playPaymentAnswered(answer, t('play.checkout.declined'));

  function submit(e: FormEvent) {
    e.preventDefault();
    void payPlan(church.id, plan, step.prepare, {
      failed: t('play.checkout.error'),
      declined: t('play.checkout.declined'),
    });
  }

  if (phase.kind === 'done')
    return <Done t={t} lang={lang} userId={userId} initial={phase.answer} />;
  if (mine.state === 'idle' || mine.state === 'loading')
    return <Loader label={t('play.checkout.loading')} />;
  if (already)
    return (
      <section className="play-plan" data-testid="checkout-already">
        <p role="status">{t('play.checkout.already', { plan: already.plano.nome })}</p>
        <a className="button" href="/play/my-plan">
          {t('play.checkout.myPlan')}
        </a>
      </section>
    );
  return (
    <div className="play-checkout">
      <section className="play-plan" aria-labelledby="checkout-plan">
        <h2 id="checkout-plan">{plan.nome}</h2>
        {plan.descricao && <p>{plan.descricao}</p>}
        <dl className="play-checkout-summary">
          <div>
            <dt>{t('play.checkout.price')}</dt>
            <dd>
              {money(plan.valor, currency, lang)} {period}
            </dd>
          </div>
          <div>
            <dt>{t('play.checkout.fee')}</dt>
            <dd>
              {plan.taxaAdesao > 0 ? money(plan.taxaAdesao, currency, lang) : t('play.plans.noFee')}
            </dd>
          </div>
          <div>
            <dt>{t('play.checkout.firstCharge')}</dt>
            <dd data-testid="checkout-first">{money(first, currency, lang)}</dd>
          </div>
        </dl>
        <p className="play-checkout-note">
          {t('play.checkout.renewal', { price: money(plan.valor, currency, lang), period })}
        </p>
      </section>

      {phase.kind === 'challenge' ? (
        <ChallengeForm code={phase.code} t={t} onAnswer={handle} />
      ) : (
        <form onSubmit={submit} noValidate>
          <PaymentFields
            step={step}
            t={t}
            currency={currency}
            errors={failure?.errors}
            busy={busy}
          />
          <PaymentTotals
            quote={step.quote}
            t={t}
            currency={currency}
            lang={lang}
            valueLabel={t('play.checkout.valueLabel')}
          />
          {failure && <Notice kind="error">{failure.message}</Notice>}
          {failure?.errors.planoAssinatura && (
            <p>
              <a href="/play/my-plan">{t('play.checkout.myPlan')}</a>
            </p>
          )}
          <SubmitButton
            submitting={busy}
            label={t('play.checkout.pay')}
            busyLabel={t('play.checkout.paying')}
          />
        </form>
      )}
    </div>
  );
}

/** After paying: thanks when approved; the Pix/slip result (checked again while it waits) otherwise. */
function Done({
  t,
  lang,
  userId,
  initial,
}: {
  t: T;
  lang: Props['lang'];
  userId: number | null;
  initial: PaymentResponse;
}) {
  const code = initial.pagamento.codigo;
  const { answer } = usePaymentAnswer(
    userId !== null,
    () => paymentAnswer(code, { userId: userId! }),
    initial,
  );
  const p = (answer ?? initial).pagamento;
  const text =
    p.status === 'aprovado'
      ? t('play.checkout.thanks')
      : p.status === 'cancelado' || p.status === 'nao_aprovado'
        ? t('play.checkout.notPaid')
        : t('play.checkout.pending');
  return (
    <div className="play-checkout" data-testid="checkout-done">
      <PaymentResult payment={p} text={text} t={t} lang={lang} />
      <div className="play-actions">
        <a className="button" href="/play">
          {t('play.checkout.goPlay')}
        </a>
        <a className="button secondary" href="/play/my-plan">
          {t('play.checkout.myPlan')}
        </a>
      </div>
    </div>
  );
}
