// Demo prayer wall (spec §2 "/prayer", MOD_MURAL_ORACAO) for graca (pt) and grace (en): reasons,
// requests written like a congregation's own, some by demo members and some by visitors, with
// supportive messages and prays. A few are hidden (not published, or withdrawn) so the wall's rule
// (spec §3 flagPublicarMural and flagAtivo) is exercised. esperanza has no prayer wall.
import { eq } from 'drizzle-orm';
import type { Database } from '../client.ts';
import * as t from '../schema/index.ts';

const HOUR = 3_600_000;

interface SeedMessage {
  /** A demo account's e-mail, or a display name. */
  by: string;
  text: string;
}

interface SeedPrayer {
  /** Index into the church's reasons. */
  reason: number;
  /** Demo account e-mail; its first name is shown unless `name` says otherwise. */
  user?: string;
  /** Shown name; '' for anonymous. */
  name?: string;
  text: string;
  hoursAgo: number;
  prayed: number;
  call?: boolean;
  visit?: boolean;
  hidden?: 'unpublished' | 'inactive';
  messages?: SeedMessage[];
}

interface ChurchPrayers {
  code: string;
  reasons: string[];
  prayers: SeedPrayer[];
}

/** The text of graca's newest public request (tests and e2e look for it). */
export const GRACA_LATEST_PRAYER =
  'Peço oração pela cirurgia do meu pai, seu Antônio, marcada para sexta-feira. Que Deus guie as mãos dos médicos.';
/** A graca request that exists but the author did not publish (never on the wall). */
export const GRACA_UNPUBLISHED_PRAYER =
  'Pedido reservado: estou passando por uma crise no casamento e quero apenas que a equipe pastoral ore comigo.';

