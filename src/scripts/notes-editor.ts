// The note editor (spec §2 /user/notes/new and /user/notes/{id}; §4: no save without a title,
// leaving with no content deletes the note). Plain DOM so the page stays small; mounted on any
// `[data-note-editor]` (the /live page can embed the same NoteEditor.astro). The note's state and
// actions are src/stores/notes.ts; this renders `$note`.
import type { Note } from '../../contract/notes.ts';
import { makeT, type T } from '../components/islands/ui/t.ts';
import { findReferences } from '../lib/notes/references.ts';
import {
  draftById,
  draftByKey,
  dropDraft,
  isDirty,
  isEmpty,
  noteCalls,
  noteSync,
  type NoteSync,
  type SaveStatus,
} from '../stores/notes.ts';
import { bearer, h, readProps, signedInMember } from './notes-page.ts';

const STATUS_KEY: Record<SaveStatus, string> = {
  saved: 'notes.status.saved',
  saving: 'notes.status.saving',
  retrying: 'notes.status.retrying',
  needsTitle: 'notes.status.needsTitle',
  invalid: 'notes.status.invalid',
  conflict: 'notes.status.conflict',
  deleted: 'notes.status.deleted',
};

const $ = <E extends Element>(root: Element, selector: string) => root.querySelector<E>(selector)!;

export async function mountNoteEditor(root: HTMLElement): Promise<void> {
  const props = readProps(root);
  const t = makeT(props.strings, props.lang);
  const userId = await signedInMember(props.church);
  if (userId === null) return;
  const churchId = props.church.id;
  const loader = $<HTMLElement>(root, '.notes-loader');
  const form = $<HTMLFormElement>(root, 'form');
  const missing = $<HTMLElement>(root, '.notes-missing');

  // Where the note comes from: the server (by id), a draft kept in this browser, or nothing yet.
  const params = new URLSearchParams(location.search);
  let note: Note | undefined;
  let draft = props.noteId
    ? draftById(props.noteId)
    : params.get('draft')
      ? draftByKey(params.get('draft')!)
      : undefined;
  if (props.noteId) {
    const got = await noteCalls.get(props.noteId, churchId);
    if (got.ok) note = got.value;
    else if (got.kind !== 'network' || !draft) {
      loader.hidden = true;
      missing.hidden = false;
      return;
    }
  }
  // A draft identical to the server's note (its save landed, the answer did not) is no draft.
  if (draft && note && draft.titulo.trim() === note.titulo && draft.texto === note.texto) {
    dropDraft(draft.chave);
    draft = undefined;
  }

  const title = $<HTMLInputElement>(form, '[name="titulo"]');
  const text = $<HTMLTextAreaElement>(form, '[name="texto"]');
  const status = $<HTMLElement>(root, '.notes-status');
  const titleError = $<HTMLElement>(form, '.notes-title-error');
  const conflictBox = $<HTMLElement>(root, '.notes-conflict');
  const refs = $<HTMLElement>(root, '.notes-refs');
  const deleteLink = $<HTMLAnchorElement>(root, '.notes-delete');

  const sync = noteSync({ churchId, userId, newKey: () => crypto.randomUUID() }, { note, draft });
  const now = () => sync.$note.get();
  title.value = now().titulo;
  text.value = now().texto;

  let shownUrl = '';
  function render() {
    const n = now();
    status.textContent = t(STATUS_KEY[n.status]);
    status.dataset.status = n.status;
    const titleMessage =
      n.status === 'needsTitle' ? t('notes.status.needsTitle') : (n.errors.titulo?.[0] ?? '');
    titleError.textContent = titleMessage;
    titleError.hidden = !titleMessage;
    title.setAttribute('aria-invalid', String(!!titleMessage));
    renderConflict(conflictBox, sync, t, () => {
      title.value = now().titulo;
      text.value = now().texto;
      renderRefs();
    });
    deleteLink.hidden = n.id === null;
    if (n.id !== null) deleteLink.href = `/user/notes/${n.id}/delete`;
    // The address follows the note: a new note's draft, then its id once saved.
    const url = root.dataset.embedded
      ? ''
      : n.id !== null
        ? `/user/notes/${n.id}`
        : `/user/notes/new?draft=${n.chave}`;
    if (url && url !== shownUrl && n.status !== 'deleted') {
      history.replaceState(history.state, '', url);
      shownUrl = url;
    }
  }

  let refsTimer: ReturnType<typeof setTimeout> | undefined;
  function renderRefs() {
    const found = findReferences(text.value, props.lang);
    const seen = new Set<string>();
    const list = h('ul', {});
    for (const r of found) {
      if (seen.has(r.href)) continue;
      seen.add(r.href);
      list.append(
        h(
          'li',
          {},
          h('a', { href: r.href, target: root.dataset.embedded ? '_blank' : '' }, r.label),
        ),
      );
    }
    refs.hidden = seen.size === 0;
    refs.querySelector('ul')?.replaceWith(list);
  }

  const onInput = () => {
    sync.edit(title.value, text.value);
    clearTimeout(refsTimer);
    refsTimer = setTimeout(renderRefs, 300);
  };
  title.addEventListener('input', onInput);
  text.addEventListener('input', onInput);
  form.addEventListener('submit', (e) => {
    e.preventDefault();
    void sync.flush();
  });
  window.addEventListener('online', () => sync.online());

  // spec §4: leaving with no content deletes the note. In-page links wait for the delete; a
  // closed tab or typed address sends it with keepalive.
  root.querySelectorAll<HTMLAnchorElement>('a[data-leave]').forEach((a) =>
    a.addEventListener('click', async (e) => {
      if (!isEmpty(now()) && !isDirty(now())) return;
      e.preventDefault();
      await sync.leave();
      location.assign(a.href);
    }),
  );
  window.addEventListener('pagehide', () => {
    const n = now();
    if (n.status === 'deleted') return;
    const token = bearer();
    if (isEmpty(n) && n.id !== null && token) {
      dropDraft(n.chave);
      const versao = n.server ? `&versao=${n.server.versao}` : '';
      void fetch(`/api/v1/nota-sermao/${n.id}?igreja=${churchId}${versao}`, {
        method: 'DELETE',
        keepalive: true,
        headers: { authorization: `Bearer ${token}` },
      });
    }
  });

  sync.$note.listen(render);
  if (now().status === 'saving') void sync.flush();
  render();
  renderRefs();
  loader.hidden = true;
  form.hidden = false;
  if (!now().titulo) title.focus();
}

function renderConflict(box: HTMLElement, sync: NoteSync, t: T, refill: () => void) {
  const other = sync.$note.get().conflict;
  box.hidden = !other;
  box.replaceChildren();
  if (!other) return;
  const keep = h('button', { type: 'button', className: 'button' }, t('notes.conflict.keepMine'));
  const take = h(
    'button',
    { type: 'button', className: 'button secondary' },
    t('notes.conflict.takeTheirs'),
  );
  keep.addEventListener('click', () => void sync.keepMine());
  take.addEventListener('click', () => {
    sync.takeTheirs();
    refill();
  });
  // The status line above already says the note was not saved: the box only offers the choice.
  box.append(
    h(
      'details',
      {},
      h('summary', {}, t('notes.conflict.other')),
      h('h3', {}, other.titulo),
      h('pre', { className: 'notes-other' }, other.texto),
    ),
    h('div', { className: 'notes-actions' }, keep, take),
  );
}
