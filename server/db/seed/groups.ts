// Demo groups (cells, MOD_CELULA, spec §2 "/groups"): seven for graca across São Paulo's
// neighbourhoods and days, two for grace (en), with leaders, members, the studies they follow,
// past meetings and a few admission requests. lider@graca.demo leads "Célula Vila Mariana";
// membro@graca.demo takes part in "Célula Pinheiros" (and not in Vila Mariana: the e2e asks to join it).
import { and, desc, eq, inArray } from 'drizzle-orm';
import type { Database } from '../client.ts';
import * as t from '../schema/index.ts';
import { demoPasswordHash } from './churches.ts';

const DAY = 86_400_000;

/** The demo group that lider@graca.demo leads (tests and the e2e open it by name). */
export const LEADER_GROUP = 'Célula Vila Mariana';
/** The demo group membro@graca.demo is a member of. */
export const MEMBER_GROUP = 'Célula Pinheiros';

interface SeedPerson {
  email: string;
  firstName: string;
  lastName: string;
}

interface SeedGroup {
  name: string;
  description: string;
  leader: string;
  weekday: number;
  time: string;
  street: string;
  number: string;
  neighborhood: string;
  zipCode: string;
  latitude: number;
  longitude: number;
  members: string[];
  /** Indexes into the church's studies (newest first). */
  studies: number[];
  meetings: {
    weeksAgo: number;
    theme: string;
    study: number | null;
    attendance: number;
    notes: string | null;
  }[];
  requests?: {
    by: string;
    message: string | null;
    status: t.GroupRequestStatus;
    daysAgo: number;
  }[];
}

interface ChurchGroups {
  code: string;
  city: string;
  state: string;
  people: SeedPerson[];
  groups: SeedGroup[];
}

