// The editor's panel: the date to publish at, save, publish, schedule, unpublish, restore,
// archive, preview and delete a draft, as the item's state allows; a note while changes are unsaved.
import { useStore } from '@nanostores/react';
import { useId } from 'react';
import type { ContentStatusName } from '../../../../../../contract/content-staff.ts';
import {
  $editor,
  editField,
  isDirty,
  moveAndSettle,
  openPreview,
  removeAndLeave,
} from '../../../../../stores/admin-content.ts';
import { ConfirmButton } from '../../kit/index.ts';
import { Field, type T } from '../../../ui/index.ts';

export function PublishPanel({ slug, t }: { slug: string; t: T }) {
  const formId = useId();
  const editor = useStore($editor);
  const { form, errors, item, busy } = editor;
  const dirty = isDirty(editor);
  const status: ContentStatusName = item?.status ?? 'rascunho';
  const move = (to: ContentStatusName, text: string) => moveAndSettle(slug, to, text);
  const busyLabel = (what: typeof busy, label: string) =>
    busy === what ? t('admin.content.working') : label;
  return (
    <section className="content-publish" aria-labelledby={`${formId}-publish`}>
      <h2 id={`${formId}-publish`} className="content-panel-title">
        {t('admin.content.panel')}
      </h2>
      <Field
        label={t('admin.content.when')}
        name="publicadoEm"
        type="datetime-local"
        value={form.publicadoEm}
        onChange={(v) => editField('publicadoEm', v)}
        error={errors.publicadoEm}
        hint={t('admin.content.whenHint')}
      />
      <div className="staff-actions content-actions">
        <button type="submit" className="button" disabled={busy !== null}>
          {busyLabel(
            'save',
            t(status === 'rascunho' ? 'admin.content.saveDraft' : 'admin.content.save'),
          )}
        </button>
        {status !== 'publicado' && (
          <button
            type="button"
            className="button"
            disabled={busy !== null}
            onClick={() => void move('publicado', t('admin.content.publishedNow'))}
          >
            {busyLabel('publicado', t('admin.content.publish'))}
          </button>
        )}
        {status !== 'publicado' && status !== 'arquivado' && (
          <button
            type="button"
            className="button secondary"
            disabled={busy !== null}
            onClick={() => void move('agendado', t('admin.content.scheduledNow'))}
          >
            {busyLabel('agendado', t('admin.content.schedule'))}
          </button>
        )}
        {(status === 'publicado' || status === 'agendado') && (
          <button
            type="button"
            className="button secondary"
            disabled={busy !== null}
            onClick={() => void move('rascunho', t('admin.content.unpublishedNow'))}
          >
            {busyLabel('rascunho', t('admin.content.unpublish'))}
          </button>
        )}
        {status === 'arquivado' && (
          <button
            type="button"
            className="button secondary"
            disabled={busy !== null}
            onClick={() => void move('rascunho', t('admin.content.restoredNow'))}
          >
            {busyLabel('rascunho', t('admin.content.restore'))}
          </button>
        )}
        {item && status !== 'arquivado' && (
          <button
            type="button"
            className="button secondary"
            disabled={busy !== null}
            onClick={() => void move('arquivado', t('admin.content.archivedNow'))}
          >
            {busyLabel('arquivado', t('admin.content.archive'))}
          </button>
        )}
        <button
          type="button"
          className="button secondary"
          disabled={busy !== null}
          onClick={() => void openPreview(slug)}
        >
          {t('admin.content.preview')}
        </button>
        {item && status === 'rascunho' && (
          <ConfirmButton
            label={t('admin.content.delete')}
            title={t('admin.content.deleteTitle', { title: item.titulo })}
            explanation={t('admin.content.deleteExplain')}
            confirmLabel={t('admin.content.delete')}
            cancelLabel={t('admin.content.cancel')}
            busy={busy !== null}
            onConfirm={() => removeAndLeave(slug)}
          />
        )}
      </div>
      {dirty && <p className="content-dirty">{t('admin.content.unsavedNote')}</p>}
    </section>
  );
}
