// The team's songbook for members (/praise, docs/praise.md): the songs the search finds (the API
// searches), the list shown kept while the next search runs. Calls in src/lib/praise/api.ts; no
// DOM here (the page keeps the search in the address).
import { atom } from 'nanostores';
import type { PraiseSummary } from '../../contract/praise.ts';
import { loadSongs } from '../lib/praise/api.ts';
import { loadInto, type Loadable } from './loadable.ts';

export const $songList = atom<Loadable<PraiseSummary[]>>({ state: 'idle' });

/** Searches by title, author and theme; a late answer to an older search is dropped. */
export const searchSongs = (slug: string, search: string): Promise<void> =>
  loadInto($songList, () => loadSongs(slug, search));
