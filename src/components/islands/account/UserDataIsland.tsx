// /user/data (registration data with the children and address sections) and /user/data-update
// (the data a payment needs, then back to redirectTo). spec §2, §3 Form fields, §5.
import { useStore } from '@nanostores/react';
import { useEffect, useMemo, useState } from 'react';
import { DATE_PLACEHOLDER, formatCpf, formatLocalDate, isValidCep, isValidUsZip, onlyDigits, parseLocalDate } from '../../../../contract/account-rules.ts';
import type { Address, Child, CustomField, Option } from '../../../../contract/user.ts';
import { checkPastDate, checkPhone, checkCep, isAlphaSpaces, maskCep, maskCpf, maskDate } from '../../../lib/account/forms.ts';
import { mainApi, readFailure } from '../../../lib/account/http.ts';
import { isValidCpf } from '../../../../contract/account-rules.ts';
import { $session } from '../../../stores/session.ts';
import { Field, firstErrors, type IslandProps, MemberGate, Notice, redirectTarget, Select, SubmitButton, type T, useForm } from '../ui/index.ts';
import { accountT } from './t.ts';

export interface AddressServices {
  brPostcode: string;
  usPostcode: string;
  countryStates: string;
  countryStatesKey: string | null;
}

type Props = IslandProps & { mode: 'data' | 'update'; services: AddressServices };

export default function UserDataIsland(props: Props) {
  const t = useMemo(() => accountT(props), [props.strings, props.lang]);
  return (
    <MemberGate church={props.church} loadingLabel={t('account.loading')}>
      <UserData {...props} t={t} />
    </MemberGate>
  );
}

interface Lists {
  maritalStatuses: Option[];
  occupations: Option[];
  congregations: { id: number; nome: string }[];
  customFields: CustomField[];
  countries: Option[];
}

function UserData({ church, lang, t, mode, services }: Props & { t: T }) {
  const session = useStore($session);
  const user = session.user!;
  const [lists, setLists] = useState<Lists | null>(null);
  const [failed, setFailed] = useState(false);
  useEffect(() => {
    Promise.all([
      mainApi().get('utils/estado-civil/').json<{ estadosCivis: Option[] }>(),
      mainApi().get('utils/ocupacao/').json<{ ocupacoes: Option[] }>(),
      mainApi().get('congregacao/', { searchParams: { igreja: church.id } }).json<{ congregacoes: { id: number; nome: string }[] }>(),
      mainApi().get(`user/${user.id}/campo-personalizado`, { searchParams: { igreja: church.id } }).json<{ camposPersonalizados: CustomField[] }>(),
      mainApi().get('utils/pais/').json<{ paises: Option[] }>(),
    ]).then(
      ([m, o, c, f, p]) => setLists({ maritalStatuses: m.estadosCivis, occupations: o.ocupacoes, congregations: c.congregacoes, customFields: f.camposPersonalizados, countries: p.paises }),
      () => setFailed(true),
    );
  }, [church.id, user.id]);
  if (failed) return <Notice kind="error">{t('account.loadError')}</Notice>;
  if (!lists) return <p className="acc-muted" role="status">{t('account.loading')}</p>;
  return (
    <div className="acc-panel">
      <h1>{mode === 'update' ? t('account.dataUpdate.title') : t('account.data.title')}</h1>
      {mode === 'update' && <p>{t('account.dataUpdate.intro')}</p>}
      <ProfileForm key={user.id} t={t} lang={lang} church={church} lists={lists} mode={mode} />
      {mode === 'data' && <ChildrenSection t={t} lang={lang} churchId={church.id} userId={user.id} />}
      <AddressSection t={t} churchId={church.id} userId={user.id} countries={lists.countries} services={services} defaultCountry={church.pais ?? 'BR'} />
      {mode === 'update' && (
        <p><a className="button" href={redirectTarget()}>{t('account.dataUpdate.continue')}</a></p>
      )}
    </div>
  );
}

