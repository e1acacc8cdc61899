// /provider on the bare provider domain (docs/provider.md): a provider admin signs in, then runs
// the platform — churches (create, invite the first admin, suspend, reactivate, set the clock,
// with each one's size), organisations, the sign-up setting and invitations, and the provider audit log. Every
// call is checked on the server; this page only shows what the server answers.
import { useStore } from '@nanostores/react';
import { useCallback, useEffect, useState, type FormEvent } from 'react';
import {
  COUNTRY_DEFAULTS,
  DEFAULT_MODULES,
  MODULE_CODES,
  SIGNUP_MODES,
  currencyOf,
  type ChurchCountry,
  type Organization,
  type ProviderAuditPage,
  type ProviderChurch,
  type ProviderChurchesPage,
  type SignupMode,
} from '../../../../contract/provider.ts';
import { mediumDateTime, numberFormat, type Lang } from '../../../../common/format.ts';
import { ChurchLifecycle } from './ChurchLifecycle.tsx';
import {
  $providerSession,
  chooseSignupMode,
  churchesPage,
  inviteChurchAdmin,
  inviteToSignup,
  newChurch,
  newOrganization,
  organizations as loadOrganizations,
  providerAudit,
  providerLogin,
  providerLogout,
  setChurchSuspended,
  setChurchZone,
  signupMode,
  startProviderSession,
} from '../../../stores/provider.ts';
import {
  Check,
  Field,
  Loader,
  Notice,
  Pager,
  Select,
  SubmitButton,
  type Message,
  type T,
} from '../ui/index.ts';
import { CodeField } from './code-field.tsx';
import { providerT, type ProviderIslandProps } from './strings.ts';

const bytes = (n: number, lang: string) =>
  n < 1024 * 1024
    ? `${numberFormat(lang, { maximumFractionDigits: 0 }).format(n / 1024)} KB`
    : `${numberFormat(lang, { maximumFractionDigits: 1 }).format(n / 1024 / 1024)} MB`;

function LoginForm({ t, challenge }: { t: T; challenge: boolean }) {
  const [email, setEmail] = useState('');
  const [password, setPassword] = useState('');
  const [code, setCode] = useState('');
  const [busy, setBusy] = useState(false);
  const [message, setMessage] = useState<Message | null>(null);
  async function submit(e: FormEvent) {
    e.preventDefault();
    setBusy(true);
    const failure = await providerLogin(email, password, code, t('provider.error'));
    setBusy(false);
    setMessage(failure ? { kind: 'error', text: failure.message } : null);
  }
  return (
    <form className="provider-form" onSubmit={submit} noValidate>
      <h2>{t('provider.login.title')}</h2>
      <Notice message={message} />
      {challenge ? (
        <Field
          label={t('provider.login.code')}
          name="codigo"
          value={code}
          onChange={setCode}
          inputMode="numeric"
          autoComplete="one-time-code"
          required
        />
      ) : (
        <>
          <Field
            label={t('provider.login.email')}
            name="username"
            type="email"
            value={email}
            onChange={setEmail}
            autoComplete="username"
            required
          />
          <Field
            label={t('provider.login.password')}
            name="password"
            type="password"
            value={password}
            onChange={setPassword}
            autoComplete="current-password"
            required
          />
        </>
      )}
      <SubmitButton
        submitting={busy}
        label={t('provider.login.submit')}
        busyLabel={t('provider.busy')}
      />
    </form>
  );
}

type Errors = Record<string, string>;

