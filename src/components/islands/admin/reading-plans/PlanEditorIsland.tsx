// /admin/reading-plans/{id} and /new (docs/staff.md "Reading plans"): a plan's name, language
// and days — each day's Bible references as people type them ("Gn 1; Sl 1-3"), checked by the
// API's reference parser, with an optional note — and publish/unpublish.
import { useStore } from '@nanostores/react';
import { useEffect, useState, type FormEvent } from 'react';
import { MAX_PLAN_DAYS, type StaffPlan } from '../../../../../contract/reading-plans-staff.ts';
import { $plan, loadPlan, publishPlan, savePlan } from '../../../../stores/admin-reading-plans.ts';
import { StaffGate, useUnsavedWarning, type StaffIslandProps } from '../kit/index.ts';
import {
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
import './reading-plans.css';

type Day = { referencias: string; nota: string };

function Editor({ slug, strings, lang, plan }: StaffIslandProps & { plan: StaffPlan | null }) {
  const t = makeT(strings, lang);
  const initial = JSON.stringify(plan);
  const [name, setName] = useState(plan?.nome ?? '');
  const [description, setDescription] = useState(plan?.descricao ?? '');
  const [language, setLanguage] = useState<Lang>(plan?.idioma ?? (lang as Lang));
  const [days, setDays] = useState<Day[]>(
    plan?.diasPlano.map((d) => ({ referencias: d.referencias, nota: d.nota ?? '' })) ?? [
      { referencias: '', nota: '' },
    ],
  );
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [message, setMessage] = useState<Message | null>(null);
  const [busy, setBusy] = useState(false);
  const [dirty, setDirty] = useState(false);
  useUnsavedWarning(dirty, t('admin.shell.unsaved'));
  useEffect(() => setDirty(false), [initial]);
  const touch =
    <V,>(set: (v: V) => void) =>
    (v: V) => {
      set(v);
      setDirty(true);
    };
  const setDay = (index: number, patch: Partial<Day>) =>
    touch(setDays)(days.map((d, i) => (i === index ? { ...d, ...patch } : d)));

  async function submit(event: FormEvent) {
    event.preventDefault();
    setBusy(true);
    setMessage(null);
    const outcome = await savePlan(slug, plan?.id ?? null, {
      nome: name,
      descricao: description,
      idioma: language,
      dias: days.map((d) => ({ referencias: d.referencias, nota: d.nota || null })),
    });
    setBusy(false);
    if (!outcome.ok) {
      setErrors(
        Object.fromEntries(
          Object.entries(outcome.failure.errors ?? {}).map(([k, v]) => [k, v[0] ?? '']),
        ),
      );
      setMessage({ kind: 'error', text: outcome.failure.message });
      return;
    }
    setErrors({});
    // the days as the API wrote them back ("Mt 6; Mt 7" → "Mateus 6-7")
    setDays(
      outcome.value.diasPlano.map((d) => ({ referencias: d.referencias, nota: d.nota ?? '' })),
    );
    setDirty(false);
    setMessage({ kind: 'ok', text: t('admin.readingPlans.saved') });
    if (!plan) history.replaceState(history.state, '', `/admin/reading-plans/${outcome.value.id}`);
  }

  return (
    <form className="plans-form" noValidate onSubmit={submit}>
      <Notice message={message} />
      <Field
        label={t('admin.readingPlans.name')}
        name="nome"
        value={name}
        onChange={touch(setName)}
        error={errors.nome}
        required
      />
      <TextArea
        label={t('admin.readingPlans.description')}
        name="descricao"
        value={description}
        onChange={touch(setDescription)}
        error={errors.descricao}
        rows={3}
      />
      <Select
        label={t('admin.readingPlans.language')}
        name="idioma"
        value={language}
        onChange={(v) => touch(setLanguage)(v as Lang)}
        options={(['pt', 'en', 'es'] as const).map((l) => ({
          value: l,
          label: t(`admin.readingPlans.lang.${l}`),
        }))}
        hint={t('admin.readingPlans.languageHint')}
      />
      <fieldset className="plans-days">
        <legend>{t('admin.readingPlans.days')}</legend>
        <p>{t('admin.readingPlans.daysHint')}</p>
        {errors.dias && (
          <p className="ui-error" role="alert">
            {errors.dias}
          </p>
        )}
        <ol>
          {days.map((day, index) => (
            <li key={index} className="plans-day">
              <Field
                label={t('admin.readingPlans.dayReferences', { day: index + 1 })}
                name={`dia-${index + 1}`}
                value={day.referencias}
                onChange={(v) => setDay(index, { referencias: v })}
                error={errors[`dias.${index}.referencias`]}
                required
              />
              <Field
                label={t('admin.readingPlans.dayNote', { day: index + 1 })}
                name={`nota-${index + 1}`}
                value={day.nota}
                onChange={(v) => setDay(index, { nota: v })}
                error={errors[`dias.${index}.nota`]}
              />
              {days.length > 1 && (
                <button
                  type="button"
                  className="button secondary"
                  onClick={() => touch(setDays)(days.filter((_, i) => i !== index))}
                >
                  {t('admin.readingPlans.dayRemove', { day: index + 1 })}
                </button>
              )}
            </li>
          ))}
        </ol>
        <button
          type="button"
          className="button secondary"
          disabled={days.length >= MAX_PLAN_DAYS}
          onClick={() => touch(setDays)([...days, { referencias: '', nota: '' }])}
        >
          {t('admin.readingPlans.dayAdd')}
        </button>
      </fieldset>
      <div className="staff-actions">
        <SubmitButton
          submitting={busy}
          label={t('admin.readingPlans.save')}
          busyLabel={t('admin.readingPlans.saving')}
        />
        <a className="button secondary" href="/admin/reading-plans">
          {t('admin.readingPlans.back')}
        </a>
      </div>
    </form>
  );
}

function Publish({ slug, t, plan }: { slug: string; t: T; plan: StaffPlan }) {
  const [busy, setBusy] = useState(false);
  const [message, setMessage] = useState<Message | null>(null);
  return (
    <section aria-labelledby="plans-publish" className="card plans-publish">
      <h2 id="plans-publish">{t('admin.readingPlans.publication')}</h2>
      <p>
        <span className="staff-badge">
          {t(plan.publicado ? 'admin.readingPlans.published' : 'admin.readingPlans.draft')}
        </span>{' '}
        {t(plan.publicado ? 'admin.readingPlans.publishedHint' : 'admin.readingPlans.draftHint')}
      </p>
      <Notice message={message} />
      <button
        type="button"
        className="button"
        disabled={busy}
        onClick={async () => {
          setBusy(true);
          const outcome = await publishPlan(slug, plan.id, !plan.publicado);
          setBusy(false);
          setMessage(outcome.ok ? null : { kind: 'error', text: outcome.failure.message });
        }}
      >
        {t(plan.publicado ? 'admin.readingPlans.unpublish' : 'admin.readingPlans.publish')}
      </button>
    </section>
  );
}

function Page(props: StaffIslandProps & { id: number | null }) {
  const t = makeT(props.strings, props.lang);
  const state = useStore($plan);
  useEffect(() => {
    void loadPlan(props.slug, props.id);
  }, [props.slug, props.id]);
  if (state.state === 'loading') return <Loader label={t('admin.shell.loading')} />;
  if (state.state === 'error') return <Notice kind="error">{state.message}</Notice>;
  const plan = state.value;
  return (
    <>
      <h1>{plan ? plan.nome : t('admin.readingPlans.new')}</h1>
      <Editor {...props} plan={plan} key={props.id ?? 'new'} />
      {plan && <Publish slug={props.slug} t={t} plan={plan} />}
    </>
  );
}

export default function PlanEditorIsland(props: StaffIslandProps & { id: number | null }) {
  return (
    <StaffGate {...props} area="readingPlans">
      {() => <Page {...props} />}
    </StaffGate>
  );
}
