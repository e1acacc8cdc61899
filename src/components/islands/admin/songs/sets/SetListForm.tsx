// The set list being written: title, date, notes for the team, its songs in order with their keys,
// save or cancel.
import { useStore } from '@nanostores/react';
import {
  $setListForm,
  closeSetList,
  submitSetList,
  typeSetList,
} from '../../../../../stores/admin-songs.ts';
import { Field, Notice, SubmitButton, TextArea, type T } from '../../../ui/index.ts';
import { SetListSongs } from './SetListSongs.tsx';

export function SetListForm({ slug, t }: { slug: string; t: T }) {
  const { title, date, notes, errors, message, busy } = useStore($setListForm);
  return (
    <form
      className="card songs-set-form"
      noValidate
      onSubmit={(e) => {
        e.preventDefault();
        void submitSetList(slug, t('admin.songs.setSaved'));
      }}
    >
      <Notice message={message} />
      <Field
        label={t('admin.songs.setTitle')}
        name="titulo"
        value={title}
        onChange={(v) => typeSetList('title', v)}
        error={errors.titulo}
        required
      />
      <Field
        label={t('admin.songs.setDate')}
        name="data"
        type="date"
        value={date}
        onChange={(v) => typeSetList('date', v)}
        error={errors.data}
        required
      />
      <TextArea
        label={t('admin.songs.setNotes')}
        hint={t('admin.songs.setNotesHint')}
        name="observacao"
        value={notes}
        onChange={(v) => typeSetList('notes', v)}
        error={errors.observacao}
        rows={3}
      />
      <SetListSongs t={t} />
      <div className="staff-actions">
        <SubmitButton
          submitting={busy}
          label={t('admin.songs.save')}
          busyLabel={t('admin.songs.saving')}
        />
        <button type="button" className="button secondary" onClick={closeSetList}>
          {t('admin.shell.cancel')}
        </button>
      </div>
    </form>
  );
}
