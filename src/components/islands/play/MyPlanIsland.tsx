// /play/my-plan (docs/play.md "Subscribing, cancelling, renewals", spec §3 Plan data): the member's subscription — plan, price per
// period, contracting fee, subscription code and date, paid until, renewal — and cancelling it with a
// confirmation (renewals stop; access stays until the paid date); changing the renewal card (a saved card or a
// new one through the checkout's card step) or the plan (from the next renewal on). No subscription: a link to the plans.
// The flow is the store's (src/stores/play.ts).
import { useStore } from '@nanostores/react';
import { useEffect, useMemo, useState, type FormEvent } from 'react';
import type { PlayPlan, PlaySubscription } from '../../../../contract/play.ts';
import type { PaymentMethodOption } from '../../../lib/checkout/payment.ts';
import { brandName, formatDate, money } from '../../../../common/format.ts';
import { planPeriod } from '../../../lib/play/plan.ts';
import { paymentAnswer } from '../../../stores/payment.ts';
import {
  $myPlan,
  $planChanges,
  $subscriptions,
  askCancelPlan,
  cancelMyPlan,
  changeNextPlan,
  changeRenewalCard,
  loadSubscriptions,
  subscriptionChanged,
} from '../../../stores/play.ts';
import {
  Loader,
  makeT,
  MemberGate,
  Modal,
  Notice,
  PaymentFields,
  PaymentResult,
  Select,
  SubmitButton,
  useMember,
  usePaymentAnswer,
  usePaymentStep,
  type IslandProps,
  type T,
} from '../ui/index.ts';

interface Props extends IslandProps {
  slug: string;
  /** The church's active plans (a switch from the next renewal on). */
  plans: PlayPlan[];
  /** The church's card method, for a new renewal card (empty: saved cards cannot be added here). */
  methods: PaymentMethodOption[];
  currency: string;
}

export default function MyPlanIsland(props: Props) {
  const t = useMemo(() => makeT(props.strings, props.lang), [props.strings, props.lang]);
  return (
    <MemberGate church={props.church} loadingLabel={t('play.plan.loading')}>
      <MyPlan t={t} {...props} />
    </MemberGate>
  );
}

/** The subscription the page is about: the active one, else one waiting for its payment. */
const currentOf = (list: PlaySubscription[]) =>
  list.find((s) => s.status.situacao === 'ativo') ??
  list.find((s) => s.status.situacao === 'pendente') ??
  null;

function MyPlan({ t, church, lang, slug, plans, methods, currency }: Props & { t: T }) {
  const { userId } = useMember(church);
  const state = useStore($subscriptions);
  const { confirming, busy, message } = useStore($myPlan);
  const retry = () => void loadSubscriptions(church.id, userId ?? 0);
  useEffect(() => void loadSubscriptions(church.id, userId ?? 0), [church.id, userId]);

  if (state.state === 'error')
    return (
      <div>
        <Notice kind="error">{t('play.plan.loadError')}</Notice>
        <button type="button" className="button secondary" onClick={retry}>
          {t('play.plan.retry')}
        </button>
      </div>
    );
  if (state.state !== 'ready') return <Loader label={t('play.plan.loading')} />;
  const list = state.data;
  const current = currentOf(list);
  const past = list.filter((s) => s !== current);
  const date = (iso: string | null) => (iso ? formatDate(iso, lang) : '—');

  const cancel = (sub: PlaySubscription) =>
    cancelMyPlan(sub.id, church.id, {
      cancelled: (updated) =>
        updated.status.situacao === 'ativo'
          ? t('play.plan.cancelledOk', { date: date(updated.pagoAte) })
          : t('play.plan.cancelledPending'),
      failed: t('play.plan.cancelError'),
    });

  return (
    <div className="play-myplan">
      {message && <Notice message={message} />}
      {!current ? (
        <section className="play-plan" aria-labelledby="myplan-none">
          <h2 id="myplan-none">{t('play.plan.none')}</h2>
          <p>{t('play.plan.noneText')}</p>
          <a className="button" href="/play/plans">
            {t('play.plan.seePlans')}
          </a>
        </section>
      ) : (
        <Current
          sub={current}
          t={t}
          lang={lang}
          date={date}
          busy={busy}
          onCancel={() => askCancelPlan(true)}
        />
      )}
      {current?.status.situacao === 'ativo' && !current.canceladoEm && userId !== null && (
        <Changes
          sub={current}
          t={t}
          lang={lang}
          slug={slug}
          churchId={church.id}
          userId={userId}
          plans={plans}
          methods={methods}
          currency={currency}
          date={date}
          onChanged={subscriptionChanged}
        />
      )}
      {current?.pagamentoPendente && userId !== null && (
        <PendingPayment
          code={current.pagamentoPendente}
          userId={userId}
          t={t}
          lang={lang}
          onSettled={retry}
        />
      )}
      {current && (
        <Modal
          open={confirming}
          title={t('play.plan.confirmTitle')}
          onClose={() => askCancelPlan(false)}
          closeLabel={t('play.plan.close')}
        >
          <p>
            {current.status.situacao === 'ativo'
              ? t('play.plan.confirmText', { date: date(current.pagoAte) })
              : t('play.plan.confirmPending')}
          </p>
          <div className="play-actions">
            <button
              type="button"
              className="button danger"
              disabled={busy}
              onClick={() => void cancel(current)}
            >
              {t('play.plan.confirm')}
            </button>
            <button
              type="button"
              className="button secondary"
              disabled={busy}
              onClick={() => askCancelPlan(false)}
            >
              {t('play.plan.keep')}
            </button>
          </div>
        </Modal>
      )}
      {past.length > 0 && (
        <section aria-labelledby="myplan-past">
          <h2 id="myplan-past">{t('play.plan.history')}</h2>
          <ul className="play-myplan-past">
            {past.map((s) => (
              <li key={s.id}>
                {s.plano.nome} · {s.codigo} · {date(s.dataAssinatura)} ·{' '}
                {t(`play.plan.status.${s.status.situacao}`)}
              </li>
            ))}
          </ul>
        </section>
      )}
    </div>
  );
}

