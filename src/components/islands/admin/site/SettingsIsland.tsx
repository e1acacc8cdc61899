// /admin/settings (docs/staff.md "Church settings", admins only): identity (name, description,
// logo, colours with the WCAG AA check live and a preview of the header), modules, the church's
// language, its time zone, its own host names (HostsSection.tsx) and whether its team must sign in with two
// factors (SecuritySection.tsx).
import { useStore } from '@nanostores/react';
import { useEffect, useId, useMemo, useState, type FormEvent } from 'react';
import { CHURCH_LOCALES, type ChurchSettings } from '../../../../../contract/church-staff.ts';
import { AA_CONTRAST, contrastRatio } from '../../../../../contract/colour.ts';
import { siteStaffMessage } from '../../../../../contract/messages/staff-site.ts';
import {
  $settings,
  loadSettings,
  saveIdentity,
  saveLanguage,
  saveModules,
  saveTimeZone,
} from '../../../../stores/admin-settings.ts';
import { ImageField, StaffGate, useUnsavedWarning, type StaffIslandProps } from '../kit/index.ts';
import {
  Check,
  Field,
  Loader,
  makeT,
  Notice,
  Select,
  SubmitButton,
  TextArea,
  type Lang,
  type Message,
  type T,
} from '../../ui/index.ts';
import { numberFormat, INTL_LOCALE } from '../../../../../common/format.ts';
import { HostsSection } from './HostsSection.tsx';
import { ExportSection } from './ExportSection.tsx';
import { SecuritySection } from './SecuritySection.tsx';
import './site.css';

type Props = StaffIslandProps & { providerDomain: string };

function SettingsBody({ slug, lang, strings }: Props) {
  const t = makeT(strings, lang);
  const state = useStore($settings);
  const [dirty, setDirty] = useState({
    identity: false,
    modules: false,
    language: false,
    zone: false,
  });
  useUnsavedWarning(
    dirty.identity || dirty.modules || dirty.language || dirty.zone,
    t('admin.shell.unsaved'),
  );
  useEffect(() => {
    void loadSettings(slug);
  }, [slug]);
  const mark = (part: keyof typeof dirty) => (value: boolean) =>
    setDirty((d) => (d[part] === value ? d : { ...d, [part]: value }));
  return (
    <div className="site-area">
      <h1>{t('admin.site.settings.title')}</h1>
      {state.state === 'loading' && <Loader label={t('admin.site.loading')} />}
      {state.state === 'error' && <Notice kind="error">{state.message}</Notice>}
      {state.state === 'ready' && (
        <>
          <Identity
            slug={slug}
            t={t}
            lang={lang}
            settings={state.settings}
            onDirty={mark('identity')}
          />
          <Modules slug={slug} t={t} settings={state.settings} onDirty={mark('modules')} />
          <Language slug={slug} t={t} settings={state.settings} onDirty={mark('language')} />
          <TimeZone slug={slug} t={t} settings={state.settings} onDirty={mark('zone')} />
          <HostsSection slug={slug} t={t} lang={lang} settings={state.settings} />
          <SecuritySection slug={slug} t={t} />
          <ExportSection slug={slug} t={t} lang={lang} />
        </>
      )}
    </div>
  );
}

function ColorField({
  label,
  pickLabel,
  value,
  onChange,
  error,
  describedBy,
}: {
  label: string;
  pickLabel: string;
  value: string;
  onChange: (v: string) => void;
  error?: string | undefined;
  describedBy?: string;
}) {
  const id = useId();
  const valid = /^#[0-9a-f]{6}$/i.test(value);
  return (
    <div className={`ui-field site-color${error ? ' has-error' : ''}`}>
      <label htmlFor={id}>{label}</label>
      <div className="site-color-row">
        <input
          type="color"
          aria-label={pickLabel}
          value={valid ? value.toLowerCase() : '#000000'}
          onChange={(e) => onChange(e.target.value)}
        />
        <input
          id={id}
          type="text"
          value={value}
          maxLength={7}
          spellCheck={false}
          autoComplete="off"
          onChange={(e) => onChange(e.target.value.trim())}
          aria-invalid={error ? true : undefined}
          aria-describedby={
            [error ? `${id}-error` : '', describedBy ?? ''].filter(Boolean).join(' ') || undefined
          }
        />
      </div>
      {error && (
        <small id={`${id}-error`} className="ui-error" role="alert">
          {error}
        </small>
      )}
    </div>
  );
}