function NewChurchForm({
  t,
  domain,
  organizations,
  onCreated,
}: {
  t: T;
  domain: string;
  organizations: Organization[];
  onCreated: (church: ProviderChurch) => void;
}) {
  const [nome, setNome] = useState('');
  const [codigo, setCodigo] = useState('');
  const [pais, setPais] = useState<ChurchCountry>('BR');
  const [idioma, setIdioma] = useState<string>(COUNTRY_DEFAULTS.BR.idioma);
  const [fuso, setFuso] = useState(COUNTRY_DEFAULTS.BR.fusoHorario);
  const [modulos, setModulos] = useState<string[]>([...DEFAULT_MODULES]);
  const [org, setOrg] = useState('');
  const [errors, setErrors] = useState<Errors>({});
  const [message, setMessage] = useState<Message | null>(null);
  const [busy, setBusy] = useState(false);
  const country = (value: string) => {
    const c = value as ChurchCountry;
    setPais(c);
    if (COUNTRY_DEFAULTS[c]) {
      setIdioma(COUNTRY_DEFAULTS[c].idioma);
      setFuso(COUNTRY_DEFAULTS[c].fusoHorario);
    }
  };
  async function submit(e: FormEvent) {
    e.preventDefault();
    setBusy(true);
    setMessage(null);
    const answer = await newChurch(
      {
        nome,
        codigo,
        pais,
        idioma: idioma as never,
        fusoHorario: fuso,
        modulos,
        organizacaoId: org ? Number(org) : null,
      },
      t('provider.error'),
    );
    if (answer.ok) {
      const church = answer.value;
      setErrors({});
      setNome('');
      setCodigo('');
      setMessage({
        kind: 'ok',
        text: t('provider.church.created', { name: church.nome, address: church.endereco }),
      });
      onCreated(church);
    } else {
      setErrors(answer.failure.errors);
      setMessage({ kind: 'error', text: answer.failure.message });
    }
    setBusy(false);
  }
  return (
    <form
      className="provider-form"
      onSubmit={submit}
      noValidate
      aria-labelledby="provider-new-church"
    >
      <h3 id="provider-new-church">{t('provider.church.new')}</h3>
      <Notice message={message} />
      <Field
        label={t('provider.field.churchName')}
        name="nome"
        value={nome}
        onChange={setNome}
        error={errors.nome}
        maxLength={120}
        required
      />
      <CodeField value={codigo} onChange={setCodigo} error={errors.codigo} domain={domain} t={t} />
      <Select
        label={t('provider.field.country')}
        name="pais"
        value={pais}
        onChange={country}
        error={errors.pais}
        options={(['BR', 'US', 'AR'] as const).map((c) => ({
          value: c,
          label: t(`provider.country.${c}`),
        }))}
        hint={t('provider.field.currency', { currency: currencyOf(pais) })}
        required
      />
      <Select
        label={t('provider.field.language')}
        name="idioma"
        value={idioma}
        onChange={setIdioma}
        error={errors.idioma}
        options={['pt_BR', 'en_US', 'es'].map((l) => ({
          value: l,
          label: t(`provider.language.${l}`),
        }))}
        required
      />
      <Field
        label={t('provider.field.timeZone')}
        name="fusoHorario"
        value={fuso}
        onChange={setFuso}
        error={errors.fusoHorario}
        hint={t('provider.field.timeZoneHint')}
        required
      />
      <Select
        label={t('provider.field.organization')}
        name="organizacaoId"
        value={org}
        onChange={setOrg}
        error={errors.organizacaoId}
        placeholder={t('provider.field.noOrganization')}
        options={organizations.map((o) => ({ value: String(o.id), label: o.nome }))}
      />
      <fieldset className="provider-modules">
        <legend>{t('provider.field.modules')}</legend>
        {MODULE_CODES.map((m) => (
          <Check
            key={m}
            name={`modulo-${m}`}
            label={t(`provider.module.${m}`)}
            checked={modulos.includes(m)}
            onChange={(on) =>
              setModulos((list) => (on ? [...list, m] : list.filter((x) => x !== m)))
            }
          />
        ))}
        {errors.modulos && (
          <p className="ui-error" role="alert">
            {errors.modulos}
          </p>
        )}
      </fieldset>
      <SubmitButton
        submitting={busy}
        label={t('provider.church.create')}
        busyLabel={t('provider.busy')}
      />
    </form>
  );
}

function InviteAdmin({ t, church }: { t: T; church: ProviderChurch }) {
  const [email, setEmail] = useState('');
  const [nome, setNome] = useState('');
  const [errors, setErrors] = useState<Errors>({});
  const [message, setMessage] = useState<Message | null>(null);
  const [busy, setBusy] = useState(false);
  async function submit(e: FormEvent) {
    e.preventDefault();
    setBusy(true);
    const answer = await inviteChurchAdmin(church.id, email, nome, t('provider.error'));
    if (answer.ok) {
      setErrors({});
      setEmail('');
      setNome('');
      setMessage({ kind: 'ok', text: answer.value.message });
    } else {
      setErrors(answer.failure.errors);
      setMessage({ kind: 'error', text: answer.failure.message });
    }
    setBusy(false);
  }
  return (
    <form
      className="provider-inline"
      onSubmit={submit}
      noValidate
      aria-label={t('provider.admin.formLabel', { name: church.nome })}
    >
      <Notice message={message} />
      <Field
        label={t('provider.admin.email')}
        name="email"
        type="email"
        value={email}
        onChange={setEmail}
        error={errors.email}
        required
      />
      <Field
        label={t('provider.admin.name')}
        name="nome"
        value={nome}
        onChange={setNome}
        error={errors.nome}
      />
      <SubmitButton
        submitting={busy}
        label={t('provider.admin.invite')}
        busyLabel={t('provider.busy')}
        className="button secondary"
      />
    </form>
  );
}

