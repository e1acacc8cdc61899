// A new import: what the file holds and the file, sent to be read (its dry run).
import { useStore } from '@nanostores/react';
import { IMPORT_KINDS, type ImportKind } from '../../../../../contract/imports.ts';
import { $uploadForm, chooseFile, chooseKind, sendFile } from '../../../../stores/admin-import.ts';
import { Notice, Select, SubmitButton, type T } from '../../ui/index.ts';

const ACCEPT: Record<ImportKind, string> = {
  pessoas: '.csv,.xlsx,text/csv',
  doacoes: '.csv,.xlsx,text/csv',
  louvores: '.cho,.chopro,.chordpro,.crd,.pro,.txt,.zip',
  eventos: '.ics,text/calendar',
  posts: '.xml',
};

export function UploadForm({ slug, t }: { slug: string; t: T }) {
  const { kind, busy, error } = useStore($uploadForm);
  return (
    <form
      className="card import-upload"
      noValidate
      onSubmit={(e) => {
        e.preventDefault();
        void sendFile(slug, t('admin.import.chooseFile'));
      }}
    >
      <h2>{t('admin.import.new')}</h2>
      <Select
        label={t('admin.import.what')}
        name="tipo"
        value={kind}
        onChange={(v) => chooseKind(v as ImportKind)}
        options={IMPORT_KINDS.map((k) => ({ value: k, label: t(`admin.import.kind.${k}`) }))}
      />
      <p className="import-hint">{t(`admin.import.hint.${kind}`)}</p>
      <div className="ui-field">
        <label htmlFor="import-file">{t('admin.import.file')}</label>
        <input
          id="import-file"
          type="file"
          name="arquivo"
          accept={ACCEPT[kind]}
          onChange={(e) => chooseFile(e.target.files?.[0] ?? null)}
        />
      </div>
      {error && <Notice kind="error">{error}</Notice>}
      <SubmitButton
        submitting={busy}
        label={t('admin.import.read')}
        busyLabel={t('admin.import.reading')}
      />
    </form>
  );
}
