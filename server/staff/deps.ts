// What every staff area's routes are given (docs/staff.md): composed once in server/staff-routes.ts,
// kept apart from it so an area's routes never import the file that mounts them.
import type { ChangeFeed } from '../changes.ts';
import type { Database } from '../db/client.ts';
import type { FileStore } from '../files/file-store.ts';
import type { ImageStore } from '../images/store.ts';
import type { Mailer } from '../mail/outbox.ts';

export interface StaffDeps {
  db: Database;
  changes: ChangeFeed;
  images: ImageStore;
  mailer: Mailer;
  /** The one file store (docs/deploy.md "Files"): staff uploads and generated files. */
  files: FileStore;
}
