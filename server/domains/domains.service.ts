// A church's own host names and the proof that it controls them (docs/deploy.md "Own domains and
// HTTPS", docs/security.md "Host names need proof"). A new name is pending and serves nothing
// until a DNS proof is found; whoever proves a name first holds it; verified names are re-checked
// daily and go back to pending after FAILURES_TO_PENDING checks in a row without the proof. Every
// query is scoped to one church; staff writes go through staffWrite (audit + purge).
import { and, asc, eq, isNotNull, ne, sql } from 'drizzle-orm';
import type { Config } from '../../common/config.ts';
import {
  FAILURES_TO_PENDING,
  type ChurchSettings,
  type StaffHostname,
} from '../../contract/church-staff.ts';
import { accountSettings } from '../auth/settings.ts';
import type { ChangeFeed } from '../changes.ts';
import type { Database } from '../db/client.ts';
import * as t from '../db/schema/index.ts';
import { isUniqueViolation } from '../db/unique-violation.ts';
import { ApiProblem, fieldProblem, notFound } from '../http/errors.ts';
import { log } from '../log.ts';
import type { StaffActor } from '../staff/audit.ts';
import { staffWrite } from '../staff/write.ts';
import {
  createResolver,
  findProof,
  parseDnsServers,
  proofRecordName,
  proofRecordValue,
  type ProofResult,
} from './dns-proof.ts';

export interface DomainDeps {
  db: Database;
  changes: ChangeFeed;
}

type DomainSettings = Pick<Config, 'PROVIDER_DOMAIN' | 'DNS_SERVERS'>;
type HostRow = typeof t.churchHostnames.$inferSelect;

const providerDomain = (settings: DomainSettings = accountSettings()) =>
  settings.PROVIDER_DOMAIN.toLowerCase();

/** `<code>.<provider domain>`: the church's own address, the CNAME proof's target. */
export const providerHost = (code: string, settings: DomainSettings = accountSettings()) =>
  `${code}.${providerDomain(settings)}`;

/** Is `hostname` the provider's own name or under it (`x.<provider domain>`)? */
export function underProvider(hostname: string, settings: DomainSettings = accountSettings()) {
  const domain = providerDomain(settings);
  return hostname === domain || hostname.endsWith(`.${domain}`);
}

function toStaffHostname(row: HostRow, code: string): StaffHostname {
  return {
    id: row.id,
    hostname: row.hostname,
    estado: row.verifiedAt ? 'verificado' : 'pendente',
    registroTxt: { nome: proofRecordName(row.hostname), valor: proofRecordValue(row.token) },
    alvoCname: providerHost(code),
    metodo: row.method,
    verificadoEm: row.verifiedAt?.toISOString() ?? null,
    checadoEm: row.checkedAt?.toISOString() ?? null,
    falhandoDesde: row.failingSince?.toISOString() ?? null,
    falhas: row.failures,
  };
}

/** The church's names with their proofs, and its primary host, for the settings page. */
export async function hostnamesOf(
  db: Database,
  church: { id: number; code: string; primaryHost: string | null },
): Promise<Pick<ChurchSettings, 'hostnames' | 'enderecoProvedor' | 'hostPrincipal'>> {
  const rows = await db
    .select()
    .from(t.churchHostnames)
    .where(eq(t.churchHostnames.churchId, church.id))
    .orderBy(asc(t.churchHostnames.hostname));
  return {
    hostnames: rows.map((r) => toStaffHostname(r, church.code)),
    enderecoProvedor: providerHost(church.code),
    hostPrincipal: effectivePrimary(church, rows),
  };
}

/** The primary host while it is served: the provider address, or a name still verified. */
function effectivePrimary(
  church: { code: string; primaryHost: string | null },
  rows: Pick<HostRow, 'hostname' | 'verifiedAt'>[],
): string | null {
  const primary = church.primaryHost;
  if (!primary) return null;
  if (primary === providerHost(church.code)) return primary;
  return rows.some((r) => r.hostname === primary && r.verifiedAt) ? primary : null;
}

