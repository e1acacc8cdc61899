import { describe, expect, it } from 'vitest';
import { liveNoteTitle } from './note-title.ts';

describe('liveNoteTitle', () => {
  it("names the note after the stream and the church's day, within the notes' 100 characters", () => {
    expect(liveNoteTitle(' Culto da manhã ', '24/11/2026')).toBe('Culto da manhã — 24/11/2026');
    const long = liveNoteTitle('x'.repeat(300), '24/11/2026');
    expect(long).toHaveLength(100);
    expect(long.endsWith(' — 24/11/2026')).toBe(true);
  });
});
