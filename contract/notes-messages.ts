// Old path of the notes and reading-plan messages: the catalogue is contract/messages/ now (see README.md).
export { NOTES_MESSAGES, notesMessage, type NotesMessageKey } from './messages/notes.ts';
