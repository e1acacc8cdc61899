// /give (MOD_DOACAO, spec §2): an amount per reason (one gift may split across reasons), I cover
// the fees, repeat every N days, the method, the card (holder CPF and birth date, save card) or,
// for a visitor where the church allows it, name, e-mail, CPF and our captcha. Every rule is the
// server's: its answers (and their per-field messages) are shown where they belong.
import { useStore } from '@nanostores/react';
import { useEffect, useState } from 'react';
import type { CaptchaWire, Reason } from '../../../../contract/giving.ts';
import type { FeeQuoteWire, PaymentMethodCode, PaymentResponse, SavedCard } from '../../../../contract/payments.ts';
import { brandName, money } from '../../../lib/format.ts';
import { giving } from '../../../lib/giving/api.ts';
import { $give, pay, quote, rememberGift, resetGive, setAmount, setOption, startGive } from '../../../stores/give.ts';
import { Check, Field, Loader, Notice, Select, SubmitButton, failureMessage, loginHref, makeT, useSession, type IslandProps } from '../ui/index.ts';

interface Props extends IslandProps {
  slug: string;
  reasons: Reason[];
  currency: string;
  allowRecurrency: boolean;
  visitorsAllowed: boolean;
  askCpf: boolean;
  methods: { codigo: PaymentMethodCode; nome: string }[];
  /** The methods the server lets a visitor use. */
  visitorMethods: PaymentMethodCode[];
}

const COUNTRIES = ['BR', 'US', 'AR', 'PT', 'ES'];

