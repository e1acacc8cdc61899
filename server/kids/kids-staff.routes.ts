// Children's ministry check-in under `/admin/{slug}/kids/…` (docs/kids.md), area `kids`
// (ROLE_ADMIN, ROLE_ADMIN_KIDS): rooms, sessions, the station (families, visitors, check-in,
// labels), pick-up, the room roster, paging a parent, the door screen and attendance with CSV.
import { Hono, type Context } from 'hono';
import {
  kidsAttendanceQuery,
  kidsCheckinInput,
  kidsDayQuery,
  kidsFamilyCacheQuery,
  kidsFamilyQuery,
  kidsGenerateInput,
  kidsIdParams,
  kidsOfflineRefusalInput,
  kidsPickupInput,
  kidsQueuedPickupInput,
  kidsRoomInput,
  kidsSessionInput,
  kidsVisitorInput,
} from '../../contract/kids.ts';
import { z } from 'zod';
import { idParam } from '../../contract/common.ts';
import { csvLang } from '../http/csv.ts';
import { validate } from '../http/validate.ts';
import type { StaffDeps } from '../staff/deps.ts';
import { staffArea, type StaffEnv } from '../staff/scope.ts';
import {
  addSession,
  createRoom,
  daySessions,
  generateSessions,
  listRooms,
  updateRoom,
} from './kids-rooms.service.ts';
import { addVisitorFamily, checkIn, confirmArrival, findFamilies } from './kids-station.service.ts';
import { attendance, attendanceCsv } from './kids-attendance.service.ts';
import {
  doorScreen,
  labelsOf,
  offlineRefusal,
  pageParent,
  pickUp,
  queuedPickUp,
  roster,
} from './kids-roster.service.ts';
import { rotaPositions } from '../teams/room-volunteers.ts';
import { churchDayOf } from '../church/church-clock.ts';

const labelsQuery = z.object({ crianca: idParam.optional() });
const arrivalInput = z.object({
  estacao: z.preprocess(
    (v) => (typeof v === 'string' && v.trim() === '' ? null : v),
    z.string().trim().max(40, 'staff.kids.tooLong').nullable().default(null),
  ),
});

export function kidsStaffRoutes(deps: StaffDeps) {
  const { db } = deps;
  const area = staffArea('kids');
  const actor = (c: Context<StaffEnv>) => c.get('staff').actor;
  const churchId = (c: Context<StaffEnv>) => c.get('staff').church.id;
  // a day the page did not send is the church's today (docs/kids.md "Which clock")
  const dayOf = (c: Context<StaffEnv>, data: string | undefined) =>
    data ?? churchDayOf(db, churchId(c));

  return new Hono<StaffEnv>()
    .get('/kids/salas', area, async (c) => c.json(await listRooms(db, churchId(c))))
    .get('/kids/posicoes', area, async (c) =>
      c.json({ posicoes: await rotaPositions(db, churchId(c)) }),
    )
    .post('/kids/salas', area, validate('json', kidsRoomInput), async (c) =>
      c.json(await createRoom(deps, actor(c), c.req.valid('json')), 201),
    )
    .put(
      '/kids/salas/:id',
      area,
      validate('param', kidsIdParams),
      validate('json', kidsRoomInput),
      async (c) =>
        c.json(await updateRoom(deps, actor(c), c.req.valid('param').id, c.req.valid('json'))),
    )
    .get('/kids/sessoes', area, validate('query', kidsDayQuery), async (c) =>
      c.json(await daySessions(db, churchId(c), await dayOf(c, c.req.valid('query').data))),
    )
    .post('/kids/sessoes/gerar', area, validate('json', kidsGenerateInput), async (c) =>
      c.json(await generateSessions(deps, actor(c), c.req.valid('json').data)),
    )
    .post('/kids/sessoes', area, validate('json', kidsSessionInput), async (c) =>
      c.json(await addSession(deps, actor(c), c.req.valid('json')), 201),
    )
    .get('/kids/sessoes/:id/lista', area, validate('param', kidsIdParams), async (c) =>
      c.json(await roster(db, churchId(c), c.req.valid('param').id)),
    )
    .get('/kids/familias', area, validate('query', kidsFamilyQuery), async (c) =>
      c.json(await findFamilies(db, churchId(c), c.req.valid('query'))),
    )
    .get('/kids/familias/todas', area, validate('query', kidsFamilyCacheQuery), async (c) =>
      c.json(await findFamilies(db, churchId(c), { ...c.req.valid('query'), busca: null })),
    )
    .post('/kids/visitantes', area, validate('json', kidsVisitorInput), async (c) =>
      c.json(await addVisitorFamily(deps, actor(c), c.req.valid('json')), 201),
    )
    .post('/kids/checkin', area, validate('json', kidsCheckinInput), async (c) =>
      c.json(await checkIn(deps, actor(c), c.req.valid('json')), 201),
    )
    .get(
      '/kids/codigos/:id/etiquetas',
      area,
      validate('param', kidsIdParams),
      validate('query', labelsQuery),
      async (c) =>
        c.json(
          await labelsOf(db, churchId(c), c.req.valid('param').id, c.req.valid('query').crianca),
        ),
    )
    .post(
      '/kids/codigos/:id/chegada',
      area,
      validate('param', kidsIdParams),
      validate('json', arrivalInput),
      async (c) =>
        c.json(
          await confirmArrival(
            deps,
            actor(c),
            c.req.valid('param').id,
            c.req.valid('json').estacao,
          ),
        ),
    )
    .post('/kids/recusas', area, validate('json', kidsOfflineRefusalInput), async (c) =>
      c.json(await offlineRefusal(deps, actor(c), c.req.valid('json'))),
    )
    .post(
      '/kids/checkin/:id/saida',
      area,
      validate('param', kidsIdParams),
      validate('json', kidsPickupInput),
      async (c) =>
        c.json(await pickUp(deps, actor(c), c.req.valid('param').id, c.req.valid('json'))),
    )
    .post('/kids/saidas', area, validate('json', kidsQueuedPickupInput), async (c) =>
      c.json(await queuedPickUp(deps, actor(c), c.req.valid('json'))),
    )
    .post('/kids/checkin/:id/chamar', area, validate('param', kidsIdParams), async (c) =>
      c.json(await pageParent(deps, actor(c), c.req.valid('param').id, c.get('staff').lang)),
    )
    .get('/kids/porta', area, validate('query', kidsDayQuery), async (c) =>
      c.json(await doorScreen(db, churchId(c), await dayOf(c, c.req.valid('query').data))),
    )
    .get('/kids/frequencia', area, validate('query', kidsAttendanceQuery), async (c) => {
      const { de, ate } = c.req.valid('query');
      return c.json(await attendance(db, churchId(c), de, ate));
    })
    .get('/kids/frequencia.csv', area, validate('query', kidsAttendanceQuery), async (c) => {
      const { de, ate } = c.req.valid('query');
      const church = c.get('staff').church;
      const csv = await attendanceCsv(db, church.id, de, ate, csvLang(church.locale));
      return c.body(csv, 200, {
        'content-type': 'text/csv; charset=utf-8',
        'content-disposition': `attachment; filename="kids-${church.code}-${de}-${ate}.csv"`,
        'cache-control': 'no-store',
      });
    });
}
