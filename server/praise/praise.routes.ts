// Worship songs (spec §7 `GET /louvor/{id}/`; spec §3 Praise). The song is public — the embed
// /embed/praise shows it to anyone — but only within its own church: `?igreja=` is the embed's
// church (from its host; absent, the API takes the host's) and a song of another church is a 404. The house-style list
// `GET /igreja/{slug}/louvor/` is the team's songbook (/praise): logged-in members of the church only.
// No module gate: the spec names none for praise (docs/praise.md).
import { Hono } from 'hono';
import {
  praiseChurchParams,
  praiseIdParams,
  praiseListQuery,
  praiseQuery,
} from '../../contract/praise.ts';
import { memberOf, memberScope } from '../member/scope.ts';
import { validate } from '../http/validate.ts';
import { songbookOf, songOf } from './praise.service.ts';
import type { MemberDeps } from '../member/deps.ts';

export function praiseRoutes({ db }: MemberDeps) {
  const app = new Hono({ strict: false });

  app.get(
    '/louvor/:id',
    validate('param', praiseIdParams),
    validate('query', praiseQuery),
    memberScope(db, { from: 'query-or-host' }),
    async (c) => c.json(await songOf(db, memberOf(c).church.id, c.req.valid('param').id)),
  );

  app.get(
    '/igreja/:slug/louvor',
    validate('param', praiseChurchParams),
    validate('query', praiseListQuery),
    memberScope(db, { caller: 'member' }),
    async (c) => {
      const { church } = memberOf(c);
      return c.json({ louvores: await songbookOf(db, church.id, c.req.valid('query').busca) });
    },
  );

  return app;
}
