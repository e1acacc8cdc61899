// The staff events desk under `/admin/{slug}/evento/…` (docs/events.md "The staff side"): events
// and ticket types (area `events`), registrations and their CSV (area `registrations`), and
// check-in at the door (area `checkin`). Handlers validate, call the services and answer.
import { Hono, type Context, type MiddlewareHandler } from 'hono';
import {
  checkinBatchInput,
  checkinScanInput,
  eventIdParams,
  registrationParams,
  registrationsQuery,
  staffEventInput,
  staffEventsQuery,
} from '../../contract/events-staff.ts';
import { doorTeamInput } from '../../contract/events-door.ts';
import { mayUse, type StaffArea } from '../../contract/staff.ts';
import { csvLang } from '../http/csv.ts';
import { ApiProblem } from '../http/errors.ts';
import { validate } from '../http/validate.ts';
import { storeUploadedImage, uploadedImage } from '../images/upload.ts';
import { ensureStaffRoom } from '../files/quota.ts';
import type { StaffDeps } from '../staff/deps.ts';
import { assertChurchHas, staffArea, type StaffEnv } from '../staff/scope.ts';
import { admit, admitBatch, checkinCount, checkinState } from './checkin.service.ts';
import { assertMayCheckIn, checkinLimit, doorTeam, setDoorTeam } from './door-team.service.ts';
import * as desk from './events-staff.service.ts';
import * as registrationDesk from './registrations-staff.service.ts';

/** 404 without the events module, 403 unless the caller may use one of these areas (the events list serves all three). */
function anyArea(...areas: StaffArea[]): MiddlewareHandler<StaffEnv> {
  return async (c, next) => {
    assertChurchHas(c.get('staff'), ...areas);
    const roles = c.get('staff').actor.roles;
    if (!areas.some((area) => mayUse(roles, area))) throw new ApiProblem(403, 'staff.forbidden');
    await next();
  };
}