/** The church's clock (docs/provider.md "Time zone"): a zone name, or empty for its country's. */
function ZoneForm({
  t,
  church,
  onSaved,
}: {
  t: T;
  church: ProviderChurch;
  onSaved: (c: ProviderChurch) => void;
}) {
  const [zone, setZone] = useState(church.fusoHorarioEscolhido ?? '');
  const [errors, setErrors] = useState<Errors>({});
  const [message, setMessage] = useState<Message | null>(null);
  const [busy, setBusy] = useState(false);
  async function submit(e: FormEvent) {
    e.preventDefault();
    setBusy(true);
    const answer = await setChurchZone(church.id, zone, t('provider.error'));
    setBusy(false);
    if (answer.ok) return onSaved(answer.value);
    setErrors(answer.failure.errors);
    setMessage({ kind: 'error', text: answer.failure.message });
  }
  return (
    <form className="provider-form" onSubmit={submit} noValidate>
      <Notice message={message} />
      <Field
        label={t('provider.zone.label', { name: church.nome })}
        name="fusoHorario"
        value={zone}
        onChange={setZone}
        error={errors.fusoHorario}
        hint={t('provider.zone.hint')}
        maxLength={64}
      />
      <SubmitButton
        submitting={busy}
        label={t('provider.zone.save')}
        busyLabel={t('provider.busy')}
        className="button secondary"
      />
    </form>
  );
}