function ProfileForm({ t, lang, church, lists, mode }: { t: T; lang: IslandProps['lang']; church: IslandProps['church']; lists: Lists; mode: Props['mode'] }) {
  const session = useStore($session);
  const user = session.user!;
  const form = useForm({
    nome: user.nome,
    sobrenome: user.sobrenome ?? '',
    telefone: user.telefone ?? '',
    dataNascimento: formatLocalDate(user.dataNascimento, lang),
    sexo: user.sexo ?? '',
    cpf: user.cpf ? formatCpf(user.cpf) : '',
    observacoes: user.observacoes ?? '',
    estadoCivil: user.estadoCivil ?? '',
    dataCasamento: formatLocalDate(user.dataCasamento, lang),
    qtdeFilhos: user.qtdeFilhos === null ? '' : String(user.qtdeFilhos),
    ocupacao: user.ocupacao ?? '',
    congregacao: session.clientAccount?.congregacao ? String(session.clientAccount.congregacao.id) : '',
  });
  const [custom, setCustom] = useState<Record<number, string>>(() => Object.fromEntries(lists.customFields.map((f) => [f.id, f.valor ?? ''])));

  function check(): Record<string, string> {
    const v = form.values;
    const e: Record<string, string> = {};
    if (!v.nome.trim()) e.nome = 'v.required';
    else if (!isAlphaSpaces(v.nome)) e.nome = 'v.alphaSpaces';
    if (!v.sobrenome.trim()) e.sobrenome = 'v.required';
    const phone = checkPhone(v.telefone, church.pais);
    if (phone) e.telefone = phone;
    const birth = checkPastDate(v.dataNascimento, lang);
    if ('error' in birth) e.dataNascimento = birth.error;
    if (v.sexo !== 'M' && v.sexo !== 'F') e.sexo = 'v.required';
    if (church.pais === 'BR' && !v.cpf.trim()) e.cpf = 'v.required';
    else if (v.cpf.trim() && !isValidCpf(v.cpf)) e.cpf = 'v.cpf';
    if (v.dataCasamento.trim()) {
      const married = checkPastDate(v.dataCasamento, lang);
      if ('error' in married) e.dataCasamento = married.error;
    }
    if (v.qtdeFilhos && !/^\d{1,2}$/.test(v.qtdeFilhos)) e.qtdeFilhos = 'v.number';
    return e;
  }

  async function submit(event: { preventDefault(): void }) {
    event.preventDefault();
    const keys = check();
    if (Object.keys(keys).length) {
      form.setErrors(Object.fromEntries(Object.entries(keys).map(([k, v]) => [k, t(v)])));
      form.setMessage({ kind: 'error', text: t('account.fixErrors') });
      return;
    }
    const v = form.values;
    form.setSubmitting(true);
    form.setMessage(null);
    try {
      const { user: saved } = await mainApi()
        .put('usuario/', {
          json: {
            igreja: church.id,
            nome: v.nome,
            sobrenome: v.sobrenome,
            telefone: v.telefone,
            dataNascimento: parseLocalDate(v.dataNascimento, lang),
            sexo: v.sexo,
            cpf: v.cpf || null,
            observacoes: v.observacoes || null,
            estadoCivil: v.estadoCivil || null,
            dataCasamento: v.dataCasamento ? parseLocalDate(v.dataCasamento, lang) : null,
            qtdeFilhos: v.qtdeFilhos === '' ? null : Number(v.qtdeFilhos),
            ocupacao: v.ocupacao || null,
            congregacao: v.congregacao ? Number(v.congregacao) : null,
            camposPersonalizados: Object.entries(custom).filter(([, valor]) => valor.trim()).map(([id, valor]) => ({ id: Number(id), valor })),
          },
        })
        .json<{ user: typeof user }>();
      $session.setKey('user', saved);
      const congregation = lists.congregations.find((c) => String(c.id) === v.congregacao) ?? null;
      const account = $session.get().clientAccount;
      if (account) $session.setKey('clientAccount', { ...account, congregacao: congregation });
      form.setMessage({ kind: 'ok', text: t('account.saved') });
    } catch (error) {
      const failure = await readFailure(error);
      form.setErrors(firstErrors(failure.errors));
      form.setMessage({ kind: 'error', text: failure.message });
    } finally {
      form.setSubmitting(false);
    }
  }

  const f = (name: keyof typeof form.values) => ({ name, value: form.values[name], onChange: form.set(name), error: form.errors[name], disabled: form.submitting });
  return (
    <form onSubmit={submit} noValidate className="acc-section" id="dados" aria-labelledby="identity-title">
      <h2 id="identity-title">{t('account.data.identity')}</h2>
      <Field label={t('account.field.email')} name="email" value={user.email} onChange={() => undefined} disabled />
      <div className="acc-grid">
        <Field label={t('account.field.name')} autoComplete="given-name" required {...f('nome')} />
        <Field label={t('account.field.surname')} autoComplete="family-name" required {...f('sobrenome')} />
        <Field label={t('account.field.phone')} type="tel" autoComplete="tel" required placeholder={church.pais === 'BR' ? '+55 DDD 9XXXX-YYYY' : ''} {...f('telefone')} />
        <Field label={t('account.field.birthDate')} inputMode="numeric" required placeholder={DATE_PLACEHOLDER[lang]} {...f('dataNascimento')} onChange={(x) => form.set('dataNascimento')(maskDate(x))} />
        <Select label={t('account.field.sex')} required options={[{ value: 'M', label: t('account.sex.M') }, { value: 'F', label: t('account.sex.F') }]} {...f('sexo')} />
        <Field label="CPF" inputMode="numeric" required={church.pais === 'BR'} placeholder="000.000.000-00" {...f('cpf')} onChange={(x) => form.set('cpf')(maskCpf(x))} />
      </div>
      {mode === 'data' && (
        <>
          <h2>{t('account.data.family')}</h2>
          <div className="acc-grid">
            <Select label={t('account.field.maritalStatus')} options={lists.maritalStatuses.map((o) => ({ value: o.codigo, label: o.nome }))} {...f('estadoCivil')} />
            <Field label={t('account.field.maritalDate')} inputMode="numeric" placeholder={DATE_PLACEHOLDER[lang]} {...f('dataCasamento')} onChange={(x) => form.set('dataCasamento')(maskDate(x))} />
            <Field label={t('account.field.childrenCount')} inputMode="numeric" {...f('qtdeFilhos')} onChange={(x) => form.set('qtdeFilhos')(onlyDigits(x).slice(0, 2))} />
            <Select label={t('account.field.occupation')} options={withCurrent(lists.occupations, form.values.ocupacao)} {...f('ocupacao')} />
            <Select label={t('account.field.congregation')} options={lists.congregations.map((c) => ({ value: String(c.id), label: c.nome }))} {...f('congregacao')} />
          </div>
          <div className="ui-field">
            <label htmlFor="acc-obs">{t('account.field.comments')}</label>
            <textarea id="acc-obs" rows={3} maxLength={500} value={form.values.observacoes} onChange={(e) => form.set('observacoes')(e.target.value)} disabled={form.submitting} />
          </div>
          {lists.customFields.length > 0 && (
            <>
              <h2>{t('account.data.custom')}</h2>
              <div className="acc-grid">
                {lists.customFields.map((field) =>
                  field.tipo === 'opcao' ? (
                    <Select key={field.id} name={`campo-${field.id}`} label={field.nome} required={field.flagObrigatorio} value={custom[field.id] ?? ''}
                      onChange={(x) => setCustom((c) => ({ ...c, [field.id]: x }))} options={field.opcoes.map((o) => ({ value: o, label: o }))} disabled={form.submitting} />
                  ) : (
                    <Field key={field.id} name={`campo-${field.id}`} label={field.nome} required={field.flagObrigatorio} value={custom[field.id] ?? ''}
                      onChange={(x) => setCustom((c) => ({ ...c, [field.id]: x }))} disabled={form.submitting} />
                  ),
                )}
              </div>
            </>
          )}
        </>
      )}
      <Notice message={form.message} />
      <SubmitButton submitting={form.submitting} label={t('account.save')} busyLabel={t('account.wait')} />
    </form>
  );
}

