// The payment step of every order kind (event tickets, gifts, Play plans): method, saved or new
// card (holder CPF and birth date where the gateway needs them, spec §3 Payment fields; save
// card), bank account (ACH) and the installments of the server's quote, plus the totals. A new
// card is new-card.tsx's (ours, or Stripe.js's field at a live Stripe church), as on /user/addcard.
//
// Usage (strings: add the 'pay.' prefix to the page's islandProps):
//   const step = usePaymentStep({ churchId, slug, lang, methods, userId, fees, quoteKey, maxInstallments, interest });
//     methods   the methods the server offers for this order ({ codigo, nome, idGatewayPagamento });
//     userId    the member (saved cards, "save card") or null for a visitor;
//     fees      the order kind's fee call (lib/checkout/api.ts: eventFees, giftFees…), null while nothing is due;
//     quoteKey  re-quote when it changes (the value, who pays the fees);
//     saveCard  optional { value, set } when the order keeps "save card" in its own store.
//   <PaymentFields step={step} t={t} lang={lang} currency={currency} errors={apiErrors} busy={busy} />
//   <PaymentTotals quote={step.quote} … />   the amounts of the same quote as the installments select.
//   On submit: const part = await step.prepare();  // tokenises a new card (its field errors come back as a 422)
//     body = { tipo: 'doacao' | 'evento' | …, …what is bought, ...part } → checkout.pay(body, idempotencyKey),
//     then afterPay(answer, thanksUrl) of lib/checkout/payment.ts: declined / challenge (<ChallengeForm>) / leave.
// Every rule (Pix and slip only in Brazil, PicPay's maximum, card checks) is the server's: show
// its per-field `errors` here; nothing is checked twice in the browser.
import { useEffect, useRef, useState } from 'react';
import { needsHolderFields } from '../../../../contract/payment-rules.ts';
import type { PaymentMethodCode, SavedCard } from '../../../../contract/payments.ts';
import type { FeeCall } from '../../../lib/checkout/api.ts';
import {
  installmentText,
  quoteOf,
  type PaymentMethodOption,
  type PaymentPart,
  type PaymentQuote,
} from '../../../lib/checkout/payment.ts';
import { brandName, money, type Lang } from '../../../../common/format.ts';
import { Check, Field, Select } from './fields.tsx';
import { CardFields, type CardForm } from './payment-card.tsx';
import { NewCardFields, useNewCard } from './new-card.tsx';
import { stripeKeyOf } from '../../../lib/checkout/stripe.ts';
import { quoteFor, savedCardsFor } from '../../../stores/payment.ts';
import type { T } from './t.ts';
import './ui.css';
import './payment.css';

export interface PaymentStepOptions {
  churchId: number;
  slug: string;
  lang: Lang;
  methods: PaymentMethodOption[];
  userId: number | null;
  fees: FeeCall | null;
  quoteKey: string;
  maxInstallments?: number;
  interest?: boolean;
  saveCard?: { value: boolean; set: (value: boolean) => void };
}

type Ach = NonNullable<PaymentPart['ach']>;

