// /checkout: the church's payment methods for the event checkout (spec §2, §3): card (new or
// saved, installments with or without interest, fees, save card, challenge), Pix, bank slip
// (Brazilian addresses only, spec §5), PicPay, cash, transfer, ACH, or a free registration.
// Fees and installments come from the fee calls of spec §7; the purchase carries the
// checkout's idempotency key, so a retry or a double click never charges twice.
import { useStore } from '@nanostores/react';
import { useEffect, useRef, useState } from 'react';
import type { EventWire } from '../../../../contract/events.ts';
import type { CardToken, FeeQuoteWire, InstallmentWire, PaymentMethodCode, PaymentResponse, SavedCard } from '../../../../contract/payments.ts';
import { mainApi } from '../../../lib/account/http.ts';
import { $checkout, bindCheckoutStorage, firstIncompleteSeat, newKey, ticketsBody } from '../../../stores/checkout.ts';
import { $session } from '../../../stores/session.ts';
import { Input, SelectInput } from './TicketsIsland.tsx';
import { brandName, failureMessage, makeT, money, Notice, Spinner, useMember, type EventsIslandProps } from './common.tsx';

interface Props extends EventsIslandProps {
  methods: { codigo: Exclude<PaymentMethodCode, 'gratuito'>; nome: string }[];
}

type CardChoice = number | 'new';

