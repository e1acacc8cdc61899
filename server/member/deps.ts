// What member-side route factories and services are given (docs/architecture.md "The member
// side"), the twin of server/staff/deps.ts: composed once in server/app.ts.
import type { ChangeFeed } from '../changes.ts';
import type { Database } from '../db/client.ts';
import type { FileStore } from '../files/file-store.ts';
import type { ImageStore } from '../images/store.ts';
import type { Mailer } from '../mail/outbox.ts';

export interface MemberDeps {
  db: Database;
  /** Where a write announces its church's change (server/changes.ts `WriteDeps`). */
  changes: ChangeFeed;
  mailer: Mailer;
  images: ImageStore;
  /** The one file store (docs/deploy.md "Files"). */
  files: FileStore;
}