/** Where the church's other names redirect (GET /igreja/{slug}/host-principal); null: nowhere. */
export async function primaryHostOf(db: Database, churchId: number): Promise<string | null> {
  const [church] = await db
    .select({ code: t.churches.code, primaryHost: t.churches.primaryHost })
    .from(t.churches)
    .where(eq(t.churches.id, churchId));
  if (!church?.primaryHost) return null;
  const rows = await db
    .select({ hostname: t.churchHostnames.hostname, verifiedAt: t.churchHostnames.verifiedAt })
    .from(t.churchHostnames)
    .where(
      and(
        eq(t.churchHostnames.churchId, churchId),
        eq(t.churchHostnames.hostname, church.primaryHost),
      ),
    );
  return effectivePrimary(church, rows);
}

/** A new name, pending until proven. Refused: the provider's names, a name another church has proven, one this church has. */
export async function addHostname(deps: DomainDeps, actor: StaffActor, hostname: string) {
  if (underProvider(hostname))
    throw fieldProblem(422, 'hostname', 'staff.site.hostnameProvider', {
      domain: providerDomain(),
    });
  try {
    await staffWrite(
      deps,
      actor,
      (h: { id: number }) => ({
        action: 'church.hostAdd',
        kind: 'igreja_hostname',
        targetId: h.id,
        summary: hostname,
      }),
      async (tx) => {
        const [taken] = await tx
          .select({ id: t.churchHostnames.id })
          .from(t.churchHostnames)
          .where(
            and(
              eq(t.churchHostnames.hostname, hostname),
              isNotNull(t.churchHostnames.verifiedAt),
              ne(t.churchHostnames.churchId, actor.churchId),
            ),
          );
        if (taken) throw fieldProblem(409, 'hostname', 'staff.site.hostnameTaken');
        const [row] = await tx
          .insert(t.churchHostnames)
          .values({ churchId: actor.churchId, hostname })
          .returning({ id: t.churchHostnames.id });
        return row!;
      },
      { purge: false }, // a pending name serves nothing: no page changed
    );
  } catch (error) {
    if (isUniqueViolation(error)) throw fieldProblem(409, 'hostname', 'staff.site.hostnameOwn');
    throw error;
  }
}

/** Removes a name of the church; it stops being served at once (and stops being the primary). */
export async function removeHostname(deps: DomainDeps, actor: StaffActor, id: number) {
  await staffWrite(
    deps,
    actor,
    (h: { hostname: string }) => ({
      action: 'church.hostRemove',
      kind: 'igreja_hostname',
      targetId: id,
      summary: h.hostname,
    }),
    async (tx) => {
      const [row] = await tx
        .delete(t.churchHostnames)
        .where(and(eq(t.churchHostnames.id, id), eq(t.churchHostnames.churchId, actor.churchId)))
        .returning({ hostname: t.churchHostnames.hostname });
      if (!row) throw notFound('staff.site.hostnameNotFound');
      await tx
        .update(t.churches)
        .set({ primaryHost: null })
        .where(and(eq(t.churches.id, actor.churchId), eq(t.churches.primaryHost, row.hostname)));
      return row;
    },
  );
}

async function churchCode(db: Database, churchId: number): Promise<string> {
  const [church] = await db
    .select({ code: t.churches.code })
    .from(t.churches)
    .where(eq(t.churches.id, churchId));
  if (!church) throw notFound('staff.notFound');
  return church.code;
}

function proofOf(
  row: Pick<HostRow, 'hostname' | 'token'>,
  code: string,
  settings: DomainSettings,
): Promise<ProofResult> {
  const resolver = createResolver(parseDnsServers(settings.DNS_SERVERS));
  return findProof(resolver, row.hostname, row.token, providerHost(code, settings));
}