const GRACA: ChurchGroups = {
  code: 'graca',
  city: 'São Paulo',
  state: 'SP',
  people: [
    { email: 'ana.costa@graca.demo', firstName: 'Ana', lastName: 'Costa' },
    { email: 'carlos.mendes@graca.demo', firstName: 'Carlos', lastName: 'Mendes' },
    { email: 'fernanda.alves@graca.demo', firstName: 'Fernanda', lastName: 'Alves' },
    { email: 'ricardo.santos@graca.demo', firstName: 'Ricardo', lastName: 'Santos' },
    { email: 'paulo.nakamura@graca.demo', firstName: 'Paulo', lastName: 'Nakamura' },
    { email: 'beatriz.rocha@graca.demo', firstName: 'Beatriz', lastName: 'Rocha' },
    { email: 'lucas.oliveira@graca.demo', firstName: 'Lucas', lastName: 'Oliveira' },
    { email: 'juliana.ferreira@graca.demo', firstName: 'Juliana', lastName: 'Ferreira' },
    { email: 'rafael.gomes@graca.demo', firstName: 'Rafael', lastName: 'Gomes' },
    { email: 'camila.ribeiro@graca.demo', firstName: 'Camila', lastName: 'Ribeiro' },
  ],
  groups: [
    {
      name: LEADER_GROUP,
      leader: 'lider@graca.demo',
      weekday: 2,
      time: '20:00',
      description:
        'Casais e famílias que se reúnem às terças para estudar a Palavra, orar uns pelos outros e partilhar um lanche.',
      street: 'Rua Domingos de Morais',
      number: '1200',
      neighborhood: 'Vila Mariana',
      zipCode: '04010-100',
      latitude: -23.5889,
      longitude: -46.6348,
      members: ['lucas.oliveira@graca.demo', 'juliana.ferreira@graca.demo'],
      studies: [0, 1],
      meetings: [
        {
          weeksAgo: 1,
          theme: 'O perdão que liberta',
          study: 0,
          attendance: 11,
          notes: 'Oramos pela família do Lucas. Próxima reunião na casa da Juliana.',
        },
        { weeksAgo: 2, theme: 'Servir em casa', study: 1, attendance: 9, notes: null },
        {
          weeksAgo: 3,
          theme: 'Noite de louvor e testemunhos',
          study: null,
          attendance: 13,
          notes: 'Três visitantes; dois querem voltar.',
        },
      ],
      requests: [
        {
          by: 'camila.ribeiro@graca.demo',
          message: 'Moro perto da Domingos de Morais e gostaria de conhecer a célula.',
          status: 'pendente',
          daysAgo: 2,
        },
        { by: 'rafael.gomes@graca.demo', message: null, status: 'recusada', daysAgo: 20 },
      ],
    },
    {
      name: MEMBER_GROUP,
      leader: 'ana.costa@graca.demo',
      weekday: 3,
      time: '19:30',
      description:
        'Jovens profissionais que se encontram depois do trabalho para estudar, orar e caminhar juntos.',
      street: 'Rua dos Pinheiros',
      number: '500',
      neighborhood: 'Pinheiros',
      zipCode: '05422-000',
      latitude: -23.567,
      longitude: -46.6915,
      members: ['membro@graca.demo', 'camila.ribeiro@graca.demo', 'rafael.gomes@graca.demo'],
      studies: [2],
      meetings: [
        {
          weeksAgo: 1,
          theme: 'Ansiedade e confiança',
          study: 2,
          attendance: 8,
          notes: 'A Maria trouxe uma amiga do trabalho.',
        },
        { weeksAgo: 2, theme: 'Fé no trabalho', study: 2, attendance: 7, notes: null },
      ],
    },
    {
      name: 'Célula Moema',
      leader: 'carlos.mendes@graca.demo',
      weekday: 4,
      time: '20:00',
      description:
        'Um grupo de casais com filhos pequenos; há espaço para as crianças durante o estudo.',
      street: 'Avenida Ibirapuera',
      number: '2000',
      neighborhood: 'Moema',
      zipCode: '04028-001',
      latitude: -23.601,
      longitude: -46.665,
      members: ['juliana.ferreira@graca.demo'],
      studies: [3],
      meetings: [
        { weeksAgo: 1, theme: 'Educar filhos na fé', study: 3, attendance: 10, notes: null },
      ],
    },
    {
      name: 'Célula Santana',
      leader: 'fernanda.alves@graca.demo',
      weekday: 5,
      time: '20:00',
      description:
        'Na Zona Norte, às sextas: estudo bíblico, oração e comunhão para todas as idades.',
      street: 'Rua Voluntários da Pátria',
      number: '3000',
      neighborhood: 'Santana',
      zipCode: '02401-000',
      latitude: -23.499,
      longitude: -46.628,
      members: ['lucas.oliveira@graca.demo'],
      studies: [0],
      meetings: [{ weeksAgo: 2, theme: 'A igreja que ora', study: 0, attendance: 12, notes: null }],
    },
    {
      name: 'Célula Tatuapé',
      leader: 'ricardo.santos@graca.demo',
      weekday: 6,
      time: '17:00',
      description: 'Aos sábados à tarde, com café e um estudo prático para a semana.',
      street: 'Rua Tuiuti',
      number: '1500',
      neighborhood: 'Tatuapé',
      zipCode: '03081-000',
      latitude: -23.54,
      longitude: -46.576,
      members: [],
      studies: [1],
      meetings: [{ weeksAgo: 1, theme: 'Generosidade', study: 1, attendance: 6, notes: null }],
    },
    {
      name: 'Célula Liberdade',
      leader: 'paulo.nakamura@graca.demo',
      weekday: 1,
      time: '20:00',
      description: 'Perto do metrô Liberdade, às segundas: um recomeço de semana com a Palavra.',
      street: 'Rua Galvão Bueno',
      number: '300',
      neighborhood: 'Liberdade',
      zipCode: '01506-000',
      latitude: -23.558,
      longitude: -46.635,
      members: [],
      studies: [2, 3],
      meetings: [{ weeksAgo: 1, theme: 'Recomeços', study: 2, attendance: 5, notes: null }],
    },
    {
      name: 'Célula Jovens Butantã',
      leader: 'beatriz.rocha@graca.demo',
      weekday: 7,
      time: '18:00',
      description: 'Universitários e jovens aos domingos, antes do culto da noite.',
      street: 'Avenida Vital Brasil',
      number: '800',
      neighborhood: 'Butantã',
      zipCode: '05503-000',
      latitude: -23.571,
      longitude: -46.708,
      members: ['rafael.gomes@graca.demo'],
      studies: [1],
      meetings: [
        {
          weeksAgo: 1,
          theme: 'Propósito',
          study: 1,
          attendance: 15,
          notes: 'Planejamos o retiro de janeiro.',
        },
      ],
    },
  ],
};

const GRACE: ChurchGroups = {
  code: 'grace',
  city: 'Austin',
  state: 'TX',
  people: [
    { email: 'leader@grace.demo', firstName: 'David', lastName: 'Brooks' },
    { email: 'sarah.johnson@grace.demo', firstName: 'Sarah', lastName: 'Johnson' },
    { email: 'emily.davis@grace.demo', firstName: 'Emily', lastName: 'Davis' },
  ],
  groups: [
    {
      name: 'Downtown Group',
      leader: 'leader@grace.demo',
      weekday: 2,
      time: '19:00',
      description:
        'Neighbours and co-workers downtown who meet on Tuesdays for a meal, a study and prayer.',
      street: 'Congress Ave',
      number: '200',
      neighborhood: 'Downtown',
      zipCode: '78701',
      latitude: 30.266,
      longitude: -97.744,
      members: ['member@grace.demo', 'emily.davis@grace.demo'],
      studies: [0],
      meetings: [
        {
          weeksAgo: 1,
          theme: 'Grace for the weary',
          study: 0,
          attendance: 9,
          notes: 'Emily will host next week.',
        },
        { weeksAgo: 2, theme: 'Praying together', study: null, attendance: 7, notes: null },
      ],
    },
    {
      name: 'South Congress Group',
      leader: 'sarah.johnson@grace.demo',
      weekday: 4,
      time: '19:30',
      description: 'Young families south of the river, on Thursday evenings; children are welcome.',
      street: 'S Congress Ave',
      number: '1500',
      neighborhood: 'Travis Heights',
      zipCode: '78704',
      latitude: 30.249,
      longitude: -97.749,
      members: [],
      studies: [1],
      meetings: [{ weeksAgo: 1, theme: 'Faith at home', study: 1, attendance: 6, notes: null }],
    },
  ],
};

