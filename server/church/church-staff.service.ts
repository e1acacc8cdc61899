// The staff area's home and church settings (docs/staff.md "Home", "Church settings"): banners,
// the weekly schedule, live streams, identity, modules, language, time zone and host names. Plain functions
// over the database; every write runs through staffWrite (audit record + cache purge).
import { and, asc, eq, inArray, max } from 'drizzle-orm';
import type { z } from 'zod';
import type {
  bannerInput,
  ChurchSettings,
  identityInput,
  serviceInput,
  StaffBanner,
  StaffService,
  StaffStream,
  streamInput,
} from '../../contract/church-staff.ts';
import type { ChangeFeed } from '../changes.ts';
import type { Database } from '../db/client.ts';
import * as t from '../db/schema/index.ts';
import { ApiProblem, fieldProblem, notFound } from '../http/errors.ts';
import type { ImageStore } from '../images/store.ts';
import { ImageRejected } from '../images/store.ts';
import type { StaffActor } from '../staff/audit.ts';
import { staffWrite } from '../staff/write.ts';
import type { Tx } from '../db/client.ts';
import * as domains from '../domains/domains.service.ts';
import { storeChurchZone, zoneOfChurch } from './church-clock.ts';

export interface SiteDeps {
  db: Database;
  changes: ChangeFeed;
  images: ImageStore;
}

type BannerInput = z.output<typeof bannerInput>;
type ServiceInput = z.output<typeof serviceInput>;
type StreamInput = z.output<typeof streamInput>;
type IdentityInput = z.output<typeof identityInput>;

/** Stores an upload of a kind; a file that is not an image is the image store's 415. */
async function storeImage(
  images: ImageStore,
  kind: 'banner' | 'igreja',
  churchId: number,
  file: File,
): Promise<string> {
  try {
    return await images.save(kind, churchId, file);
  } catch (error) {
    if (error instanceof ImageRejected) throw new ApiProblem(415, 'image.type');
    throw error;
  }
}

/** Runs a write that stored a new image first; the image goes again when the write fails. */
async function withNewImage<T>(
  images: ImageStore,
  kind: 'banner' | 'igreja',
  stored: string | null,
  write: () => Promise<T>,
): Promise<T> {
  try {
    return await write();
  } catch (error) {
    if (stored) await images.remove(kind, stored);
    throw error;
  }
}

// ---- banners ----

type BannerRow = typeof t.banners.$inferSelect;

const toBanner = (b: BannerRow): StaffBanner => ({
  id: b.id,
  titulo: b.title,
  imagem: b.image,
  link: b.link,
  ordem: b.position,
  flagAtivo: b.active,
  inicio: b.startsAt?.toISOString() ?? null,
  fim: b.endsAt?.toISOString() ?? null,
});

export async function listBanners(db: Database, churchId: number): Promise<StaffBanner[]> {
  const rows = await db
    .select()
    .from(t.banners)
    .where(eq(t.banners.churchId, churchId))
    .orderBy(asc(t.banners.position), asc(t.banners.id));
  return rows.map(toBanner);
}

const bannerValues = (input: BannerInput) => ({
  title: input.titulo,
  link: input.link,
  startsAt: input.inicio ? new Date(input.inicio) : null,
  endsAt: input.fim ? new Date(input.fim) : null,
  ...(input.flagAtivo === undefined ? {} : { active: input.flagAtivo }),
});

export async function createBanner(
  deps: SiteDeps,
  actor: StaffActor,
  input: BannerInput,
  file: File | undefined,
): Promise<StaffBanner> {
  if (!file) throw fieldProblem(400, 'imagem', 'staff.site.imageRequired');
  const image = await storeImage(deps.images, 'banner', actor.churchId, file);
  return withNewImage(deps.images, 'banner', image, () =>
    staffWrite(
      deps,
      actor,
      (b: StaffBanner) => ({
        action: 'home.create',
        kind: 'banner',
        targetId: b.id,
        summary: b.titulo,
      }),
      async (tx) => {
        const [last] = await tx
          .select({ n: max(t.banners.position) })
          .from(t.banners)
          .where(eq(t.banners.churchId, actor.churchId));
        const [row] = await tx
          .insert(t.banners)
          .values({
            churchId: actor.churchId,
            image,
            position: (last?.n ?? -1) + 1,
            ...bannerValues(input),
          })
          .returning();
        return toBanner(row!);
      },
    ),
  );
}

