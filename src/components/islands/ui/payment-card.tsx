// A new card's fields, shared by the payment step and the "add a card" page: holder, number,
// expiry, CVV and, where the gateway needs them (contract/payment-rules.ts), the holder's CPF and
// birth date (spec §3 Payment fields), each with the API's message by it.
import { DATE_PLACEHOLDER } from '../../../../contract/account-rules.ts';
import type { CardInput } from '../../../lib/checkout/api.ts';
import { maskCardNumber, maskCpf, maskDate, maskExpiry } from '../../../lib/account/forms.ts';
import type { Lang } from '../../../../common/format.ts';
import { Field } from './fields.tsx';
import type { T } from './t.ts';
import './payment.css';

export type CardForm = Required<CardInput>;

const first = (errors: Record<string, string[]> | undefined, name: string) => errors?.[name]?.[0];

/** A new card's fields (also the "add a card" page): holder CPF and birth date when `holderFields`. */
export function CardFields({
  card,
  onChange,
  holderFields,
  t,
  lang,
  errors,
}: {
  card: CardForm;
  onChange: (card: CardForm) => void;
  holderFields: boolean;
  t: T;
  lang: Lang;
  errors?: Record<string, string[]> | undefined;
}) {
  // Masks as typed (`1230` → `12/30`), so a valid value is never refused for its format.
  const set =
    (name: keyof CardForm, mask: (v: string) => string = (v) => v) =>
    (value: string) =>
      onChange({ ...card, [name]: mask(value) });
  return (
    <>
      <Field
        label={t('pay.cardHolder')}
        name="titular"
        value={card.titular}
        onChange={set('titular')}
        required
        autoComplete="cc-name"
        error={first(errors, 'titular')}
      />
      <Field
        label={t('pay.cardNumber')}
        name="numero"
        value={card.numero}
        onChange={set('numero', maskCardNumber)}
        required
        autoComplete="cc-number"
        inputMode="numeric"
        error={first(errors, 'numero')}
      />
      <div className="ui-row">
        <Field
          label={t('pay.cardExpiry')}
          name="validade"
          value={card.validade}
          onChange={set('validade', maskExpiry)}
          required
          autoComplete="cc-exp"
          inputMode="numeric"
          error={first(errors, 'validade')}
        />
        <Field
          label={t('pay.cardCvv')}
          name="cvv"
          value={card.cvv}
          onChange={set('cvv')}
          required
          autoComplete="cc-csc"
          inputMode="numeric"
          error={first(errors, 'cvv')}
        />
      </div>
      {holderFields && (
        <div className="ui-row">
          <Field
            label={t('pay.cardCpf')}
            name="cpfTitular"
            value={card.cpfTitular}
            onChange={set('cpfTitular', maskCpf)}
            required
            inputMode="numeric"
            error={first(errors, 'cpfTitular')}
          />
          <Field
            label={t('pay.cardBirth')}
            name="dataNascimentoTitular"
            value={card.dataNascimentoTitular}
            onChange={set('dataNascimentoTitular', maskDate)}
            required
            placeholder={DATE_PLACEHOLDER[lang]}
            error={first(errors, 'dataNascimentoTitular')}
          />
        </div>
      )}
    </>
  );
}
