// The weekly schedule (docs/staff.md "Home"): services Monday to Sunday; add, edit, delete.
import { useStore } from '@nanostores/react';
import type { FormEvent } from 'react';
import type { StaffService } from '../../../../../contract/church-staff.ts';
import { INTL_LOCALE, type Lang } from '../../../../../common/format.ts';
import { $home, removeService, saveService } from '../../../../stores/admin-home.ts';
import { DeleteButton, EditableList, FormActions, useStaffForm } from '../kit/index.ts';
import { Check, Field, Notice, Select, type T } from '../../ui/index.ts';
import { weekdayNames } from './dates.ts';

export function ScheduleSection({ slug, t, lang }: { slug: string; t: T; lang: Lang }) {
  const home = useStore($home);
  if (home.state !== 'ready') return null;
  const days = weekdayNames(INTL_LOCALE[lang]);
  return (
    <EditableList
      items={home.services}
      addLabel={t('admin.site.schedule.add')}
      empty={t('admin.site.schedule.empty')}
      savedText={t('admin.site.saved')}
      classes={{ list: 'site-list', item: 'site-card', empty: 'site-empty' }}
      form={(service, done) => (
        <ServiceForm slug={slug} t={t} days={days} service={service} onDone={done} />
      )}
      row={(s, { edit, notify }) => (
        <div className="site-card-body">
          <h3>{s.titulo}</h3>
          <p className="site-meta">
            {days[s.diaSemana - 1]}, {s.horario}
            {s.local ? ` · ${s.local}` : ''}
            {s.flagTransmissao && (
              <>
                {' '}
                <span className="staff-badge">{t('admin.site.schedule.streamed')}</span>
              </>
            )}
          </p>
          <div className="staff-actions">
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
              title={t('admin.site.schedule.deleteTitle')}
              explanation={t('admin.site.schedule.deleteExplain', { title: s.titulo })}
              confirmLabel={t('admin.site.delete')}
              cancelLabel={t('admin.shell.cancel')}
              remove={() => removeService(slug, s.id)}
              doneText={t('admin.site.deleted')}
              notify={notify}
            />
          </div>
        </div>
      )}
    />
  );
}

function ServiceForm({
  slug,
  t,
  days,
  service,
  onDone,
}: {
  slug: string;
  t: T;
  days: string[];
  service: StaffService | null;
  onDone: (saved: boolean) => void;
}) {
  const initial = {
    diaSemana: String(service?.diaSemana ?? 7),
    horario: service?.horario ?? '19:00',
    titulo: service?.titulo ?? '',
    local: service?.local ?? '',
    flagTransmissao: service?.flagTransmissao ?? false,
  };
  const { values, set, errors, setErrors, message, setMessage, submitting, setSubmitting, dirty } =
    useStaffForm(initial, t('admin.shell.unsaved'));

  async function submit(event: FormEvent) {
    event.preventDefault();
    setSubmitting(true);
    const result = await saveService(slug, service?.id ?? null, {
      ...values,
      diaSemana: Number(values.diaSemana),
    });
    setSubmitting(false);
    if (result.ok) return onDone(true);
    setErrors(result.errors);
    setMessage({ kind: 'error', text: result.message });
  }

  return (
    <form className="site-form" onSubmit={submit} noValidate>
      <h3>{service ? t('admin.site.schedule.editTitle') : t('admin.site.schedule.newTitle')}</h3>
      <Notice message={message} />
      <Field
        label={t('admin.site.schedule.title')}
        value={values.titulo}
        onChange={set('titulo')}
        error={errors.titulo}
        required
        maxLength={120}
      />
      <div className="site-row">
        <Select
          label={t('admin.site.schedule.day')}
          value={values.diaSemana}
          onChange={set('diaSemana')}
          options={days.map((label, i) => ({ value: String(i + 1), label }))}
          error={errors.diaSemana}
          required
        />
        <Field
          label={t('admin.site.schedule.time')}
          type="time"
          value={values.horario}
          onChange={set('horario')}
          error={errors.horario}
          required
        />
      </div>
      <Field
        label={t('admin.site.schedule.place')}
        value={values.local}
        onChange={set('local')}
        error={errors.local}
        maxLength={120}
      />
      <Check
        name="flagTransmissao"
        label={t('admin.site.schedule.streamedLabel')}
        checked={values.flagTransmissao}
        onChange={set('flagTransmissao')}
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
