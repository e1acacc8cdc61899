// What every notes screen does first, without a framework (the editor page ships ≤ 60 KB of
// gzipped JS, docs/notes.md): read its props from the root's data attribute, start the session
// and send a logged-out visitor to the login page; and the small DOM helpers the notes scripts share.
import { loginHref } from '../components/islands/ui/redirect.ts';
import type { Lang } from '../../common/format.ts';
import { $isLoggedIn, $session, startSession, type SessionChurch } from '../stores/session.ts';

export interface NotesProps {
  church: SessionChurch;
  lang: Lang;
  strings: Record<string, string>;
  noteId?: number | null;
}

export function readProps(root: HTMLElement): NotesProps {
  return JSON.parse(root.dataset.props ?? '{}') as NotesProps;
}

/** The logged-in member's id, or null after sending a visitor to /access. */
export async function signedInMember(church: SessionChurch): Promise<number | null> {
  await startSession(church);
  const user = $session.get().user;
  if (!$isLoggedIn.get() || !user) {
    location.replace(loginHref(location.pathname + location.search));
    return null;
  }
  return user.id;
}

export const bearer = (): string | null => $session.get().token;

/** An element made in one line: `h('p', { className: 'x' }, 'text')`. */
export function h<K extends keyof HTMLElementTagNameMap>(
  tag: K,
  props: Partial<HTMLElementTagNameMap[K]> & Record<string, unknown> = {},
  ...children: (Node | string | null)[]
): HTMLElementTagNameMap[K] {
  const el = document.createElement(tag);
  for (const [k, v] of Object.entries(props)) {
    if (k.startsWith('aria-') || k.startsWith('data-') || k === 'role' || k === 'for')
      el.setAttribute(k, String(v));
    else (el as unknown as Record<string, unknown>)[k] = v;
  }
  for (const c of children) if (c !== null) el.append(c);
  return el;
}

/** spec §8 messages shown in a modal: a native <dialog> with one OK button. */
export function alertModal(title: string, message: string, ok: string): Promise<void> {
  return new Promise((resolve) => {
    const heading = h('h2', { id: 'notes-modal-title' }, title);
    const button = h('button', { type: 'button', className: 'button' }, ok);
    const dialog = h(
      'dialog',
      { className: 'notes-modal', 'aria-labelledby': 'notes-modal-title' },
      heading,
      h('p', {}, message),
      button,
    );
    button.addEventListener('click', () => dialog.close());
    dialog.addEventListener('close', () => {
      dialog.remove();
      resolve();
    });
    document.body.append(dialog);
    dialog.showModal();
    button.focus();
  });
}