function Identity({
  slug,
  t,
  lang,
  settings,
  onDirty,
}: {
  slug: string;
  t: T;
  lang: Lang;
  settings: ChurchSettings;
  onDirty: (dirty: boolean) => void;
}) {
  const initial = {
    nome: settings.nome,
    descricao: settings.descricao ?? '',
    corApp: settings.corApp,
    corTexto: settings.corTexto,
  };
  const [values, setValues] = useState(initial);
  const [logo, setLogo] = useState<File | null>(null);
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [message, setMessage] = useState<Message | null>(null);
  const [submitting, setSubmitting] = useState(false);
  const dirty = logo !== null || JSON.stringify(values) !== JSON.stringify(initial);
  useEffect(() => onDirty(dirty), [dirty, onDirty]);
  const set = (name: keyof typeof values) => (value: string) => {
    setValues((v) => ({ ...v, [name]: value }));
    setErrors((e) => ({ ...e, [name]: '' }));
  };
  // The API's own rule (contract/church-staff.ts), run as the colours change.
  const ratio = contrastRatio(values.corTexto, values.corApp);
  const fails = ratio !== null && ratio < AA_CONTRAST;
  const contrastError = fails ? siteStaffMessage(lang, 'staff.site.contrast') : undefined;

  async function submit(event: FormEvent) {
    event.preventDefault();
    if (fails) {
      setErrors((e) => ({ ...e, corTexto: contrastError ?? '' }));
      return;
    }
    setSubmitting(true);
    setMessage(null);
    const result = await saveIdentity(slug, values, logo);
    setSubmitting(false);
    if (result.ok) {
      setLogo(null);
      setMessage({ kind: 'ok', text: t('admin.site.saved') });
      return;
    }
    setErrors(result.errors);
    setMessage({ kind: 'error', text: result.message });
  }

  return (
    <section className="site-block" aria-labelledby="site-identity">
      <h2 id="site-identity">{t('admin.site.identity.title')}</h2>
      <form className="site-form" onSubmit={submit} noValidate>
        <Notice message={message} />
        <Field
          label={t('admin.site.identity.name')}
          value={values.nome}
          onChange={set('nome')}
          error={errors.nome}
          required
          maxLength={120}
        />
        <TextArea
          label={t('admin.site.identity.description')}
          value={values.descricao}
          onChange={set('descricao')}
          error={errors.descricao}
          rows={3}
        />
        <ImageField
          label={t('admin.site.identity.logo')}
          hint={t('admin.site.identity.logoHint')}
          current={settings.logo}
          file={logo}
          onFile={(f) => {
            setLogo(f);
            setErrors((e) => ({ ...e, imagem: '' }));
          }}
          error={errors.imagem}
          previewAlt={t('admin.site.preview')}
        />
        <div className="site-row">
          <ColorField
            label={t('admin.site.identity.appColor')}
            pickLabel={t('admin.site.identity.pickAppColor')}
            value={values.corApp}
            onChange={set('corApp')}
            error={errors.corApp}
            describedBy="site-contrast"
          />
          <ColorField
            label={t('admin.site.identity.textColor')}
            pickLabel={t('admin.site.identity.pickTextColor')}
            value={values.corTexto}
            onChange={set('corTexto')}
            error={errors.corTexto || contrastError}
            describedBy="site-contrast"
          />
        </div>
        <div className="site-swatch-block">
          <p className="site-swatch-label">{t('admin.site.identity.preview')}</p>
          <div
            className="site-swatch"
            style={{ background: values.corApp, color: values.corTexto }}
            aria-hidden="true"
          >
            {(logo || settings.logo) && <SwatchLogo file={logo} current={settings.logo} />}
            <strong>{values.nome || settings.nome}</strong>
            <span className="site-swatch-menu">{t('admin.site.identity.previewMenu')}</span>
          </div>
          <p
            id="site-contrast"
            className={fails ? 'site-contrast bad' : 'site-contrast'}
            aria-live="polite"
          >
            {ratio === null
              ? t('admin.site.identity.contrastUnknown')
              : t(
                  fails
                    ? 'admin.site.identity.contrastFails'
                    : 'admin.site.identity.contrastPasses',
                  {
                    ratio: numberFormat(INTL_LOCALE[lang], {
                      minimumFractionDigits: 1,
                      maximumFractionDigits: 1,
                    }).format(ratio),
                  },
                )}
          </p>
        </div>
        <div className="staff-actions">
          <SubmitButton
            submitting={submitting}
            label={t('admin.site.save')}
            busyLabel={t('admin.site.saving')}
          />
        </div>
      </form>
    </section>
  );
}