const withCurrent = (options: Option[], current: string) =>
  [...(current && !options.some((o) => o.codigo === current) ? [{ codigo: current, nome: current }] : []), ...options].map((o) => ({ value: o.codigo, label: o.nome }));

const EMPTY_CHILD = { nome: '', sobrenome: '', dataNascimento: '', sexo: '', observacoes: '' };

function ChildrenSection({ t, lang, churchId, userId }: { t: T; lang: IslandProps['lang']; churchId: number; userId: number }) {
  const session = useStore($session);
  const children = session.userChildren;
  const [editing, setEditing] = useState<Child | 'new' | null>(null);
  const [message, setMessage] = useState<{ kind: 'error' | 'ok'; text: string } | null>(null);
  useEffect(() => {
    mainApi()
      .get(`user/${userId}/crianca`, { searchParams: { cliente: churchId } })
      .json<{ criancas: Child[] }>()
      .then((r) => $session.setKey('userChildren', r.criancas), () => setMessage({ kind: 'error', text: t('account.loadError') }));
  }, [churchId, userId, t]);
  async function remove(child: Child) {
    if (!confirm(t('account.children.removeConfirm', { name: child.nome }))) return;
    try {
      await mainApi().delete(`usuario/${userId}/crianca/${child.id}`);
      $session.setKey('userChildren', $session.get().userChildren.filter((c) => c.id !== child.id));
      $session.setKey('deletedChildren', [...$session.get().deletedChildren, child.id]);
    } catch (error) {
      setMessage({ kind: 'error', text: (await readFailure(error)).message });
    }
  }
  return (
    <section className="acc-section" aria-labelledby="children-title">
      <div className="acc-section-head">
        <h2 id="children-title">{t('account.children.title')}</h2>
        {!editing && <button type="button" className="button small" onClick={() => setEditing('new')}>{t('account.children.add')}</button>}
      </div>
      <Notice message={message} />
      {children.length === 0 && !editing && <p className="acc-muted">{t('account.children.empty')}</p>}
      <ul className="acc-list">
        {children.map((child) => (
          <li key={child.id} className="acc-item">
            <div>
              <p><strong>{[child.nome, child.sobrenome].filter(Boolean).join(' ')}</strong></p>
              <p className="acc-muted">{formatLocalDate(child.dataNascimento, lang)}{child.observacoes ? ` · ${child.observacoes}` : ''}</p>
            </div>
            <div className="acc-actions">
              <button type="button" className="acc-link" onClick={() => setEditing(child)} aria-label={`${t('account.edit')} ${child.nome}`}>{t('account.edit')}</button>
              <button type="button" className="acc-link" onClick={() => remove(child)} aria-label={`${t('account.remove')} ${child.nome}`}>{t('account.remove')}</button>
            </div>
          </li>
        ))}
      </ul>
      {editing && <ChildForm key={editing === 'new' ? 'new' : editing.id} t={t} lang={lang} churchId={churchId} userId={userId} child={editing === 'new' ? null : editing} onDone={() => setEditing(null)} />}
    </section>
  );
}

