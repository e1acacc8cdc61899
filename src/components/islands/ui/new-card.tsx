// A new card, one implementation for the payment step (/give, checkout, /play/checkout) and the
// "add a card" page (/user/addcard), docs/payments.md "Stripe": our own fields (payment-card.tsx)
// at the sandbox and at gateways that take the number, Stripe.js's field at a live Stripe church.
// `token()` turns either into the card token of our API (card/token, or card/gateway-token with
// Stripe's pm_…), with the card's field errors as the API's 422.
//
//   const newCard = useNewCard({ churchId, lang, stripeKey, holderFields });
//   <NewCardFields {...newCard} t={t} lang={lang} errors={apiErrors} />
//   const { token } = await newCard.token();
import { useRef, useState } from 'react';
import type { CardToken } from '../../../../contract/payments.ts';
import type { Lang } from '../../../../common/format.ts';
import { newCardToken } from '../../../stores/payment.ts';
import { Field } from './fields.tsx';
import { CardFields, type CardForm } from './payment-card.tsx';
import { StripeCardField, type StripeCardHandle } from './stripe-card.tsx';
import type { T } from './t.ts';

export const EMPTY_CARD: CardForm = {
  titular: '',
  numero: '',
  validade: '',
  cvv: '',
  cpfTitular: '',
  dataNascimentoTitular: '',
};

export interface NewCardOptions {
  churchId: number;
  lang: Lang;
  /** The live Stripe account's publishable key (stripeKeyOf of lib/checkout/stripe.ts); null: our fields. */
  stripeKey: string | null;
  /** The holder's CPF and birth date, where the gateway needs them (contract/payment-rules.ts). */
  holderFields: boolean;
}

/** What is typed for a new card, and `token()` that tokenises it at our API. */
export function useNewCard(o: NewCardOptions) {
  const [card, setCard] = useState<CardForm>(EMPTY_CARD);
  const stripeCard = useRef<StripeCardHandle | null>(null);

  /** The card token of our API; a refusal (ours or Stripe's) is a 422 naming the card's fields. */
  async function token(): Promise<CardToken> {
    const stripe = stripeCard.current;
    if (o.stripeKey && !stripe) throw new Error('the Stripe card field is not on the page');
    return newCardToken({
      churchId: o.churchId,
      lang: o.lang,
      card,
      holderFields: o.holderFields,
      ...(o.stripeKey && stripe ? { stripe } : {}),
    });
  }

  return {
    card,
    setCard,
    holderFields: o.holderFields,
    stripeKey: o.stripeKey,
    stripeReady: (handle: StripeCardHandle | null) => {
      stripeCard.current = handle;
    },
    token,
  };
}
export type NewCard = ReturnType<typeof useNewCard>;

const first = (errors: Record<string, string[]> | undefined, name: string) => errors?.[name]?.[0];

/** The new card's fields: the holder and Stripe's field at a live Stripe church, else ours. */
export function NewCardFields({
  card,
  setCard,
  holderFields,
  stripeKey,
  stripeReady,
  t,
  lang,
  errors,
}: Pick<NewCard, 'card' | 'setCard' | 'holderFields' | 'stripeKey' | 'stripeReady'> & {
  t: T;
  lang: Lang;
  errors?: Record<string, string[]> | undefined;
}) {
  if (!stripeKey)
    return (
      <CardFields
        card={card}
        onChange={setCard}
        holderFields={holderFields}
        t={t}
        lang={lang}
        errors={errors}
      />
    );
  return (
    <>
      <Field
        label={t('pay.cardHolder')}
        name="titular"
        value={card.titular}
        onChange={(titular) => setCard({ ...card, titular })}
        required
        autoComplete="cc-name"
        error={first(errors, 'titular')}
      />
      <StripeCardField
        publishableKey={stripeKey}
        lang={lang}
        t={t}
        error={first(errors, 'numero') ?? first(errors, 'token')}
        onReady={stripeReady}
      />
    </>
  );
}