function SwatchLogo({ file, current }: { file: File | null; current: string | null }) {
  const [url, setUrl] = useState<string | null>(null);
  useEffect(() => {
    if (!file) return setUrl(null);
    const next = URL.createObjectURL(file);
    setUrl(next);
    return () => URL.revokeObjectURL(next);
  }, [file]);
  const src = url ?? current;
  return src ? <img src={src} alt="" width="32" height="32" /> : null;
}

function Modules({
  slug,
  t,
  settings,
  onDirty,
}: {
  slug: string;
  t: T;
  settings: ChurchSettings;
  onDirty: (dirty: boolean) => void;
}) {
  const initial = settings.modulos.filter((m) => m.ativo).map((m) => m.codigo);
  const [on, setOn] = useState<string[]>(initial);
  const [message, setMessage] = useState<Message | null>(null);
  const [submitting, setSubmitting] = useState(false);
  const dirty = [...on].sort().join() !== [...initial].sort().join();
  useEffect(() => onDirty(dirty), [dirty, onDirty]);
  const name = (code: string, fallback: string) => {
    const key = `admin.site.module.${code}`;
    const text = t(key);
    return text === key ? fallback : text;
  };

  async function submit(event: FormEvent) {
    event.preventDefault();
    setSubmitting(true);
    const result = await saveModules(slug, on);
    setSubmitting(false);
    setMessage(
      result.ok
        ? { kind: 'ok', text: t('admin.site.saved') }
        : { kind: 'error', text: result.message },
    );
  }

  return (
    <section className="site-block" aria-labelledby="site-modules">
      <h2 id="site-modules">{t('admin.site.modules.title')}</h2>
      <p className="site-intro">{t('admin.site.modules.intro')}</p>
      <form className="site-form" onSubmit={submit}>
        <Notice message={message} />
        <fieldset className="site-checks">
          <legend className="visually-hidden">{t('admin.site.modules.title')}</legend>
          {settings.modulos.map((m) => (
            <Check
              key={m.codigo}
              name={m.codigo}
              label={name(m.codigo, m.nome)}
              checked={on.includes(m.codigo)}
              onChange={(checked) =>
                setOn((list) =>
                  checked ? [...list, m.codigo] : list.filter((c) => c !== m.codigo),
                )
              }
            />
          ))}
        </fieldset>
        <div className="staff-actions">
          <SubmitButton
            submitting={submitting}
            label={t('admin.site.modules.save')}
            busyLabel={t('admin.site.saving')}
          />
        </div>
      </form>
    </section>
  );
}