function ChildForm({ t, lang, churchId, userId, child, onDone }: { t: T; lang: IslandProps['lang']; churchId: number; userId: number; child: Child | null; onDone: () => void }) {
  const form = useForm(
    child
      ? { nome: child.nome, sobrenome: child.sobrenome ?? '', dataNascimento: formatLocalDate(child.dataNascimento, lang), sexo: child.sexo ?? '', observacoes: child.observacoes ?? '' }
      : EMPTY_CHILD,
  );
  async function submit(event: { preventDefault(): void }) {
    event.preventDefault();
    const e: Record<string, string> = {};
    if (!form.values.nome.trim()) e.nome = t('v.required');
    const birth = checkPastDate(form.values.dataNascimento, lang);
    if ('error' in birth) e.dataNascimento = t(birth.error);
    if (Object.keys(e).length) return form.setErrors(e);
    form.setSubmitting(true);
    const json = { ...form.values, dataNascimento: parseLocalDate(form.values.dataNascimento, lang), sexo: form.values.sexo || null };
    try {
      const saved = child
        ? await mainApi().put(`usuario/${userId}/crianca/${child.id}`, { json }).json<Child>()
        : await mainApi().post(`usuario/${userId}/crianca`, { json, searchParams: { igreja: churchId } }).json<Child>();
      const list = $session.get().userChildren;
      $session.setKey('userChildren', child ? list.map((c) => (c.id === saved.id ? saved : c)) : [...list, saved]);
      if (child) $session.setKey('updatedChildren', [...$session.get().updatedChildren, saved.id]);
      onDone();
    } catch (error) {
      const failure = await readFailure(error);
      form.setErrors(firstErrors(failure.errors));
      form.setMessage({ kind: 'error', text: failure.message });
      form.setSubmitting(false);
    }
  }
  const f = (name: keyof typeof EMPTY_CHILD) => ({ name, value: form.values[name], onChange: form.set(name), error: form.errors[name], disabled: form.submitting });
  return (
    <form onSubmit={submit} noValidate className="acc-subform" aria-label={child ? t('account.children.edit') : t('account.children.add')}>
      <h3>{child ? t('account.children.edit') : t('account.children.add')}</h3>
      <Notice message={form.message} />
      <div className="acc-grid">
        <Field label={t('account.field.childName')} required {...f('nome')} />
        <Field label={t('account.field.surname')} {...f('sobrenome')} />
        <Field label={t('account.field.birthDate')} inputMode="numeric" required placeholder={DATE_PLACEHOLDER[lang]} {...f('dataNascimento')} onChange={(x) => form.set('dataNascimento')(maskDate(x))} />
        <Select label={t('account.field.sex')} options={[{ value: 'M', label: t('account.sex.M') }, { value: 'F', label: t('account.sex.F') }]} {...f('sexo')} />
      </div>
      <Field label={t('account.field.comments')} {...f('observacoes')} />
      <div className="acc-actions">
        <SubmitButton submitting={form.submitting} label={t('account.save')} busyLabel={t('account.wait')} className="button small" />
        <button type="button" className="acc-link" onClick={onDone} disabled={form.submitting}>{t('account.cancel')}</button>
      </div>
    </form>
  );
}