const GRACA: ChurchPrayers = {
  code: 'graca',
  reasons: ['Saúde', 'Família', 'Trabalho', 'Gratidão', 'Vida espiritual'],
  prayers: [
    {
      reason: 0,
      name: 'Cláudia',
      text: GRACA_LATEST_PRAYER,
      hoursAgo: 3,
      prayed: 18,
      call: true,
      messages: [
        {
          by: 'membro@graca.demo',
          text: 'Claudia, estamos orando pelo seu pai. O Senhor é o médico dos médicos!',
        },
        {
          by: 'lider@graca.demo',
          text: 'Conte com a equipe pastoral. Vamos visitá-los no hospital se vocês quiserem.',
        },
        { by: 'Irmã Lúcia', text: 'Isaías 41:10 — não temas, porque eu sou contigo. Orando!' },
      ],
    },
    {
      reason: 3,
      user: 'membro@graca.demo',
      text: 'Quero agradecer a Deus porque depois de oito meses meu marido foi contratado! Obrigada a todos que oraram conosco.',
      hoursAgo: 20,
      prayed: 31,
      messages: [
        { by: 'lider@graca.demo', text: 'Glória a Deus, Maria! Que alegria para toda a família.' },
        { by: 'Renata', text: 'Que bênção! Deus é fiel.' },
      ],
    },
    {
      reason: 1,
      name: 'Márcio',
      text: 'Orem pelo meu filho Gabriel, de 17 anos, que se afastou da igreja e anda com más companhias. Que ele volte para casa e para Deus.',
      hoursAgo: 30,
      prayed: 24,
      messages: [
        {
          by: 'membro@graca.demo',
          text: 'Márcio, Provérbios 22:6. Deus não esquece as sementes que vocês plantaram. Orando pelo Gabriel.',
        },
        { by: 'Pr. Roberto', text: 'Estou à disposição para conversar com ele quando ele quiser.' },
      ],
    },
    {
      reason: 2,
      name: '',
      text: 'Fui demitido na semana passada e tenho duas entrevistas marcadas. Peço oração por sabedoria e por uma porta aberta.',
      hoursAgo: 52,
      prayed: 15,
      messages: [
        {
          by: 'Sérgio',
          text: 'Passei por isso ano passado. Deus abriu uma porta melhor. Força, irmão!',
        },
      ],
    },
    {
      reason: 0,
      name: 'Dona Neide',
      text: 'Estou em tratamento de quimioterapia e tenho sentido muito cansaço. Peço forças para continuar e pela cura completa.',
      hoursAgo: 75,
      prayed: 42,
      visit: true,
      messages: [
        {
          by: 'lider@graca.demo',
          text: 'Dona Neide, a senhora é um exemplo de fé para todos nós. Estamos juntos.',
        },
        {
          by: 'membro@graca.demo',
          text: 'Orando todos os dias pela senhora. Um abraço carinhoso!',
        },
        {
          by: 'Grupo de senhoras',
          text: 'Nossa reunião de quinta vai orar especialmente pela senhora.',
        },
      ],
    },
    {
      reason: 4,
      user: 'lider@graca.demo',
      text: 'Orem pelo retiro de jovens deste fim de semana: que cada jovem tenha um encontro verdadeiro com Jesus.',
      hoursAgo: 98,
      prayed: 27,
      messages: [{ by: 'Camila', text: 'Vou estar lá! Orando pela equipe de louvor também.' }],
    },
    {
      reason: 1,
      name: 'Patrícia',
      text: 'Minha mãe mora sozinha no interior e caiu em casa. Peço oração pela recuperação dela e para decidirmos bem se ela vem morar conosco.',
      hoursAgo: 130,
      prayed: 19,
      messages: [
        {
          by: 'membro@graca.demo',
          text: 'Que Deus dê sabedoria à família e restabeleça sua mãe, Patrícia.',
        },
      ],
    },
    {
      reason: 3,
      name: 'Família Santos',
      text: 'Nossa filha Alice nasceu com saúde depois de uma gestação de risco. Gratidão a Deus e a cada irmão que orou!',
      hoursAgo: 170,
      prayed: 38,
      messages: [
        { by: 'lider@graca.demo', text: 'Bem-vinda, Alice! Que alegria para a igreja.' },
        { by: 'Tia Rose', text: 'Já quero conhecer essa princesa no berçário!' },
      ],
    },
    {
      reason: 2,
      name: 'Eduardo',
      text: 'Estou abrindo uma pequena padaria no bairro. Peço oração pela abertura no mês que vem e para que seja um lugar de bênção.',
      hoursAgo: 220,
      prayed: 12,
      messages: [{ by: 'Sérgio', text: 'Vou ser cliente! Deus abençoe o seu negócio.' }],
    },
    {
      reason: 0,
      name: '',
      text: 'Sofro de ansiedade e tenho tido crises à noite. Peço oração por paz e para encontrar o tratamento certo.',
      hoursAgo: 260,
      prayed: 33,
      messages: [
        {
          by: 'membro@graca.demo',
          text: 'Filipenses 4:6-7. Você não está sozinho(a). Estamos orando.',
        },
        {
          by: 'Pr. Roberto',
          text: 'Procure a gente depois do culto; temos um grupo de apoio às terças.',
        },
      ],
    },
    {
      reason: 4,
      name: 'Ana Paula',
      text: 'Peço oração para ter mais disciplina na leitura da Bíblia e na oração. Tenho me sentido distante de Deus.',
      hoursAgo: 300,
      prayed: 16,
      messages: [
        { by: 'Camila', text: 'Que tal o plano de leitura da igreja? A gente pode ler juntas!' },
      ],
    },
    {
      reason: 1,
      name: 'Roberto e Sílvia',
      text: 'Completamos 25 anos de casados este mês. Agradecemos a Deus e pedimos oração pelos próximos 25!',
      hoursAgo: 360,
      prayed: 29,
      messages: [
        {
          by: 'lider@graca.demo',
          text: 'Parabéns ao casal! Que Deus continue sendo o centro do lar de vocês.',
        },
      ],
    },
    {
      reason: 0,
      name: 'Helena',
      text: 'Meu sobrinho está internado com pneumonia. Orem pela recuperação dele.',
      hoursAgo: 400,
      prayed: 22,
    },
    // Not on the wall: the author kept it for the pastoral team only, and one was withdrawn.
    {
      reason: 1,
      name: 'Anônimo',
      text: GRACA_UNPUBLISHED_PRAYER,
      hoursAgo: 1,
      prayed: 0,
      call: true,
      visit: true,
      hidden: 'unpublished',
    },
    {
      reason: 2,
      name: 'Marcos',
      text: 'Pedido retirado pelo autor.',
      hoursAgo: 2,
      prayed: 3,
      hidden: 'inactive',
    },
  ],
};