/**
 * "Check now": asks the DNS for the name's proof. Found on a pending name, the name is verified
 * (409 if another church proved it first) and other churches' pending rows of it are dropped;
 * not found, 422 naming both records; the DNS unreachable, 503. A verified name found again has
 * its failed checks cleared.
 */
export async function checkHostname(
  deps: DomainDeps,
  actor: StaffActor,
  id: number,
  settings: DomainSettings = accountSettings(),
): Promise<void> {
  const [row] = await deps.db
    .select()
    .from(t.churchHostnames)
    .where(and(eq(t.churchHostnames.id, id), eq(t.churchHostnames.churchId, actor.churchId)));
  if (!row) throw notFound('staff.site.hostnameNotFound');
  const code = await churchCode(deps.db, actor.churchId);
  const proof = await proofOf(row, code, settings);
  const scoped = and(eq(t.churchHostnames.id, id), eq(t.churchHostnames.churchId, actor.churchId));
  if (proof.result === 'unknown') {
    log.warn({ hostname: row.hostname, error: proof.error }, 'host name check: DNS unreachable');
    throw new ApiProblem(503, 'staff.site.hostnameDnsDown');
  }
  const now = new Date();
  if (proof.result === 'missing') {
    await deps.db.update(t.churchHostnames).set({ checkedAt: now }).where(scoped);
    throw fieldProblem(422, 'hostname', 'staff.site.hostnameNotProven', {
      record: proofRecordName(row.hostname),
      target: providerHost(code, settings),
    });
  }
  const found = { checkedAt: now, failures: 0, failingSince: null, method: proof.method };
  if (row.verifiedAt) {
    await deps.db.update(t.churchHostnames).set(found).where(scoped);
    return;
  }
  try {
    await staffWrite(
      deps,
      actor,
      {
        action: 'church.hostVerify',
        kind: 'igreja_hostname',
        targetId: id,
        summary: row.hostname,
        details: { metodo: proof.method },
      },
      async (tx) => {
        await tx
          .update(t.churchHostnames)
          .set({ ...found, verifiedAt: now })
          .where(scoped);
        // the losers: other churches' pending rows of this name (docs/deploy.md)
        await tx
          .delete(t.churchHostnames)
          .where(
            and(
              eq(t.churchHostnames.hostname, row.hostname),
              ne(t.churchHostnames.churchId, actor.churchId),
            ),
          );
      },
    );
  } catch (error) {
    if (isUniqueViolation(error)) throw fieldProblem(409, 'hostname', 'staff.site.hostnameTaken');
    throw error;
  }
}

/** The church's primary host: a verified own name or its provider address; null stops redirecting. */
export async function setPrimaryHost(deps: DomainDeps, actor: StaffActor, hostname: string | null) {
  await staffWrite(
    deps,
    actor,
    {
      action: 'church.hostPrimary',
      kind: 'igreja',
      targetId: actor.churchId,
      summary: hostname ?? '—',
    },
    async (tx) => {
      if (hostname !== null) {
        const [church] = await tx
          .select({ code: t.churches.code })
          .from(t.churches)
          .where(eq(t.churches.id, actor.churchId));
        const [verified] = await tx
          .select({ id: t.churchHostnames.id })
          .from(t.churchHostnames)
          .where(
            and(
              eq(t.churchHostnames.churchId, actor.churchId),
              eq(t.churchHostnames.hostname, hostname),
              isNotNull(t.churchHostnames.verifiedAt),
            ),
          );
        if (!verified && hostname !== providerHost(church!.code))
          throw fieldProblem(422, 'hostname', 'staff.site.primaryNotServed');
      }
      await tx
        .update(t.churches)
        .set({ primaryHost: hostname })
        .where(eq(t.churches.id, actor.churchId));
    },
  );
}

/**
 * GET /tls/allowed: may the proxy get a certificate for `domain`? The bare provider domain, the
 * provider address of an active church, and a verified name of an active church.
 */