export async function updateBanner(
  deps: SiteDeps,
  actor: StaffActor,
  id: number,
  input: BannerInput,
  file: File | undefined,
): Promise<StaffBanner> {
  const [before] = await deps.db
    .select({ image: t.banners.image })
    .from(t.banners)
    .where(and(eq(t.banners.id, id), eq(t.banners.churchId, actor.churchId)));
  if (!before) throw notFound('staff.site.bannerNotFound');
  const image = file ? await storeImage(deps.images, 'banner', actor.churchId, file) : null;
  const saved = await withNewImage(deps.images, 'banner', image, () =>
    staffWrite(
      deps,
      actor,
      { action: 'home.update', kind: 'banner', targetId: id, summary: input.titulo },
      async (tx) => {
        const [row] = await tx
          .update(t.banners)
          .set({ ...bannerValues(input), ...(image ? { image } : {}) })
          .where(and(eq(t.banners.id, id), eq(t.banners.churchId, actor.churchId)))
          .returning();
        if (!row) throw notFound('staff.site.bannerNotFound');
        return toBanner(row);
      },
    ),
  );
  if (image) await deps.images.remove('banner', before.image);
  return saved;
}

export async function deleteBanner(deps: SiteDeps, actor: StaffActor, id: number): Promise<void> {
  const gone = await staffWrite(
    deps,
    actor,
    (b: BannerRow) => ({ action: 'home.delete', kind: 'banner', targetId: id, summary: b.title }),
    async (tx) => {
      const [row] = await tx
        .delete(t.banners)
        .where(and(eq(t.banners.id, id), eq(t.banners.churchId, actor.churchId)))
        .returning();
      if (!row) throw notFound('staff.site.bannerNotFound');
      return row;
    },
  );
  await deps.images.remove('banner', gone.image);
}

/** The new order: every banner of the church, each once. */
export async function reorderBanners(
  deps: SiteDeps,
  actor: StaffActor,
  ids: number[],
): Promise<StaffBanner[]> {
  await staffWrite(
    deps,
    actor,
    { action: 'home.reorder', kind: 'banner', summary: ids.join(', ') },
    async (tx) => {
      const rows = await tx
        .select({ id: t.banners.id })
        .from(t.banners)
        .where(eq(t.banners.churchId, actor.churchId));
      const own = new Set(rows.map((r) => r.id));
      if (
        ids.length !== own.size ||
        new Set(ids).size !== ids.length ||
        !ids.every((i) => own.has(i))
      )
        throw fieldProblem(400, 'ids', 'staff.site.orderMismatch');
      for (const [position, id] of ids.entries())
        await tx
          .update(t.banners)
          .set({ position })
          .where(and(eq(t.banners.id, id), eq(t.banners.churchId, actor.churchId)));
    },
  );
  return listBanners(deps.db, actor.churchId);
}

// ---- the weekly schedule ----

type ServiceRow = typeof t.weeklyServices.$inferSelect;

const toService = (r: ServiceRow): StaffService => ({
  id: r.id,
  diaSemana: r.weekday,
  horario: r.startTime.slice(0, 5),
  titulo: r.title,
  local: r.place,
  flagTransmissao: r.liveStream,
});

export async function listServices(db: Database, churchId: number): Promise<StaffService[]> {
  const rows = await db
    .select()
    .from(t.weeklyServices)
    .where(eq(t.weeklyServices.churchId, churchId))
    .orderBy(
      asc(t.weeklyServices.weekday),
      asc(t.weeklyServices.startTime),
      asc(t.weeklyServices.id),
    );
  return rows.map(toService);
}

