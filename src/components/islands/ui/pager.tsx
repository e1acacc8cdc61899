// The island side of the one pager (src/components/Pager.astro, src/styles/pager.css): the same
// look and words, with buttons because the island swaps the page in place. Strings `list.*`.
import { pageWindow } from '../../../lib/page-window.ts';
import '../../../styles/pager.css';
import type { T } from './t.ts';

export function Pager({
  page,
  totalPages,
  onPage,
  t,
}: {
  page: number;
  totalPages: number;
  onPage: (page: number) => void;
  t: T;
}) {
  if (totalPages <= 1) return null;
  return (
    <nav className="pager" aria-label={t('list.pagination')}>
      {page > 1 ? (
        <button type="button" className="pager-step" onClick={() => onPage(page - 1)}>
          ← {t('list.previous')}
        </button>
      ) : (
        <span className="pager-step" aria-hidden="true"></span>
      )}
      <ol className="pager-pages">
        {pageWindow(page, totalPages).map((p, i) =>
          'gap' in p ? (
            <li key={`gap-${i}`} aria-hidden="true">
              …
            </li>
          ) : (
            <li key={p.page}>
              <button
                type="button"
                onClick={() => onPage(p.page)}
                aria-current={p.page === page ? 'page' : undefined}
                aria-label={t('list.page', { page: p.page })}
              >
                {p.page}
              </button>
            </li>
          ),
        )}
      </ol>
      {page < totalPages ? (
        <button type="button" className="pager-step next" onClick={() => onPage(page + 1)}>
          {t('list.next')} →
        </button>
      ) : (
        <span className="pager-step" aria-hidden="true"></span>
      )}
    </nav>
  );
}
