// The one file store's PDF kind (docs/staff.md "Songs"): beside the image store (store.ts) and in
// the same shape — checked by content (the `%PDF-` magic, not the name or type sent), a size limit,
// kept in the file store (docs/deploy.md "Files") under `uploads/<kind>/<name>` with a random name,
// served back by GET /arquivo/<kind>/<file> on every node.
import { randomBytes } from 'node:crypto';
import type { Context } from 'hono';
import { z } from 'zod';
import type { FileStore } from '../files/file-store.ts';
import { notFound } from '../http/errors.ts';
import { sendStoredFile } from './stored-image.ts';

export const PDF_KINDS = ['partitura'] as const;
export type PdfKind = (typeof PDF_KINDS)[number];

/** Stored names: `<owner id>-<16 hex>.pdf`. */
export const storedPdfName = z.string().regex(/^[0-9]+-[a-f0-9]{16}\.pdf$/, 'Invalid input.');

/** The bytes do not start with `%PDF-`, or are larger than the caller's limit. */
export class PdfRejected extends Error {
  readonly reason: 'type' | 'size';
  constructor(reason: 'type' | 'size') {
    super(`pdf.${reason}`);
    this.reason = reason;
  }
}

/** Whether the bytes are a PDF by content: every PDF starts with `%PDF-` (ISO 32000 §7.5.2). */
export const isPdf = (bytes: Uint8Array): boolean =>
  bytes.length > 5 && Buffer.from(bytes.subarray(0, 5)).toString('latin1') === '%PDF-';

export interface PdfStore {
  /** Checks and stores an upload; returns its public path. Throws PdfRejected. */
  save(kind: PdfKind, ownerId: number, file: File | Buffer, maxBytes: number): Promise<string>;
  /** Deletes a stored file by its public path; anything else (a seed URL) is left alone. */
  remove(kind: PdfKind, publicPath: string | null | undefined): Promise<void>;
  send(c: Context, kind: PdfKind, file: string): Promise<Response>;
  prefix(kind: PdfKind): string;
}

/** The file store key of a stored PDF. */
export const pdfKey = (kind: PdfKind, name: string) => `uploads/${kind}/${name}`;

/** Only ever a PDF, never sniffed as HTML (docs/security.md "Uploads"); no `sandbox`: Chromium's viewer refuses sandboxed PDFs. */
const PDF_HEADERS = {
  'Content-Type': 'application/pdf',
  'X-Content-Type-Options': 'nosniff',
  'Content-Disposition': 'inline',
};

/** `files` keeps the bytes: the runtime's one file store (server/files). */
export function createPdfStore(files: FileStore): PdfStore {
  const prefix = (kind: PdfKind) => `/api/v1/arquivo/${kind}/`;
  return {
    prefix,
    async save(kind, ownerId, file, maxBytes) {
      const bytes = Buffer.isBuffer(file) ? file : Buffer.from(await file.arrayBuffer());
      if (bytes.length > maxBytes) throw new PdfRejected('size');
      if (!isPdf(bytes)) throw new PdfRejected('type');
      const name = `${ownerId}-${randomBytes(8).toString('hex')}.pdf`;
      await files.put(pdfKey(kind, name), bytes, 'application/pdf');
      return prefix(kind) + name;
    },
    async remove(kind, publicPath) {
      if (!publicPath?.startsWith(prefix(kind))) return;
      const name = publicPath.slice(prefix(kind).length);
      if (!storedPdfName.safeParse(name).success) return;
      await files.delete(pdfKey(kind, name));
    },
    async send(c, kind, file) {
      if (!storedPdfName.safeParse(file).success) throw notFound();
      return sendStoredFile(c, files, pdfKey(kind, file), PDF_HEADERS);
    },
  };
}