function Current({
  sub,
  t,
  lang,
  date,
  busy,
  onCancel,
}: {
  sub: PlaySubscription;
  t: T;
  lang: IslandProps['lang'];
  date: (iso: string | null) => string;
  busy: boolean;
  onCancel: () => void;
}) {
  const { key, count } = planPeriod(sub.plano.periodicidadeDias);
  const active = sub.status.situacao === 'ativo';
  const renewal = !active
    ? t('play.plan.pendingText')
    : sub.tentativasRecusadas > 0 && sub.proximaCobranca
      ? t('play.plan.retrying', { date: date(sub.proximaCobranca) })
      : sub.canceladoEm
        ? t('play.plan.cancelled', { cancelled: date(sub.canceladoEm), date: date(sub.pagoAte) })
        : sub.renovacaoAutomatica && sub.cartao
          ? t('play.plan.renews', {
              date: date(sub.pagoAte),
              card: t('play.plan.card', {
                brand: brandName(sub.cartao.bandeira),
                last4: sub.cartao.final,
              }),
            })
          : t('play.plan.noRenewal', { date: date(sub.pagoAte) });
  return (
    <section className="play-plan play-myplan-current" aria-labelledby="myplan-name">
      <h2 id="myplan-name">{sub.plano.nome}</h2>
      <p
        className={`play-badge ${active && !sub.canceladoEm ? 'open' : 'closed'}`}
        data-testid="myplan-status"
      >
        {t(`play.plan.status.${sub.status.situacao}`)}
        {active && sub.canceladoEm ? ` · ${t('play.plan.status.cancelling')}` : ''}
      </p>
      <dl className="play-myplan-data">
        <div>
          <dt>{t('play.plan.price')}</dt>
          <dd>
            {money(sub.plano.valor, sub.moeda, lang)}{' '}
            {key === 'play.plans.perDays' ? t.plural(key, count) : t(key)}
          </dd>
        </div>
        <div>
          <dt>{t('play.plan.fee')}</dt>
          <dd>
            {sub.plano.taxaAdesao > 0
              ? money(sub.plano.taxaAdesao, sub.moeda, lang)
              : t('play.plan.noFee')}
          </dd>
        </div>
        <div>
          <dt>{t('play.plan.code')}</dt>
          <dd data-testid="myplan-code">{sub.codigo}</dd>
        </div>
        <div>
          <dt>{t('play.plan.date')}</dt>
          <dd>{date(sub.dataAssinatura)}</dd>
        </div>
        <div>
          <dt>{t('play.plan.paidUntil')}</dt>
          <dd data-testid="myplan-paid-until">{date(sub.pagoAte)}</dd>
        </div>
      </dl>
      <p data-testid="myplan-renewal">{renewal}</p>
      {active && sub.proximoPlano && !sub.canceladoEm && (
        <p data-testid="myplan-next-plan">
          {t('play.plan.nextPlan', {
            plan: sub.proximoPlano.nome,
            price: money(sub.proximoPlano.valor, sub.moeda, lang),
            date: date(sub.proximaCobranca ?? sub.pagoAte),
          })}
        </p>
      )}
      <div className="play-actions">
        {active && (
          <a className="button" href="/play">
            {t('play.plan.watch')}
          </a>
        )}
        {(sub.status.situacao === 'pendente' || (active && !sub.canceladoEm)) && (
          <button type="button" className="button secondary" disabled={busy} onClick={onCancel}>
            {t('play.plan.cancel')}
          </button>
        )}
      </div>
    </section>
  );
}

