// A church's export (docs/provider.md "A church's data leaves with it"): the church admin's calls
// in Settings (area `church`: ask for one, follow it, get a link; audited) and the one signed
// download that any node answers from the file store, for the admin's and the provider's links.
import { Hono } from 'hono';
import { exportDownloadQuery, exportParams } from '../../contract/church-export.ts';
import { ApiProblem } from '../http/errors.ts';
import { validate } from '../http/validate.ts';
import type { StaffDeps } from '../staff/deps.ts';
import { staffArea, type StaffEnv } from '../staff/scope.ts';
import { staffWrite } from '../staff/write.ts';
import {
  churchExports,
  downloadPath,
  exportOf,
  exportViews,
  linkValid,
  requestExport,
  zipName,
  zipStream,
} from './export.service.ts';
import type { MemberDeps } from '../member/deps.ts';

export function exportStaffRoutes(deps: StaffDeps) {
  const { db } = deps;
  return new Hono<StaffEnv>()
    .get('/exportacao', staffArea('church'), async (c) => {
      c.header('cache-control', 'no-store');
      return c.json({ exportacoes: await churchExports(db, c.get('staff').church.id, ['equipe']) });
    })
    .post('/exportacao', staffArea('church'), async (c) => {
      const { church, actor } = c.get('staff');
      const id = await staffWrite(
        deps,
        actor,
        (exportId: number) => ({
          action: 'church.export',
          kind: 'exportacao',
          targetId: exportId,
          summary: church.name,
        }),
        (tx) => requestExport(tx, church, 'equipe', { userId: actor.userId, name: actor.name }),
        { purge: false },
      );
      const [view] = await exportViews(db, [await exportOf(db, id, church.id)]);
      return c.json(view, 202);
    })
    .post(
      '/exportacao/:id/link',
      staffArea('church'),
      validate('param', exportParams),
      async (c) => {
        const { church, actor } = c.get('staff');
        const row = await exportOf(db, c.req.valid('param').id, church.id);
        if (row.origin !== 'equipe') throw new ApiProblem(404, 'exports.notFound');
        if (row.state !== 'pronta') throw new ApiProblem(409, 'exports.notReady');
        await staffWrite(
          deps,
          actor,
          {
            action: 'church.download',
            kind: 'exportacao',
            targetId: row.id,
            summary: zipName(row),
          },
          async () => undefined,
          { purge: false },
        );
        return c.json({ url: downloadPath(row.id) });
      },
    );
}

/** GET /exportacao/{id}/arquivo?expira&assinatura: the zip, streamed part by part. */
export function exportDownloadRoutes({ db, files }: MemberDeps) {
  return new Hono().get(
    '/exportacao/:id/arquivo',
    validate('param', exportParams),
    validate('query', exportDownloadQuery),
    async (c) => {
      const { id } = c.req.valid('param');
      const { expira, assinatura } = c.req.valid('query');
      if (!linkValid(id, expira, assinatura)) throw new ApiProblem(403, 'exports.badLink');
      const row = await exportOf(db, id, null);
      if (row.state !== 'pronta') throw new ApiProblem(409, 'exports.notReady');
      return c.body(zipStream(files, row), 200, {
        'content-type': 'application/zip',
        'content-length': String(row.size),
        'content-disposition': `attachment; filename="${zipName(row)}"`,
        'cache-control': 'private, no-store',
        'x-content-type-options': 'nosniff',
      });
    },
  );
}
