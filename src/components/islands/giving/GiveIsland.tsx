// /give (MOD_DOACAO, spec §2): an amount per reason (one gift may split across reasons), I cover
// the fees, repeat every N days, then the kit's payment step (method, saved or new card with the
// holder's CPF and birth date where the gateway needs them, save card) and, for a visitor where
// the church allows it, name, e-mail, CPF and our captcha. Every rule is the server's: its answers
// (and their per-field messages) are shown where they belong.
import { useStore } from '@nanostores/react';
import { useEffect, useState } from 'react';
import type { CaptchaWire, Reason } from '../../../../contract/giving.ts';
import type { PaymentMethodCode, PaymentResponse } from '../../../../contract/payments.ts';
import { thankYouKey } from '../../../lib/checkout-text.ts';
import { afterPay, type PaymentMethodOption } from '../../../lib/checkout/payment.ts';
import { money } from '../../../lib/format.ts';
import { giving } from '../../../lib/giving/api.ts';
import {
  $give,
  giftFees,
  pay,
  rememberGift,
  resetGive,
  setAmount,
  setOption,
  startGive,
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
  failureMessage,
  loginHref,
  makeT,
  usePaymentStep,
  useSession,
  type IslandProps,
} from '../ui/index.ts';
import { GiveVisitor, type VisitorData } from './GiveVisitor.tsx';

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
  const [visitor, setVisitor] = useState<VisitorData>({
    nome: '',
    email: '',
    cpf: '',
    pais: props.church.pais ?? 'BR',
  });
  const [captcha, setCaptcha] = useState<CaptchaWire | null>(null);
  const [answer, setAnswer] = useState('');
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<{ message: string; errors: Record<string, string[]> } | null>(
    null,
  );
  const [challenge, setChallenge] = useState<{ code: string; key: string | null } | null>(null);
  const [done, setDone] = useState<PaymentResponse | null>(null);

  useEffect(() => startGive(props.allowRecurrency), []);
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
    if (asVisitor && props.visitorsAllowed) void newCaptcha();
  }, [asVisitor]);

  async function newCaptcha() {
    setAnswer('');
    setCaptcha(null); // the spent image goes at once: the one shown always matches the token sent
    setCaptcha(await giving.captcha(props.slug).catch(() => null));
  }

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

  function next(response: PaymentResponse) {
    const key = response.chaveRecibo ?? null;
    const thanks = `/give/thank-you?pedido=${encodeURIComponent(response.pagamento.codigo)}${key ? `&chave=${encodeURIComponent(key)}` : ''}`;
    const then = afterPay(response, thanks);
    if (then.kind === 'declined')
      return setError({ message: then.message ?? t('give.error.generic'), errors: {} });
    if (then.kind === 'challenge') return setChallenge({ code: then.code, key });
    rememberGift(response);
    if (props.inline && then.url === thanks) {
      resetGive(); // spec §4: the give checkout is reset once the gift is made
      return setDone(response);
    }
    location.assign(then.url);
  }

  async function submit() {
    if (busy || !step.method) return;
    setError(null);
    if (state.total <= 0 && !Object.values(state.motivos).some((v) => v.trim()))
      return setError({ message: t('give.nothing'), errors: {} });
    setBusy(true);
    try {
      const payment = await step.prepare();
      const who = asVisitor
        ? {
            pais: visitor.pais,
            visitante: {
              nome: visitor.nome,
              email: visitor.email,
              ...(props.askCpf ? { cpf: visitor.cpf } : {}),
            },
            captcha: { token: captcha?.token ?? '', resposta: answer },
          }
        : {};
      next(await pay({ churchId: props.church.id, payment, ...who }));
    } catch (e) {
      setError(await failureMessage(e, t('give.error.generic')));
      if (asVisitor) void newCaptcha(); // a captcha answers once, right or wrong
    } finally {
      setBusy(false);
    }
  }

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
          onClick={() => {
            setDone(null);
            startGive(props.allowRecurrency);
          }}
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
        onAnswer={(r) => {
          setChallenge(null);
          next({ ...r, chaveRecibo: challenge.key });
        }}
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
          answer={answer}
          onAnswer={setAnswer}
          onNewCaptcha={() => void newCaptcha()}
          busy={busy}
          field={field}
          t={t}
          lang={props.lang}
        />
      )}

      {error && <Notice kind="error">{error.message}</Notice>}
      <div className="give-actions">
        <button
          type="button"
          className="button secondary"
          onClick={() => {
            resetGive();
            setError(null);
          }}
          disabled={busy}
        >
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
