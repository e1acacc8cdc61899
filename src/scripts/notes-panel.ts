// The /live notes panel (spec §2 "/live": notes beside the stream). Loaded only when the member
// opens the panel. It mounts the notes area's own editor (NoteEditor.astro + notes-editor.ts: saved as
// you type, drafts kept offline, conflicts) on this service's note: the member's note titled
// after today's stream if there is one (a reload finds it again through the notes API), else a
// new one with that title ready. A visitor gets a login link back to /live instead of a redirect.
import { loginHref } from '../components/islands/ui/redirect.ts';
import { makeT } from '../components/islands/ui/t.ts';
import { noteCalls } from '../stores/notes.ts';
import { $isLoggedIn, startSession } from '../stores/session.ts';
import { mountNoteEditor } from './notes-editor.ts';
import { readProps } from './notes-page.ts';

export async function mountLiveNotes(panel: HTMLElement): Promise<void> {
  if (panel.dataset.mounted) return;
  panel.dataset.mounted = '1';
  const template = panel.querySelector<HTMLTemplateElement>('template[data-live-note]')!;
  const status = panel.querySelector<HTMLElement>('[data-live-notes-status]')!;
  const root = (template.content.firstElementChild as HTMLElement).cloneNode(true) as HTMLElement;
  const props = readProps(root);
  const t = makeT(props.strings, props.lang);
  const title = panel.dataset.noteTitle ?? '';

  await startSession(props.church);
  if (!$isLoggedIn.get()) {
    const link = Object.assign(document.createElement('a'), {
      className: 'button',
      href: loginHref('/live'),
      textContent: panel.dataset.loginLabel ?? '',
    });
    status.replaceChildren(
      Object.assign(document.createElement('p'), { textContent: panel.dataset.loginText ?? '' }),
      link,
    );
    status.hidden = false;
    return;
  }

  // This service's note, if the member already started it (another tab, before a reload).
  const notes = await noteCalls.list(props.church.id);
  const existing = notes.ok ? notes.value.find((n) => n.titulo === title) : undefined;
  if (existing) {
    root.dataset.props = JSON.stringify({ ...props, noteId: existing.id });
    const heading = root.querySelector('#note-editor-title');
    if (heading) heading.textContent = t('notes.editor.editTitle');
  }
  status.hidden = true;
  template.replaceWith(root);
  await mountNoteEditor(root);
  const input = root.querySelector<HTMLInputElement>('[name="titulo"]');
  // A new note starts with the service's title; it is saved with the first words typed
  // (an untouched panel leaves no empty note behind).
  if (!existing && input && !input.value) {
    input.value = title;
    // Nothing is saved yet, so the status claims nothing until the first keystroke.
    const status = root.querySelector<HTMLElement>('.notes-status');
    if (status) status.textContent = '';
    root.querySelector<HTMLTextAreaElement>('[name="texto"]')?.focus();
  }
}