const serviceValues = (s: ServiceInput) => ({
  weekday: s.diaSemana,
  startTime: s.horario,
  title: s.titulo,
  place: s.local,
  liveStream: s.flagTransmissao,
});

export function createService(deps: SiteDeps, actor: StaffActor, input: ServiceInput) {
  return staffWrite(
    deps,
    actor,
    (s: StaffService) => ({
      action: 'home.create',
      kind: 'culto_agenda',
      targetId: s.id,
      summary: s.titulo,
    }),
    async (tx) => {
      const [row] = await tx
        .insert(t.weeklyServices)
        .values({ churchId: actor.churchId, ...serviceValues(input) })
        .returning();
      return toService(row!);
    },
  );
}

export function updateService(deps: SiteDeps, actor: StaffActor, id: number, input: ServiceInput) {
  return staffWrite(
    deps,
    actor,
    { action: 'home.update', kind: 'culto_agenda', targetId: id, summary: input.titulo },
    async (tx) => {
      const [row] = await tx
        .update(t.weeklyServices)
        .set(serviceValues(input))
        .where(and(eq(t.weeklyServices.id, id), eq(t.weeklyServices.churchId, actor.churchId)))
        .returning();
      if (!row) throw notFound('staff.site.serviceNotFound');
      return toService(row);
    },
  );
}

export async function deleteService(deps: SiteDeps, actor: StaffActor, id: number): Promise<void> {
  await staffWrite(
    deps,
    actor,
    (r: ServiceRow) => ({
      action: 'home.delete',
      kind: 'culto_agenda',
      targetId: id,
      summary: r.title,
    }),
    async (tx) => {
      const [row] = await tx
        .delete(t.weeklyServices)
        .where(and(eq(t.weeklyServices.id, id), eq(t.weeklyServices.churchId, actor.churchId)))
        .returning();
      if (!row) throw notFound('staff.site.serviceNotFound');
      return row;
    },
  );
}

// ---- live streams ----

type StreamRow = typeof t.liveStreams.$inferSelect;

const toStaffStream = (r: StreamRow): StaffStream => ({
  id: r.id,
  titulo: r.title,
  descricao: r.description,
  servico: r.service as StaffStream['servico'],
  codigo: r.code,
  url: r.url,
  html: r.html,
  inicio: r.startsAt.toISOString(),
  duracaoMinutos: r.durationMinutes,
  flagSemanal: r.weekly,
  flagAoVivo: r.live,
  canal: r.channel,
});

export async function listStreams(db: Database, churchId: number): Promise<StaffStream[]> {
  const rows = await db
    .select()
    .from(t.liveStreams)
    .where(and(eq(t.liveStreams.churchId, churchId), eq(t.liveStreams.active, true)))
    .orderBy(asc(t.liveStreams.startsAt), asc(t.liveStreams.id));
  return rows.map(toStaffStream);
}

const streamValues = (s: StreamInput) => ({
  title: s.titulo,
  description: s.descricao,
  service: s.servico,
  code: s.codigo,
  url: s.url,
  html: s.html,
  startsAt: new Date(s.inicio),
  durationMinutes: s.duracaoMinutos,
  weekly: s.flagSemanal,
  live: s.flagAoVivo,
  channel: s.canal,
});

export function createStream(deps: SiteDeps, actor: StaffActor, input: StreamInput) {
  return staffWrite(
    deps,
    actor,
    (s: StaffStream) => ({
      action: 'home.create',
      kind: 'transmissao',
      targetId: s.id,
      summary: s.titulo,
    }),
    async (tx) => {
      const [row] = await tx
        .insert(t.liveStreams)
        .values({ churchId: actor.churchId, ...streamValues(input) })
        .returning();
      return toStaffStream(row!);
    },
  );
}

