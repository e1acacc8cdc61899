// Sends the edits this browser kept for notes not open anywhere (typed offline, a tab closed
// mid-save): run by the notes list when it loads and when the network returns.
import { createNote, deleteNote, updateNote } from './api.ts';
import { draftsOf, dropDraft } from './drafts.ts';
import { isBlank } from './note-sync.ts';

/** Resolves with how many drafts reached the server. Conflicts stay for the editor to show. */
export async function sendPendingNotes(userId: number, churchId: number): Promise<number> {
  let sent = 0;
  for (const d of draftsOf(userId, churchId)) {
    const empty = isBlank(d.titulo) && isBlank(d.texto);
    if (d.id !== null && empty) {
      const r = await deleteNote(d.id, churchId, d.versao ?? undefined);
      if (r.ok || r.kind === 'missing') (dropDraft(d.chave, d.changedAt), sent++);
      continue;
    }
    if (isBlank(d.titulo)) continue; // spec §4: no save without a title; the editor says so
    const body = { titulo: d.titulo.trim(), texto: d.texto };
    if (d.id === null) {
      const r = await createNote(churchId, { chave: d.chave, ...body });
      if (!r.ok) continue;
      // a replayed chave answers the note as first sent: bring it up to date
      if (r.value.titulo !== body.titulo || r.value.texto !== body.texto) {
        const u = await updateNote(r.value.id, churchId, { ...body, versao: r.value.versao });
        if (!u.ok) continue;
      }
      dropDraft(d.chave, d.changedAt);
      sent++;
    } else if (d.versao !== null) {
      const r = await updateNote(d.id, churchId, { ...body, versao: d.versao });
      if (r.ok) (dropDraft(d.chave, d.changedAt), sent++);
    }
  }
  return sent;
}
