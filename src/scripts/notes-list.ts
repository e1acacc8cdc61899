// /user/notes (spec §2): the member's notes, last changed first, with a search by title. Notes
// kept in this browser and not yet on the server are listed too, and sent when possible.
import { dateFormat } from '../../common/format.ts';
import type { NoteSummary } from '../../contract/notes.ts';
import { makeT } from '../components/islands/ui/t.ts';
import { draftsOf, noteCalls, sendPendingNotes } from '../stores/notes.ts';
import { h, readProps, signedInMember } from './notes-page.ts';

const fold = (s: string) => s.normalize('NFD').replace(/\p{M}/gu, '').toLowerCase();

export async function mountNotesList(root: HTMLElement): Promise<void> {
  const props = readProps(root);
  const t = makeT(props.strings, props.lang);
  const userId = await signedInMember(props.church);
  if (userId === null) return;
  const churchId = props.church.id;
  const loader = root.querySelector<HTMLElement>('.notes-loader')!;
  const body = root.querySelector<HTMLElement>('.notes-body')!;
  const search = root.querySelector<HTMLInputElement>('input[type="search"]')!;
  const listEl = root.querySelector<HTMLElement>('.notes-list')!;
  const emptyEl = root.querySelector<HTMLElement>('.notes-empty')!;
  const errorEl = root.querySelector<HTMLElement>('.notes-error')!;
  const noteDate = dateFormat(document.documentElement.lang || props.lang, {
    dateStyle: 'medium',
    timeStyle: 'short',
  });
  let notes: NoteSummary[] = [];

  function render() {
    const q = fold(search.value.trim());
    const drafts = draftsOf(userId!, churchId);
    const draftIds = new Set(drafts.map((d) => d.id));
    const items: HTMLElement[] = [];
    for (const d of drafts) {
      if (q && !fold(d.titulo).includes(q)) continue;
      const href = d.id !== null ? `/user/notes/${d.id}` : `/user/notes/new?draft=${d.chave}`;
      items.push(
        h(
          'li',
          { className: 'notes-item pending' },
          h('h2', {}, h('a', { href }, d.titulo.trim() || t('notes.untitled'))),
          h('p', { className: 'notes-summary' }, d.texto.replace(/\s+/g, ' ').slice(0, 140)),
          h('p', { className: 'notes-meta' }, t('notes.pending')),
        ),
      );
    }
    for (const n of notes) {
      if (draftIds.has(n.id) || (q && !fold(n.titulo).includes(q))) continue;
      items.push(
        h(
          'li',
          { className: 'notes-item' },
          h('h2', {}, h('a', { href: `/user/notes/${n.id}` }, n.titulo)),
          n.resumo ? h('p', { className: 'notes-summary' }, n.resumo) : null,
          h(
            'p',
            { className: 'notes-meta' },
            h(
              'time',
              { dateTime: n.dataUltimaAlteracao },
              t('notes.changed', { date: noteDate.format(new Date(n.dataUltimaAlteracao)) }),
            ),
          ),
        ),
      );
    }
    listEl.replaceChildren(...items);
    emptyEl.textContent = q ? t('notes.noMatch') : t('notes.empty');
    emptyEl.hidden = items.length > 0;
  }

  async function load() {
    loader.hidden = false;
    errorEl.hidden = true;
    if (draftsOf(userId!, churchId).length) await sendPendingNotes(userId!, churchId);
    const r = await noteCalls.list(churchId);
    loader.hidden = true;
    if (!r.ok && !draftsOf(userId!, churchId).length) {
      errorEl.hidden = false;
      return;
    }
    notes = r.ok ? r.value : [];
    body.hidden = false;
    render();
  }

  search.addEventListener('input', render);
  errorEl.querySelector('button')?.addEventListener('click', () => void load());
  window.addEventListener('online', () => void load());
  await load();
}
