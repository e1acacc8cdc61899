// /user/notes/{id}/delete (spec §2): asks before deleting; spec §8 "note delete failed" in a modal.
import { makeT } from '../components/islands/ui/t.ts';
import { dropDraft, noteCalls } from '../stores/notes.ts';
import { alertModal, readProps, signedInMember } from './notes-page.ts';

export async function mountNoteDelete(root: HTMLElement): Promise<void> {
  const props = readProps(root);
  const t = makeT(props.strings, props.lang);
  if ((await signedInMember(props.church)) === null) return;
  const id = props.noteId ?? 0;
  const loader = root.querySelector<HTMLElement>('.notes-loader')!;
  const got = id ? await noteCalls.get(id, props.church.id) : null;
  loader.hidden = true;
  if (!got?.ok) {
    root.querySelector<HTMLElement>('.notes-missing')!.hidden = false;
    return;
  }
  const panel = root.querySelector<HTMLElement>('.notes-confirm')!;
  panel.querySelector('.notes-question')!.textContent = t('notes.delete.question', {
    title: got.value.titulo,
  });
  panel.hidden = false;
  const button = panel.querySelector<HTMLButtonElement>('button.danger')!;
  button.addEventListener('click', async () => {
    button.disabled = true;
    const r = await noteCalls.remove(id, props.church.id);
    if (r.ok || r.kind === 'missing') {
      dropDraft(got.value.chave);
      location.assign('/user/notes?deleted=1');
      return;
    }
    button.disabled = false;
    await alertModal(t('notes.delete.failedTitle'), t('notes.delete.failed'), t('notes.ok'));
  });
}