export function updateStream(deps: SiteDeps, actor: StaffActor, id: number, input: StreamInput) {
  return staffWrite(
    deps,
    actor,
    { action: 'home.update', kind: 'transmissao', targetId: id, summary: input.titulo },
    async (tx) => {
      const [row] = await tx
        .update(t.liveStreams)
        .set(streamValues(input))
        .where(
          and(
            eq(t.liveStreams.id, id),
            eq(t.liveStreams.churchId, actor.churchId),
            eq(t.liveStreams.active, true),
          ),
        )
        .returning();
      if (!row) throw notFound('staff.site.streamNotFound');
      return toStaffStream(row);
    },
  );
}

export async function deleteStream(deps: SiteDeps, actor: StaffActor, id: number): Promise<void> {
  await staffWrite(
    deps,
    actor,
    (r: StreamRow) => ({
      action: 'home.delete',
      kind: 'transmissao',
      targetId: id,
      summary: r.title,
    }),
    async (tx) => {
      const [row] = await tx
        .delete(t.liveStreams)
        .where(and(eq(t.liveStreams.id, id), eq(t.liveStreams.churchId, actor.churchId)))
        .returning();
      if (!row) throw notFound('staff.site.streamNotFound');
      return row;
    },
  );
}

// ---- the church ----

export async function churchSettings(db: Database, churchId: number): Promise<ChurchSettings> {
  const [[church], [visual], modules, enabled] = await Promise.all([
    db.select().from(t.churches).where(eq(t.churches.id, churchId)),
    db.select().from(t.churchVisuals).where(eq(t.churchVisuals.churchId, churchId)),
    db.select().from(t.modules).orderBy(asc(t.modules.code)),
    db
      .select({ code: t.churchModules.moduleCode })
      .from(t.churchModules)
      .where(eq(t.churchModules.churchId, churchId)),
  ]);
  if (!church) throw notFound('staff.notFound');
  const hosts = await domains.hostnamesOf(db, church);
  const on = new Set(enabled.map((m) => m.code));
  return {
    nome: church.name,
    descricao: church.description,
    logo: visual?.logo ?? null,
    corApp: visual?.appColor ?? '#1f4e79',
    corTexto: visual?.textColor ?? '#ffffff',
    idioma: church.locale,
    fusoHorario: church.timeZone,
    fusoHorarioPadrao: zoneOfChurch({ ...church, timeZone: null }),
    modulos: modules.map((m) => ({ codigo: m.code, nome: m.name, ativo: on.has(m.code) })),
    codigo: church.code,
    ...hosts,
  };
}

/** The church's look row, created with the defaults when it has none yet. */
async function setVisual(
  tx: Tx,
  churchId: number,
  values: Partial<typeof t.churchVisuals.$inferInsert>,
) {
  await tx
    .insert(t.churchVisuals)
    .values({ churchId, ...values })
    .onConflictDoUpdate({ target: t.churchVisuals.churchId, set: values });
}

export async function updateIdentity(deps: SiteDeps, actor: StaffActor, input: IdentityInput) {
  await staffWrite(
    deps,
    actor,
    {
      action: 'church.identity',
      kind: 'igreja',
      targetId: actor.churchId,
      summary: input.nome,
      details: { corApp: input.corApp, corTexto: input.corTexto },
    },
    async (tx) => {
      await tx
        .update(t.churches)
        .set({ name: input.nome, description: input.descricao })
        .where(eq(t.churches.id, actor.churchId));
      await setVisual(tx, actor.churchId, { appColor: input.corApp, textColor: input.corTexto });
    },
  );
  return churchSettings(deps.db, actor.churchId);
}

