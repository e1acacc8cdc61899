// /user/notes/{id}/delete (spec §2): asks before deleting; spec §8 "note delete failed" in a modal.
import { deleteNote, getNote } from './api.ts';
import { dropDraft } from './drafts.ts';
import { alertModal, makeT, readProps, signedInMember } from './page-boot.ts';

export async function mountNoteDelete(root: HTMLElement): Promise<void> {
  const props = readProps(root);
  const t = makeT(props.strings);
  if ((await signedInMember(props.church)) === null) return;
  const id = props.noteId ?? 0;
  const loader = root.querySelector<HTMLElement>('.notes-loader')!;
  const got = id ? await getNote(id, props.church.id) : null;
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
    const r = await deleteNote(id, props.church.id);
    if (r.ok || r.kind === 'missing') {
      dropDraft(got.value.chave);
      location.assign('/user/notes?deleted=1');
      return;
    }
    button.disabled = false;
    await alertModal(t('notes.delete.failedTitle'), t('notes.delete.failed'), t('notes.ok'));
  });
}