/** A pending subscription's open payment (the Pix code or slip line to pay), checked again until it settles. */
function PendingPayment({
  code,
  userId,
  t,
  lang,
  onSettled,
}: {
  code: string;
  userId: number;
  t: T;
  lang: IslandProps['lang'];
  onSettled: () => void;
}) {
  const { answer } = usePaymentAnswer(true, () => paymentAnswer(code, { userId }));
  const status = answer?.pagamento.status;
  useEffect(() => {
    if (
      status &&
      status !== 'pendente' &&
      status !== 'aguardando' &&
      status !== 'em_aberto' &&
      status !== 'em_analise'
    )
      onSettled();
  }, [status]);
  if (!answer) return null;
  return (
    <section aria-labelledby="myplan-payment">
      <h2 id="myplan-payment">{t('play.plan.payment')}</h2>
      <PaymentResult
        payment={answer.pagamento}
        text={t(
          `play.plan.paymentStatus.${answer.pagamento.status === 'aprovado' ? 'paid' : 'open'}`,
        )}
        t={t}
        lang={lang}
      />
    </section>
  );
}

/** Changing the renewal card and the plan of an active subscription that renews. */
function Changes({
  sub,
  t,
  lang,
  slug,
  churchId,
  userId,
  plans,
  methods,
  currency,
  date,
  onChanged,
}: {
  sub: PlaySubscription;
  t: T;
  lang: IslandProps['lang'];
  slug: string;
  churchId: number;
  userId: number;
  plans: PlayPlan[];
  methods: PaymentMethodOption[];
  currency: string;
  date: (iso: string | null) => string;
  onChanged: (updated: PlaySubscription, text: string) => void;
}) {
  // the checkout's own card step, card only: a saved card, or a new one tokenised and saved for renewals
  const step = usePaymentStep({
    churchId,
    slug,
    lang,
    methods,
    userId,
    fees: null,
    quoteKey: '',
    saveCard: { value: true, set: () => undefined },
  });
  const nextPlanId = sub.proximoPlano?.id ?? sub.plano.id;
  const [planId, setPlanId] = useState(String(plans.find((p) => p.id !== nextPlanId)?.id ?? ''));
  const { busy, failure } = useStore($planChanges);

  async function saveCard(e: FormEvent) {
    e.preventDefault();
    const updated = await changeRenewalCard(
      sub.id,
      churchId,
      step.prepare,
      t('play.plan.changeError'),
    );
    if (updated)
      onChanged(
        updated,
        t('play.plan.cardChanged', {
          card: updated.cartao
            ? t('play.plan.card', {
                brand: brandName(updated.cartao.bandeira),
                last4: updated.cartao.final,
              })
            : '',
        }),
      );
  }

  async function savePlan(e: FormEvent) {
    e.preventDefault();
    const updated = await changeNextPlan(
      sub.id,
      churchId,
      Number(planId),
      t('play.plan.changeError'),
    );
    if (!updated) return;
    onChanged(
      updated,
      updated.proximoPlano
        ? t('play.plan.planChanged', {
            plan: updated.proximoPlano.nome,
            date: date(updated.proximaCobranca ?? updated.pagoAte),
          })
        : t('play.plan.planKept', { plan: updated.plano.nome }),
    );
    setPlanId(
      String(plans.find((p) => p.id !== (updated.proximoPlano?.id ?? updated.plano.id))?.id ?? ''),
    );
  }

  const planOptions = plans
    .filter((p) => p.id !== nextPlanId)
    .map((p) => {
      const { key, count } = planPeriod(p.periodicidadeDias);
      return {
        value: String(p.id),
        label: `${p.nome} · ${money(p.valor, currency, lang)} ${key === 'play.plans.perDays' ? t.plural(key, count) : t(key)}`,
      };
    });
  return (
    <>
      {methods.length > 0 && (
        <section className="play-plan play-myplan-change" aria-labelledby="myplan-card">
          <h2 id="myplan-card">{t('play.plan.changeCard')}</h2>
          <p>{t('play.plan.changeCardText')}</p>
          <form onSubmit={(e) => void saveCard(e)} noValidate>
            <PaymentFields
              step={step}
              t={t}
              currency={currency}
              errors={failure?.part === 'card' ? failure.errors : undefined}
              busy={busy !== null}
            />
            {failure?.part === 'card' && <Notice kind="error">{failure.message}</Notice>}
            <SubmitButton
              submitting={busy === 'card'}
              label={t('play.plan.saveCard')}
              busyLabel={t('play.plan.saving')}
            />
          </form>
        </section>
      )}
      {planOptions.length > 0 && (
        <section className="play-plan play-myplan-change" aria-labelledby="myplan-switch">
          <h2 id="myplan-switch">{t('play.plan.changePlan')}</h2>
          <p>{t('play.plan.changePlanText', { date: date(sub.proximaCobranca ?? sub.pagoAte) })}</p>
          <form onSubmit={(e) => void savePlan(e)} noValidate>
            <Select
              label={t('play.plan.newPlan')}
              name="planoAssinatura"
              value={planId}
              onChange={setPlanId}
              options={planOptions}
              error={failure?.part === 'plan' ? failure.errors.planoAssinatura?.[0] : undefined}
            />
            {failure?.part === 'plan' && <Notice kind="error">{failure.message}</Notice>}
            <SubmitButton
              submitting={busy === 'plan'}
              label={t('play.plan.savePlan')}
              busyLabel={t('play.plan.saving')}
            />
          </form>
        </section>
      )}
    </>
  );
}
