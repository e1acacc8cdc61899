// The editor's head: back to the kind's list, new or edit with the item's state, when it is
// scheduled for, the last message and, after a save met someone else's newer version, both choices.
import { dateFormat, NUMERIC_DATE_TIME } from '../../../../../../common/format.ts';
import { useStore } from '@nanostores/react';
import type {
  ContentStatusName,
  StaffContentKind,
} from '../../../../../../contract/content-staff.ts';
import { $editor, keepMine, takeTheirs } from '../../../../../stores/admin-content.ts';
import { Notice, type T } from '../../../ui/index.ts';
import { StatusBadge } from '../StatusBadge.tsx';

export function ContentEditorHead({
  slug,
  kind,
  t,
  lang,
}: {
  slug: string;
  kind: StaffContentKind;
  t: T;
  lang: string;
}) {
  const editor = useStore($editor);
  const { item } = editor;
  const status: ContentStatusName = item?.status ?? 'rascunho';
  return (
    <>
      <p className="content-back">
        <a href={`/admin/content/${kind}`}>← {t(`admin.content.kind.${kind}`)}</a>
      </p>
      <div className="content-head">
        <h1>{t(item ? `admin.content.edit.${kind}` : `admin.content.new.${kind}`)}</h1>
        <StatusBadge status={status} t={t} />
      </div>
      {item && status === 'agendado' && (
        <p>
          {t('admin.content.scheduledFor', {
            date: dateFormat(lang, NUMERIC_DATE_TIME).format(new Date(item.publicadoEm)),
          })}
        </p>
      )}
      <div aria-live="polite">
        {editor.message && <Notice message={editor.message} />}
        {editor.conflict && (
          <div className="content-conflict">
            <p>{t('admin.content.conflictChoice')}</p>
            <div className="staff-actions">
              <button
                type="button"
                className="button"
                onClick={() => void keepMine(slug, t('admin.content.saved'))}
              >
                {t('admin.content.keepMine')}
              </button>
              <button type="button" className="button secondary" onClick={takeTheirs}>
                {t('admin.content.takeTheirs')}
              </button>
            </div>
          </div>
        )}
      </div>
    </>
  );
}
