// GET /igreja/{slug}/transmissao/: the stream on air and the next ones (spec §2 "/live",
// MOD_CULTO). The spec shows no call for it; the path follows the schedule's style.
import { Hono } from 'hono';
import { streamsParams } from '../../contract/live.ts';
import { memberOf, memberScope } from '../member/scope.ts';
import { validate } from '../http/validate.ts';
import { churchStreams } from './live.service.ts';
import type { MemberDeps } from '../member/deps.ts';

export function liveRoutes({ db }: MemberDeps) {
  return new Hono({ strict: false }).get(
    '/igreja/:slug/transmissao',
    validate('param', streamsParams),
    memberScope(db, { module: 'MOD_CULTO' }),
    async (c) => c.json(await churchStreams(db, memberOf(c).church.id)),
  );
}