export async function saveLogo(deps: SiteDeps, actor: StaffActor, file: File | undefined) {
  if (!file) throw fieldProblem(400, 'imagem', 'staff.site.imageRequired');
  const [before] = await deps.db
    .select({ logo: t.churchVisuals.logo })
    .from(t.churchVisuals)
    .where(eq(t.churchVisuals.churchId, actor.churchId));
  const logo = await storeImage(deps.images, 'igreja', actor.churchId, file);
  await withNewImage(deps.images, 'igreja', logo, () =>
    staffWrite(
      deps,
      actor,
      { action: 'church.logo', kind: 'igreja', targetId: actor.churchId, summary: 'logo' },
      (tx) => setVisual(tx, actor.churchId, { logo }),
    ),
  );
  await deps.images.remove('igreja', before?.logo);
  return { logo };
}

export async function setModules(deps: SiteDeps, actor: StaffActor, codes: string[]) {
  const wanted = [...new Set(codes)];
  await staffWrite(
    deps,
    actor,
    // what changed, not the whole list: "-MOD_PUBLICACAO +MOD_CELULA" (the audit page names them)
    (change: { on: string[]; off: string[] }) => ({
      action: 'church.modules',
      kind: 'igreja_modulo',
      targetId: actor.churchId,
      summary:
        [...change.off.map((c) => `-${c}`), ...change.on.map((c) => `+${c}`)].join(' ') || '—',
    }),
    async (tx) => {
      const known = wanted.length
        ? await tx
            .select({ code: t.modules.code })
            .from(t.modules)
            .where(inArray(t.modules.code, wanted))
        : [];
      if (known.length !== wanted.length)
        throw fieldProblem(400, 'modulos', 'staff.site.unknownModule');
      const before = (
        await tx
          .select({ code: t.churchModules.moduleCode })
          .from(t.churchModules)
          .where(eq(t.churchModules.churchId, actor.churchId))
      ).map((r) => r.code);
      await tx.delete(t.churchModules).where(eq(t.churchModules.churchId, actor.churchId));
      if (wanted.length)
        await tx
          .insert(t.churchModules)
          .values(wanted.map((moduleCode) => ({ churchId: actor.churchId, moduleCode })));
      return {
        on: wanted.filter((c) => !before.includes(c)).sort(),
        off: before.filter((c) => !wanted.includes(c)).sort(),
      };
    },
  );
  return churchSettings(deps.db, actor.churchId);
}

export async function setLanguage(deps: SiteDeps, actor: StaffActor, locale: string) {
  await staffWrite(
    deps,
    actor,
    { action: 'church.language', kind: 'igreja', targetId: actor.churchId, summary: locale },
    (tx) => tx.update(t.churches).set({ locale }).where(eq(t.churches.id, actor.churchId)),
  );
  return churchSettings(deps.db, actor.churchId);
}

/** The zone the church keeps its days on (null: its country's); its kept totals move with it. */
export async function setTimeZone(deps: SiteDeps, actor: StaffActor, zone: string | null) {
  await staffWrite(
    deps,
    actor,
    (change: { before: string; after: string }) => ({
      action: 'church.timeZone',
      kind: 'igreja',
      targetId: actor.churchId,
      summary: change.after,
      details: { antes: change.before, depois: change.after, escolhido: zone },
    }),
    (tx) => storeChurchZone(tx, actor.churchId, zone),
  );
  return churchSettings(deps.db, actor.churchId);
}

// ---- host names (the rules: server/domains/domains.service.ts) ----

export async function addHostname(deps: SiteDeps, actor: StaffActor, hostname: string) {
  await domains.addHostname(deps, actor, hostname);
  return churchSettings(deps.db, actor.churchId);
}

export async function removeHostname(deps: SiteDeps, actor: StaffActor, id: number) {
  await domains.removeHostname(deps, actor, id);
  return churchSettings(deps.db, actor.churchId);
}

export async function checkHostname(deps: SiteDeps, actor: StaffActor, id: number) {
  await domains.checkHostname(deps, actor, id);
  return churchSettings(deps.db, actor.churchId);
}

export async function setPrimaryHost(deps: SiteDeps, actor: StaffActor, hostname: string | null) {
  await domains.setPrimaryHost(deps, actor, hostname);
  return churchSettings(deps.db, actor.churchId);
}