/** The text of grace's newest public request. */
export const GRACE_LATEST_PRAYER =
  'Please pray for my wife Sarah as she starts radiation therapy on Monday. We are trusting God for healing.';

const GRACE: ChurchPrayers = {
  code: 'grace',
  reasons: ['Health', 'Family', 'Work', 'Thanksgiving', 'Spiritual life'],
  prayers: [
    {
      reason: 0,
      name: 'Mike',
      text: GRACE_LATEST_PRAYER,
      hoursAgo: 4,
      prayed: 21,
      call: true,
      messages: [
        {
          by: 'member@grace.demo',
          text: 'Mike, we are lifting Sarah up every day this week. Let us know if you need meals.',
        },
        {
          by: 'Pastor Dave',
          text: 'The care team will reach out. You are not walking this alone.',
        },
      ],
    },
    {
      reason: 3,
      user: 'member@grace.demo',
      text: 'Thankful that our son came home safely from deployment. Thank you, church family, for praying all year.',
      hoursAgo: 26,
      prayed: 35,
      messages: [{ by: 'Linda', text: 'Praise God! Welcome home to him.' }],
    },
    {
      reason: 2,
      name: 'Jessica',
      text: 'I have a nursing board exam next Thursday. Praying for a calm mind and a clear memory.',
      hoursAgo: 50,
      prayed: 17,
      messages: [
        { by: 'member@grace.demo', text: 'You have worked so hard. Philippians 4:13!' },
        { by: 'Linda', text: 'Praying for peace over you, Jessica.' },
      ],
    },
    {
      reason: 1,
      name: '',
      text: 'Please pray for reconciliation between my brother and me. We have not spoken in two years.',
      hoursAgo: 80,
      prayed: 26,
      messages: [
        {
          by: 'Pastor Dave',
          text: 'Praying God softens both hearts. I would be glad to meet with you.',
        },
      ],
    },
    {
      reason: 0,
      name: 'Ruth',
      text: 'My knee replacement surgery is on the 14th. Praying for a smooth recovery so I can be back in the choir soon.',
      hoursAgo: 110,
      prayed: 19,
      messages: [
        { by: 'Choir family', text: 'We miss your voice already, Ruth! Praying for you.' },
      ],
    },
    {
      reason: 4,
      name: 'Tyler',
      text: 'Pray for our youth group mission trip to Guatemala next month, for safety and open hearts.',
      hoursAgo: 150,
      prayed: 30,
      messages: [
        { by: 'member@grace.demo', text: 'Proud of you all. Praying for every step of the trip.' },
        { by: 'Linda', text: 'I will be praying for the team daily.' },
      ],
    },
    {
      reason: 2,
      name: 'Carlos',
      text: 'Our small business is struggling after a slow season. Asking for wisdom and provision for our employees.',
      hoursAgo: 190,
      prayed: 14,
      messages: [
        { by: 'Pastor Dave', text: 'Carlos, the Lord is our provider. Praying with you.' },
      ],
    },
    {
      reason: 1,
      name: 'Emily',
      text: 'We are beginning the adoption process. Please pray for patience and for the child God has for our family.',
      hoursAgo: 240,
      prayed: 28,
      messages: [
        { by: 'member@grace.demo', text: 'What a beautiful step of faith. Praying for you both.' },
      ],
    },
    {
      reason: 3,
      name: 'The Johnsons',
      text: 'Dad is cancer free after a year of treatment! Thank you for every prayer and every meal.',
      hoursAgo: 290,
      prayed: 44,
      messages: [
        { by: 'Linda', text: 'This made my whole week. God is so good!' },
        { by: 'Pastor Dave', text: 'Celebrating with you this Sunday!' },
      ],
    },
    {
      reason: 0,
      name: '',
      text: "Struggling with depression lately. Please pray that I would feel God's presence and find the courage to ask for help.",
      hoursAgo: 330,
      prayed: 37,
      messages: [
        { by: 'Pastor Dave', text: 'You are loved. Please reach out to our care team any time.' },
      ],
    },
    {
      reason: 4,
      name: 'Hannah',
      text: 'Pray for my coworker Beth, who has been asking me questions about faith.',
      hoursAgo: 380,
      prayed: 18,
      messages: [
        { by: 'member@grace.demo', text: 'Praying for open doors and the right words, Hannah.' },
      ],
    },
    {
      reason: 1,
      name: 'Grandma Jo',
      text: 'Pray for my grandchildren as they go back to school, for good friends and good teachers.',
      hoursAgo: 420,
      prayed: 20,
    },
    {
      reason: 1,
      name: 'Anonymous',
      text: 'Private request for the pastors only.',
      hoursAgo: 1,
      prayed: 0,
      visit: true,
      hidden: 'unpublished',
    },
  ],
};

