// What the worship team reads outside the staff area (docs/praise.md, docs/staff.md "Songs"): the
// score PDFs the staff uploaded (public, like the embed that shows them) and the church's upcoming
// set lists for its logged-in members at /praise.
import { Hono } from 'hono';
import { z } from 'zod';
import { parseConfig } from '../../common/config.ts';
import { praiseChurchParams } from '../../contract/praise.ts';
import type { Database } from '../db/client.ts';
import { localFileStoreIn } from '../files/local.ts';
import { memberOf, memberScope } from '../member/scope.ts';
import { validate } from '../http/validate.ts';
import { createPdfStore, storedPdfName, type PdfStore } from '../images/pdf-store.ts';
import { listSetLists } from './praise-staff.service.ts';

export function praiseTeamRoutes(
  db: Database,
  pdfs: PdfStore = createPdfStore(localFileStoreIn(() => parseConfig().DATA_DIR)),
) {
  return new Hono({ strict: false })
    .get('/arquivo/partitura/:file', validate('param', z.object({ file: storedPdfName })), (c) =>
      pdfs.send(c, 'partitura', c.req.valid('param').file),
    )
    .get(
      '/igreja/:slug/louvor-repertorio',
      validate('param', praiseChurchParams),
      memberScope(db, { caller: 'member' }),
      async (c) => {
        const { church } = memberOf(c);
        const yesterday = new Date(Date.now() - 86_400_000).toISOString().slice(0, 10);
        return c.json({ repertorios: await listSetLists(db, church.id, yesterday) });
      },
    );
}
