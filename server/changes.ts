// Tells whoever keeps copies of a church's pages (the page cache) that its data changed.
// API routes that write church data call `churchChanged(id)` after committing.
import { EventEmitter } from 'node:events';

export interface ChangeFeed {
  churchChanged(churchId: number): void;
  onChurchChanged(listener: (churchId: number) => void): void;
}

export function createChangeFeed(): ChangeFeed {
  const emitter = new EventEmitter();
  return {
    churchChanged: (churchId) => void emitter.emit('church', churchId),
    onChurchChanged: (listener) => void emitter.on('church', listener),
  };
}