export async function tlsAllowed(db: Database, domain: string): Promise<boolean> {
  const provider = providerDomain();
  if (domain === provider) return true;
  if (domain.endsWith(`.${provider}`)) {
    const code = domain.slice(0, -provider.length - 1);
    if (!code || code.includes('.')) return false;
    const [row] = await db
      .select({ id: t.churches.id })
      .from(t.churches)
      .where(and(eq(t.churches.code, code), eq(t.churches.active, true)))
      .limit(1);
    return !!row;
  }
  const [row] = await db
    .select({ id: t.churchHostnames.id })
    .from(t.churchHostnames)
    .innerJoin(t.churches, eq(t.churches.id, t.churchHostnames.churchId))
    .where(
      and(
        eq(t.churchHostnames.hostname, domain),
        isNotNull(t.churchHostnames.verifiedAt),
        eq(t.churches.active, true),
      ),
    )
    .limit(1);
  return !!row;
}

export interface RecheckContext {
  db: Database;
  now: () => Date;
  settings: DomainSettings;
  changes?: ChangeFeed | undefined;
}

export interface RecheckSummary {
  checked: number;
  found: number;
  missing: number;
  unknown: number;
  /** Names that went back to pending on this run. */
  demoted: string[];
}

/**
 * The daily re-check (server/domains/recheck.job.ts): every verified name except the provider's
 * own (`operador`) is asked for again. Found: its failures are cleared. Missing: one failure more,
 * and at FAILURES_TO_PENDING the name is pending again, no longer served (pages and host answers
 * purged). A DNS that cannot be asked counts for nothing.
 */
export async function recheckHostnames(ctx: RecheckContext): Promise<RecheckSummary> {
  const rows = await ctx.db
    .select({ row: t.churchHostnames, code: t.churches.code })
    .from(t.churchHostnames)
    .innerJoin(t.churches, eq(t.churches.id, t.churchHostnames.churchId))
    .where(
      and(
        isNotNull(t.churchHostnames.verifiedAt),
        sql`${t.churchHostnames.method} is distinct from 'operador'`,
      ),
    )
    .orderBy(asc(t.churchHostnames.id));
  const summary: RecheckSummary = { checked: 0, found: 0, missing: 0, unknown: 0, demoted: [] };
  const queue = [...rows];
  const worker = async () => {
    for (let next = queue.shift(); next; next = queue.shift()) {
      await recheckOne(ctx, next.row, next.code, summary);
    }
  };
  await Promise.all(Array.from({ length: Math.min(8, rows.length) }, worker));
  return summary;
}

async function recheckOne(
  ctx: RecheckContext,
  row: HostRow,
  code: string,
  summary: RecheckSummary,
): Promise<void> {
  summary.checked++;
  const proof = await proofOf(row, code, ctx.settings);
  const now = ctx.now();
  const scoped = and(
    eq(t.churchHostnames.id, row.id),
    eq(t.churchHostnames.churchId, row.churchId),
    isNotNull(t.churchHostnames.verifiedAt),
  );
  if (proof.result === 'unknown') {
    summary.unknown++;
    log.warn({ hostname: row.hostname, error: proof.error }, 'host name re-check: DNS unreachable');
    return;
  }
  if (proof.result === 'proven') {
    summary.found++;
    await ctx.db
      .update(t.churchHostnames)
      .set({ checkedAt: now, failures: 0, failingSince: null, method: proof.method })
      .where(scoped);
    return;
  }
  summary.missing++;
  const failures = row.failures + 1;
  const demote = failures >= FAILURES_TO_PENDING;
  await ctx.db
    .update(t.churchHostnames)
    .set({
      checkedAt: now,
      failures,
      failingSince: row.failingSince ?? now,
      ...(demote ? { verifiedAt: null } : {}),
    })
    .where(scoped);
  if (demote) {
    summary.demoted.push(row.hostname);
    log.info({ hostname: row.hostname, churchId: row.churchId }, 'host name back to pending');
    ctx.changes?.churchChanged(row.churchId); // its pages and host answers go at once
  }
}
