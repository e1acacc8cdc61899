// The treasurer's giving calls under `/admin/{slug}/doacao/…` (docs/staff.md "Giving"), area
// `giving` (ROLE_ADMIN, ROLE_ADMIN_FINANCE): reasons and settings, gifts with totals and CSV,
// refunds, recurring gifts and the yearly statement batch.
import { Hono, type Context } from 'hono';
import {
  giftCodeParams,
  giftFilters,
  giftsQuery,
  givingSettingsInput,
  reasonIdParams,
  reasonMergeInput,
  reasonInput,
  reasonOrderInput,
  recurringQuery,
  statementBatchInput,
} from '../../contract/giving-staff.ts';
import { csvLang } from '../http/csv.ts';
import { validate } from '../http/validate.ts';
import type { StaffDeps } from '../staff/deps.ts';
import { staffArea, type StaffEnv } from '../staff/scope.ts';
import {
  createReason,
  listReasons,
  mergeReason,
  reorderReasons,
  updateGivingSettings,
  updateReason,
} from './giving-reasons.service.ts';
import { giftsCsv, givingSummary, listGifts, refundGift } from './giving-gifts.service.ts';
import { listRecurring } from './giving-recurring.service.ts';
import { listBatches, startBatch } from './giving-statements.service.ts';

export function givingStaffRoutes(deps: StaffDeps) {
  const { db } = deps;
  const area = staffArea('giving');
  const actor = (c: Context<StaffEnv>) => c.get('staff').actor;
  const churchId = (c: Context<StaffEnv>) => c.get('staff').church.id;

  return new Hono<StaffEnv>()
    .get('/doacao/motivos', area, async (c) => c.json(await listReasons(db, churchId(c))))
    .post('/doacao/motivos', area, validate('json', reasonInput), async (c) =>
      c.json(await createReason(deps, actor(c), c.req.valid('json')), 201),
    )
    .put('/doacao/motivos-ordem', area, validate('json', reasonOrderInput), async (c) =>
      c.json({ motivos: await reorderReasons(deps, actor(c), c.req.valid('json').ids) }),
    )
    .put(
      '/doacao/motivos/:id',
      area,
      validate('param', reasonIdParams),
      validate('json', reasonInput),
      async (c) =>
        c.json(await updateReason(deps, actor(c), c.req.valid('param').id, c.req.valid('json'))),
    )
    .post(
      '/doacao/motivos/:id/juntar',
      area,
      validate('param', reasonIdParams),
      validate('json', reasonMergeInput),
      async (c) =>
        c.json(
          await mergeReason(deps, actor(c), c.req.valid('param').id, c.req.valid('json').destino),
        ),
    )
    .put('/doacao/configuracao', area, validate('json', givingSettingsInput), async (c) =>
      c.json(await updateGivingSettings(deps, actor(c), c.req.valid('json'))),
    )
    .get('/doacao/doacoes', area, validate('query', giftsQuery), async (c) => {
      const { page, ...filters } = c.req.valid('query');
      return c.json(await listGifts(db, churchId(c), filters, page));
    })
    .get('/doacao/resumo', area, validate('query', giftFilters), async (c) =>
      c.json(await givingSummary(db, churchId(c), c.req.valid('query'))),
    )
    .get('/doacao/doacoes.csv', area, validate('query', giftFilters), async (c) => {
      const lang = csvLang(c.get('staff').church.locale);
      const csv = await giftsCsv(db, churchId(c), c.req.valid('query'), lang);
      const { de, ate } = c.req.valid('query');
      const name = ['doacoes', c.get('staff').church.code, de, ate].filter(Boolean).join('-');
      return c.body(csv, 200, {
        'content-type': 'text/csv; charset=utf-8',
        'content-disposition': `attachment; filename="${name}.csv"`,
        'cache-control': 'no-store',
      });
    })
    .post('/doacao/doacoes/:codigo/estorno', area, validate('param', giftCodeParams), async (c) => {
      await refundGift(deps, actor(c), c.req.valid('param').codigo);
      return c.body(null, 204);
    })
    .get('/doacao/recorrentes', area, validate('query', recurringQuery), async (c) => {
      const { estado, page } = c.req.valid('query');
      return c.json(await listRecurring(db, churchId(c), estado, page));
    })
    .get('/doacao/extratos', area, async (c) =>
      c.json({ lotes: await listBatches(db, churchId(c)) }),
    )
    .post('/doacao/extratos', area, validate('json', statementBatchInput), async (c) =>
      c.json(await startBatch(deps, actor(c), c.req.valid('json').ano), 201),
    );
}
