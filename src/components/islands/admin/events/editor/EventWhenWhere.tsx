// The editor's "when and where" section: start and end in the event's own zone, and its place.
import { editEvent } from '../../../../../stores/admin-events.ts';
import { Field, type T } from '../../../ui/index.ts';
import { useEventForm } from './use-event-form.ts';

export function EventWhenWhere({ t, churchZone }: { t: T; churchZone: string }) {
  const { form, err } = useEventForm();
  return (
    <fieldset>
      <legend>{t('admin.events.section.when')}</legend>
      <div className="events-grid">
        <Field
          label={t('admin.events.field.start')}
          name="dataInicio"
          type="datetime-local"
          value={form.dataInicio}
          onChange={(dataInicio) => editEvent({ dataInicio })}
          error={err('dataInicio')}
          required
        />
        <Field
          label={t('admin.events.field.end')}
          name="dataFim"
          type="datetime-local"
          value={form.dataFim}
          onChange={(dataFim) => editEvent({ dataFim })}
          error={err('dataFim')}
          required
        />
        <Field
          label={t('admin.events.field.timeZone')}
          name="fusoHorario"
          value={form.fusoHorario}
          onChange={(fusoHorario) => editEvent({ fusoHorario })}
          error={err('fusoHorario')}
          hint={t('admin.events.field.timeZoneHint', { example: churchZone })}
        />
        <Field
          label={t('admin.events.field.place')}
          name="local"
          value={form.local}
          onChange={(local) => editEvent({ local })}
          error={err('local')}
          maxLength={200}
        />
        <Field
          label={t('admin.events.field.address')}
          name="endereco"
          value={form.endereco}
          onChange={(endereco) => editEvent({ endereco })}
          error={err('endereco')}
          maxLength={300}
        />
        <Field
          label={t('admin.events.field.map')}
          name="mapaUrl"
          type="url"
          value={form.mapaUrl}
          onChange={(mapaUrl) => editEvent({ mapaUrl })}
          error={err('mapaUrl')}
          hint={t('admin.events.field.mapHint')}
        />
      </div>
    </fieldset>
  );
}
