// Live streams (docs/staff.md "Home"): where each plays (YouTube or Vimeo id, Facebook or HLS
// address, or an embed snippet), when, how long, weekly or once, on air now, and its chat channel.
import { useStore } from '@nanostores/react';
import type { FormEvent } from 'react';
import { STREAM_SOURCE, type StaffStream } from '../../../../../contract/church-staff.ts';
import { STREAM_SERVICES } from '../../../../../contract/live.ts';
import { mediumDateTime, type Lang } from '../../../../../common/format.ts';
import { $home, removeStream, saveStream, switchOnAir } from '../../../../stores/admin-home.ts';
import { $staff, canUse } from '../../../../stores/staff.ts';
import {
  ConfirmButton,
  DeleteButton,
  EditableList,
  FormActions,
  useStaffForm,
} from '../kit/index.ts';
import { Check, Field, Notice, Select, TextArea, type T } from '../../ui/index.ts';
import { fromLocalInput, toLocalInput } from './dates.ts';

export function StreamsSection({ slug, t, lang }: { slug: string; t: T; lang: Lang }) {
  const home = useStore($home);
  // the switch sends "We're live" to every member: the notifications area too (docs/staff.md "Home")
  const mayAnnounce = canUse(useStore($staff), 'notifications');
  if (home.state !== 'ready') return null;
  return (
    <EditableList
      items={home.streams}
      addLabel={t('admin.site.live.add')}
      empty={t('admin.site.live.empty')}
      savedText={t('admin.site.saved')}
      classes={{ list: 'site-list', item: 'site-card', empty: 'site-empty' }}
      form={(stream, done) => <StreamForm slug={slug} t={t} stream={stream} onDone={done} />}
      row={(s, { edit, notify }) => (
        <div className="site-card-body">
          <h3>{s.titulo}</h3>
          <p className="site-meta">
            {t(`admin.site.live.service.${s.servico}`)} · {mediumDateTime(s.inicio, lang)} ·{' '}
            {t('admin.site.live.minutes', { count: s.duracaoMinutos })}
          </p>
          <p>
            {s.flagAoVivo && (
              <span className="staff-badge site-when-now">{t('admin.site.live.onAir')}</span>
            )}{' '}
            {s.flagSemanal && <span className="staff-badge">{t('admin.site.live.weekly')}</span>}
          </p>
          <div className="staff-actions">
            {!mayAnnounce ? null : s.flagAoVivo ? (
              <button
                type="button"
                className="button secondary"
                onClick={async () => {
                  const result = await switchOnAir(slug, s.id, false);
                  notify(
                    result.ok
                      ? { kind: 'ok', text: t('admin.site.live.offAir') }
                      : { kind: 'error', text: result.message },
                  );
                }}
              >
                {t('admin.site.live.goOffAir')}
              </button>
            ) : (
              <ConfirmButton
                label={t('admin.site.live.goOnAir')}
                title={t('admin.site.live.goOnAirTitle', { title: s.titulo })}
                explanation={t('admin.site.live.goOnAirExplain')}
                confirmLabel={t('admin.site.live.goOnAir')}
                cancelLabel={t('admin.shell.cancel')}
                className="button"
                onConfirm={async () => {
                  const result = await switchOnAir(slug, s.id, true);
                  notify(
                    result.ok
                      ? {
                          kind: 'ok',
                          text: result.notified
                            ? t('admin.site.live.onAirSent')
                            : t('admin.site.live.onAirNoNotice'),
                        }
                      : { kind: 'error', text: result.message },
                  );
                }}
              />
            )}
            <button
              type="button"
              className="button secondary"
              aria-label={`${t('admin.site.edit')}: ${s.titulo}`}
              onClick={edit}
            >
              {t('admin.site.edit')}
            </button>
            <DeleteButton
              label={t('admin.site.delete')}
              title={t('admin.site.live.deleteTitle')}
              explanation={t('admin.site.live.deleteExplain', { title: s.titulo })}
              confirmLabel={t('admin.site.delete')}
              cancelLabel={t('admin.shell.cancel')}
              remove={() => removeStream(slug, s.id)}
              doneText={t('admin.site.deleted')}
              notify={notify}
            />
          </div>
        </div>
      )}
    />
  );
}