export function usePaymentStep(o: PaymentStepOptions) {
  const [method, setMethod] = useState<PaymentMethodCode | null>(o.methods[0]?.codigo ?? null);
  const codes = o.methods.map((m) => m.codigo).join();
  useEffect(() => {
    if (!method || !o.methods.some((m) => m.codigo === method))
      setMethod(o.methods[0]?.codigo ?? null);
  }, [codes]);
  const [cards, setCards] = useState<SavedCard[]>([]);
  const [cardChoice, setCardChoice] = useState<number | 'new'>('new');
  const gateway = o.methods.find((m) => m.codigo === method)?.idGatewayPagamento;
  const holderFields = method === 'cartao' && needsHolderFields(gateway);
  // A live Stripe church: the new card is typed in Stripe.js and only its PaymentMethod id is sent.
  const stripeKey = stripeKeyOf(o.methods);
  const newCardState = useNewCard({ churchId: o.churchId, lang: o.lang, stripeKey, holderFields });
  const card = newCardState.card;
  const typing = useRef(false); // a card being typed is never swapped for a saved one that loads late
  typing.current = card.numero !== '' || card.titular !== '';
  const [ownSave, setOwnSave] = useState(true);
  const saveCard = o.saveCard ?? { value: ownSave, set: setOwnSave };
  const [ach, setAch] = useState<Ach>({
    numeroConta: '',
    numeroRoteamento: '',
    tipoConta: 'corrente',
  });
  const [installments, setInstallments] = useState(1);
  const [quoted, setQuoted] = useState<
    { quote: PaymentQuote; failed: false } | { quote: null; failed: boolean }
  >({ quote: null, failed: false });

  // The saved cards while they load: a click on pay before they arrive waits for them (see prepare).
  const loadingCards = useRef<Promise<SavedCard[]> | null>(null);
  useEffect(() => {
    setCards([]);
    loadingCards.current = null;
    if (!o.userId) return;
    let live = true;
    const load = savedCardsFor(o.slug, o.userId).then((list) => {
      if (live) {
        setCards(list);
        if (list[0] && !typing.current) setCardChoice(list[0].id);
      }
      return list;
    });
    loadingCards.current = load;
    void load.finally(() => {
      if (loadingCards.current === load) loadingCards.current = null;
    });
    return () => {
      live = false;
    };
  }, [o.userId]);

  // The quote: the order kind's fees for the method, then the installments of that total.
  useEffect(() => {
    const fees = o.fees;
    setQuoted({ quote: null, failed: false }); // never another method's or amount's figures while asking
    if (!method || !fees) return;
    let stale = false;
    const max = method === 'cartao' ? (o.maxInstallments ?? 1) : 1;
    void quoteFor(o.slug, fees, method, max, !!o.interest).then(
      (quote) => {
        if (!stale) setQuoted({ quote, failed: false });
      },
      () => {
        if (!stale) setQuoted({ quote: null, failed: true });
      },
    );
    return () => {
      stale = true;
    };
  }, [method, o.quoteKey, !!o.fees]);

  const quote = quoted.quote ? quoteOf(quoted.quote.fees, quoted.quote.plans, installments) : null;
  const newCard = cardChoice === 'new' || !cards.some((c) => c.id === cardChoice);

  /** The payment part of the order's body; a new card is tokenised first (a 422 names its fields). */
  async function prepare(): Promise<PaymentPart> {
    if (!method) throw new Error('no payment method');
    let cartao: PaymentPart['cartao'];
    let [isNew, choice] = [newCard, cardChoice];
    if (method === 'cartao' && loadingCards.current && !typing.current) {
      // paid before the saved cards arrived: pay with the first one, as the form is about to show
      const first = (await loadingCards.current)[0];
      if (first) [isNew, choice] = [false, first.id];
    }
    if (method === 'cartao')
      cartao = isNew
        ? { token: (await newCardState.token()).token }
        : { idCartao: choice as number };
    return {
      metodoPagamento: method,
      parcelas: method === 'cartao' ? (quote?.plan.parcela ?? 1) : 1,
      salvarCartao: o.userId !== null && method === 'cartao' && isNew && saveCard.value,
      ...(cartao ? { cartao } : {}),
      ...(method === 'ach' ? { ach } : {}),
    };
  }

  return {
    methods: o.methods,
    method,
    setMethod,
    member: o.userId !== null,
    lang: o.lang,
    cards,
    cardChoice,
    setCardChoice,
    newCard,
    card,
    setCard: newCardState.setCard,
    holderFields,
    stripeKey,
    stripeReady: newCardState.stripeReady,
    saveCard,
    ach,
    setAch,
    quote,
    quoteFailed: quoted.failed,
    setInstallments,
    prepare,
  };
}
export type PaymentStep = ReturnType<typeof usePaymentStep>;

const first = (errors: Record<string, string[]> | undefined, name: string) => errors?.[name]?.[0];
export { CardFields, type CardForm };

