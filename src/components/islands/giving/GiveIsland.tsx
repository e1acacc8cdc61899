// /give (MOD_DOACAO, spec §2): an amount per reason (one gift may split across reasons), I cover
// the fees, repeat every N days, then the kit's payment step (method, saved or new card with the
// holder's CPF and birth date where the gateway needs them, save card) and, for a visitor where
// the church allows it, name, e-mail, CPF and our captcha. Every rule is the server's: its answers
// (and their per-field messages) are shown where they belong.
import { useStore } from '@nanostores/react';
import { useEffect } from 'react';
import type { Reason } from '../../../../contract/giving.ts';
import type { PaymentMethodCode } from '../../../../contract/payments.ts';
import { thankYouKey } from '../../../lib/checkout-text.ts';
import type { PaymentMethodOption } from '../../../lib/checkout/payment.ts';
import { money } from '../../../../common/format.ts';
import {
  $give,
  $giveForm,
  answerChallenge,
  giftFees,
  giveAgain,
  newCaptcha,
  resetGiveForm,
  setAmount,
  setOption,
  setVisitor,
  startGiveForm,
  submitGift,
} from '../../../stores/give.ts';
import {
  ChallengeForm,
  Check,
  Field,
  Loader,
  Notice,
  PaymentFields,
  PaymentResult,
  SubmitButton,
  loginHref,
  makeT,
  usePaymentStep,
  useSession,
  type IslandProps,
} from '../ui/index.ts';
import { GiveVisitor } from './GiveVisitor.tsx';

interface Props extends IslandProps {
  slug: string;
  reasons: Reason[];
  currency: string;
  allowRecurrency: boolean;
  visitorsAllowed: boolean;
  askCpf: boolean;
  methods: PaymentMethodOption[];
  /** The methods the server lets a visitor use. */
  visitorMethods: PaymentMethodCode[];
  /** On /live: the result shows in place so the stream keeps playing (PicPay still opens its page). */
  inline?: boolean;
}

