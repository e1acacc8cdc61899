// /user/cards, /user/addcard, /user/deletecard: saved cards grouped by gateway (spec §3), a new
// card (tokenised by the gateway: the number never reaches our database), and deleting one.
import { useEffect, useState } from 'react';
import type { CardToken, SavedCard } from '../../../../contract/payments.ts';
import { mainApi } from '../../../lib/account/http.ts';
import { Input } from './TicketsIsland.tsx';
import { brandName, failureMessage, makeT, Notice, Spinner, useMember, type EventsIslandProps } from './common.tsx';

interface Props extends EventsIslandProps {
  mode: 'list' | 'add' | 'delete';
  cardId?: number | null;
}

const GATEWAY_NAMES: Record<string, string> = { '1': 'CardConnect', '4': 'PicPay', '5': 'Stripe', '8': 'Zoop' };

export default function CardsIsland(props: Props) {
  const t = makeT(props.strings);
  const { ready, userId } = useMember(props.church);
  const [cards, setCards] = useState<Record<string, SavedCard[]> | null>(null);
  const [form, setForm] = useState({ titular: '', numero: '', validade: '', cvv: '' });
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<{ message: string; errors: Record<string, string[]> } | null>(null);

  useEffect(() => {
    if (!ready || !userId || props.mode === 'add') return;
    void mainApi().get(`usuario/${props.slug}/${userId}/cartoes`).json<{ cartoesPorGateway: Record<string, SavedCard[]> }>()
      .then((r) => setCards(r.cartoesPorGateway), async (e) => setError(await failureMessage(e, t('checkout.error.generic'))));
  }, [ready, userId]);

  if (!ready) return <Spinner label={t('checkout.loading')} />;

  if (props.mode === 'add') {
    const submit = async () => {
      setBusy(true);
      setError(null);
      try {
        const api = mainApi();
        const token = await api.post(`general/payment/church/${props.church.id}/card/token`, { json: form }).json<CardToken>();
        await api.post('usuario-cartao-gateway-pagamento/', { searchParams: { igreja: props.church.id }, json: { token: token.token } }).json();
        location.assign('/user/cards');
      } catch (e) {
        setError(await failureMessage(e, t('checkout.error.generic')));
        setBusy(false);
      }
    };
    const field = (name: string) => error?.errors[name]?.[0];
    return (
      <form className="ev-form" noValidate onSubmit={(e) => { e.preventDefault(); void submit(); }}>
        <fieldset disabled={busy}>
          <Input label={t('checkout.cardHolder')} value={form.titular} onChange={(v) => setForm({ ...form, titular: v })} required autoComplete="cc-name" error={field('titular')} />
          <Input label={t('checkout.cardNumber')} value={form.numero} onChange={(v) => setForm({ ...form, numero: v })} required autoComplete="cc-number" error={field('numero')} />
          <div className="ev-row">
            <Input label={t('checkout.cardExpiry')} value={form.validade} onChange={(v) => setForm({ ...form, validade: v })} required autoComplete="cc-exp" error={field('validade')} />
            <Input label={t('checkout.cardCvv')} value={form.cvv} onChange={(v) => setForm({ ...form, cvv: v })} required autoComplete="cc-csc" error={field('cvv')} />
          </div>
        </fieldset>
        {error && <Notice kind="error">{error.message}</Notice>}
        <div className="ev-actions">
          <a className="button secondary" href="/user/cards">{t('cards.cancel')}</a>
          <button className="button" type="submit" disabled={busy}>{t('cards.save')}</button>
        </div>
      </form>
    );
  }

  if (error) return <Notice kind="error">{error.message}</Notice>;
  if (!cards) return <Spinner label={t('checkout.loading')} />;
  const all = Object.values(cards).flat();

  if (props.mode === 'delete') {
    const card = all.find((c) => c.id === props.cardId);
    if (!card) return <Notice kind="error">{t('cards.notFound')} <a href="/user/cards">{t('cards.title')}</a></Notice>;
    const remove = async () => {
      setBusy(true);
      try {
        await mainApi().delete(`usuario-cartao-gateway-pagamento/${card.id}`).json();
        location.assign('/user/cards');
      } catch (e) {
        setError(await failureMessage(e, t('checkout.error.generic')));
        setBusy(false);
      }
    };
    return (
      <div className="ev-form">
        <p>{t('cards.confirmDelete', { brand: brandName(card.bandeira), last4: card.final })}</p>
        <div className="ev-actions">
          <a className="button secondary" href="/user/cards">{t('cards.cancel')}</a>
          <button type="button" className="button" disabled={busy} onClick={() => void remove()}>{t('cards.delete')}</button>
        </div>
      </div>
    );
  }

  return (
    <div>
      {all.length === 0 && <p>{t('cards.empty')}</p>}
      {Object.entries(cards).map(([gateway, list]) => (
        <section key={gateway} aria-labelledby={`gw-${gateway}`}>
          <h2 id={`gw-${gateway}`}>{GATEWAY_NAMES[gateway] ?? gateway}</h2>
          <ul className="ev-list">
            {list.map((c) => (
              <li key={c.id} className="ev-cardrow">
                <span>{t('checkout.savedCard', { brand: brandName(c.bandeira), last4: c.final })} · {c.titular} · {c.validade}</span>
                <a href={`/user/deletecard?id=${c.id}`} aria-label={t('cards.deleteLabel', { last4: c.final })}>{t('cards.delete')}</a>
              </li>
            ))}
          </ul>
        </section>
      ))}
      <p><a className="button" href="/user/addcard">{t('cards.add')}</a></p>
    </div>
  );
}
