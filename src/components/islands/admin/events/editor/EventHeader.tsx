// The editor's head (docs/events.md "The staff side"): the title, published or draft, the links to
// the event's desk, and publish, unpublish or duplicate once it is saved.
import { useStore } from '@nanostores/react';
import {
  $eventEditor,
  $eventForm,
  duplicateSaved,
  eventFormDirty,
  togglePublished,
} from '../../../../../stores/admin-events.ts';
import { Notice, type T } from '../../../ui/index.ts';

export function EventHeader({ slug, id, t }: { slug: string; id: number | null; t: T }) {
  const editor = useStore($eventEditor);
  const state = useStore($eventForm);
  const saved = editor.state === 'ready' ? editor.data : null;
  const dirty = eventFormDirty(state);
  const justCreated = typeof location !== 'undefined' && location.search.includes('criado=1');
  return (
    <>
      <div className="events-head">
        <h1>
          {id === null ? t('admin.events.newTitle') : saved?.titulo || t('admin.events.editTitle')}
        </h1>
        {saved && (
          <span className={`events-badge ${saved.publicado ? 'on' : 'off'}`}>
            {t(saved.publicado ? 'admin.events.published' : 'admin.events.draft')}
          </span>
        )}
      </div>
      <p>
        <a href="/admin/events">{t('admin.events.back')}</a>
        {saved && (
          <>
            {' · '}
            <a href={`/admin/events/${saved.id}/registrations`}>
              {t('admin.events.registrations')}
            </a>
            {' · '}
            <a href={`/admin/events/${saved.id}/checkin`}>{t('admin.events.checkin')}</a>
          </>
        )}
      </p>
      {saved && (
        <div className="events-actions">
          <button
            type="button"
            className="button secondary"
            disabled={state.busy || dirty}
            title={dirty ? t('admin.events.saveFirst') : undefined}
            onClick={() =>
              void togglePublished(
                slug,
                t(saved.publicado ? 'admin.events.unpublishedDone' : 'admin.events.publishedDone'),
              )
            }
          >
            {t(saved.publicado ? 'admin.events.unpublish' : 'admin.events.publish')}
          </button>
          <button
            type="button"
            className="button secondary"
            disabled={state.busy}
            onClick={() => void duplicateSaved(slug)}
          >
            {t('admin.events.duplicate')}
          </button>
        </div>
      )}
      {justCreated && !state.message && <Notice kind="ok">{t('admin.events.created')}</Notice>}
    </>
  );
}
