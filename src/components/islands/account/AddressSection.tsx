// The addresses of /user/data and /user/data-update (spec §7 "Address"): list, add, edit,
// remove; a Brazilian CEP or US ZIP fills the rest; each form is checked with the contract's
// addressBody before it is sent. FirstAddress: data-update's address fields when there is none
// yet, inside the profile form and sent by its one "Save and continue" button (docs/accounts.md "Forms").
import { useStore } from '@nanostores/react';
import { useEffect, useRef, useState } from 'react';
import { isValidCep, isValidUsZip } from '../../../../contract/account-rules.ts';
import { addressBody, type Address, type Option } from '../../../../contract/user.ts';
import { maskCep } from '../../../lib/account/forms.ts';
import { readFailure } from '../../../lib/account/http.ts';
import {
  countryStates,
  findPostcode,
  type AddressServices,
  type State,
} from '../../../lib/account/postcode.ts';
import { schemaErrors } from '../../../lib/account/validate.ts';
import { removeAddress, saveAddress } from '../../../stores/account.ts';
import { $session } from '../../../stores/session.ts';
import {
  Field,
  firstErrors,
  type Message,
  Notice,
  Select,
  SubmitButton,
  type T,
  useForm,
} from '../ui/index.ts';

type Scope = {
  t: T;
  userId: number;
  countries: Option[];
  services: AddressServices;
  defaultCountry: string;
};

/** Saves the address fields: true when saved, false when they show what to fix; `check` only shows what to fix. */
export type SaveAddress = (() => Promise<boolean>) & { check?: () => boolean };

/** The member's addresses (loaded by the island, see UserDataIsland). */
export default function AddressSection(scope: Scope) {
  const { t, userId, countries } = scope;
  const addresses = useStore($session).userAddress;
  const [editing, setEditing] = useState<Address | 'new' | null>(null);
  const [message, setMessage] = useState<Message | null>(null);
  async function remove(address: Address) {
    if (!confirm(t('account.address.removeConfirm'))) return;
    try {
      await removeAddress(userId, address.id);
    } catch (error) {
      setMessage({ kind: 'error', text: (await readFailure(error)).message });
    }
  }
  const countryName = (code: string) => countries.find((c) => c.codigo === code)?.nome ?? code;
  return (
    <section className="acc-section" aria-labelledby="address-title">
      <div className="acc-section-head">
        <h2 id="address-title">{t('account.address.title')}</h2>
        {!editing && (
          <button type="button" className="button small" onClick={() => setEditing('new')}>
            {t('account.address.add')}
          </button>
        )}
      </div>
      <Notice message={message} />
      {addresses.length === 0 && !editing && (
        <p className="acc-muted">{t('account.address.empty')}</p>
      )}
      <ul className="acc-list">
        {addresses.map((a) => (
          <li key={a.id} className="acc-item">
            <div>
              <p>
                <strong>{[a.logradouro, a.numero].filter(Boolean).join(', ')}</strong>
                {a.complemento ? ` · ${a.complemento}` : ''}
              </p>
              <p className="acc-muted">
                {[
                  a.bairro,
                  a.cidade,
                  a.estado,
                  a.pais === 'BR' && a.cep ? maskCep(a.cep) : a.cep,
                  countryName(a.pais),
                ]
                  .filter(Boolean)
                  .join(' · ')}
              </p>
            </div>
            <div className="acc-actions">
              <button type="button" className="acc-link" onClick={() => setEditing(a)}>
                {t('account.edit')}
              </button>
              <button type="button" className="acc-link" onClick={() => remove(a)}>
                {t('account.remove')}
              </button>
            </div>
          </li>
        ))}
      </ul>
      {editing && (
        <AddressForm
          key={editing === 'new' ? 'new' : editing.id}
          {...scope}
          address={editing === 'new' ? null : editing}
          onDone={() => setEditing(null)}
        />
      )}
    </section>
  );
}

/** data-update without an address: its fields, saved by the profile form's button through `register`. */
export function FirstAddress({
  register,
  ...scope
}: Scope & { register: (save: SaveAddress | null) => void }) {
  return (
    <div className="acc-section" role="group" aria-labelledby="first-address-title">
      <h2 id="first-address-title">{scope.t('account.address.title')}</h2>
      <AddressForm {...scope} address={null} onDone={() => undefined} register={register} />
    </div>
  );
}

const EMPTY_ADDRESS = {
  pais: '',
  cep: '',
  estado: '',
  cidade: '',
  bairro: '',
  logradouro: '',
  numero: '',
  complemento: '',
};