export default function GiveIsland(props: Props) {
  const t = makeT(props.strings, props.lang);
  const { ready, loggedIn, userId } = useSession(props.church);
  const state = useStore($give);
  const { visitor, captcha, captchaAnswer, busy, error, challenge, done } = useStore($giveForm);

  useEffect(() => startGiveForm(props.allowRecurrency, props.church.pais ?? 'BR'), []);
  const asVisitor = ready && !loggedIn;
  const step = usePaymentStep({
    churchId: props.church.id,
    slug: props.slug,
    lang: props.lang,
    userId: ready && loggedIn ? userId : null,
    methods: asVisitor
      ? props.methods.filter((m) => props.visitorMethods.includes(m.codigo))
      : props.methods,
    fees: giftFees(props.slug, state),
    quoteKey: `${state.total}:${state.flagUsuarioTaxa}`,
    saveCard: { value: state.salvarCartao, set: (v) => setOption('salvarCartao', v) },
  });
  useEffect(() => {
    if (asVisitor && props.visitorsAllowed) void newCaptcha(props.slug);
  }, [asVisitor]);

  if (!ready) return <Loader label={t('give.loading')} />;
  if (asVisitor && !props.visitorsAllowed) {
    return (
      <Notice kind="info">
        {t('give.loginRequired')} <a href={loginHref('/give')}>{t('give.loginText')}</a>
      </Notice>
    );
  }

  const field = (name: string) => error?.errors[name]?.[0];
  const recurrenceReasons = props.reasons
    .filter((r) => r.flagRecorrencia)
    .map((r) => r.nome)
    .join(', ');

  const flow = {
    inline: !!props.inline,
    texts: { nothing: t('give.nothing'), generic: t('give.error.generic') },
  };
  const submit = () =>
    step.method
      ? submitGift({
          churchId: props.church.id,
          slug: props.slug,
          asVisitor,
          askCpf: props.askCpf,
          prepare: step.prepare,
          ...flow,
        })
      : Promise.resolve();

  if (done) {
    const p = done.pagamento;
    return (
      <section className="give-thanks" aria-live="polite">
        <PaymentResult
          payment={p}
          text={t(
            thankYouKey(p.metodoPagamento, p.status).replace('checkout.thanks.', 'give.thanks.'),
          )}
          t={t}
          lang={props.lang}
        />
        <button
          type="button"
          className="button secondary"
          onClick={() => giveAgain(props.allowRecurrency)}
        >
          {t('give.giveAgain')}
        </button>
      </section>
    );
  }

  if (challenge) {
    return (
      <ChallengeForm
        code={challenge.code}
        receiptKey={challenge.key}
        t={t}
        onAnswer={(r) => answerChallenge(r, flow)}
      />
    );
  }

  const quote = step.quote;
  const recurrenceError = field('recorrencia');
  return (
    <form
      className="give-form"
      noValidate
      aria-busy={busy}
      onSubmit={(e) => {
        e.preventDefault();
        void submit();
      }}
    >
      <fieldset className="give-reasons" disabled={busy}>
        <legend>{t('give.reasons')}</legend>
        {props.reasons.map((r) => {
          const i = Object.keys(state.motivos)
            .filter((id) => state.motivos[Number(id)]?.trim())
            .indexOf(String(r.id));
          return (
            <div key={r.id} className="give-reason">
              <div className="give-reason-text">
                <strong>{r.nome}</strong>
                {r.flagRecorrencia && state.allowRecurrency && (
                  <span className="give-badge">{t('give.recurrenceBadge')}</span>
                )}
                {r.descricao && <small>{r.descricao}</small>}
              </div>
              <Field
                label={t('give.amountFor', { reason: r.nome })}
                name={`valor-${r.id}`}
                value={state.motivos[r.id] ?? ''}
                onChange={(v) => setAmount(r.id, v)}
                inputMode="numeric"
                placeholder="0,00"
                error={
                  i >= 0 ? (field(`motivos.${i}.valor`) ?? field(`motivos.${i}.motivo`)) : undefined
                }
              />
            </div>
          );
        })}
      </fieldset>

      <section className="give-summary" aria-live="polite">
        <p>
          <span>{t('give.total')}</span>{' '}
          <strong data-testid="give-total">{money(state.total, props.currency, props.lang)}</strong>
        </p>
        {quote && (
          <p>
            <span>{t('give.fees')}</span>{' '}
            <span>
              {quote.fees.flagAssumirTaxasServico
                ? t('give.feesByChurch')
                : money(quote.fees.valorTaxas, props.currency, props.lang)}
            </span>
          </p>
        )}
        {quote && !quote.fees.flagAssumirTaxasServico && (
          <p>
            <span>{t('give.totalWithFees')}</span>{' '}
            <strong>{money(quote.total, props.currency, props.lang)}</strong>
          </p>
        )}
      </section>

      <Check
        name="flagUsuarioTaxa"
        label={t('give.coverFees')}
        hint={t('give.coverFeesHint')}
        checked={state.flagUsuarioTaxa}
        onChange={(v) => setOption('flagUsuarioTaxa', v)}
        disabled={busy}
      />
      {loggedIn && state.allowRecurrency && (
        <div className={`give-repeat${recurrenceError ? ' has-error' : ''}`}>
          <Check
            name="recorrencia"
            label={t('give.repeat')}
            hint={t('give.repeatHint', { reasons: recurrenceReasons })}
            checked={state.recorrencia}
            onChange={(v) => setOption('recorrencia', v)}
            disabled={busy}
          />
          {state.recorrencia && (
            <Field
              label={t('give.days')}
              name="recorrenciaDias"
              value={String(state.recorrenciaDias)}
              inputMode="numeric"
              onChange={(v) => setOption('recorrenciaDias', Number(v.replace(/\D/g, '')) || 0)}
              error={field('recorrenciaDias')}
            />
          )}
          {recurrenceError && (
            <p className="ui-error" role="alert">
              {recurrenceError}
            </p>
          )}
        </div>
      )}

      <PaymentFields
        step={step}
        t={t}
        currency={props.currency}
        errors={error?.errors}
        busy={busy}
      />

      {asVisitor && (
        <GiveVisitor
          value={visitor}
          onChange={setVisitor}
          askCpf={props.askCpf}
          captcha={captcha}
          answer={captchaAnswer}
          onNewCaptcha={() => void newCaptcha(props.slug)}
          busy={busy}
          field={field}
          t={t}
          lang={props.lang}
        />
      )}

      {error && <Notice kind="error">{error.message}</Notice>}
      <div className="give-actions">
        <button type="button" className="button secondary" onClick={resetGiveForm} disabled={busy}>
          {t('give.reset')}
        </button>
        <SubmitButton
          submitting={busy}
          label={t('give.submit', {
            total: money(quote?.total ?? state.total, props.currency, props.lang),
          })}
          busyLabel={t('give.submitting')}
        />
      </div>
    </form>
  );
}
