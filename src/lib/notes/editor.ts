// The note editor (spec §2 /user/notes/new and /user/notes/{id}; §4: no save without a title,
// leaving with no content deletes the note). Plain DOM so the page stays small; mounted on any
// `[data-note-editor]` (the /live page can embed the same NoteEditor.astro).
import type { Note } from '../../../contract/notes.ts';
import { createNote, deleteNote, getNote, updateNote } from './api.ts';
import { draftById, draftByKey, dropDraft, saveDraft } from './drafts.ts';
import { NoteSync, type SaveStatus } from './note-sync.ts';
import { bearer, h, makeT, readProps, signedInMember, type NotesT } from './page-boot.ts';
import { findReferences } from './references.ts';

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
  const t = makeT(props.strings);
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
    const got = await getNote(props.noteId, churchId);
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

  const sync = new NoteSync(
    {
      churchId,
      userId,
      calls: { create: createNote, update: updateNote, remove: deleteNote },
      drafts: { save: saveDraft, drop: dropDraft },
      newKey: () => crypto.randomUUID(),
      onChange: () => render(),
    },
    { note, draft },
  );
  title.value = sync.titulo;
  text.value = sync.texto;

  let shownUrl = '';
  function render() {
    status.textContent = t(STATUS_KEY[sync.status]);
    status.dataset.status = sync.status;
    const titleMessage =
      sync.status === 'needsTitle' ? t('notes.status.needsTitle') : (sync.errors.titulo?.[0] ?? '');
    titleError.textContent = titleMessage;
    titleError.hidden = !titleMessage;
    title.setAttribute('aria-invalid', String(!!titleMessage));
    renderConflict(conflictBox, sync, t, () => {
      title.value = sync.titulo;
      text.value = sync.texto;
      renderRefs();
    });
    deleteLink.hidden = sync.id === null;
    if (sync.id !== null) deleteLink.href = `/user/notes/${sync.id}/delete`;
    // The address follows the note: a new note's draft, then its id once saved.
    const url = root.dataset.embedded
      ? ''
      : sync.id !== null
        ? `/user/notes/${sync.id}`
        : `/user/notes/new?draft=${sync.chave}`;
    if (url && url !== shownUrl && sync.status !== 'deleted') {
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
      if (!sync.empty() && !sync.dirty()) return;
      e.preventDefault();
      await sync.leave();
      location.assign(a.href);
    }),
  );
  window.addEventListener('pagehide', () => {
    if (sync.status === 'deleted') return;
    const token = bearer();
    if (sync.empty() && sync.id !== null && token) {
      dropDraft(sync.chave);
      const versao = sync.server ? `&versao=${sync.server.versao}` : '';
      void fetch(`/api/v1/nota-sermao/${sync.id}?igreja=${churchId}${versao}`, {
        method: 'DELETE',
        keepalive: true,
        headers: { authorization: `Bearer ${token}` },
      });
    }
  });

  if (sync.status === 'saving') void sync.flush();
  render();
  renderRefs();
  loader.hidden = true;
  form.hidden = false;
  if (!sync.titulo) title.focus();
}

function renderConflict(box: HTMLElement, sync: NoteSync, t: NotesT, refill: () => void) {
  const other = sync.conflict;
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
  box.append(
    h('p', { role: 'alert' }, t('notes.status.conflict')),
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