function AddressForm({
  t,
  userId,
  address,
  countries,
  services,
  defaultCountry,
  onDone,
  register,
}: Scope & {
  address: Address | null;
  onDone: () => void;
  register?: (save: SaveAddress | null) => void;
}) {
  const form = useForm(
    address
      ? {
          pais: address.pais,
          cep: address.pais === 'BR' && address.cep ? maskCep(address.cep) : (address.cep ?? ''),
          estado: address.estado ?? '',
          cidade: address.cidade,
          bairro: address.bairro ?? '',
          logradouro: address.logradouro,
          numero: address.numero ?? '',
          complemento: address.complemento ?? '',
        }
      : { ...EMPTY_ADDRESS, pais: defaultCountry },
  );
  const [states, setStates] = useState<State[]>([]);
  const [lookup, setLookup] = useState<{ busy: boolean; note: string | null }>({
    busy: false,
    note: null,
  });
  const country = form.values.pais;
  useEffect(() => {
    if (!country) return setStates([]);
    countryStates(services, country).then(setStates, () => setStates([]));
  }, [country, services]);

  /** Fills the address from the postcode services (Brazilian CEP, US ZIP). */
  async function fillFromPostcode() {
    const code = form.values.cep.trim();
    if (country === 'BR' && !isValidCep(code)) return form.setErrors({ cep: t('v.cep') });
    if (country === 'US' && !isValidUsZip(code)) return form.setErrors({ cep: t('v.zip') });
    setLookup({ busy: true, note: null });
    const place = await findPostcode(services, country, code).catch(() => null);
    if (!place) return setLookup({ busy: false, note: t('account.address.notFound') });
    form.setValues((v) => ({
      ...v,
      logradouro: place.logradouro ?? v.logradouro,
      bairro: place.bairro ?? v.bairro,
      cidade: place.cidade ?? v.cidade,
      estado: place.estado ?? v.estado,
    }));
    form.setErrors({});
    setLookup({ busy: false, note: t('account.address.found') });
  }

  /** Shows every field to fix; true when there is none. */
  function check(): boolean {
    const keys = schemaErrors(addressBody, form.values);
    form.setErrors(Object.fromEntries(Object.entries(keys).map(([k, m]) => [k, t(m)])));
    return Object.keys(keys).length === 0;
  }

  async function save(): Promise<boolean> {
    if (!check()) return false;
    form.setSubmitting(true);
    try {
      await saveAddress(userId, address?.id ?? null, form.values);
      return true;
    } catch (error) {
      const failure = await readFailure(error);
      form.setErrors(firstErrors(failure.errors));
      form.setMessage({ kind: 'error', text: failure.message });
      form.setSubmitting(false);
      return false;
    }
  }
  // Embedded (FirstAddress): the owner's button calls the latest save.
  const latest = useRef({ save, check });
  latest.current = { save, check };
  useEffect(() => {
    if (!register) return;
    register(Object.assign(() => latest.current.save(), { check: () => latest.current.check() }));
    return () => register(null);
  }, [register]);

  async function submit(event: { preventDefault(): void }) {
    event.preventDefault();
    if (await save()) onDone();
  }
  const f = (name: keyof typeof EMPTY_ADDRESS) => ({
    name,
    value: form.values[name],
    onChange: form.set(name),
    error: form.errors[name],
    disabled: form.submitting,
  });
  const canLookup = country === 'BR' || country === 'US';
  const body = (
    <>
      <Notice message={form.message} />
      <div className="acc-grid">
        <Select
          label={t('account.field.country')}
          required
          options={countries.map((c) => ({ value: c.codigo, label: c.nome }))}
          {...f('pais')}
        />
        <div className="acc-zip">
          <Field
            label={country === 'BR' ? 'CEP' : t('account.field.zip')}
            inputMode={country === 'BR' || country === 'US' ? 'numeric' : 'text'}
            required={country === 'BR'}
            {...f('cep')}
            onChange={(x) => form.set('cep')(country === 'BR' ? maskCep(x) : x)}
            onBlur={() =>
              canLookup && form.values.cep && !form.values.logradouro && void fillFromPostcode()
            }
          />
          {canLookup && (
            <button
              type="button"
              className="button small secondary"
              onClick={fillFromPostcode}
              disabled={lookup.busy || form.submitting}
              aria-busy={lookup.busy || undefined}
            >
              {lookup.busy ? t('account.wait') : t('account.address.lookup')}
            </button>
          )}
        </div>
      </div>
      {lookup.note && (
        <p className="acc-muted" role="status">
          {lookup.note}
        </p>
      )}
      <div className="acc-grid">
        {states.length > 0 ? (
          <Select
            label={t('account.field.state')}
            options={states.map((s) => ({ value: s.iso2, label: s.name }))}
            {...f('estado')}
          />
        ) : (
          <Field label={t('account.field.state')} {...f('estado')} />
        )}
        <Field label={t('account.field.city')} required {...f('cidade')} />
        <Field label={t('account.field.neighborhood')} {...f('bairro')} />
        <Field label={t('account.field.street')} required {...f('logradouro')} />
        <Field label={t('account.field.number')} {...f('numero')} />
        <Field label={t('account.field.complement')} {...f('complemento')} />
      </div>
    </>
  );
  if (register) return <div className="acc-subform">{body}</div>;
  return (
    <form
      onSubmit={submit}
      noValidate
      className="acc-subform"
      aria-label={address ? t('account.address.edit') : t('account.address.add')}
    >
      <h3>{address ? t('account.address.edit') : t('account.address.add')}</h3>
      {body}
      <div className="acc-actions">
        <SubmitButton
          submitting={form.submitting}
          label={t('account.save')}
          busyLabel={t('account.wait')}
          className="button small"
        />
        <button type="button" className="acc-link" onClick={onDone} disabled={form.submitting}>
          {t('account.cancel')}
        </button>
      </div>
    </form>
  );
}