const EMPTY_ADDRESS = { pais: '', cep: '', estado: '', cidade: '', bairro: '', logradouro: '', numero: '', complemento: '' };

function AddressSection({ t, churchId, userId, countries, services, defaultCountry }: { t: T; churchId: number; userId: number; countries: Option[]; services: AddressServices; defaultCountry: string }) {
  const session = useStore($session);
  const addresses = session.userAddress;
  const [editing, setEditing] = useState<Address | 'new' | null>(null);
  const [message, setMessage] = useState<{ kind: 'error' | 'ok'; text: string } | null>(null);
  useEffect(() => {
    mainApi()
      .get(`user/${userId}/endereco`, { searchParams: { cliente: churchId } })
      .json<{ enderecos: Address[] }>()
      .then((r) => $session.setKey('userAddress', r.enderecos), () => setMessage({ kind: 'error', text: t('account.loadError') }));
  }, [churchId, userId, t]);
  async function remove(address: Address) {
    if (!confirm(t('account.address.removeConfirm'))) return;
    try {
      await mainApi().delete(`usuario/${userId}/endereco/${address.id}`);
      $session.setKey('userAddress', $session.get().userAddress.filter((a) => a.id !== address.id));
      $session.setKey('deletedAddress', [...$session.get().deletedAddress, address.id]);
      void refreshPending();
    } catch (error) {
      setMessage({ kind: 'error', text: (await readFailure(error)).message });
    }
  }
  const countryName = (code: string) => countries.find((c) => c.codigo === code)?.nome ?? code;
  return (
    <section className="acc-section" aria-labelledby="address-title">
      <div className="acc-section-head">
        <h2 id="address-title">{t('account.address.title')}</h2>
        {!editing && <button type="button" className="button small" onClick={() => setEditing('new')}>{t('account.address.add')}</button>}
      </div>
      <Notice message={message} />
      {addresses.length === 0 && !editing && <p className="acc-muted">{t('account.address.empty')}</p>}
      <ul className="acc-list">
        {addresses.map((a) => (
          <li key={a.id} className="acc-item">
            <div>
              <p><strong>{[a.logradouro, a.numero].filter(Boolean).join(', ')}</strong>{a.complemento ? ` · ${a.complemento}` : ''}</p>
              <p className="acc-muted">{[a.bairro, a.cidade, a.estado, a.pais === 'BR' && a.cep ? maskCep(a.cep) : a.cep, countryName(a.pais)].filter(Boolean).join(' · ')}</p>
            </div>
            <div className="acc-actions">
              <button type="button" className="acc-link" onClick={() => setEditing(a)}>{t('account.edit')}</button>
              <button type="button" className="acc-link" onClick={() => remove(a)}>{t('account.remove')}</button>
            </div>
          </li>
        ))}
      </ul>
      {editing && (
        <AddressForm key={editing === 'new' ? 'new' : editing.id} t={t} userId={userId} address={editing === 'new' ? null : editing} countries={countries}
          services={services} defaultCountry={defaultCountry} onDone={() => setEditing(null)} />
      )}
    </section>
  );
}