export function eventsStaffRoutes(deps: StaffDeps) {
  const { db } = deps;
  const events = staffArea('events');
  const registrations = staffArea('registrations');
  const checkin = staffArea('checkin');
  const scope = (c: Context<StaffEnv>) => c.get('staff');
  const item = '/evento/:id{[0-9]+}';
  // A volunteer on the door team of other events is refused here (docs/events.md "Door team").
  const doorTeamOnly: MiddlewareHandler<StaffEnv> = async (c, next) => {
    await assertMayCheckIn(db, c.get('staff').actor, Number(c.req.param('id')));
    await next();
  };

  return (
    new Hono<StaffEnv>()
      // ---- events ----
      .get(
        '/evento',
        anyArea('events', 'registrations', 'checkin'),
        validate('query', staffEventsQuery),
        async (c) => {
          const { actor, church } = scope(c);
          // Door-only staff see the events of their door team (docs/events.md "Door team").
          const doorOnly = !mayUse(actor.roles, 'registrations');
          const only = doorOnly ? await checkinLimit(db, actor) : null;
          return c.json(
            await desk.listEvents(db, church.id, c.req.valid('query'), undefined, only),
          );
        },
      )
      .post('/evento', events, validate('json', staffEventInput), async (c) =>
        c.json(await desk.createEvent(deps, scope(c).actor, c.req.valid('json')), 201),
      )
      .post('/evento/imagem', events, async (c) => {
        const bytes = await uploadedImage(c);
        await ensureStaffRoom(deps.db, scope(c), bytes.length, 'image', 'imagem');
        const url = await storeUploadedImage(deps.images, 'conteudo', scope(c).church.id, bytes);
        return c.json({ url }, 201);
      })
      .get(item, events, validate('param', eventIdParams), async (c) =>
        c.json(await desk.getEvent(db, scope(c).church.id, c.req.valid('param').id)),
      )
      .put(
        item,
        events,
        validate('param', eventIdParams),
        validate('json', staffEventInput),
        async (c) =>
          c.json(
            await desk.updateEvent(
              deps,
              scope(c).actor,
              c.req.valid('param').id,
              c.req.valid('json'),
            ),
          ),
      )
      .post(`${item}/duplicar`, events, validate('param', eventIdParams), async (c) =>
        c.json(
          await desk.duplicateEvent(deps, scope(c).actor, c.req.valid('param').id, scope(c).lang),
          201,
        ),
      )
      .post(`${item}/publicar`, events, validate('param', eventIdParams), async (c) =>
        c.json(await desk.setPublished(deps, scope(c).actor, c.req.valid('param').id, true)),
      )
      .post(`${item}/despublicar`, events, validate('param', eventIdParams), async (c) =>
        c.json(await desk.setPublished(deps, scope(c).actor, c.req.valid('param').id, false)),
      )
      // ---- registrations ----
      .get(
        `${item}/inscricao`,
        registrations,
        validate('param', eventIdParams),
        validate('query', registrationsQuery),
        async (c) =>
          c.json(
            await registrationDesk.listRegistrations(
              db,
              scope(c).church.id,
              c.req.valid('param').id,
              c.req.valid('query'),
            ),
          ),
      )
      .get(
        `${item}/inscricao/csv`,
        registrations,
        validate('param', eventIdParams),
        validate('query', registrationsQuery),
        async (c) => {
          const { filename, body } = await registrationDesk.registrationsCsv(
            db,
            scope(c).church.id,
            c.req.valid('param').id,
            c.req.valid('query'),
            csvLang(scope(c).church.locale),
          );
          return c.body(body, 200, {
            'content-type': 'text/csv; charset=utf-8',
            'content-disposition': `attachment; filename="${filename}"`,
            'cache-control': 'no-store',
          });
        },
      )
      .post(
        `${item}/inscricao/:inscricao{[0-9]+}/cancelar`,
        registrations,
        validate('param', registrationParams),
        async (c) => {
          const { id, inscricao } = c.req.valid('param');
          return c.json(
            await registrationDesk.cancelRegistration(deps, scope(c).actor, id, inscricao),
          );
        },
      )
      .post(
        `${item}/inscricao/:inscricao{[0-9]+}/reenviar`,
        registrations,
        validate('param', registrationParams),
        async (c) => {
          const { id, inscricao } = c.req.valid('param');
          return c.json(
            await registrationDesk.resendTicket(deps, scope(c).actor, id, inscricao, scope(c).lang),
          );
        },
      )
      // ---- the door team (admin) ----
      .get(`${item}/porta`, events, validate('param', eventIdParams), async (c) =>
        c.json(await doorTeam(db, scope(c).church.id, c.req.valid('param').id)),
      )
      .put(
        `${item}/porta`,
        events,
        validate('param', eventIdParams),
        validate('json', doorTeamInput),
        async (c) =>
          c.json(
            await setDoorTeam(
              deps,
              scope(c).actor,
              c.req.valid('param').id,
              c.req.valid('json').usuarios,
            ),
          ),
      )
      // ---- check-in at the door ----
      .get(`${item}/checkin`, checkin, validate('param', eventIdParams), doorTeamOnly, async (c) =>
        c.json(await checkinState(db, scope(c).church.id, c.req.valid('param').id)),
      )
      .post(
        `${item}/checkin`,
        checkin,
        validate('param', eventIdParams),
        doorTeamOnly,
        validate('json', checkinScanInput),
        async (c) => {
          const id = c.req.valid('param').id;
          const resposta = await admit(
            deps,
            scope(c).actor,
            id,
            c.req.valid('json'),
            scope(c).lang,
          );
          return c.json({ resposta, contagem: await checkinCount(db, id) });
        },
      )
      .post(
        `${item}/checkin/lote`,
        checkin,
        validate('param', eventIdParams),
        doorTeamOnly,
        validate('json', checkinBatchInput),
        async (c) => {
          const id = c.req.valid('param').id;
          const respostas = await admitBatch(
            deps,
            scope(c).actor,
            id,
            c.req.valid('json').leituras,
            scope(c).lang,
          );
          return c.json({ respostas, contagem: await checkinCount(db, id) });
        },
      )
  );
}
