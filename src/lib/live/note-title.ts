// The title of a member's note for one service on /live: the stream and the church's date, within
// the notes' 100 characters (contract/notes.ts). The notes panel finds the note again by it.
export function liveNoteTitle(stream: string, date: string): string {
  const day = ` — ${date}`;
  return `${stream.trim().slice(0, 100 - day.length)}${day}`;
}