/** The last date on `weekday` at `time` that is `weeksAgo` weeks back (UTC-ish; good enough for demo data). */
function pastMeeting(weekday: number, time: string, weeksAgo: number): Date {
  const now = new Date();
  const [h, m] = time.split(':').map(Number) as [number, number];
  const d = new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), now.getUTCDate(), h, m));
  const back = (d.getUTCDay() - weekday + 7) % 7 || 7;
  return new Date(d.getTime() - (back + (weeksAgo - 1) * 7) * DAY);
}

export async function seedGroups(db: Database): Promise<void> {
  const passwordHash = await demoPasswordHash();
  for (const data of [GRACA, GRACE]) {
    const [church] = await db
      .select({ id: t.churches.id })
      .from(t.churches)
      .where(eq(t.churches.code, data.code));
    if (!church) continue; // a database seeded without it
    await db.transaction(async (tx) => {
      for (const p of data.people) {
        const [exists] = await tx
          .select({ id: t.users.id })
          .from(t.users)
          .where(eq(t.users.email, p.email));
        const id =
          exists?.id ??
          (
            await tx
              .insert(t.users)
              .values({
                email: p.email,
                passwordHash,
                firstName: p.firstName,
                lastName: p.lastName,
                emailVerified: true,
              })
              .returning({ id: t.users.id })
          )[0]!.id;
        await tx
          .insert(t.churchUsers)
          .values({ churchId: church.id, userId: id })
          .onConflictDoNothing();
      }
      const emails = [
        ...new Set(
          data.groups.flatMap((g) => [
            g.leader,
            ...g.members,
            ...(g.requests ?? []).map((r) => r.by),
          ]),
        ),
      ];
      const users = await tx
        .select({ id: t.users.id, email: t.users.email })
        .from(t.users)
        .where(inArray(t.users.email, emails));
      const idOf = (email: string) => users.find((u) => u.email === email)?.id;
      const studies = await tx
        .select({ id: t.contents.id })
        .from(t.contents)
        .where(
          and(
            eq(t.contents.churchId, church.id),
            eq(t.contents.kind, 'estudo'),
            eq(t.contents.active, true),
          ),
        )
        .orderBy(desc(t.contents.publishedAt), desc(t.contents.id));
      const studyAt = (i: number | null) =>
        i === null ? null : (studies[i % Math.max(studies.length, 1)]?.id ?? null);
      for (const g of data.groups) {
        const [group] = await tx
          .insert(t.groups)
          .values({
            churchId: church.id,
            name: g.name,
            description: g.description,
            leaderId: idOf(g.leader) ?? null,
            weekday: g.weekday,
            time: g.time,
            street: g.street,
            number: g.number,
            neighborhood: g.neighborhood,
            city: data.city,
            state: data.state,
            zipCode: g.zipCode,
            latitude: g.latitude,
            longitude: g.longitude,
          })
          .returning({ id: t.groups.id });
        const groupId = group!.id;
        const studyIds = [
          ...new Set(g.studies.map(studyAt).filter((id): id is number => id !== null)),
        ];
        if (studyIds.length)
          await tx.insert(t.groupStudies).values(
            studyIds.map((studyId, position) => ({
              churchId: church.id,
              groupId,
              studyId,
              position,
            })),
          );
        const members = g.members.map(idOf).filter((id): id is number => id !== undefined);
        if (members.length)
          await tx
            .insert(t.groupMembers)
            .values(members.map((userId) => ({ churchId: church.id, groupId, userId })));
        await tx.insert(t.groupMeetings).values(
          g.meetings.map((m) => ({
            churchId: church.id,
            groupId,
            date: pastMeeting(g.weekday, g.time, m.weeksAgo),
            theme: m.theme,
            studyId: studyAt(m.study),
            attendance: m.attendance,
            notes: m.notes,
          })),
        );
        for (const r of g.requests ?? []) {
          const userId = idOf(r.by);
          if (!userId) continue;
          const createdAt = new Date(Date.now() - r.daysAgo * DAY);
          await tx.insert(t.groupRequests).values({
            churchId: church.id,
            groupId,
            userId,
            message: r.message,
            status: r.status,
            createdAt,
            answeredAt: r.status === 'pendente' ? null : new Date(createdAt.getTime() + DAY),
          });
        }
      }
    });
  }
}
