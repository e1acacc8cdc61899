// /play/my-plan (docs/play.md "Subscribing, cancelling, renewals", spec §3 Plan data): the member's subscription — plan, price per
// period, contracting fee, subscription code and date, paid until, renewal — and cancelling it with a
// confirmation (renewals stop; access stays until the paid date). No subscription: a link to the plans.
import { useEffect, useMemo, useState } from 'react';
import type { PlaySubscription } from '../../../../contract/play.ts';
import { brandName, formatDate, money } from '../../../lib/format.ts';
import { cancelSubscription, loadMySubscriptions } from '../../../lib/play/subscriptions.ts';
import { planPeriod } from '../../../lib/play/plan.ts';
import { checkout } from '../../../lib/checkout/api.ts';
import {
  Loader,
  makeT,
  MemberGate,
  Modal,
  Notice,
  PaymentResult,
  failureMessage,
  useLoad,
  useMember,
  usePaymentAnswer,
  type IslandProps,
  type Message,
  type T,
} from '../ui/index.ts';

export default function MyPlanIsland(props: IslandProps) {
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

function MyPlan({ t, church, lang }: IslandProps & { t: T }) {
  const { userId } = useMember(church);
  const { state, setState, retry } = useLoad(
    () => loadMySubscriptions(church.id, userId ?? 0),
    [userId],
  );
  const [confirming, setConfirming] = useState(false);
  const [busy, setBusy] = useState(false);
  const [message, setMessage] = useState<Message | null>(null);

  if (state.kind === 'loading') return <Loader label={t('play.plan.loading')} />;
  if (state.kind !== 'ok')
    return (
      <div>
        <Notice kind="error">{t('play.plan.loadError')}</Notice>
        <button type="button" className="button secondary" onClick={retry}>
          {t('play.plan.retry')}
        </button>
      </div>
    );
  const list = state.value;
  const current = currentOf(list);
  const past = list.filter((s) => s !== current);
  const date = (iso: string | null) => (iso ? formatDate(iso, lang) : '—');

  async function cancel(sub: PlaySubscription) {
    setBusy(true);
    setMessage(null);
    try {
      const updated = await cancelSubscription(sub.id, church.id);
      setState({ kind: 'ok', value: list.map((s) => (s.id === updated.id ? updated : s)) });
      setMessage({
        kind: 'ok',
        text:
          updated.status.situacao === 'ativo'
            ? t('play.plan.cancelledOk', { date: date(updated.pagoAte) })
            : t('play.plan.cancelledPending'),
      });
    } catch (error) {
      setMessage({
        kind: 'error',
        text: (await failureMessage(error, t('play.plan.cancelError'))).message,
      });
    } finally {
      setBusy(false);
      setConfirming(false);
    }
  }

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
          onCancel={() => setConfirming(true)}
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
          onClose={() => setConfirming(false)}
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
              onClick={() => setConfirming(false)}
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
            {money(sub.plano.valor / 100, sub.moeda, lang)}{' '}
            {key === 'play.plans.perDays' ? t.plural(key, count) : t(key)}
          </dd>
        </div>
        <div>
          <dt>{t('play.plan.fee')}</dt>
          <dd>
            {sub.plano.taxaAdesao > 0
              ? money(sub.plano.taxaAdesao / 100, sub.moeda, lang)
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
  const { answer } = usePaymentAnswer(true, () => checkout.status(userId, code));
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
