// Every staff call under `/admin/{slug}/…` (docs/staff.md), composed beside app.ts so no
// resource imports another's routes: one gate (church, caller, roles) in front of them all;
// each area's routes check their area and write through `staffWrite` (audit + purge).
import { Hono, type MiddlewareHandler } from 'hono';
import { inBackground } from './db/readers.ts';
import { staffNotificationRoutes } from './notifications/notifications-staff.routes.ts';
import type { StaffDeps } from './staff/deps.ts';
import { staffGate, type StaffEnv } from './staff/scope.ts';
import { staffRoutes } from './staff/staff.routes.ts';
import { dashboardRoutes } from './staff/dashboard.routes.ts';
import { exportStaffRoutes } from './exports/exports.routes.ts';
import { churchStaffRoutes } from './church/church-staff.routes.ts';
import { contentStaffRoutes } from './content/content-staff.routes.ts';
import { eventsStaffRoutes } from './events/events-staff.routes.ts';
import { givingStaffRoutes } from './giving/giving-staff.routes.ts';
import { gatewaysStaffRoutes } from './payments/gateways-staff.routes.ts';
import { groupsStaffRoutes } from './groups/groups-staff.routes.ts';
import { teamsStaffRoutes } from './teams/teams-staff.routes.ts';
import { praiseStaffRoutes } from './praise/praise-staff.routes.ts';
import { playStaffRoutes } from './play/play-staff.routes.ts';
import { readingPlansStaffRoutes } from './reading-plans/reading-plans-staff.routes.ts';
import { moderationStaffRoutes } from './prayer/moderation-staff.routes.ts';
import { peopleStaffRoutes } from './users/people-staff.routes.ts';
import { importRoutes } from './imports/imports.routes.ts';
import { invitationStaffRoutes } from './invitations/invitations-staff.routes.ts';
import { churchSecurityRoutes } from './auth/church-security.routes.ts';
import { kidsStaffRoutes } from './kids/kids-staff.routes.ts';

export function staffApi(deps: StaffDeps) {
  const { db } = deps;
  const staff = new Hono<StaffEnv>().basePath('/admin/:slug');
  // The import page's own calls (it follows an import every 1.5 s) are not pages an import makes
  // way for: counted, they kept its batches cut small with nobody on the site, a 30,000-gift file
  // importing in 80 s instead of 10 (server/db/readers.ts; docs/performance.md "Moving in at scale").
  const importArea: MiddlewareHandler = (_c, next) => inBackground(next);
  staff.use('/importacao', importArea);
  staff.use('/importacao/*', importArea);
  staff.use('*', staffGate(db));
  staff.route('/', staffRoutes(db));
  staff.route('/', dashboardRoutes(deps));
  staff.route('/', exportStaffRoutes(deps));
  staff.route('/', staffNotificationRoutes(deps));
  staff.route('/', churchStaffRoutes(deps));
  staff.route('/', contentStaffRoutes(deps));
  staff.route('/', eventsStaffRoutes(deps));
  staff.route('/', givingStaffRoutes(deps));
  staff.route('/', gatewaysStaffRoutes(deps));
  staff.route('/', praiseStaffRoutes(deps));
  staff.route('/', playStaffRoutes(deps));
  staff.route('/', readingPlansStaffRoutes(deps));
  staff.route('/', moderationStaffRoutes(deps));
  staff.route('/', peopleStaffRoutes(deps));
  staff.route('/', groupsStaffRoutes(deps));
  staff.route('/', teamsStaffRoutes(deps));
  staff.route('/', importRoutes(deps));
  staff.route('/', invitationStaffRoutes(deps));
  staff.route('/', churchSecurityRoutes(deps));
  staff.route('/', kidsStaffRoutes(deps));
  return staff;
}