function StreamForm({
  slug,
  t,
  stream,
  onDone,
}: {
  slug: string;
  t: T;
  stream: StaffStream | null;
  onDone: (saved: boolean) => void;
}) {
  const initial = {
    titulo: stream?.titulo ?? '',
    descricao: stream?.descricao ?? '',
    servico: stream?.servico ?? 'youtube',
    codigo: stream?.codigo ?? '',
    url: stream?.url ?? '',
    html: stream?.html ?? '',
    inicio: toLocalInput(stream?.inicio ?? null),
    duracaoMinutos: String(stream?.duracaoMinutos ?? 120),
    flagSemanal: stream?.flagSemanal ?? false,
    flagAoVivo: stream?.flagAoVivo ?? false,
    canal: stream?.canal ?? 'culto',
  };
  const { values, set, errors, setErrors, message, setMessage, submitting, setSubmitting, dirty } =
    useStaffForm(initial, t('admin.shell.unsaved'));
  const source = STREAM_SOURCE[values.servico];

  async function submit(event: FormEvent) {
    event.preventDefault();
    setSubmitting(true);
    const result = await saveStream(slug, stream?.id ?? null, {
      ...values,
      inicio: fromLocalInput(values.inicio),
      duracaoMinutos: Number(values.duracaoMinutos),
    });
    setSubmitting(false);
    if (result.ok) return onDone(true);
    setErrors(result.errors);
    setMessage({ kind: 'error', text: result.message });
  }

  return (
    <form className="site-form" onSubmit={submit} noValidate>
      <h3>{stream ? t('admin.site.live.editTitle') : t('admin.site.live.newTitle')}</h3>
      <Notice message={message} />
      <Field
        label={t('admin.site.live.title')}
        value={values.titulo}
        onChange={set('titulo')}
        error={errors.titulo}
        required
        maxLength={120}
      />
      <TextArea
        label={t('admin.site.live.description')}
        value={values.descricao}
        onChange={set('descricao')}
        error={errors.descricao}
        rows={3}
      />
      <Select
        label={t('admin.site.live.serviceLabel')}
        value={values.servico}
        onChange={(v) => set('servico')((v || 'youtube') as typeof values.servico)}
        options={STREAM_SERVICES.map((s) => ({
          value: s,
          label: t(`admin.site.live.service.${s}`),
        }))}
        error={errors.servico}
        required
      />
      {source === 'codigo' && (
        <Field
          label={t('admin.site.live.code')}
          hint={t('admin.site.live.codeHint')}
          value={values.codigo}
          onChange={set('codigo')}
          error={errors.codigo}
          required
        />
      )}
      {source === 'url' && (
        <Field
          label={t('admin.site.live.url')}
          hint={t('admin.site.live.urlHint')}
          type="url"
          value={values.url}
          onChange={set('url')}
          error={errors.url}
          required
        />
      )}
      {source === 'html' && (
        <TextArea
          label={t('admin.site.live.html')}
          hint={t('admin.site.live.htmlHint')}
          value={values.html}
          onChange={set('html')}
          error={errors.html}
          rows={4}
          required
        />
      )}
      <div className="site-row">
        <Field
          label={t('admin.site.live.start')}
          type="datetime-local"
          value={values.inicio}
          onChange={set('inicio')}
          error={errors.inicio}
          required
        />
        <Field
          label={t('admin.site.live.duration')}
          type="number"
          inputMode="numeric"
          value={values.duracaoMinutos}
          onChange={set('duracaoMinutos')}
          error={errors.duracaoMinutos}
          required
        />
      </div>
      <Field
        label={t('admin.site.live.channel')}
        hint={t('admin.site.live.channelHint')}
        value={values.canal}
        onChange={set('canal')}
        error={errors.canal}
        required
      />
      <Check
        name="flagSemanal"
        label={t('admin.site.live.weeklyLabel')}
        checked={values.flagSemanal}
        onChange={set('flagSemanal')}
      />
      <Check
        name="flagAoVivo"
        label={t('admin.site.live.onAirLabel')}
        checked={values.flagAoVivo}
        onChange={set('flagAoVivo')}
      />
      <FormActions
        submitting={submitting}
        dirty={dirty}
        saveLabel={t('admin.site.save')}
        busyLabel={t('admin.site.saving')}
        cancelLabel={t('admin.shell.cancel')}
        unsavedText={t('admin.shell.unsaved')}
        onCancel={() => onDone(false)}
      />
    </form>
  );
}