async function refreshPending(): Promise<void> {
  const { user } = await mainApi().get('me').json<{ user: NonNullable<ReturnType<typeof $session.get>['user']> }>();
  $session.setKey('user', user);
}

const join = (base: string, path: string) => (base.endsWith('/') ? base : `${base}/`) + path;

function AddressForm({ t, userId, address, countries, services, defaultCountry, onDone }: {
  t: T; userId: number; address: Address | null; countries: Option[]; services: AddressServices; defaultCountry: string; onDone: () => void;
}) {
  const form = useForm(
    address
      ? { pais: address.pais, cep: address.pais === 'BR' && address.cep ? maskCep(address.cep) : (address.cep ?? ''), estado: address.estado ?? '', cidade: address.cidade,
          bairro: address.bairro ?? '', logradouro: address.logradouro, numero: address.numero ?? '', complemento: address.complemento ?? '' }
      : { ...EMPTY_ADDRESS, pais: defaultCountry },
  );
  const [states, setStates] = useState<{ name: string; iso2: string }[]>([]);
  const [lookup, setLookup] = useState<{ busy: boolean; note: string | null }>({ busy: false, note: null });
  const country = form.values.pais;
  useEffect(() => {
    if (!country) return setStates([]);
    const headers: Record<string, string> = services.countryStatesKey ? { 'X-CSCAPI-KEY': services.countryStatesKey } : {};
    fetch(new URL(join(services.countryStates, `${encodeURIComponent(country)}/states/`), location.origin), { headers })
      .then((r) => (r.ok ? (r.json() as Promise<{ name: string; iso2: string }[]>) : []))
      .then((list) => setStates(Array.isArray(list) ? list : []), () => setStates([]));
  }, [country, services]);

  /** Fills the address from the postcode services (Brazilian CEP, US ZIP). */
  async function findPostcode() {
    const code = form.values.cep.trim();
    if (country === 'BR' && !isValidCep(code)) return form.setErrors({ cep: t('v.cep') });
    if (country === 'US' && !isValidUsZip(code)) return form.setErrors({ cep: t('v.zip') });
    setLookup({ busy: true, note: null });
    try {
      if (country === 'BR') {
        const r = await fetch(new URL(join(services.brPostcode, `${onlyDigits(code)}/json/`), location.origin));
        const body = (await r.json()) as { erro?: boolean; logradouro?: string; bairro?: string; localidade?: string; uf?: string };
        if (!r.ok || body.erro) throw new Error('not found');
        form.setValues((v) => ({ ...v, logradouro: body.logradouro ?? v.logradouro, bairro: body.bairro ?? v.bairro, cidade: body.localidade ?? v.cidade, estado: body.uf ?? v.estado }));
      } else {
        const r = await fetch(new URL(join(services.usPostcode, `${country.toLowerCase()}/${encodeURIComponent(code)}`), location.origin));
        if (!r.ok) throw new Error('not found');
        const body = (await r.json()) as { places?: { 'place name': string; 'state abbreviation': string }[] };
        const place = body.places?.[0];
        if (!place) throw new Error('not found');
        form.setValues((v) => ({ ...v, cidade: place['place name'], estado: place['state abbreviation'] }));
      }
      form.setErrors({});
      setLookup({ busy: false, note: t('account.address.found') });
    } catch {
      setLookup({ busy: false, note: t('account.address.notFound') });
    }
  }

  async function submit(event: { preventDefault(): void }) {
    event.preventDefault();
    const v = form.values;
    const e: Record<string, string> = {};
    if (!v.pais) e.pais = t('v.required');
    if (v.pais === 'BR') {
      const cep = checkCep(v.cep);
      if (cep) e.cep = t(cep);
    }
    if (!v.cidade.trim()) e.cidade = t('v.required');
    if (!v.logradouro.trim()) e.logradouro = t('v.required');
    if (Object.keys(e).length) return form.setErrors(e);
    form.setSubmitting(true);
    try {
      const saved = address
        ? await mainApi().put(`usuario/${userId}/endereco/${address.id}`, { json: v }).json<Address>()
        : await mainApi().post(`usuario/${userId}/endereco`, { json: v }).json<Address>();
      const list = $session.get().userAddress;
      $session.setKey('userAddress', address ? list.map((a) => (a.id === saved.id ? saved : a)) : [...list, saved]);
      if (address) $session.setKey('updatedAddress', [...$session.get().updatedAddress, saved.id]);
      void refreshPending();
      onDone();
    } catch (error) {
      const failure = await readFailure(error);
      form.setErrors(firstErrors(failure.errors));
      form.setMessage({ kind: 'error', text: failure.message });
      form.setSubmitting(false);
    }
  }
  const f = (name: keyof typeof EMPTY_ADDRESS) => ({ name, value: form.values[name], onChange: form.set(name), error: form.errors[name], disabled: form.submitting });
  const canLookup = country === 'BR' || country === 'US';
  return (
    <form onSubmit={submit} noValidate className="acc-subform" aria-label={address ? t('account.address.edit') : t('account.address.add')}>
      <h3>{address ? t('account.address.edit') : t('account.address.add')}</h3>
      <Notice message={form.message} />
      <div className="acc-grid">
        <Select label={t('account.field.country')} required options={countries.map((c) => ({ value: c.codigo, label: c.nome }))} {...f('pais')} />
        <div className="acc-zip">
          <Field label={country === 'BR' ? 'CEP' : t('account.field.zip')} inputMode={country === 'BR' || country === 'US' ? 'numeric' : 'text'} required={country === 'BR'}
            {...f('cep')} onChange={(x) => form.set('cep')(country === 'BR' ? maskCep(x) : x)} onBlur={() => canLookup && form.values.cep && !form.values.logradouro && void findPostcode()} />
          {canLookup && (
            <button type="button" className="button small secondary" onClick={findPostcode} disabled={lookup.busy || form.submitting} aria-busy={lookup.busy || undefined}>
              {lookup.busy ? t('account.wait') : t('account.address.lookup')}
            </button>
          )}
        </div>
      </div>
      {lookup.note && <p className="acc-muted" role="status">{lookup.note}</p>}
      <div className="acc-grid">
        {states.length > 0 ? (
          <Select label={t('account.field.state')} options={states.map((s) => ({ value: s.iso2, label: s.name }))} {...f('estado')} />
        ) : (
          <Field label={t('account.field.state')} {...f('estado')} />
        )}
        <Field label={t('account.field.city')} required {...f('cidade')} />
        <Field label={t('account.field.neighborhood')} {...f('bairro')} />
        <Field label={t('account.field.street')} required {...f('logradouro')} />
        <Field label={t('account.field.number')} {...f('numero')} />
        <Field label={t('account.field.complement')} {...f('complemento')} />
      </div>
      <div className="acc-actions">
        <SubmitButton submitting={form.submitting} label={t('account.save')} busyLabel={t('account.wait')} className="button small" />
        <button type="button" className="acc-link" onClick={onDone} disabled={form.submitting}>{t('account.cancel')}</button>
      </div>
    </form>
  );
}