/** Method, card or bank account, and installments, with the server's per-field messages. */
export function PaymentFields({
  step,
  t,
  currency,
  errors,
  busy = false,
  cashDays = 3,
}: {
  step: PaymentStep;
  t: T;
  currency: string;
  errors?: Record<string, string[]> | undefined;
  busy?: boolean;
  cashDays?: number;
}) {
  const methodError = first(errors, 'metodoPagamento') ?? first(errors, 'pais');
  const { method, quote, lang } = step;
  const plans = quote?.plans ?? [];
  return (
    <>
      <fieldset
        className="ui-methods"
        disabled={busy}
        aria-describedby={methodError ? 'ui-method-error' : undefined}
      >
        <legend>{t('pay.method')}</legend>
        {step.methods.map((m) => (
          <label key={m.codigo} className={`ui-method${method === m.codigo ? ' selected' : ''}`}>
            <input
              type="radio"
              name="metodo"
              value={m.codigo}
              checked={method === m.codigo}
              onChange={() => step.setMethod(m.codigo)}
            />
            {m.nome}
          </label>
        ))}
        {methodError && (
          <p id="ui-method-error" className="ui-error" role="alert">
            {methodError}
          </p>
        )}
      </fieldset>

      {method === 'cartao' && (
        <fieldset className="ui-card" disabled={busy}>
          <legend>{t('pay.card')}</legend>
          {step.cards.length > 0 && (
            <div className="ui-saved">
              {step.cards.map((c) => (
                <label key={c.id}>
                  <input
                    type="radio"
                    name="cartao"
                    checked={step.cardChoice === c.id}
                    onChange={() => step.setCardChoice(c.id)}
                  />{' '}
                  {t('pay.savedCard', { brand: brandName(c.bandeira), last4: c.final })}
                </label>
              ))}
              <label>
                <input
                  type="radio"
                  name="cartao"
                  checked={step.newCard}
                  onChange={() => step.setCardChoice('new')}
                />{' '}
                {t('pay.newCard')}
              </label>
            </div>
          )}
          {first(errors, 'cartao') && (
            <p className="ui-error" role="alert">
              {first(errors, 'cartao')}
            </p>
          )}
          {step.newCard && (
            <NewCardFields
              card={step.card}
              setCard={step.setCard}
              holderFields={step.holderFields}
              stripeKey={step.stripeKey}
              stripeReady={step.stripeReady}
              t={t}
              lang={lang}
              errors={errors}
            />
          )}
          {step.newCard && step.member && (
            <Check
              name="salvarCartao"
              label={t('pay.saveCard')}
              checked={step.saveCard.value}
              onChange={step.saveCard.set}
            />
          )}
          {plans.length > 1 && quote && (
            <Select
              label={t('pay.installments')}
              name="parcelas"
              value={String(quote.plan.parcela)}
              required
              error={first(errors, 'parcelas')}
              onChange={(v) => step.setInstallments(Number(v) || 1)}
              options={plans.map((p) => ({
                value: String(p.parcela),
                label: installmentText(p, t, (v) => money(v, currency, lang)),
              }))}
            />
          )}
        </fieldset>
      )}

      {method === 'ach' && (
        <fieldset className="ui-card" disabled={busy}>
          <legend>{t('pay.ach')}</legend>
          <Field
            label={t('pay.routingNumber')}
            name="numeroRoteamento"
            value={step.ach.numeroRoteamento}
            onChange={(v) => step.setAch({ ...step.ach, numeroRoteamento: v })}
            required
            inputMode="numeric"
            error={first(errors, 'ach.numeroRoteamento')}
          />
          <Field
            label={t('pay.accountNumber')}
            name="numeroConta"
            value={step.ach.numeroConta}
            onChange={(v) => step.setAch({ ...step.ach, numeroConta: v })}
            required
            inputMode="numeric"
            error={first(errors, 'ach.numeroConta')}
          />
          <Select
            label={t('pay.accountType')}
            name="tipoConta"
            value={step.ach.tipoConta}
            required
            error={first(errors, 'ach.tipoConta')}
            onChange={(v) =>
              step.setAch({ ...step.ach, tipoConta: v === 'poupanca' ? 'poupanca' : 'corrente' })
            }
            options={[
              { value: 'corrente', label: t('pay.checking') },
              { value: 'poupanca', label: t('pay.savings') },
            ]}
          />
        </fieldset>
      )}
      {method && method !== 'cartao' && method !== 'ach' && method !== 'gratuito' && (
        <p className="ui-muted">{t(`pay.methodText.${method}`, { days: cashDays })}</p>
      )}
      {step.quoteFailed && (
        <p className="ui-error" role="alert">
          {t('pay.quoteFailed')}
        </p>
      )}
    </>
  );
}

/** The amounts of the quote (the same plan the installments select shows): value, fees, interest, total. */
export function PaymentTotals({
  quote,
  t,
  currency,
  lang,
  valueLabel,
}: {
  quote: PaymentQuote | null;
  t: T;
  currency: string;
  lang: Lang;
  valueLabel: string;
}) {
  if (!quote) return null;
  const { fees, plan } = quote;
  return (
    <dl className="ui-totals">
      <div>
        <dt>{valueLabel}</dt>
        <dd>{money(fees.valor, currency, lang)}</dd>
      </div>
      <div>
        <dt>{t('pay.fees')}</dt>
        <dd>
          {fees.flagAssumirTaxasServico
            ? t('pay.feesByChurch')
            : money(fees.valorTaxas, currency, lang)}
        </dd>
      </div>
      {plan.juros > 0 && (
        <div>
          <dt>{t('pay.interest')}</dt>
          <dd>{money(plan.juros, currency, lang)}</dd>
        </div>
      )}
      {plan.parcela > 1 && (
        <div>
          <dt>{t('pay.installments')}</dt>
          <dd data-testid="pay-installments">
            {installmentText(plan, t, (v) => money(v, currency, lang))}
          </dd>
        </div>
      )}
      <div className="ui-total">
        <dt>{t('pay.total')}</dt>
        <dd data-testid="pay-total">{money(quote.total, currency, lang)}</dd>
      </div>
    </dl>
  );
}
