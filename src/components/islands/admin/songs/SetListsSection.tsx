// The services' set lists (docs/staff.md "Songs"): a date, a title, songs in order each in the
// key it will be sung; members of the team see the coming ones in /praise. The sections in sets/
// render the set list form of src/stores/admin-songs.ts.
import { useStore } from '@nanostores/react';
import { useEffect } from 'react';
import { $setListForm, editSetList, loadSetLists } from '../../../../stores/admin-songs.ts';
import type { StaffIslandProps } from '../kit/index.ts';
import { makeT, Notice } from '../../ui/index.ts';
import { SetListCards } from './sets/SetListCards.tsx';
import { SetListForm } from './sets/SetListForm.tsx';

export default function SetListsSection({ slug, church, strings, lang }: StaffIslandProps) {
  const t = makeT(strings, lang);
  const { editing, message } = useStore($setListForm);
  useEffect(() => {
    void loadSetLists(slug);
  }, [slug]);
  return (
    <section aria-labelledby="songs-sets" className="songs-sets">
      <h2 id="songs-sets">{t('admin.songs.sets')}</h2>
      <p>{t('admin.songs.setsIntro')}</p>
      <Notice message={editing === null ? message : null} />
      {editing === null ? (
        <button
          type="button"
          className="button"
          onClick={() => editSetList(null, church.fusoHorario)}
        >
          {t('admin.songs.setNew')}
        </button>
      ) : (
        <SetListForm slug={slug} t={t} />
      )}
      <SetListCards slug={slug} t={t} lang={lang} />
    </section>
  );
}