function ChurchRow({
  t,
  lang,
  church,
  onChange,
}: {
  t: T;
  lang: string;
  church: ProviderChurch;
  onChange: (c: ProviderChurch) => void;
}) {
  const [open, setOpen] = useState(false);
  const [zoneOpen, setZoneOpen] = useState(false);
  const [message, setMessage] = useState<Message | null>(null);
  async function toggle(suspend: boolean) {
    if (suspend && !window.confirm(t('provider.church.suspendConfirm', { name: church.nome })))
      return;
    const answer = await setChurchSuspended(church.id, suspend, t('provider.error'));
    if (answer.ok) {
      onChange(answer.value);
      setMessage(null);
    } else setMessage({ kind: 'error', text: answer.failure.message });
  }
  return (
    <li className="provider-church">
      <h4>
        {church.nome}{' '}
        <span className={`provider-state provider-state-${church.estado}`}>
          {t(`provider.state.${church.estado}`)}
        </span>
      </h4>
      <p>
        <a href={church.endereco}>{church.endereco.replace(/^https?:\/\//, '')}</a>
        {church.organizacao && <> · {church.organizacao.nome}</>}
      </p>
      <dl className="provider-size">
        <div>
          <dt>{t('provider.size.people')}</dt>
          <dd>{church.pessoas}</dd>
        </div>
        <div>
          <dt>{t('provider.size.admins')}</dt>
          <dd>{church.admins}</dd>
        </div>
        <div>
          <dt>{t('provider.size.storage')}</dt>
          <dd>{bytes(church.armazenamento, lang)}</dd>
        </div>
        <div>
          <dt>{t('provider.size.lastActivity')}</dt>
          <dd>
            {church.ultimaAtividade
              ? mediumDateTime(church.ultimaAtividade, lang as Lang)
              : t('provider.size.never')}
          </dd>
        </div>
        <div>
          <dt>{t('provider.field.timeZone')}</dt>
          <dd>
            {church.fusoHorario}
            {!church.fusoHorarioEscolhido && <> ({t('provider.zone.countrys')})</>}
          </dd>
        </div>
      </dl>
      <Notice message={message} />
      <div className="provider-actions">
        {church.estado === 'ativa' && (
          <button
            type="button"
            className="button secondary"
            onClick={() => setOpen((v) => !v)}
            aria-expanded={open}
          >
            {t('provider.admin.open', { name: church.nome })}
          </button>
        )}
        {church.estado === 'ativa' && (
          <button type="button" className="button secondary" onClick={() => void toggle(true)}>
            {t('provider.church.suspend', { name: church.nome })}
          </button>
        )}
        {church.estado === 'suspensa' && (
          <button type="button" className="button" onClick={() => void toggle(false)}>
            {t('provider.church.reactivate', { name: church.nome })}
          </button>
        )}
        <button
          type="button"
          className="button secondary"
          onClick={() => setZoneOpen((v) => !v)}
          aria-expanded={zoneOpen}
        >
          {t('provider.zone.open', { name: church.nome })}
        </button>
      </div>
      {open && <InviteAdmin t={t} church={church} />}
      {zoneOpen && (
        <ZoneForm
          t={t}
          church={church}
          onSaved={(c) => {
            onChange(c);
            setZoneOpen(false);
            setMessage({ kind: 'ok', text: t('provider.zone.saved', { zone: c.fusoHorario }) });
          }}
        />
      )}
      <ChurchLifecycle t={t} lang={lang as Lang} church={church} onChange={onChange} />
    </li>
  );
}

function Churches({
  t,
  lang,
  domain,
  organizations,
}: {
  t: T;
  lang: string;
  domain: string;
  organizations: Organization[];
}) {
  const [page, setPage] = useState(1);
  const [search, setSearch] = useState('');
  const [query, setQuery] = useState('');
  const [data, setData] = useState<ProviderChurchesPage | null>(null);
  const [error, setError] = useState<string | null>(null);
  const load = useCallback(async () => {
    const answer = await churchesPage(page, query, t('provider.error'));
    if (answer.ok) {
      setData(answer.value);
      setError(null);
    } else setError(answer.failure.message);
  }, [page, query, t]);
  useEffect(() => void load(), [load]);
  const replace = (c: ProviderChurch) =>
    setData((d) => d && { ...d, igrejas: d.igrejas.map((x) => (x.id === c.id ? c : x)) });
  return (
    <section aria-labelledby="provider-churches">
      <h2 id="provider-churches">{t('provider.churches.title')}</h2>
      <NewChurchForm
        t={t}
        domain={domain}
        organizations={organizations}
        onCreated={() => void load()}
      />
      <form
        className="provider-search"
        role="search"
        onSubmit={(e) => {
          e.preventDefault();
          setPage(1);
          setQuery(search);
        }}
      >
        <Field
          label={t('provider.churches.search')}
          name="busca"
          type="search"
          value={search}
          onChange={setSearch}
        />
        <button type="submit" className="button secondary">
          {t('provider.churches.searchButton')}
        </button>
      </form>
      {error && <Notice kind="error">{error}</Notice>}
      {!data ? (
        <Loader label={t('provider.loading')} />
      ) : data.igrejas.length === 0 ? (
        <p>{t('provider.churches.empty')}</p>
      ) : (
        <>
          <ul className="provider-churches">
            {data.igrejas.map((c) => (
              <ChurchRow key={c.id} t={t} lang={lang} church={c} onChange={replace} />
            ))}
          </ul>
          <Pager page={data.page} totalPages={data.totalPages} onPage={setPage} t={t} />
        </>
      )}
    </section>
  );
}

function Organizations({
  t,
  list,
  onCreated,
}: {
  t: T;
  list: Organization[];
  onCreated: () => void;
}) {
  const [nome, setNome] = useState('');
  const [errors, setErrors] = useState<Errors>({});
  const [busy, setBusy] = useState(false);
  async function submit(e: FormEvent) {
    e.preventDefault();
    setBusy(true);
    const answer = await newOrganization(nome, t('provider.error'));
    if (answer.ok) {
      setNome('');
      setErrors({});
      onCreated();
    } else setErrors({ nome: answer.failure.errors.nome ?? answer.failure.message });
    setBusy(false);
  }
  return (
    <section aria-labelledby="provider-orgs">
      <h2 id="provider-orgs">{t('provider.orgs.title')}</h2>
      {list.length ? (
        <ul>
          {list.map((o) => (
            <li key={o.id}>{t('provider.orgs.item', { name: o.nome, count: o.igrejas })}</li>
          ))}
        </ul>
      ) : (
        <p>{t('provider.orgs.empty')}</p>
      )}
      <form className="provider-inline" onSubmit={submit} noValidate>
        <Field
          label={t('provider.orgs.name')}
          name="nome"
          value={nome}
          onChange={setNome}
          error={errors.nome}
          required
        />
        <SubmitButton
          submitting={busy}
          label={t('provider.orgs.create')}
          busyLabel={t('provider.busy')}
          className="button secondary"
        />
      </form>
    </section>
  );
}

function Settings({ t }: { t: T }) {
  const [mode, setMode] = useState<SignupMode | null>(null);
  const [message, setMessage] = useState<Message | null>(null);
  const [email, setEmail] = useState('');
  const [inviteMessage, setInviteMessage] = useState<Message | null>(null);
  useEffect(() => {
    void signupMode().then(setMode);
  }, []);
  async function choose(next: SignupMode) {
    const answer = await chooseSignupMode(next, t('provider.error'));
    if (answer.ok) {
      setMode(answer.value.cadastro);
      setMessage({ kind: 'ok', text: t('provider.settings.saved') });
    } else setMessage({ kind: 'error', text: answer.failure.message });
  }
  async function invite(e: FormEvent) {
    e.preventDefault();
    const answer = await inviteToSignup(email, t('provider.error'));
    if (answer.ok) {
      setEmail('');
      setInviteMessage({ kind: 'ok', text: answer.value.message });
    } else setInviteMessage({ kind: 'error', text: answer.failure.message });
  }
  return (
    <section aria-labelledby="provider-settings">
      <h2 id="provider-settings">{t('provider.settings.title')}</h2>
      <Notice message={message} />
      {mode && (
        <fieldset>
          <legend>{t('provider.settings.signup')}</legend>
          {SIGNUP_MODES.map((m) => (
            <label key={m} className="provider-radio">
              <input
                type="radio"
                name="cadastro"
                value={m}
                checked={mode === m}
                onChange={() => void choose(m)}
              />{' '}
              {t(`provider.settings.mode.${m}`)}
            </label>
          ))}
        </fieldset>
      )}
      {mode === 'convite' && (
        <form className="provider-inline" onSubmit={invite} noValidate>
          <Notice message={inviteMessage} />
          <Field
            label={t('provider.settings.inviteEmail')}
            name="email"
            type="email"
            value={email}
            onChange={setEmail}
            required
          />
          <button type="submit" className="button secondary">
            {t('provider.settings.invite')}
          </button>
        </form>
      )}
    </section>
  );
}

function Audit({ t, lang }: { t: T; lang: string }) {
  const [page, setPage] = useState(1);
  const [data, setData] = useState<ProviderAuditPage | null>(null);
  useEffect(() => {
    void providerAudit(page).then(setData);
  }, [page]);
  return (
    <section aria-labelledby="provider-audit">
      <h2 id="provider-audit">{t('provider.audit.title')}</h2>
      {!data ? (
        <Loader label={t('provider.loading')} />
      ) : (
        <>
          <ul className="provider-audit">
            {data.registros.map((r) => (
              <li key={r.id}>
                <time dateTime={r.quando}>{mediumDateTime(r.quando, lang as Lang)}</time> ·{' '}
                {r.usuario.nome} · <code>{r.acao}</code> · {r.resumo}
              </li>
            ))}
          </ul>
          <Pager page={data.page} totalPages={data.totalPages} onPage={setPage} t={t} />
        </>
      )}
    </section>
  );
}

export default function ProviderConsole({ lang, strings, domain }: ProviderIslandProps) {
  const t = providerT(strings, lang);
  const session = useStore($providerSession);
  const [orgs, setOrgs] = useState<Organization[]>([]);
  const loadOrgs = useCallback(() => {
    void loadOrganizations().then(setOrgs);
  }, []);
  useEffect(() => void startProviderSession(), []);
  useEffect(() => {
    if (session.kind === 'in') loadOrgs();
  }, [session.kind, loadOrgs]);
  if (session.kind === 'loading') return <Loader label={t('provider.loading')} />;
  if (session.kind === 'out') return <LoginForm t={t} challenge={!!session.challenge} />;
  if (session.kind === 'refused')
    return (
      <>
        <Notice kind="error">{t('provider.refused')}</Notice>
        <button type="button" className="button secondary" onClick={providerLogout}>
          {t('provider.logout')}
        </button>
      </>
    );
  return (
    <div className="provider-console">
      <p className="provider-who">
        {t('provider.signedInAs', { name: session.me.nome, email: session.me.email })}{' '}
        <button type="button" className="button secondary" onClick={providerLogout}>
          {t('provider.logout')}
        </button>
      </p>
      <Churches t={t} lang={lang} domain={domain} organizations={orgs} />
      <Organizations t={t} list={orgs} onCreated={loadOrgs} />
      <Settings t={t} />
      <Audit t={t} lang={lang} />
    </div>
  );
}
