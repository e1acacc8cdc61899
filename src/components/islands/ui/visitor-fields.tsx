// Who a visitor is, where an order is taken without an account (docs/security.md "Visitor gifts
// and card testing"): name, e-mail, CPF at Brazilian churches and the billing address's country,
// with the server's per-field messages. /give and the event checkout each wrap it with their own
// words and the proof of work.
import { Field, Select } from './fields.tsx';
import type { Lang } from '../../../../common/format.ts';

/** The countries offered first; any other is "ZZ". */
const COUNTRIES = ['BR', 'US', 'AR', 'PT', 'ES'];

export interface VisitorValue {
  nome: string;
  email: string;
  cpf: string;
  pais: string;
}

export function VisitorFields<V extends VisitorValue>({
  value,
  onChange,
  askCpf,
  field,
  labels,
  lang,
}: {
  value: V;
  onChange: (v: V) => void;
  askCpf: boolean;
  field: (name: string) => string | undefined;
  labels: { name: string; email: string; cpf: string; country: string; countryOther: string };
  lang: Lang;
}) {
  const set = (name: keyof VisitorValue) => (v: string) => onChange({ ...value, [name]: v });
  const regions = new Intl.DisplayNames([lang], { type: 'region' });
  return (
    <>
      <Field
        label={labels.name}
        name="nome"
        value={value.nome}
        onChange={set('nome')}
        required
        autoComplete="name"
        error={field('visitante.nome')}
      />
      <Field
        label={labels.email}
        name="email"
        type="email"
        value={value.email}
        onChange={set('email')}
        required
        autoComplete="email"
        error={field('visitante.email')}
      />
      {askCpf && (
        <Field
          label={labels.cpf}
          name="cpf"
          value={value.cpf}
          onChange={set('cpf')}
          required
          inputMode="numeric"
          error={field('visitante.cpf')}
        />
      )}
      <Select
        label={labels.country}
        name="pais"
        value={value.pais}
        onChange={set('pais')}
        error={field('pais')}
        options={[
          ...COUNTRIES.map((c) => ({ value: c, label: regions.of(c) ?? c })),
          { value: 'ZZ', label: labels.countryOther },
        ]}
      />
    </>
  );
}