/**
 * A section of one choice and its save button (the church's language, its clock): the saved value
 * first, the field's message from the API, the page's "unsaved" warning while it differs.
 */
function ChoiceSection({
  id,
  title,
  field,
  saved,
  save,
  t,
  onDirty,
  select,
}: {
  id: string;
  title: string;
  /** The API's name of the field, whose message is shown under it. */
  field: string;
  saved: string;
  save: (value: string) => ReturnType<typeof saveLanguage>;
  t: T;
  onDirty: (dirty: boolean) => void;
  select: Omit<Parameters<typeof Select>[0], 'value' | 'onChange' | 'error'>;
}) {
  const [value, setValue] = useState(saved);
  const [error, setError] = useState('');
  const [message, setMessage] = useState<Message | null>(null);
  const [submitting, setSubmitting] = useState(false);
  const dirty = value !== saved;
  useEffect(() => onDirty(dirty), [dirty, onDirty]);

  async function submit(event: FormEvent) {
    event.preventDefault();
    setSubmitting(true);
    const result = await save(value);
    setSubmitting(false);
    setError(result.ok ? '' : (result.errors[field] ?? ''));
    setMessage(
      result.ok
        ? { kind: 'ok', text: t('admin.site.saved') }
        : { kind: 'error', text: result.message },
    );
  }

  return (
    <section className="site-block" aria-labelledby={id}>
      <h2 id={id}>{title}</h2>
      <form className="site-form" onSubmit={submit} noValidate>
        <Notice message={message} />
        <Select {...select} value={value} onChange={setValue} error={error || undefined} />
        <div className="staff-actions">
          <SubmitButton
            submitting={submitting}
            label={t('admin.site.save')}
            busyLabel={t('admin.site.saving')}
          />
        </div>
      </form>
    </section>
  );
}

interface SectionProps {
  slug: string;
  t: T;
  settings: ChurchSettings;
  onDirty: (dirty: boolean) => void;
}

function Language({ slug, t, settings, onDirty }: SectionProps) {
  return (
    <ChoiceSection
      id="site-language"
      title={t('admin.site.language.title')}
      field="idioma"
      saved={settings.idioma}
      save={(locale) => saveLanguage(slug, locale)}
      t={t}
      onDirty={onDirty}
      select={{
        label: t('admin.site.language.label'),
        hint: t('admin.site.language.hint'),
        options: CHURCH_LOCALES.map((code) => ({
          value: code,
          label: t(`admin.site.language.${code}`),
        })),
        required: true,
      }}
    />
  );
}

/** Every zone the browser knows, and the one chosen (an older name may be missing from the list). */
function zoneOptions(chosen: string | null): { value: string; label: string }[] {
  const zones = Intl.supportedValuesOf('timeZone');
  if (chosen && !zones.includes(chosen)) zones.push(chosen);
  return zones.map((z) => ({ value: z, label: z.replaceAll('_', ' ') }));
}

/** The church's clock (docs/giving.md "Which clock"): a zone, or none for its country's. */
function TimeZone({ slug, t, settings, onDirty }: SectionProps) {
  const options = useMemo(() => zoneOptions(settings.fusoHorario), [settings.fusoHorario]);
  return (
    <ChoiceSection
      id="site-zone"
      title={t('admin.site.zone.title')}
      field="fusoHorario"
      saved={settings.fusoHorario ?? ''}
      save={(zone) => saveTimeZone(slug, zone || null)}
      t={t}
      onDirty={onDirty}
      select={{
        label: t('admin.site.zone.label'),
        name: 'fusoHorario',
        hint: t('admin.site.zone.hint'),
        placeholder: t('admin.site.zone.country', { zone: settings.fusoHorarioPadrao }),
        options,
      }}
    />
  );
}

export default function SettingsIsland(props: Props) {
  return (
    <StaffGate {...props} area="church">
      {() => <SettingsBody {...props} />}
    </StaffGate>
  );
}
