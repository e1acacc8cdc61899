// /user/cards, /user/addcard, /user/deletecard: saved cards grouped by gateway (spec §3) and,
// apart, the cards the church cannot charge now (another gateway or mode: shown so they can be
// deleted, docs/payments.md "Saved cards"), a new card (tokenised by the gateway: the number never
// reaches our database; at a live Stripe church typed in Stripe.js's field, as in the payment
// step), and deleting one.
// The flow is the store's (src/stores/cards.ts).
import { useStore } from '@nanostores/react';
import { useEffect } from 'react';
import { needsHolderFields } from '../../../../contract/payment-rules.ts';
import type { SavedCard } from '../../../lib/cards/api.ts';
import { brandName } from '../../../../common/format.ts';
import {
  $cardWrite,
  $memberCards,
  loadMemberCards,
  removeCard,
  saveNewCard,
} from '../../../stores/cards.ts';
import {
  Loader,
  makeT,
  NewCardFields,
  Notice,
  useMember,
  useNewCard,
  type IslandProps,
} from '../ui/index.ts';

interface Props extends IslandProps {
  slug: string;
  mode: 'list' | 'add' | 'delete';
  cardId?: number | null;
  /** The gateway of the church's card method: a new card asks what it needs (spec §3 Payment fields). */
  cardGateway?: number | null;
  /** The live Stripe account's publishable key (docs/payments.md "Stripe"): the card is typed in Stripe.js. */
  stripeKey?: string | null;
}

const GATEWAY_NAMES: Record<string, string> = {
  '1': 'CardConnect',
  '4': 'PicPay',
  '5': 'Stripe',
  '8': 'Zoop',
};

export default function CardsIsland(props: Props) {
  const t = makeT(props.strings, props.lang);
  const { ready, userId } = useMember(props.church);
  const loaded = useStore($memberCards);
  const holderFields = needsHolderFields(props.cardGateway);
  const newCard = useNewCard({
    churchId: props.church.id,
    lang: props.lang,
    stripeKey: props.stripeKey ?? null,
    holderFields,
  });
  const { busy, error: writeError } = useStore($cardWrite);
  const error =
    loaded.state === 'error'
      ? { message: loaded.message || t('checkout.error.generic'), errors: {} }
      : writeError;

  useEffect(() => {
    if (!ready || !userId || props.mode === 'add') return;
    void loadMemberCards(props.slug, userId);
  }, [ready, userId]);

  if (!ready) return <Loader label={t('checkout.loading')} inline />;

  if (props.mode === 'add') {
    const submit = () => saveNewCard(props.church.id, newCard.token, t('checkout.error.generic'));
    return (
      <form
        className="ev-form"
        noValidate
        onSubmit={(e) => {
          e.preventDefault();
          void submit();
        }}
      >
        <fieldset disabled={busy}>
          <NewCardFields {...newCard} t={t} lang={props.lang} errors={error?.errors} />
        </fieldset>
        {error && <Notice kind="error">{error.message}</Notice>}
        <div className="ev-actions">
          <a className="button secondary" href="/user/cards">
            {t('cards.cancel')}
          </a>
          <button className="button" type="submit" disabled={busy}>
            {t('cards.save')}
          </button>
        </div>
      </form>
    );
  }

  if (error) return <Notice kind="error">{error.message}</Notice>;
  const cards = loaded.state === 'ready' ? loaded.data : null;
  if (!cards) return <Loader label={t('checkout.loading')} inline />;
  const usable = Object.values(cards.cartoesPorGateway).flat();
  const all = [...usable, ...cards.outrosCartoes];

  if (props.mode === 'delete') {
    const card = all.find((c) => c.id === props.cardId);
    if (!card)
      return (
        <Notice kind="error">
          {t('cards.notFound')} <a href="/user/cards">{t('cards.title')}</a>
        </Notice>
      );
    const remove = () => removeCard(card.id, t('checkout.error.generic'));
    return (
      <div className="ev-form">
        <p>{t('cards.confirmDelete', { brand: brandName(card.bandeira), last4: card.final })}</p>
        <div className="ev-actions">
          <a className="button secondary" href="/user/cards">
            {t('cards.cancel')}
          </a>
          <button type="button" className="button" disabled={busy} onClick={() => void remove()}>
            {t('cards.delete')}
          </button>
        </div>
      </div>
    );
  }

  const row = (c: SavedCard, other: boolean) => (
    <li key={c.id} className="ev-cardrow">
      <span>
        {t('pay.savedCard', { brand: brandName(c.bandeira), last4: c.final })} · {c.titular} ·{' '}
        {c.validade}
        {other && (
          <>
            {' '}
            · {GATEWAY_NAMES[String(c.idGatewayPagamento)] ?? c.idGatewayPagamento}
            <br />
            <strong>{t('cards.notUsableHere')}</strong>
          </>
        )}
      </span>
      <a
        href={`/user/deletecard?id=${c.id}`}
        aria-label={t('cards.deleteLabel', { last4: c.final })}
      >
        {t('cards.delete')}
      </a>
    </li>
  );

  return (
    <div>
      {all.length === 0 && <p>{t('cards.empty')}</p>}
      {Object.entries(cards.cartoesPorGateway).map(([gateway, list]) => (
        <section key={gateway} aria-labelledby={`gw-${gateway}`}>
          <h2 id={`gw-${gateway}`}>{GATEWAY_NAMES[gateway] ?? gateway}</h2>
          <ul className="ev-list">{list.map((c) => row(c, false))}</ul>
        </section>
      ))}
      {cards.outrosCartoes.length > 0 && (
        <section aria-labelledby="gw-other">
          <h2 id="gw-other">{t('cards.otherTitle')}</h2>
          <ul className="ev-list">{cards.outrosCartoes.map((c) => row(c, true))}</ul>
        </section>
      )}
      <p>
        <a className="button" href="/user/addcard">
          {t('cards.add')}
        </a>
      </p>
    </div>
  );
}
