// /user/cards, /user/addcard, /user/deletecard: saved cards grouped by gateway (spec §3), a new
// card (tokenised by the gateway: the number never reaches our database), and deleting one.
import { useEffect, useState } from 'react';
import { addCard, deleteCard, savedCards, type CardsByGateway } from '../../../lib/cards/api.ts';
import { brandName } from '../../../lib/format.ts';
import { failureMessage, Field, Loader, makeT, Notice, useMember, type IslandProps } from '../ui/index.ts';

interface Props extends IslandProps {
  slug: string;
  mode: 'list' | 'add' | 'delete';
  cardId?: number | null;
}

const GATEWAY_NAMES: Record<string, string> = { '1': 'CardConnect', '4': 'PicPay', '5': 'Stripe', '8': 'Zoop' };

export default function CardsIsland(props: Props) {
  const t = makeT(props.strings, props.lang);
  const { ready, userId } = useMember(props.church);
  const [cards, setCards] = useState<CardsByGateway | null>(null);
  const [form, setForm] = useState({ titular: '', numero: '', validade: '', cvv: '' });
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<{ message: string; errors: Record<string, string[]> } | null>(null);

  useEffect(() => {
    if (!ready || !userId || props.mode === 'add') return;
    void savedCards(props.slug, userId).then(setCards, async (e) => setError(await failureMessage(e, t('checkout.error.generic'))));
  }, [ready, userId]);

  if (!ready) return <Loader label={t('checkout.loading')} inline />;

  if (props.mode === 'add') {
    const submit = async () => {
      setBusy(true);
      setError(null);
      try {
        await addCard(props.church.id, form);
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
          <Field label={t('checkout.cardHolder')} value={form.titular} onChange={(v) => setForm({ ...form, titular: v })} required autoComplete="cc-name" error={field('titular')} />
          <Field label={t('checkout.cardNumber')} value={form.numero} onChange={(v) => setForm({ ...form, numero: v })} required autoComplete="cc-number" error={field('numero')} />
          <div className="ev-row">
            <Field label={t('checkout.cardExpiry')} value={form.validade} onChange={(v) => setForm({ ...form, validade: v })} required autoComplete="cc-exp" error={field('validade')} />
            <Field label={t('checkout.cardCvv')} value={form.cvv} onChange={(v) => setForm({ ...form, cvv: v })} required autoComplete="cc-csc" error={field('cvv')} />
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
  if (!cards) return <Loader label={t('checkout.loading')} inline />;
  const all = Object.values(cards).flat();

  if (props.mode === 'delete') {
    const card = all.find((c) => c.id === props.cardId);
    if (!card) return <Notice kind="error">{t('cards.notFound')} <a href="/user/cards">{t('cards.title')}</a></Notice>;
    const remove = async () => {
      setBusy(true);
      try {
        await deleteCard(card.id);
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