export default function CheckoutIsland(props: Props) {
  const t = makeT(props.strings);
  const { ready, userId } = useMember(props.church);
  const state = useStore($checkout);
  const session = useStore($session);
  const checkout = state.eventCheckout;
  const [method, setMethod] = useState<Props['methods'][number]['codigo'] | null>(null);
  const [fees, setFees] = useState<FeeQuoteWire | null>(null);
  const [plans, setPlans] = useState<InstallmentWire[]>([]);
  const [cards, setCards] = useState<SavedCard[]>([]);
  const [cardChoice, setCardChoice] = useState<CardChoice>('new');
  const [card, setCard] = useState({ titular: '', numero: '', validade: '', cvv: '' });
  const typing = useRef(false); // a card being typed is never swapped for a saved one that loads late
  typing.current = card.numero !== '' || card.titular !== '';
  const [saveCard, setSaveCard] = useState(true);
  const [ach, setAch] = useState({ numeroConta: '', numeroRoteamento: '', tipoConta: 'corrente' });
  const [country, setCountry] = useState<string | null | undefined>(undefined);
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<{ message: string; errors: Record<string, string[]> } | null>(null);
  const [challengeCode, setChallengeCode] = useState('');
  const [liveEvent, setLiveEvent] = useState<EventWire | null>(null);

  useEffect(() => bindCheckoutStorage(sessionStorage), []);

  // spec §2 data-update: a member whose data is incomplete for payment fills it in first.
  const pending = session.user?.camposPendentes ?? [];
  useEffect(() => {
    if (ready && checkout && checkout.value > 0 && pending.length) location.replace(`/user/data-update?redirectTo=${encodeURIComponent('/checkout')}`);
  }, [ready, checkout, pending.length]);

  useEffect(() => {
    if (!ready || !userId || !checkout) return;
    const api = mainApi();
    void api.get(`user/${userId}/endereco`, { searchParams: { cliente: props.church.id } }).json<{ enderecos: { id: number; pais: string }[] }>()
      .then((r) => setCountry([...r.enderecos].sort((a, b) => b.id - a.id)[0]?.pais ?? null), () => setCountry(null));
    void api.get(`usuario/${props.slug}/${userId}/cartoes`).json<{ cartoes: SavedCard[] }>().then((r) => {
      setCards(r.cartoes);
      if (r.cartoes[0] && !typing.current) setCardChoice(r.cartoes[0].id);
    }, () => setCards([]));
    void api.get(`igreja/${props.slug}/evento/${checkout.event.id}/`).json<{ evento: EventWire }>().then((r) => setLiveEvent(r.evento), () => undefined);
    if (!method && props.methods[0]) setMethod(props.methods[0].codigo);
  }, [ready, userId, checkout?.event.id]);

  // Fees for the chosen method, then the installments of the total (spec §7 fee calls).
  useEffect(() => {
    if (!checkout || !method || checkout.value === 0) return;
    let stale = false;
    const api = mainApi();
    void (async () => {
      try {
        const quote = await api.get(`evento/${checkout.event.id}/calcular-taxas`, { searchParams: { valor: checkout.value, metodoPagamento: method } }).json<FeeQuoteWire>();
        if (stale) return;
        setFees(quote);
        const max = method === 'cartao' ? checkout.event.qtdeMaxParcelas : 1;
        const { data } = await api
          .get(`igreja/${props.slug}/calcula-taxas-parcelamento-juros`, {
            searchParams: { valor: checkout.value, flagJuros: String(checkout.event.flagJuros), flagTaxasAdministrativas: 'true', valorTaxas: quote.valorTaxas, maxParcelas: max },
          })
          .json<{ data: InstallmentWire[] }>();
        if (stale) return;
        setPlans(data);
        const chosen = data.find((p) => p.parcela === $checkout.get().installments) ?? data[0];
        $checkout.setKey('installments', chosen?.parcela ?? 1);
        $checkout.setKey('finalValueInstallments', chosen?.valorTotal ?? quote.valorTotal);
      } catch {
        if (!stale) setFees(null);
      }
    })();
    return () => {
      stale = true;
    };
  }, [checkout?.event.id, checkout?.value, method]);

  if (!ready) return <Spinner label={t('checkout.loading')} />;
  if (!checkout || !checkout.tickets.length) {
    return <Notice>{t('checkout.empty')} <a href="/event">{t('events.back')}</a></Notice>;
  }
  const incomplete = firstIncompleteSeat(checkout);
  if (incomplete >= 0) {
    return <Notice>{t('checkout.holdersMissing')} <a href={`/event/${checkout.event.id}/tickets?fillTicket=${incomplete + 1}`}>{t('checkout.fillHolders')}</a></Notice>;
  }

  const free = checkout.value === 0;
  const currency = checkout.event.moeda;
  const plan = plans.find((p) => p.parcela === state.installments) ?? plans[0];
  const total = free ? 0 : (plan?.valorTotal ?? fees?.valorTotal ?? checkout.value);
  const brazilOnly = (method === 'pix' || method === 'boleto') && country !== undefined && country !== 'BR';
  const field = (name: string) => error?.errors[name]?.[0];

  async function pay() {
    if (!checkout || busy) return;
    setBusy(true);
    setError(null);
    const api = mainApi();
    const key = $checkout.get().idempotencyKey ?? newKey();
    $checkout.setKey('idempotencyKey', key);
    try {
      let response: PaymentResponse;
      if (free) {
        response = await api.post(`usuario/${userId}/evento/${checkout.event.id}/inscricao/`, { json: { ingressos: ticketsBody(checkout) }, headers: { 'Idempotency-Key': key } }).json<PaymentResponse>();
      } else {
        let cartao: { token?: string; idCartao?: number } | undefined;
        if (method === 'cartao') {
          if (cardChoice === 'new') {
            const token = await api.post(`general/payment/church/${props.church.id}/card/token`, { json: card }).json<CardToken>();
            cartao = { token: token.token };
          } else cartao = { idCartao: cardChoice };
        }
        response = await api
          .post('pagamento/', {
            json: {
              evento: checkout.event.id, ingressos: ticketsBody(checkout), metodoPagamento: method, parcelas: method === 'cartao' ? (plan?.parcela ?? 1) : 1,
              ...(cartao ? { cartao, salvarCartao: cardChoice === 'new' && saveCard } : {}),
              ...(method === 'ach' ? { ach } : {}),
            },
            headers: { 'Idempotency-Key': key },
          })
          .json<PaymentResponse>();
      }
      finish(response);
    } catch (e) {
      const failure = await failureMessage(e, t('checkout.error.generic'));
      setError(failure);
      if (failure.status >= 400) $checkout.setKey('idempotencyKey', newKey()); // refused: the next attempt is a new purchase
    } finally {
      setBusy(false);
    }
  }

  function finish(response: PaymentResponse) {
    const p = response.pagamento;
    $checkout.setKey('paymentData', p);
    $checkout.setKey('method', p.metodoPagamento);
    if (p.status === 'nao_aprovado') {
      setError({ message: p.mensagem ?? t('checkout.error.generic'), errors: {} });
      $checkout.setKey('idempotencyKey', newKey());
      return;
    }
    if (p.desafio) {
      $checkout.setKey('challenge', true);
      return;
    }
    location.assign(`/checkout/thank-you?pedido=${encodeURIComponent(p.codigo)}`);
  }

  async function completeChallenge() {
    const p = state.paymentData;
    if (!p || busy) return;
    setBusy(true);
    try {
      const response = await mainApi().post(`pagamento/${p.codigo}/desafio`, { json: { codigo: challengeCode } }).json<PaymentResponse>();
      $checkout.setKey('challengeComplete', true);
      $checkout.setKey('challenge', false);
      if (response.pagamento.status === 'nao_aprovado') {
        setError({ message: response.pagamento.mensagem ?? t('checkout.error.generic'), errors: {} });
        $checkout.setKey('idempotencyKey', newKey());
        return;
      }
      location.assign(`/checkout/thank-you?pedido=${encodeURIComponent(response.pagamento.codigo)}`);
    } catch (e) {
      setError(await failureMessage(e, t('checkout.error.generic')));
    } finally {
      setBusy(false);
    }
  }

  if (state.challenge && state.paymentData) {
    return (
      <form className="ev-form" onSubmit={(e) => { e.preventDefault(); void completeChallenge(); }}>
        <h2>{t('checkout.challenge.title')}</h2>
        <p>{t('checkout.challenge.text')}</p>
        <Input label={t('checkout.challenge.code')} value={challengeCode} onChange={setChallengeCode} required />
        {error && <Notice kind="error">{error.message}</Notice>}
        <div className="ev-actions"><button className="button" type="submit" disabled={busy}>{t('checkout.challenge.confirm')}</button></div>
      </form>
    );
  }

  return (
    <div className="ev-checkout">
      <section className="ev-summary" aria-labelledby="summary-title">
        <h2 id="summary-title">{checkout.event.titulo}</h2>
        <ul>
          {checkout.tickets.map((tk) => (
            <li key={tk.ingresso}><span>{tk.titulares.length} × {tk.nome}</span><span>{tk.valor === 0 ? t('events.free') : money(tk.valor * tk.titulares.length, currency, props.lang)}</span></li>
          ))}
        </ul>
        {!free && fees && (
          <dl>
            <div><dt>{t('checkout.subtotal')}</dt><dd>{money(fees.valor, currency, props.lang)}</dd></div>
            <div><dt>{t('checkout.fees')}</dt><dd>{fees.flagAssumirTaxasServico ? t('checkout.feesByChurch') : money(fees.valorTaxas, currency, props.lang)}</dd></div>
            {plan && plan.juros > 0 && <div><dt>{t('checkout.interest')}</dt><dd>{money(plan.juros, currency, props.lang)}</dd></div>}
          </dl>
        )}
        <p className="ev-total"><span>{t('checkout.total')}</span><strong>{free ? t('events.free') : money(total, currency, props.lang)}</strong></p>
        <p><a href={`/event/${checkout.event.id}/tickets`}>{t('checkout.editHolders')}</a></p>
      </section>

      <form className="ev-form" noValidate onSubmit={(e) => { e.preventDefault(); void pay(); }} aria-busy={busy}>
        {free ? (
          <p>{t('checkout.freeText')}</p>
        ) : (
          <fieldset className="ev-methods" disabled={busy}>
            <legend>{t('checkout.method')}</legend>
            {props.methods.map((m) => (
              <label key={m.codigo} className={`ev-method${method === m.codigo ? ' selected' : ''}`}>
                <input type="radio" name="metodo" value={m.codigo} checked={method === m.codigo} onChange={() => { setMethod(m.codigo); setError(null); }} />
                {m.nome}
              </label>
            ))}
          </fieldset>
        )}

        {!free && method === 'cartao' && (
          <fieldset className="ev-card" disabled={busy}>
            <legend>{t('checkout.card')}</legend>
            {cards.length > 0 && (
              <div className="ev-saved">
                {cards.map((c) => (
                  <label key={c.id}><input type="radio" name="cartao" checked={cardChoice === c.id} onChange={() => setCardChoice(c.id)} /> {t('checkout.savedCard', { brand: brandName(c.bandeira), last4: c.final })}</label>
                ))}
                <label><input type="radio" name="cartao" checked={cardChoice === 'new'} onChange={() => setCardChoice('new')} /> {t('checkout.newCard')}</label>
              </div>
            )}
            {cardChoice === 'new' && (
              <>
                <Input label={t('checkout.cardHolder')} value={card.titular} onChange={(v) => setCard({ ...card, titular: v })} required autoComplete="cc-name" error={field('titular')} />
                <Input label={t('checkout.cardNumber')} value={card.numero} onChange={(v) => setCard({ ...card, numero: v })} required autoComplete="cc-number" error={field('numero')} />
                <div className="ev-row">
                  <Input label={t('checkout.cardExpiry')} value={card.validade} onChange={(v) => setCard({ ...card, validade: v })} required autoComplete="cc-exp" error={field('validade')} />
                  <Input label={t('checkout.cardCvv')} value={card.cvv} onChange={(v) => setCard({ ...card, cvv: v })} required autoComplete="cc-csc" error={field('cvv')} />
                </div>
                <label className="ev-check"><input type="checkbox" checked={saveCard} onChange={(e) => setSaveCard(e.target.checked)} /> {t('checkout.saveCard')}</label>
              </>
            )}
            {plans.length > 0 && (
              <SelectInput label={t('checkout.installments')} value={String(plan?.parcela ?? 1)} placeholder={t('checkout.choose')} required
                options={plans.map((p) => ({ value: String(p.parcela), label: t(p.flagJuros ? 'checkout.installmentOptionInterest' : 'checkout.installmentOption', { n: p.parcela, value: money(p.valorParcela, currency, props.lang) }) }))}
                onChange={(v) => { const chosen = plans.find((p) => String(p.parcela) === v); $checkout.setKey('installments', chosen?.parcela ?? 1); $checkout.setKey('finalValueInstallments', chosen?.valorTotal ?? null); }} />
            )}
            {plan && <p className="ev-muted">{t(plan.flagJuros ? 'checkout.installmentLineInterest' : 'checkout.installmentLine', { n: plan.parcela, value: money(plan.valorParcela, currency, props.lang), total: money(plan.valorTotal, currency, props.lang) })}</p>}
          </fieldset>
        )}

        {!free && method === 'ach' && (
          <fieldset className="ev-card" disabled={busy}>
            <legend>{t('checkout.ach')}</legend>
            <Input label={t('checkout.routingNumber')} value={ach.numeroRoteamento} onChange={(v) => setAch({ ...ach, numeroRoteamento: v })} required error={field('ach.numeroRoteamento')} />
            <Input label={t('checkout.accountNumber')} value={ach.numeroConta} onChange={(v) => setAch({ ...ach, numeroConta: v })} required error={field('ach.numeroConta')} />
            <SelectInput label={t('checkout.accountType')} value={ach.tipoConta} placeholder={t('checkout.choose')} required options={[{ value: 'corrente', label: t('checkout.checking') }, { value: 'poupanca', label: t('checkout.savings') }]} onChange={(v) => setAch({ ...ach, tipoConta: v })} />
          </fieldset>
        )}

        {!free && method && method !== 'cartao' && method !== 'ach' && !brazilOnly && <p className="ev-muted">{t(`checkout.methodText.${method}`, { days: liveEvent?.diasPagamentoDinheiro ?? 3 })}</p>}
        {brazilOnly && <Notice kind="error">{t('checkout.brazilOnly')}</Notice>}
        {error && <Notice kind="error">{error.message}</Notice>}

        <div className="ev-actions">
          <button className="button" type="submit" disabled={busy || brazilOnly || (!free && !fees)}>
            {busy ? t('checkout.paying') : free ? t('checkout.confirmFree') : t('checkout.pay', { total: money(total, currency, props.lang) })}
          </button>
        </div>
      </form>
    </div>
  );
}
