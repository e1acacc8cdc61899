// The coming services' set lists at the top of /praise (docs/staff.md "Songs"): each song opens
// in the key the team chose for that service (`?tom=`). Nothing shows when there are none.
import { useEffect, useState } from 'react';
import type { SetList } from '../../../../contract/praise-staff.ts';
import { longDate } from '../../../../common/format.ts';
import { songHref } from '../../../lib/praise/api.ts';
import { loadSetLists } from '../../../lib/praise/setlists.ts';
import { pretty } from '../../../lib/praise/transpose.ts';
import type { Lang, T } from '../ui/index.ts';

export default function SetLists({ slug, t, lang }: { slug: string; t: T; lang: Lang }) {
  const [lists, setLists] = useState<SetList[]>([]);
  useEffect(() => {
    loadSetLists(slug).then(setLists, () => setLists([]));
  }, [slug]);
  if (!lists.length) return null;
  return (
    <section className="praise-sets" aria-labelledby="praise-sets">
      <h2 id="praise-sets">{t('praise.sets.title')}</h2>
      {lists.map((list) => (
        <article key={list.id} className="praise-set">
          <h3>
            {list.titulo} ·{' '}
            <time dateTime={list.data}>{longDate(`${list.data}T12:00:00Z`, lang, 'UTC')}</time>
          </h3>
          {list.observacao && <p className="praise-set-notes">{list.observacao}</p>}
          <ol>
            {list.itens.map((item, n) => (
              <li key={n}>
                <a
                  href={`${songHref(item.louvorId)}${item.tom ? `&tom=${encodeURIComponent(item.tom)}` : ''}`}
                >
                  {item.titulo}
                </a>
                {item.tom && <> · {t('praise.keyNow', { key: pretty(item.tom) })}</>}
              </li>
            ))}
          </ol>
        </article>
      ))}
    </section>
  );
}
