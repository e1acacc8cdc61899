// What the worship team reads outside the staff area (docs/praise.md, docs/staff.md "Songs"): the
// score PDFs the staff uploaded (public, like the embed that shows them) and the church's upcoming
// set lists for its logged-in members at /praise.
import { Hono } from 'hono';
import { z } from 'zod';
import { praiseChurchParams } from '../../contract/praise.ts';
import { memberOf, memberScope } from '../member/scope.ts';
import { validate } from '../http/validate.ts';
import { storedPdfName } from '../images/pdf-store.ts';
import { teamSetLists } from './praise-staff.service.ts';
import type { MemberDeps } from '../member/deps.ts';

export function praiseTeamRoutes({ db, pdfs }: MemberDeps) {
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
        return c.json({ repertorios: await teamSetLists(db, church.id) });
      },
    );
}