async function userByEmail(db: Database, email: string) {
  const [row] = await db
    .select({ id: t.users.id, firstName: t.users.firstName })
    .from(t.users)
    .where(eq(t.users.email, email));
  return row ?? null;
}

export async function seedPrayer(db: Database): Promise<void> {
  const now = Date.now();
  for (const church of [GRACA, GRACE]) {
    const [row] = await db
      .select({ id: t.churches.id })
      .from(t.churches)
      .where(eq(t.churches.code, church.code));
    if (!row) continue; // a database seeded without this church
    const churchId = row.id;
    const users = new Map<string, { id: number; firstName: string }>();
    for (const email of new Set(
      church.prayers.flatMap((p) => [p.user, ...(p.messages ?? []).map((m) => m.by)]),
    )) {
      if (!email?.includes('@')) continue;
      const user = await userByEmail(db, email);
      if (user) users.set(email, user);
    }
    await db.transaction(async (tx) => {
      const reasons = await tx
        .insert(t.prayerReasons)
        .values(church.reasons.map((name, position) => ({ churchId, name, position })))
        .returning({ id: t.prayerReasons.id });
      for (const p of church.prayers) {
        const author = p.user ? users.get(p.user) : undefined;
        const createdAt = new Date(now - p.hoursAgo * HOUR);
        const [prayer] = await tx
          .insert(t.prayers)
          .values({
            churchId,
            userId: author?.id ?? null,
            reasonId: reasons[p.reason]!.id,
            name: p.name ?? author?.firstName ?? null,
            message: p.text,
            publishOnWall: p.hidden !== 'unpublished',
            active: p.hidden !== 'inactive',
            wantsCall: p.call ?? false,
            wantsVisit: p.visit ?? false,
            prayedCount: p.prayed,
            createdAt,
          })
          .returning({ id: t.prayers.id });
        for (const [i, m] of (p.messages ?? []).entries()) {
          const by = users.get(m.by);
          await tx.insert(t.prayerMessages).values({
            churchId,
            prayerId: prayer!.id,
            userId: by?.id ?? null,
            name: by?.firstName ?? m.by,
            message: m.text,
            createdAt: new Date(Math.min(now, createdAt.getTime() + (i + 1) * 2 * HOUR)),
          });
        }
        // Demo members' own "I prayed" marks on the requests they answered.
        for (const by of new Set(
          (p.messages ?? []).map((m) => users.get(m.by)?.id).filter((id): id is number => !!id),
        )) {
          await tx
            .insert(t.prayerPrays)
            .values({ churchId, prayerId: prayer!.id, userId: by })
            .onConflictDoNothing();
        }
      }
    });
  }
}
