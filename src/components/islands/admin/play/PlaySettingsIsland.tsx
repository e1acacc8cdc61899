// /admin/play/settings (docs/play.md "Who may watch"): the Play area's title and description, and the
// church-wide content visibility (spec §3 Play moduleData `tipoVisibilidadeConteudo`): each video's own
// flag, every video open, or every video for subscribers only. Saving purges the church's pages.
import { useStore } from '@nanostores/react';
import { useEffect, type FormEvent } from 'react';
import type { StaffPlaySettings } from '../../../../../contract/play-staff.ts';
import {
  $playSettings,
  loadPlaySettings,
  savePlaySettings,
} from '../../../../stores/admin-play-settings.ts';
import { StaffGate, useStaffForm, type StaffIslandProps } from '../kit/index.ts';
import {
  Field,
  firstErrors,
  Loader,
  makeT,
  Notice,
  Select,
  SubmitButton,
  TextArea,
  type T,
} from '../../ui/index.ts';
import { PlayTabs } from './PlayTabs.tsx';

export default function PlaySettingsIsland(props: StaffIslandProps) {
  const t = makeT(props.strings, props.lang);
  return (
    <StaffGate {...props} area="play">
      {() => (
        <>
          <h1>{t('admin.play.tab.settings')}</h1>
          <PlayTabs t={t} current="settings" />
          <Settings slug={props.slug} t={t} />
        </>
      )}
    </StaffGate>
  );
}

function Settings({ slug, t }: { slug: string; t: T }) {
  const state = useStore($playSettings);
  useEffect(() => {
    void loadPlaySettings(slug);
  }, [slug]);
  if (state.state === 'error') return <Notice kind="error">{state.message}</Notice>;
  if (!state.data) return <Loader label={t('admin.play.settings.loading')} />;
  return <SettingsForm slug={slug} t={t} initial={state.data} />;
}

function SettingsForm({ slug, t, initial }: { slug: string; t: T; initial: StaffPlaySettings }) {
  const form = useStaffForm(initial, t('admin.play.settings.unsaved'));
  const { values, set, errors } = form;

  async function submit(event: FormEvent) {
    event.preventDefault();
    form.setSubmitting(true);
    form.setMessage(null);
    const failure = await savePlaySettings(slug, values);
    form.setSubmitting(false);
    if (!failure) {
      form.setMessage({ kind: 'ok', text: t('admin.play.settings.saved') });
      return;
    }
    form.setErrors(firstErrors(failure.errors));
    form.setMessage({ kind: 'error', text: failure.message });
  }

  return (
    <form className="play-settings" onSubmit={(e) => void submit(e)} noValidate>
      <Notice message={form.message} />
      <Field
        label={t('admin.play.settings.title')}
        value={values.titulo}
        onChange={set('titulo')}
        error={errors.titulo}
        required
        maxLength={80}
      />
      <TextArea
        label={t('admin.play.settings.description')}
        value={values.descricao}
        onChange={set('descricao')}
        error={errors.descricao}
        rows={3}
      />
      <Select
        label={t('admin.play.settings.visibility')}
        value={values.tipoVisibilidadeConteudo}
        onChange={(v) =>
          set('tipoVisibilidadeConteudo')(v as typeof values.tipoVisibilidadeConteudo)
        }
        error={errors.tipoVisibilidadeConteudo}
        hint={t('admin.play.settings.visibilityHint')}
        options={(['misto', 'aberto', 'fechado'] as const).map((v) => ({
          value: v,
          label: t(`admin.play.settings.visibility.${v}`),
        }))}
      />
      <SubmitButton
        submitting={form.submitting}
        label={t('admin.play.settings.save')}
        busyLabel={t('admin.play.settings.saving')}
      />
    </form>
  );
}
