// What member-side route factories and services are given (docs/architecture.md "The member
// side"), the twin of server/staff/deps.ts: composed once in server/app.ts, and the one argument of
// every route factory it and server/account-routes.ts mount (tests/unit/member-deps.test.ts).
import type { ChangeFeed } from '../changes.ts';
import type { Database } from '../db/client.ts';
import type { FileStore } from '../files/file-store.ts';
import type { ImageStore } from '../images/store.ts';
import type { Mailer } from '../mail/outbox.ts';
import type { PdfStore } from '../images/pdf-store.ts';

export interface MemberDeps {
  db: Database;
  /** Where a write announces its church's change (server/changes.ts `WriteDeps`). */
  changes: ChangeFeed;
  mailer: Mailer;
  images: ImageStore;
  /** The one file store (docs/deploy.md "Files"). */
  files: FileStore;
  /** The songs' sheet music and chord PDFs, kept by the file store. */
  pdfs: PdfStore;
}