export default function GiveIsland(props: Props) {
  const t = makeT(props.strings, props.lang);
  const { ready, loggedIn, userId } = useSession(props.church);
  const state = useStore($give);
  const [method, setMethod] = useState<PaymentMethodCode | null>(null);
  const [fees, setFees] = useState<FeeQuoteWire | null>(null);
  const [cards, setCards] = useState<SavedCard[]>([]);
  const [cardChoice, setCardChoice] = useState<number | 'new'>('new');
  const [card, setCard] = useState({ titular: '', numero: '', validade: '', cvv: '', cpfTitular: '', dataNascimentoTitular: '' });
  const [visitor, setVisitor] = useState({ nome: '', email: '', cpf: '', pais: props.church.pais ?? 'BR' });
  const [captcha, setCaptcha] = useState<CaptchaWire | null>(null);
  const [answer, setAnswer] = useState('');
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<{ message: string; errors: Record<string, string[]> } | null>(null);
  const [challenge, setChallenge] = useState<{ code: string; value: string } | null>(null);

  useEffect(() => startGive(props.allowRecurrency), []);
  const visitor$ = ready && !loggedIn;
  const methods = visitor$ ? props.methods.filter((m) => props.visitorMethods.includes(m.codigo)) : props.methods;
  useEffect(() => {
    if (ready && (!method || !methods.some((m) => m.codigo === method))) setMethod(methods[0]?.codigo ?? null);
  }, [ready, loggedIn]);
  useEffect(() => {
    if (!ready) return;
    if (loggedIn && userId) void giving.cards(props.slug, userId).then((r) => { setCards(r.cartoes); if (r.cartoes[0]) setCardChoice(r.cartoes[0].id); }, () => setCards([]));
    if (!loggedIn && props.visitorsAllowed) void newCaptcha();
  }, [ready, loggedIn, userId]);

  // The fees of the total for the chosen method, asked to the server.
  useEffect(() => {
    let stale = false;
    if (!method) return;
    void quote(props.slug, method).then((q) => { if (!stale) setFees(q); }, () => { if (!stale) setFees(null); });
    return () => { stale = true; };
  }, [state.total, state.flagUsuarioTaxa, method]);

  async function newCaptcha() {
    setAnswer('');
    try {
      setCaptcha(await giving.captcha(props.slug));
    } catch {
      setCaptcha(null);
    }
  }

  if (!ready) return <Loader label={t('give.loading')} />;
  if (visitor$ && !props.visitorsAllowed) {
    return <Notice kind="info">{t('give.loginRequired')} <a href={loginHref('/give')}>{t('give.loginText')}</a></Notice>;
  }

  const field = (name: string) => error?.errors[name]?.[0];
  const toPay = fees ? fees.valorTotal : state.total;
  const recurrenceReasons = props.reasons.filter((r) => r.flagRecorrencia).map((r) => r.nome).join(', ');

  async function submit() {
    if (busy || !method) return;
    setError(null);
    if (state.total <= 0 && !Object.values(state.motivos).some((v) => v.trim())) {
      setError({ message: t('give.nothing'), errors: {} });
      return;
    }
    setBusy(true);
    try {
      let cartao: { token?: string; idCartao?: number } | undefined;
      if (method === 'cartao') {
        if (cardChoice === 'new' || !loggedIn) {
          const { cpfTitular, dataNascimentoTitular, ...rest } = card;
          const token = await giving.tokenize(props.church.id, { ...rest, ...(cpfTitular ? { cpfTitular } : {}), ...(dataNascimentoTitular ? { dataNascimentoTitular } : {}) });
          cartao = { token: token.token };
        } else cartao = { idCartao: cardChoice };
      }
      const response = await pay({
        churchId: props.church.id,
        method,
        ...(cartao ? { cartao } : {}),
        ...(visitor$ ? { pais: visitor.pais, visitante: { nome: visitor.nome, email: visitor.email, ...(props.askCpf ? { cpf: visitor.cpf } : {}) }, captcha: { token: captcha?.token ?? '', resposta: answer } } : {}),
      });
      finish(response);
    } catch (e) {
      const failure = await failureMessage(e, t('give.error.generic'));
      setError(failure);
      if (visitor$) void newCaptcha(); // a captcha answers once, right or wrong
    } finally {
      setBusy(false);
    }
  }

  function finish(response: PaymentResponse) {
    const p = response.pagamento;
    if (p.status === 'nao_aprovado') {
      setError({ message: p.mensagem ?? t('give.error.generic'), errors: {} });
      return;
    }
    if (p.desafio) {
      setChallenge({ code: p.codigo, value: '' });
      return;
    }
    rememberGift(response);
    const key = response.chaveRecibo ? `&chave=${encodeURIComponent(response.chaveRecibo)}` : '';
    location.assign(`/give/thank-you?pedido=${encodeURIComponent(p.codigo)}${key}`);
  }

  async function confirmChallenge() {
    if (!challenge || busy) return;
    setBusy(true);
    setError(null);
    try {
      const response = await giving.challenge(challenge.code, challenge.value);
      setChallenge(null);
      finish(response);
    } catch (e) {
      setError(await failureMessage(e, t('give.error.generic')));
    } finally {
      setBusy(false);
    }
  }

  if (challenge) {
    return (
      <form className="give-form" onSubmit={(e) => { e.preventDefault(); void confirmChallenge(); }}>
        <h2>{t('give.challenge.title')}</h2>
        <p>{t('give.challenge.text')}</p>
        <Field label={t('give.challenge.code')} name="desafio" value={challenge.value} onChange={(v) => setChallenge({ ...challenge, value: v })} required inputMode="numeric" />
        {error && <Notice kind="error">{error.message}</Notice>}
        <SubmitButton submitting={busy} label={t('give.challenge.confirm')} busyLabel={t('give.submitting')} />
      </form>
    );
  }

  const methodError = field('metodoPagamento');
  const recurrenceError = field('recorrencia');
  return (
    <form className="give-form" noValidate aria-busy={busy} onSubmit={(e) => { e.preventDefault(); void submit(); }}>
      <fieldset className="give-reasons" disabled={busy}>
        <legend>{t('give.reasons')}</legend>
        {props.reasons.map((r) => {
          const i = Object.keys(state.motivos).filter((id) => state.motivos[Number(id)]?.trim()).indexOf(String(r.id));
          return (
            <div key={r.id} className="give-reason">
              <div className="give-reason-text">
                <strong>{r.nome}</strong>
                {r.flagRecorrencia && state.allowRecurrency && <span className="give-badge">{t('give.recurrenceBadge')}</span>}
                {r.descricao && <small>{r.descricao}</small>}
              </div>
              <Field label={t('give.amountFor', { reason: r.nome })} name={`valor-${r.id}`} value={state.motivos[r.id] ?? ''} onChange={(v) => setAmount(r.id, v)}
                inputMode="numeric" placeholder="0,00" error={i >= 0 ? field(`motivos.${i}.valor`) ?? field(`motivos.${i}.motivo`) : undefined} />
            </div>
          );
        })}
      </fieldset>

      <section className="give-summary" aria-live="polite">
        <p><span>{t('give.total')}</span> <strong data-testid="give-total">{money(state.total, props.currency, props.lang)}</strong></p>
        {fees && <p><span>{t('give.fees')}</span> <span>{state.flagUsuarioTaxa ? money(fees.valorTaxas, props.currency, props.lang) : t('give.feesByChurch')}</span></p>}
        {fees && state.flagUsuarioTaxa && <p><span>{t('give.totalWithFees')}</span> <strong>{money(fees.valorTotal, props.currency, props.lang)}</strong></p>}
      </section>

      <Check name="flagUsuarioTaxa" label={t('give.coverFees')} hint={t('give.coverFeesHint')} checked={state.flagUsuarioTaxa} onChange={(v) => setOption('flagUsuarioTaxa', v)} disabled={busy} />
      {loggedIn && state.allowRecurrency && (
        <div className={`give-repeat${recurrenceError ? ' has-error' : ''}`}>
          <Check name="recorrencia" label={t('give.repeat')} hint={t('give.repeatHint', { reasons: recurrenceReasons })} checked={state.recorrencia} onChange={(v) => setOption('recorrencia', v)} disabled={busy} />
          {state.recorrencia && (
            <Field label={t('give.days')} name="recorrenciaDias" value={String(state.recorrenciaDias)} inputMode="numeric"
              onChange={(v) => setOption('recorrenciaDias', Number(v.replace(/\D/g, '')) || 0)} error={field('recorrenciaDias')} />
          )}
          {recurrenceError && <p className="ui-error" role="alert">{recurrenceError}</p>}
        </div>
      )}

      <fieldset className="give-methods" disabled={busy} aria-describedby={methodError ? 'give-method-error' : undefined}>
        <legend>{t('give.method')}</legend>
        {methods.map((m) => (
          <label key={m.codigo} className={`give-method${method === m.codigo ? ' selected' : ''}`}>
            <input type="radio" name="metodo" value={m.codigo} checked={method === m.codigo} onChange={() => { setMethod(m.codigo); setError(null); }} />
            {m.nome}
          </label>
        ))}
        {methodError && <p id="give-method-error" className="ui-error" role="alert">{methodError}</p>}
      </fieldset>

      {method === 'cartao' && (
        <fieldset className="give-card" disabled={busy}>
          <legend>{t('give.methodName.cartao')}</legend>
          {loggedIn && cards.length > 0 && (
            <div className="give-saved">
              {cards.map((c) => (
                <label key={c.id}><input type="radio" name="cartao" checked={cardChoice === c.id} onChange={() => setCardChoice(c.id)} /> {t('give.savedCard', { brand: brandName(c.bandeira), last4: c.final })}</label>
              ))}
              <label><input type="radio" name="cartao" checked={cardChoice === 'new'} onChange={() => setCardChoice('new')} /> {t('give.newCard')}</label>
            </div>
          )}
          {(cardChoice === 'new' || !loggedIn) && (
            <>
              <Field label={t('give.cardHolder')} name="titular" value={card.titular} onChange={(v) => setCard({ ...card, titular: v })} required autoComplete="cc-name" error={field('titular')} />
              <Field label={t('give.cardNumber')} name="numero" value={card.numero} onChange={(v) => setCard({ ...card, numero: v })} required autoComplete="cc-number" inputMode="numeric" error={field('numero')} />
              <div className="give-row">
                <Field label={t('give.cardExpiry')} name="validade" value={card.validade} onChange={(v) => setCard({ ...card, validade: v })} required autoComplete="cc-exp" error={field('validade')} />
                <Field label={t('give.cardCvv')} name="cvv" value={card.cvv} onChange={(v) => setCard({ ...card, cvv: v })} required autoComplete="cc-csc" inputMode="numeric" error={field('cvv')} />
              </div>
              {props.askCpf && (
                <div className="give-row">
                  <Field label={t('give.cardCpf')} name="cpfTitular" value={card.cpfTitular} onChange={(v) => setCard({ ...card, cpfTitular: v })} inputMode="numeric" error={field('cpfTitular')} />
                  <Field label={t('give.cardBirth')} name="dataNascimentoTitular" value={card.dataNascimentoTitular} onChange={(v) => setCard({ ...card, dataNascimentoTitular: v })} placeholder="dd/mm/aaaa" error={field('dataNascimentoTitular')} />
                </div>
              )}
              {loggedIn && <Check name="salvarCartao" label={t('give.saveCard')} checked={state.salvarCartao} onChange={(v) => setOption('salvarCartao', v)} />}
            </>
          )}
        </fieldset>
      )}

      {visitor$ && (
        <fieldset className="give-visitor" disabled={busy}>
          <legend>{t('give.visitor')}</legend>
          <p className="give-muted">{t('give.haveAccount')} <a href={loginHref('/give')}>{t('give.loginText')}</a></p>
          <Field label={t('give.name')} name="nome" value={visitor.nome} onChange={(v) => setVisitor({ ...visitor, nome: v })} required autoComplete="name" error={field('visitante.nome')} />
          <Field label={t('give.email')} name="email" type="email" value={visitor.email} onChange={(v) => setVisitor({ ...visitor, email: v })} required autoComplete="email" error={field('visitante.email')} />
          {props.askCpf && <Field label={t('give.cpf')} name="cpf" value={visitor.cpf} onChange={(v) => setVisitor({ ...visitor, cpf: v })} required inputMode="numeric" error={field('visitante.cpf')} />}
          <Select label={t('give.country')} name="pais" value={visitor.pais} onChange={(v) => setVisitor({ ...visitor, pais: v })} error={field('pais')}
            options={[...COUNTRIES.map((c) => ({ value: c, label: new Intl.DisplayNames([props.lang], { type: 'region' }).of(c) ?? c })), { value: 'ZZ', label: t('give.countryOther') }]} />
          <div className="give-captcha">
            {captcha && <img src={captcha.imagem} alt={t('give.captchaImage')} width={200} height={50} />}
            <button type="button" className="button secondary" onClick={() => void newCaptcha()}>{t('give.captchaNew')}</button>
          </div>
          <Field label={t('give.captcha')} name="captcha" value={answer} onChange={setAnswer} required inputMode="numeric" autoComplete="off" error={field('captcha')} />
        </fieldset>
      )}

      {error && <Notice kind="error">{error.message}</Notice>}
      <div className="give-actions">
        <button type="button" className="button secondary" onClick={() => { resetGive(); setError(null); }} disabled={busy}>{t('give.reset')}</button>
        <SubmitButton submitting={busy} label={t('give.submit', { total: money(toPay, props.currency, props.lang) })} busyLabel={t('give.submitting')} />
      </div>
    </form>
  );
}
