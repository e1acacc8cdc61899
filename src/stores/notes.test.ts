import { describe, expect, it, vi } from 'vitest';
import type { Note } from '../../contract/notes.ts';
import { noteSync, type CallResult, type Draft, type NoteCalls } from './notes.ts';

/** A fake server with one user's notes; `offline` makes every call fail like a lost network. */
function fakeServer() {
  const notes = new Map<number, Note>();
  let nextId = 1;
  const server = {
    offline: false,
    posts: 0,
    notes,
    calls: {
      async create(churchId, body) {
        server.posts++;
        if (server.offline) return { ok: false, kind: 'network' } as const;
        const found = [...notes.values()].find((n) => n.chave === body.chave);
        if (found) return { ok: true, value: found };
        const note: Note = {
          id: nextId++,
          chave: body.chave,
          igreja: churchId,
          titulo: body.titulo,
          texto: body.texto,
          versao: 1,
          dataCriacao: '',
          dataUltimaAlteracao: '',
        };
        notes.set(note.id, note);
        return { ok: true, value: note };
      },
      async update(id, _churchId, body) {
        if (server.offline) return { ok: false, kind: 'network' } as const;
        const note = notes.get(id);
        if (!note)
          return { ok: false, kind: 'missing', status: 404, message: '', errors: {} } as const;
        if (note.versao !== body.versao)
          return { ok: false, kind: 'conflict', current: note, message: '' } as const;
        const saved = { ...note, titulo: body.titulo, texto: body.texto, versao: note.versao + 1 };
        notes.set(id, saved);
        return { ok: true, value: saved };
      },
      async remove(id): Promise<CallResult<true>> {
        if (server.offline) return { ok: false, kind: 'network' };
        notes.delete(id);
        return { ok: true, value: true };
      },
    } satisfies NoteCalls,
  };
  return server;
}

function editor(server: ReturnType<typeof fakeServer>, start: { note?: Note; draft?: Draft } = {}) {
  const drafts = new Map<string, Draft>();
  let key = 0;
  const sync = noteSync(
    {
      churchId: 1,
      userId: 7,
      calls: server.calls,
      debounceMs: 10,
      retryMs: [20],
      drafts: { save: (d) => drafts.set(d.chave, d), drop: (chave) => drafts.delete(chave) },
      newKey: () => `00000000-0000-4000-8000-00000000000${key++}`,
    },
    start,
  );
  // the note's state as the editor reads it, beside the actions
  return { sync: Object.assign(sync, { get: () => sync.$note.get() }), drafts };
}

describe('a note being edited (noteSync)', () => {
  it('spec §4: no save without a title; then saved, the draft dropped', async () => {
    const server = fakeServer();
    const { sync, drafts } = editor(server);
    sync.edit('', 'texto sem título');
    await sync.flush();
    expect(sync.get().status).toBe('needsTitle');
    expect(server.notes.size).toBe(0);
    expect(drafts.size).toBe(1); // kept in the browser all the same
    sync.edit('Culto', 'texto sem título');
    await sync.flush();
    expect(sync.get().status).toBe('saved');
    expect([...server.notes.values()][0]).toMatchObject({
      titulo: 'Culto',
      texto: 'texto sem título',
    });
    expect(drafts.size).toBe(0);
  });

  it('offline: retries, keeps the draft, and creates the note once when back', async () => {
    vi.useFakeTimers();
    const server = fakeServer();
    const { sync, drafts } = editor(server);
    server.offline = true;
    sync.edit('Offline', 'uma');
    await vi.advanceTimersByTimeAsync(15);
    expect(sync.get().status).toBe('retrying');
    sync.edit('Offline', 'uma duas');
    await vi.advanceTimersByTimeAsync(50);
    expect(drafts.get(sync.get().chave)?.texto).toBe('uma duas');
    server.offline = false;
    sync.online();
    await vi.advanceTimersByTimeAsync(50);
    expect(sync.get().status).toBe('saved');
    expect(server.notes.size).toBe(1);
    expect([...server.notes.values()][0]!.texto).toBe('uma duas');
    vi.useRealTimers();
  });

  it('a later save on an old version is a conflict; keep mine saves over it', async () => {
    const server = fakeServer();
    const a = editor(server).sync;
    a.edit('Duas abas', '');
    await a.flush();
    const note = [...server.notes.values()][0]!;
    const b = editor(server, { note }).sync;
    a.edit('Duas abas', 'aba A');
    await a.flush();
    b.edit('Duas abas', 'aba B');
    await b.flush();
    expect(b.get().status).toBe('conflict');
    expect(server.notes.get(note.id)!.texto).toBe('aba A');
    await b.keepMine();
    expect(b.get().status).toBe('saved');
    expect(server.notes.get(note.id)!.texto).toBe('aba B');
  });

  it('spec §4: leaving with no content deletes the note', async () => {
    const server = fakeServer();
    const { sync } = editor(server);
    sync.edit('Vai sumir', 'x');
    await sync.flush();
    sync.edit('', '');
    expect(await sync.leave()).toBe(true);
    expect(server.notes.size).toBe(0);
    expect(sync.get().status).toBe('deleted');
  });
});
