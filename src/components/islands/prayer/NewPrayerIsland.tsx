// /prayer/new (spec §2 "Prayer wall" new, login required): a request with display name (blank is
// anonymous), reason, text, optional image and the publish / call / visit choices (spec §3
// Prayer post). Checked here first, then by the API; its field errors land by their fields.
// The form's flow is the store's (src/stores/prayer.ts).
import { useStore } from '@nanostores/react';
import { useEffect, useMemo, useRef, type ChangeEvent } from 'react';
import type { PrayerReason } from '../../../../contract/prayer.ts';
import {
  emptyDraft,
  firstName,
  megabytes,
  PRAYER_IMAGE_TYPES,
  type PrayerDraft,
} from '../../../lib/prayer/forms.ts';
import {
  $newPrayer,
  chooseNewPrayerImage,
  openNewPrayer,
  removeNewPrayerImage,
  sendNewPrayer,
  setNewPrayerField,
} from '../../../stores/prayer.ts';
import { $session } from '../../../stores/session.ts';
import {
  Check,
  Field,
  MemberGate,
  Notice,
  Select,
  SubmitButton,
  TextArea,
  type T,
} from '../ui/index.ts';
import { prayerT, type PrayerIslandProps } from './t.ts';

type Props = PrayerIslandProps & { reasons: PrayerReason[] };

export default function NewPrayerIsland(props: Props) {
  const t = useMemo(() => prayerT(props), [props.strings, props.lang]);
  return (
    <MemberGate church={props.church} loadingLabel={t('prayer.loading')}>
      <NewPrayerForm {...props} t={t} />
    </MemberGate>
  );
}

function NewPrayerForm({ t, reasons, church, limits }: Props & { t: T }) {
  const user = useStore($session).user;
  const name = firstName(user?.nome);
  const form = useStore($newPrayer);
  useEffect(() => openNewPrayer(name), [name]);
  const { file, errors, notice, submitting } = form;
  const draft = form.draft ?? emptyDraft(name);
  const formRef = useRef<HTMLFormElement>(null);
  const fileRef = useRef<HTMLInputElement>(null);

  const set =
    <K extends keyof PrayerDraft>(field: K) =>
    (value: PrayerDraft[K]) =>
      setNewPrayerField(field, value);

  const focusFirstError = () =>
    requestAnimationFrame(() =>
      formRef.current?.querySelector<HTMLElement>('[aria-invalid="true"]')?.focus(),
    );

  function chooseFile(event: ChangeEvent<HTMLInputElement>) {
    const chosen = event.target.files?.[0] ?? null;
    if (!chooseNewPrayerImage(chosen, limits, t)) event.target.value = ''; // a file the API would refuse is not kept
  }

  function removeFile() {
    removeNewPrayerImage();
    if (fileRef.current) fileRef.current.value = '';
    fileRef.current?.focus();
  }

  async function submit(event: { preventDefault(): void }) {
    event.preventDefault();
    const sent = await sendNewPrayer(church.id, limits, {
      rule: t,
      failed: t('prayer.form.failed'),
    });
    if (!sent) focusFirstError();
  }

  const mb = megabytes(limits.imageBytes);
  return (
    <form
      ref={formRef}
      onSubmit={submit}
      noValidate
      className="acc-panel prayer-form"
      aria-busy={submitting || undefined}
    >
      <h1>{t('prayer.form.title')}</h1>
      <p className="acc-muted">{t('prayer.form.intro')}</p>
      <Notice message={notice} />
      <Field
        label={t('prayer.form.name')}
        name="nome"
        value={draft.nome}
        onChange={set('nome')}
        error={errors.nome}
        disabled={submitting}
        autoComplete="given-name"
        hint={t('prayer.form.nameHint')}
        maxLength={limits.name}
      />
      {reasons.length > 0 && (
        <Select
          label={t('prayer.form.reason')}
          name="idOracaoMotivo"
          value={draft.idOracaoMotivo}
          onChange={set('idOracaoMotivo')}
          error={errors.idOracaoMotivo}
          disabled={submitting}
          placeholder={t('prayer.form.reasonNone')}
          options={reasons.map((r) => ({ value: String(r.id), label: r.nome }))}
        />
      )}
      <TextArea
        label={t('prayer.form.message')}
        name="mensagem"
        value={draft.mensagem}
        onChange={set('mensagem')}
        error={errors.mensagem}
        max={limits.message}
        counter={(count, max) => t('prayer.form.counter', { count, max })}
        disabled={submitting}
        required
      />
      <div className={`ui-field${errors.image ? ' has-error' : ''}`}>
        <label htmlFor="prayer-image">{t('prayer.form.image')}</label>
        <input
          ref={fileRef}
          id="prayer-image"
          name="image"
          type="file"
          accept={PRAYER_IMAGE_TYPES.join(',')}
          onChange={chooseFile}
          disabled={submitting}
          aria-invalid={errors.image ? true : undefined}
          aria-describedby={errors.image ? 'prayer-image-error' : 'prayer-image-hint'}
        />
        {errors.image ? (
          <small id="prayer-image-error" className="ui-error" role="alert">
            {errors.image}
          </small>
        ) : (
          <small id="prayer-image-hint">{t('prayer.form.imageHint', { mb })}</small>
        )}
        {file && (
          <p className="prayer-file">
            <span>{t('prayer.form.imageChosen', { name: file.name })}</span>
            <button type="button" className="acc-link" onClick={removeFile} disabled={submitting}>
              {t('prayer.form.imageRemove')}
            </button>
          </p>
        )}
      </div>
      <fieldset className="prayer-options">
        <legend>{t('prayer.form.options')}</legend>
        <Check
          name="flagPublicarMural"
          label={t('prayer.form.publish')}
          hint={t('prayer.form.publishHint')}
          checked={draft.flagPublicarMural}
          onChange={set('flagPublicarMural')}
          disabled={submitting}
        />
        <Check
          name="flagReceberLigacao"
          label={t('prayer.form.call')}
          checked={draft.flagReceberLigacao}
          onChange={set('flagReceberLigacao')}
          disabled={submitting}
        />
        <Check
          name="flagReceberVisita"
          label={t('prayer.form.visit')}
          checked={draft.flagReceberVisita}
          onChange={set('flagReceberVisita')}
          disabled={submitting}
        />
      </fieldset>
      <div className="acc-actions">
        <SubmitButton
          submitting={submitting}
          label={t('prayer.form.submit')}
          busyLabel={t('prayer.form.sending')}
        />
        <a href="/prayer">{t('prayer.form.cancel')}</a>
      </div>
    </form>
  );
}
