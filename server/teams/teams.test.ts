import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { and, eq, gt, ne } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { myRotasSchema, teamPlanViewSchema } from '../../contract/rotas.ts';
import {
  planDetailSchema,
  proposalSchema,
  reportSchema,
  teamDetailSchema,
} from '../../contract/teams-staff.ts';
import { createApi } from '../app.ts';
import { createChangeFeed } from '../changes.ts';
import type { DatabaseHandle } from '../db/client.ts';
import * as t from '../db/schema/index.ts';
import { openTestDatabase, testBackends } from '../db/test-database.ts';
import { apiClient, loginAs } from '../test-kit.ts';
import { readOutbox } from '../mail/outbox.ts';
import { churchToday } from '../../common/time-zone.ts';
import type { MembersScope } from '../member/scope.ts';
import { checkInByQr } from './rota-checkin.ts';
import { answerAsMember, checkInSelf, myRotas, sendReminders } from './rotas.service.ts';
import { teamDetail } from './teams-staff.service.ts';

let dataDir: string;
beforeAll(async () => {
  dataDir = await mkdtemp(path.join(tmpdir(), 'rotas-'));
  process.env.DATA_DIR = dataDir;
});
afterAll(() => rm(dataDir, { recursive: true, force: true }));

const EMAILS = {
  admin: 'lider@graca.demo',
  member: 'membro@graca.demo',
  editor: 'editor@graca.demo',
  treasurer: 'tesoureiro@graca.demo',
  graceAdmin: 'admin@grace.demo',
} as const;
type Who = keyof typeof EMAILS;

/** The token of an e-mail's answer link. */
const tokenOf = (link: string) => new URL(link).searchParams.get('t')!;
/** The instant `hours` after the UTC midnight that starts `day` (yyyy-mm-dd), plus `days` days. */
const utcAt = (day: string, days: number, hours: number) =>
  new Date(Date.parse(`${day}T00:00:00Z`) + (days * 24 + hours) * 3_600_000);

describe.each(testBackends())('volunteer teams and rotas on %s', (backend) => {
  let database: DatabaseHandle;
  let api: ReturnType<typeof createApi>;
  const tokens = {} as Record<Who, string>;
  const ids = {} as Record<Who, number>;
  let graca: number;

  const client = apiClient(() => api);
  async function send(method: string, url: string, who?: Who, json?: unknown, lang = 'en') {
    const token = who ? tokens[who] : undefined;
    const res = await client.raw(method, url, { token, body: json, lang });
    const text = await res.text();
    let body: Record<string, unknown> & { message?: string; errors?: Record<string, string[]> } =
      {};
    try {
      body = text ? JSON.parse(text) : {};
    } catch {
      body = {};
    }
    return { status: res.status, body, text, headers: res.headers };
  }

  beforeAll(async () => {
    database = await openTestDatabase(backend);
    api = createApi({ db: database.db, changes: createChangeFeed() });
    graca = (await database.db.select().from(t.churches).where(eq(t.churches.slug, 'graca')))[0]!
      .id;
    for (const [who, email] of Object.entries(EMAILS) as [Who, string][]) {
      tokens[who] = (await loginAs(api, email)).token;
      const [user] = await database.db.select().from(t.users).where(eq(t.users.email, email));
      ids[who] = user!.id;
    }
  }, 180_000);
  afterAll(() => database?.close());

  let teamId: number;
  let otherTeamId: number;
  let planId: number;
  let serviceId: number;

  it('an admin makes a team with three positions; members, other churches and bad input are refused', async () => {
    expect((await send('POST', '/admin/graca/equipes', undefined, { nome: 'X' })).status).toBe(401);
    expect((await send('POST', '/admin/graca/equipes', 'member', { nome: 'X' })).status).toBe(403);
    expect((await send('POST', '/admin/graca/equipes', 'graceAdmin', { nome: 'X' })).status).toBe(
      403,
    );
    // a content editor is staff, but leads no team
    expect((await send('POST', '/admin/graca/equipes', 'editor', { nome: 'X' })).status).toBe(403);
    const bad = await send('POST', '/admin/graca/equipes', 'admin', { nome: '', tipo: 'x' }, 'pt');
    expect(bad.status).toBe(400);
    expect(bad.body.errors?.nome).toEqual(['Esse campo é obrigatório.']);
    expect(bad.body.errors?.tipo).toEqual(['Escolha geral, louvor ou porta.']);

    const made = await send('POST', '/admin/graca/equipes', 'admin', {
      nome: 'Louvor',
      tipo: 'louvor',
    });
    expect(made.status).toBe(201);
    teamId = made.body.id as number;
    const again = await send('POST', '/admin/graca/equipes', 'admin', { nome: 'Louvor' });
    expect(again.status).toBe(409);
    expect(again.body.errors?.nome).toEqual(['There is already one with this name.']);
    for (const nome of ['Vocal', 'Violão', 'Teclado'])
      expect(
        (await send('POST', `/admin/graca/equipes/${teamId}/posicoes`, 'admin', { nome })).status,
      ).toBe(201);
    const badCount = await send('POST', `/admin/graca/equipes/${teamId}/posicoes`, 'admin', {
      nome: 'Bateria',
      quantidade: 99,
    });
    expect(badCount.status).toBe(400);
    expect(badCount.body.errors?.quantidade).toEqual(['Choose between 0 and 50.']);

    const found = await send('GET', '/admin/graca/equipes-pessoas?busca=membro', 'admin');
    expect((found.body.pessoas as { id: number }[]).map((p) => p.id)).toContain(ids.member);
    expect((await send('GET', '/admin/graca/equipes-pessoas?busca=membro', 'editor')).status).toBe(
      403,
    );
    for (const who of ['member', 'editor', 'treasurer'] as const)
      expect(
        (
          await send('POST', `/admin/graca/equipes/${teamId}/membros`, 'admin', {
            idUsuario: ids[who],
          })
        ).status,
      ).toBe(201);
    const grace = await send('POST', `/admin/graca/equipes/${teamId}/membros`, 'admin', {
      idUsuario: ids.graceAdmin,
    });
    expect(grace.status).toBe(422);
    const detail = teamDetailSchema.parse(
      (await send('GET', `/admin/graca/equipes/${teamId}`, 'admin')).body,
    );
    expect(detail.posicoes.map((p) => p.nome)).toEqual(['Vocal', 'Violão', 'Teclado']);
    expect(detail.pessoas).toHaveLength(3);
    // another church's admin cannot read it
    expect((await send('GET', `/admin/graca/equipes/${teamId}`, 'graceAdmin')).status).toBe(403);
    expect((await send('GET', `/admin/grace/equipes/${teamId}`, 'graceAdmin')).status).toBe(404);
    const audit = await database.db
      .select()
      .from(t.auditLog)
      .where(and(eq(t.auditLog.action, 'teams.create'), eq(t.auditLog.targetId, String(teamId))));
    expect(audit).toHaveLength(1);
  });

  it('makes the plans of a weekly service from the schedule, with the positions of the template', async () => {
    serviceId = teamDetailSchema
      .parse((await send('GET', `/admin/graca/equipes/${teamId}`, 'admin')).body)
      .cultos.find((c) => c.titulo === 'Culto da manhã')!.id;
    const made = await send('POST', `/admin/graca/equipes/${teamId}/escalas`, 'admin', {
      idCulto: serviceId,
      semanas: 3,
    });
    expect(made.status).toBe(201);
    expect((made.body.criadas as number[]).length).toBe(3);
    // generating again makes nothing twice
    const again = await send('POST', `/admin/graca/equipes/${teamId}/escalas`, 'admin', {
      idCulto: serviceId,
      semanas: 3,
    });
    expect(again.body.criadas).toEqual([]);
    const detail = teamDetailSchema.parse(
      (await send('GET', `/admin/graca/equipes/${teamId}`, 'admin')).body,
    );
    expect(detail.escalas).toHaveLength(3);
    for (const plan of detail.escalas) {
      expect(new Date(`${plan.data}T00:00:00Z`).getUTCDay()).toBe(0); // Sundays
      expect(plan.horario).toBe('10:30');
      expect(plan.precisa).toBe(3);
    }
    planId = detail.escalas[0]!.id;
  });

  it('schedules three members, each asked by e-mail with a link that answers without a login', async () => {
    const plan = planDetailSchema.parse(
      (await send('GET', `/admin/graca/equipes/${teamId}/escalas/${planId}`, 'admin')).body,
    );
    const people = ['member', 'editor', 'treasurer'] as const;
    for (const [i, who] of people.entries()) {
      const res = await send(
        'POST',
        `/admin/graca/equipes/${teamId}/escalas/${planId}/pessoas`,
        'admin',
        {
          idPosicao: plan.posicoes[i]!.id,
          idUsuario: ids[who],
        },
      );
      expect(res.status).toBe(201);
    }
    // the vocal place is full now
    const full = await send(
      'POST',
      `/admin/graca/equipes/${teamId}/escalas/${planId}/pessoas`,
      'admin',
      {
        idPosicao: plan.posicoes[0]!.id,
        idUsuario: ids.admin,
      },
    );
    expect(full.status).toBe(422); // the admin is not on the team
    const [mail] = await readOutbox(dataDir, EMAILS.editor);
    expect(mail!.subject).toContain('Violão');
    expect(mail!.links[0]).toMatch(/\/rota\?t=/);

    // the link shows the request (GET reads only) and answers by POST
    const token = tokenOf(mail!.links[0]!);
    const shown = await send('GET', `/igreja/graca/escala-resposta?t=${encodeURIComponent(token)}`);
    expect(shown.status).toBe(200);
    expect(shown.body).toMatchObject({ posicao: 'Violão', estado: 'pedida' });
    const accepted = await send('POST', '/igreja/graca/escala-resposta', undefined, {
      t: token,
      resposta: 'aceitar',
    });
    expect(accepted.status).toBe(200);
    expect(accepted.body.estado).toBe('aceita');
  });

  it('a signed link answers its own assignment only: another id or a changed signature is refused', async () => {
    const [mail] = await readOutbox(dataDir, EMAILS.editor);
    const token = tokenOf(mail!.links[0]!);
    const [id, signature] = token.split('.') as [string, string];
    const [other] = await readOutbox(dataDir, EMAILS.member);
    const otherId = tokenOf(other!.links[0]!).split('.')[0]!;
    expect(otherId).not.toBe(id);
    const reused = await send('POST', '/igreja/graca/escala-resposta', undefined, {
      t: `${otherId}.${signature}`,
      resposta: 'recusar',
    });
    expect(reused.status).toBe(404);
    expect(reused.body.message).toBe(
      'This link is not valid: open the one in your e-mail or answer on your page.',
    );
    const tampered = `${id}.${signature.slice(0, -2)}${signature.endsWith('AA') ? 'BB' : 'AA'}`;
    expect(
      (
        await send('POST', '/igreja/graca/escala-resposta', undefined, {
          t: tampered,
          resposta: 'recusar',
        })
      ).status,
    ).toBe(404);
    // and at another church it names nothing
    expect(
      (
        await send('POST', '/igreja/grace/escala-resposta', undefined, {
          t: token,
          resposta: 'recusar',
        })
      ).status,
    ).toBe(404);
    const [row] = await database.db
      .select()
      .from(t.assignments)
      .where(eq(t.assignments.id, Number(otherId)));
    expect(row!.state).toBe('pedida');
  });

  it('a decline reopens the place, tells the leaders, and the plan then proposes a fair substitute', async () => {
    // the admin leads the team now (the leader gets the notice); and is a possible substitute
    await send('POST', `/admin/graca/equipes/${teamId}/membros`, 'admin', {
      idUsuario: ids.admin,
      lider: true,
    });
    const [mail] = await readOutbox(dataDir, EMAILS.member);
    const declined = await send('POST', '/igreja/graca/escala-resposta', undefined, {
      t: tokenOf(mail!.links[0]!),
      resposta: 'recusar',
    });
    expect(declined.body.estado).toBe('recusada');
    const plan = planDetailSchema.parse(
      (await send('GET', `/admin/graca/equipes/${teamId}/escalas/${planId}`, 'admin')).body,
    );
    expect(plan.posicoes[0]!.abertas).toBe(1);
    const [notice] = await readOutbox(dataDir, EMAILS.admin);
    expect(notice!.subject).toMatch(/declined|recusou/);
    const inApp = await database.db
      .select()
      .from(t.notifications)
      .where(
        and(eq(t.notifications.userId, ids.admin), eq(t.notifications.typeCode, 'ESCALA_RECUSADA')),
      );
    expect(inApp).toHaveLength(1);

    const proposal = proposalSchema.parse(
      (await send('GET', `/admin/graca/equipes/${teamId}/escalas/${planId}/proposta`, 'admin'))
        .body,
    );
    // the one who declined is not proposed again; the admin is the only one free
    expect(proposal.propostas).toEqual([
      {
        idPosicao: plan.posicoes[0]!.id,
        posicao: 'Vocal',
        pessoa: expect.objectContaining({ id: ids.admin }),
      },
    ]);
    const filled = await send(
      'POST',
      `/admin/graca/equipes/${teamId}/escalas/${planId}/pessoas`,
      'admin',
      {
        idPosicao: proposal.propostas[0]!.idPosicao,
        idUsuario: proposal.propostas[0]!.pessoa.id,
      },
    );
    expect(filled.status).toBe(201);
  });

  it('proposes the least recently, then least often served, and never someone away', async () => {
    const detail = teamDetailSchema.parse(
      (await send('GET', `/admin/graca/equipes/${teamId}`, 'admin')).body,
    );
    const next = detail.escalas[1]!;
    // the treasurer is away on that day
    const away = await send('POST', '/igreja/graca/bloqueios', 'treasurer', {
      inicio: next.data,
      fim: next.data,
      motivo: 'Viagem',
    });
    expect(away.status).toBe(201);
    const proposal = proposalSchema.parse(
      (await send('GET', `/admin/graca/equipes/${teamId}/escalas/${next.id}/proposta`, 'admin'))
        .body,
    );
    const proposed = proposal.propostas.map((p) => p.pessoa.id);
    expect(proposed).not.toContain(ids.treasurer);
    // the member served never (declined the first plan) and comes first; then the others
    expect(proposed[0]).toBe(ids.member);
    expect(new Set(proposed).size).toBe(proposed.length);
    const plan = planDetailSchema.parse(
      (await send('GET', `/admin/graca/equipes/${teamId}/escalas/${next.id}`, 'admin')).body,
    );
    const blocked = await send(
      'POST',
      `/admin/graca/equipes/${teamId}/escalas/${next.id}/pessoas`,
      'admin',
      {
        idPosicao: plan.posicoes[1]!.id,
        idUsuario: ids.treasurer,
      },
    );
    expect(blocked.status).toBe(409);
    expect(blocked.body.errors?.idUsuario).toEqual(['This person is away on this day.']);
    expect(plan.candidatos.find((c) => c.id === ids.treasurer)!.bloqueado).toBe(true);
  });

  it('two leaders scheduling one person at the same time: exactly one succeeds', async () => {
    const other = await send('POST', '/admin/graca/equipes', 'admin', { nome: 'Recepção' });
    otherTeamId = other.body.id as number;
    await send('POST', `/admin/graca/equipes/${otherTeamId}/posicoes`, 'admin', { nome: 'Porta' });
    await send('POST', `/admin/graca/equipes/${otherTeamId}/membros`, 'admin', {
      idUsuario: ids.editor,
    });
    const detail = teamDetailSchema.parse(
      (await send('GET', `/admin/graca/equipes/${teamId}`, 'admin')).body,
    );
    const third = detail.escalas[2]!;
    await send('POST', `/admin/graca/equipes/${otherTeamId}/escalas`, 'admin', {
      idCulto: serviceId,
      semanas: 3,
    });
    const otherPlan = teamDetailSchema
      .parse((await send('GET', `/admin/graca/equipes/${otherTeamId}`, 'admin')).body)
      .escalas.find((p) => p.data === third.data)!;
    const [a, b] = await Promise.all([
      planDetailSchema.parse(
        (await send('GET', `/admin/graca/equipes/${teamId}/escalas/${third.id}`, 'admin')).body,
      ),
      planDetailSchema.parse(
        (await send('GET', `/admin/graca/equipes/${otherTeamId}/escalas/${otherPlan.id}`, 'admin'))
          .body,
      ),
    ]);
    const results = await Promise.all([
      send('POST', `/admin/graca/equipes/${teamId}/escalas/${third.id}/pessoas`, 'admin', {
        idPosicao: a.posicoes[0]!.id,
        idUsuario: ids.editor,
      }),
      send('POST', `/admin/graca/equipes/${otherTeamId}/escalas/${otherPlan.id}/pessoas`, 'admin', {
        idPosicao: b.posicoes[0]!.id,
        idUsuario: ids.editor,
      }),
    ]);
    expect(results.map((r) => r.status).sort()).toEqual([201, 409]);
    const refused = results.find((r) => r.status === 409)!;
    expect(refused.body.errors?.idUsuario).toEqual([
      'This person already serves at this day and time.',
    ]);
    const rows = await database.db
      .select()
      .from(t.assignments)
      .where(and(eq(t.assignments.userId, ids.editor), eq(t.assignments.date, third.data)));
    expect(rows).toHaveLength(1);
    // the other plan shows the conflict
    const seen = planDetailSchema.parse(
      (await send('GET', `/admin/graca/equipes/${otherTeamId}/escalas/${otherPlan.id}`, 'admin'))
        .body,
    );
    const editor = seen.candidatos.find((c) => c.id === ids.editor)!;
    expect(Boolean(editor.conflito) || editor.nestaEscala).toBe(true);
  });

  it('the member sees their next rotas on /user, answers there, and the team reads the plan', async () => {
    const mine = myRotasSchema.parse((await send('GET', '/igreja/graca/escalas', 'editor')).body);
    expect(mine.escalas.length).toBeGreaterThanOrEqual(2);
    expect(mine.escalas[0]).toMatchObject({
      equipe: 'Louvor',
      posicao: 'Violão',
      estado: 'aceita',
    });
    const asked = mine.escalas.find((e) => e.estado === 'pedida')!;
    const answered = await send('POST', `/igreja/graca/escalas/${asked.id}/resposta`, 'editor', {
      resposta: 'aceitar',
    });
    expect(answered.body.estado).toBe('aceita');
    // someone else's assignment is not theirs to answer
    const theirs = await send('POST', `/igreja/graca/escalas/${asked.id}/resposta`, 'member', {
      resposta: 'recusar',
    });
    expect(theirs.status).toBe(404);
    const view = teamPlanViewSchema.parse(
      (await send('GET', `/igreja/graca/escala/${planId}`, 'member')).body,
    );
    expect(view.posicoes.map((p) => p.nome)).toEqual(['Vocal', 'Violão', 'Teclado']);
    expect(view.posicoes[1]!.pessoas[0]!.nome).toMatch(/\S/);
    // a member who is not on the team does not see it
    await database.db
      .delete(t.teamMembers)
      .where(and(eq(t.teamMembers.teamId, teamId), eq(t.teamMembers.userId, ids.treasurer)));
    expect((await send('GET', `/igreja/graca/escala/${planId}`, 'treasurer')).status).toBe(404);
    // a member asks to join, the admin approves
    expect((await send('POST', `/igreja/graca/equipes/${teamId}/pedido`, 'treasurer')).status).toBe(
      204,
    );
    expect((await send('POST', `/igreja/graca/equipes/${teamId}/pedido`, 'treasurer')).status).toBe(
      409,
    );
    const approved = teamDetailSchema.parse(
      (
        await send('PUT', `/admin/graca/equipes/${teamId}/membros/${ids.treasurer}`, 'admin', {
          aprovar: true,
        })
      ).body,
    );
    expect(approved.pessoas.find((p) => p.id === ids.treasurer)!.estado).toBe('ativo');
    // blockouts: the end before the start is refused with a message
    const bad = await send('POST', '/igreja/graca/bloqueios', 'member', {
      inicio: '2030-01-10',
      fim: '2030-01-01',
    });
    expect(bad.status).toBe(400);
    expect(bad.body.errors?.fim).toEqual(['The last day cannot come before the first.']);
  });

  it('reminds each volunteer once two days before, even with two runners at once', async () => {
    const detail = teamDetailSchema.parse(
      (await send('GET', `/admin/graca/equipes/${teamId}`, 'admin')).body,
    );
    const first = detail.escalas[0]!;
    // 22:00 three days before in Brasília (01:00 UTC two days before): not yet
    const early = utcAt(first.data, -2, 1);
    // 09:00 two days before in Brasília
    const now = utcAt(first.data, -2, 12);
    const sent: string[] = [];
    const mailer = { send: async (m: { to: string }) => void sent.push(m.to) };
    const options = {
      mailer,
      settings: { PROVIDER_DOMAIN: 'localhost', PORT: 4321 },
      now,
      origin: (code: string) => `http://${code}.localhost:4321`,
    };
    expect(await sendReminders(database.db, { ...options, now: early })).toBe(0);
    expect(sent).toEqual([]);
    const [x, y] = await Promise.all([
      sendReminders(database.db, options),
      sendReminders(database.db, options),
    ]);
    const live = await database.db
      .select()
      .from(t.assignments)
      .where(eq(t.assignments.planId, first.id));
    const expected = live.filter((a) => a.state !== 'recusada').length;
    expect(x + y).toBe(expected);
    expect(sent).toHaveLength(expected);
    expect(new Set(sent).size).toBe(expected);
    expect(await sendReminders(database.db, options)).toBe(0);
  });

  it('on the day the leader marks who came and who is missing; the month report and its CSV count them', async () => {
    const plan = planDetailSchema.parse(
      (await send('GET', `/admin/graca/equipes/${teamId}/escalas/${planId}`, 'admin')).body,
    );
    const live = plan.posicoes.flatMap((p) => p.pessoas).filter((a) => a.estado !== 'recusada');
    const base = `/admin/graca/equipes/${teamId}/escalas/${planId}/pessoas`;
    const came = await send('POST', `${base}/${live[0]!.id}/presenca`, 'admin', { presente: true });
    expect(came.status).toBe(200);
    const missing = await send('POST', `${base}/${live[1]!.id}/presenca`, 'admin', {
      presente: false,
    });
    const after = planDetailSchema.parse(missing.body);
    const people = after.posicoes.flatMap((p) => p.pessoas);
    expect(people.find((a) => a.id === live[0]!.id)!.presenca).not.toBeNull();
    expect(people.find((a) => a.id === live[1]!.id)!.falta).toBe(true);

    const month = plan.data.slice(0, 7);
    const report = reportSchema.parse(
      (await send('GET', `/admin/graca/equipes/relatorio?mes=${month}`, 'admin')).body,
    );
    const louvor = report.linhas.filter((l) => l.equipe === 'Louvor');
    expect(louvor.reduce((n, l) => n + l.faltas, 0)).toBe(1);
    expect(louvor.reduce((n, l) => n + l.recusou, 0)).toBe(1);
    expect(louvor.reduce((n, l) => n + l.serviu, 0)).toBeGreaterThanOrEqual(1);
    const csv = await send(
      'GET',
      `/admin/graca/equipes/relatorio?mes=${month}&formato=csv`,
      'admin',
    );
    expect(csv.headers.get('content-type')).toMatch(/text\/csv/);
    expect(csv.text.split('\n')[0]).toContain('Equipe;Pessoa;Escalas;Serviu;Recusou;Faltas');
    const badMonth = await send(
      'GET',
      '/admin/graca/equipes/relatorio?mes=2026-13',
      'admin',
      undefined,
      'es',
    );
    expect(badMonth.status).toBe(400);
    expect(badMonth.body.errors?.mes).toEqual(['Use un mes como 2026-12.']);
  });

  it('a team leader without a staff role runs their own team only', async () => {
    await send('POST', `/admin/graca/equipes/${otherTeamId}/membros`, 'admin', {
      idUsuario: ids.member,
      lider: true,
    });
    const me = await send('GET', '/admin/graca/eu', 'member');
    expect(me.status).toBe(200);
    expect(me.body.areas).toEqual(['teams']);
    expect((await send('GET', '/admin/graca/painel', 'member')).status).toBe(200);
    const list = await send('GET', '/admin/graca/equipes', 'member');
    expect((list.body.equipes as { nome: string }[]).map((team) => team.nome)).toEqual([
      'Recepção',
    ]);
    expect(
      (
        await send('POST', `/admin/graca/equipes/${otherTeamId}/posicoes`, 'member', {
          nome: 'Estacionamento',
        })
      ).status,
    ).toBe(201);
    expect((await send('GET', `/admin/graca/equipes/${teamId}`, 'member')).status).toBe(403);
    expect((await send('POST', '/admin/graca/equipes', 'member', { nome: 'Mídia' })).status).toBe(
      403,
    );
    expect((await send('GET', '/admin/graca/pessoas', 'member')).status).toBe(403);
    // and once no longer a leader, the staff area is closed again
    await send('PUT', `/admin/graca/equipes/${otherTeamId}/membros/${ids.member}`, 'admin', {
      lider: false,
    });
    expect((await send('GET', '/admin/graca/eu', 'member')).status).toBe(403);
  });

  it('the door team of an event is the people of its door plan', async () => {
    const door = await send('POST', '/admin/graca/equipes', 'admin', {
      nome: 'Porta',
      tipo: 'porta',
    });
    const doorId = door.body.id as number;
    await send('POST', `/admin/graca/equipes/${doorId}/posicoes`, 'admin', { nome: 'Porta A' });
    await send('POST', `/admin/graca/equipes/${doorId}/membros`, 'admin', {
      idUsuario: ids.treasurer,
    });
    const [event] = await database.db
      .select()
      .from(t.events)
      .where(and(eq(t.events.churchId, graca), gt(t.events.startsAt, new Date())))
      .limit(1);
    const made = await send('POST', `/admin/graca/equipes/${doorId}/escalas`, 'admin', {
      idEvento: event!.id,
    });
    expect(made.status).toBe(201);
    const planId = (made.body.criadas as number[])[0]!;
    const plan = planDetailSchema.parse(
      (await send('GET', `/admin/graca/equipes/${doorId}/escalas/${planId}`, 'admin')).body,
    );
    expect(plan.titulo).toBe(event!.title);
    const doorRows = () =>
      database.db
        .select()
        .from(t.eventDoorTeam)
        .where(
          and(eq(t.eventDoorTeam.eventId, event!.id), eq(t.eventDoorTeam.userId, ids.treasurer)),
        );
    const asked = await send(
      'POST',
      `/admin/graca/equipes/${doorId}/escalas/${planId}/pessoas`,
      'admin',
      {
        idPosicao: plan.posicoes[0]!.id,
        idUsuario: ids.treasurer,
      },
    );
    expect(asked.status).toBe(201);
    expect(await doorRows()).toHaveLength(1);
    const declined = await send(
      'POST',
      `/igreja/graca/escalas/${asked.body.id as number}/resposta`,
      'treasurer',
      { resposta: 'recusar' },
    );
    expect(declined.status).toBe(200);
    expect(await doorRows()).toHaveLength(0);
  });

  it('a volunteer checks in themselves on the day only', async () => {
    const mine = myRotasSchema.parse((await send('GET', '/igreja/graca/escalas', 'editor')).body);
    const next = mine.escalas.find((e) => e.estado !== 'recusada')!;
    const early = await send(
      'POST',
      `/igreja/graca/escalas/${next.id}/presenca`,
      'editor',
      undefined,
      'pt',
    );
    const onTheDay = next.data === churchToday('America/Sao_Paulo');
    expect(early.status).toBe(onTheDay ? 204 : 409);
    if (!onTheDay)
      expect(early.body.message).toBe(
        'Só é possível marcar presença no dia de uma escala que você não recusou.',
      );
    // not someone else's
    expect(
      (await send('POST', `/igreja/graca/escalas/${next.id}/presenca`, 'treasurer')).status,
    ).toBe(409);
  });
  let mediaId: number;
  let mediaPlan: number;
  let swapPlanDate: string;
  const inDays = (n: number) => new Date(Date.now() + n * 86_400_000).toISOString().slice(0, 10);
  const swapOf = (who: Who) =>
    send('GET', '/igreja/graca/escalas', who).then((r) => myRotasSchema.parse(r.body).trocas);

  it('a swap asked of the team: everyone free is told (notice, push, e-mail), two accept at once and one wins', async () => {
    const made = await send('POST', '/admin/graca/equipes', 'admin', { nome: 'Mídia' });
    mediaId = made.body.id as number;
    await send('POST', `/admin/graca/equipes/${mediaId}/posicoes`, 'admin', { nome: 'Projeção' });
    for (const who of ['member', 'editor', 'treasurer'] as const)
      await send('POST', `/admin/graca/equipes/${mediaId}/membros`, 'admin', {
        idUsuario: ids[who],
      });
    const plans = await send('POST', `/admin/graca/equipes/${mediaId}/escalas`, 'admin', {
      idCulto: serviceId,
      semanas: 1,
      desde: inDays(70),
    });
    mediaPlan = (plans.body.criadas as number[])[0]!;
    const plan = planDetailSchema.parse(
      (await send('GET', `/admin/graca/equipes/${mediaId}/escalas/${mediaPlan}`, 'admin')).body,
    );
    swapPlanDate = plan.data;
    const asked = await send(
      'POST',
      `/admin/graca/equipes/${mediaId}/escalas/${mediaPlan}/pessoas`,
      'admin',
      { idPosicao: plan.posicoes[0]!.id, idUsuario: ids.editor },
    );
    const assignmentId = asked.body.id as number;
    // the request itself is also a notice (and a push when allowed)
    const request = await database.db
      .select()
      .from(t.notifications)
      .where(
        and(eq(t.notifications.userId, ids.editor), eq(t.notifications.typeCode, 'ESCALA_PEDIDO')),
      );
    expect(request.map((n) => n.relatedId)).toContain(String(assignmentId));
    // the treasurer has a device: the swap's notice is queued for push
    await database.db.insert(t.pushSubscriptions).values({
      churchId: graca,
      userId: ids.treasurer,
      endpoint: 'https://push.example/rotas-test',
      p256dh: 'x',
      auth: 'y',
      label: 'test',
    });

    const bad = await send(
      'POST',
      `/igreja/graca/escalas/${assignmentId}/troca`,
      'editor',
      { idPara: 'x' },
      'pt',
    );
    expect(bad.status).toBe(400);
    expect(bad.body.errors?.idPara).toBeDefined();
    expect(
      (await send('POST', `/igreja/graca/escalas/${assignmentId}/troca`, 'treasurer', {})).status,
    ).toBe(404); // not theirs
    const swap = await send('POST', `/igreja/graca/escalas/${assignmentId}/troca`, 'editor', {});
    expect(swap.status).toBe(201);
    const swapId = swap.body.id as number;
    const twice = await send('POST', `/igreja/graca/escalas/${assignmentId}/troca`, 'editor', {});
    expect(twice.status).toBe(409);
    expect(twice.body.message).toBe('You already asked for a swap of this rota.');

    const notices = await database.db
      .select()
      .from(t.notifications)
      .where(
        and(
          eq(t.notifications.typeCode, 'ESCALA_TROCA'),
          eq(t.notifications.relatedId, String(swapId)),
        ),
      );
    expect(notices.map((n) => n.userId).sort()).toEqual([ids.member, ids.treasurer].sort());
    const pushed = await database.db
      .select()
      .from(t.pushSends)
      .where(eq(t.pushSends.churchId, graca));
    expect(pushed.map((p) => p.notificationId)).toContain(Math.min(...notices.map((n) => n.id)));
    const [mail] = await readOutbox(dataDir, EMAILS.member);
    expect(mail!.subject).toMatch(/^Troca: você pode assumir Projeção/);
    expect((await swapOf('member')).find((x) => x.id === swapId)).toMatchObject({
      minha: false,
      estado: 'aberta',
      posicao: 'Projeção',
    });
    expect((await swapOf('editor')).find((x) => x.id === swapId)?.minha).toBe(true);
    expect((await send('POST', `/igreja/graca/trocas/${swapId}/aceitar`, 'editor')).status).toBe(
      409,
    );

    const both = await Promise.all(
      (['member', 'treasurer'] as const).map((who) =>
        send('POST', `/igreja/graca/trocas/${swapId}/aceitar`, who),
      ),
    );
    expect(both.map((r) => r.status).sort()).toEqual([200, 409]);
    const loser = both.find((r) => r.status === 409)!;
    expect(loser.body.message).toBe('Someone else already took this swap.');
    const winner = both[0]!.status === 200 ? 'member' : 'treasurer';
    const rows = await database.db
      .select()
      .from(t.assignments)
      .where(eq(t.assignments.planId, mediaPlan));
    expect(rows.filter((r) => r.state !== 'recusada').map((r) => r.userId)).toEqual([ids[winner]]);
    expect(rows.find((r) => r.userId === ids.editor)!.state).toBe('recusada');
    // the leaders (here the church's admins: the team has none) are told
    const told = await database.db
      .select()
      .from(t.notifications)
      .where(
        and(
          eq(t.notifications.userId, ids.admin),
          eq(t.notifications.typeCode, 'ESCALA_TROCA'),
          eq(t.notifications.relatedId, String(swapId)),
        ),
      );
    expect(told).toHaveLength(1);
    const after = planDetailSchema.parse(
      (await send('GET', `/admin/graca/equipes/${mediaId}/escalas/${mediaPlan}`, 'admin')).body,
    );
    expect(after.trocas[0]).toMatchObject({ id: swapId, estado: 'feita', posicao: 'Projeção' });
    expect(after.trocas[0]!.tomadaPor).not.toBeNull();
    const summary = teamDetailSchema
      .parse((await send('GET', `/admin/graca/equipes/${mediaId}`, 'admin')).body)
      .escalas.find((p) => p.id === mediaPlan)!;
    expect(summary).toMatchObject({ pedidas: 0, aceitas: 1, recusadas: 1, abertas: 0 });
  });

  it('with approval on, a taker waits for a leader who approves or refuses; a named swap reaches only that member', async () => {
    const put = await send('PUT', `/admin/graca/equipes/${mediaId}`, 'admin', {
      nome: 'Mídia',
      trocaComAprovacao: true,
    });
    expect(put.body.trocaComAprovacao).toBe(true);
    const holder = (
      await database.db
        .select()
        .from(t.assignments)
        .where(and(eq(t.assignments.planId, mediaPlan), eq(t.assignments.state, 'aceita')))
    )[0]!;
    const holderWho = holder.userId === ids.member ? 'member' : 'treasurer';
    const otherWho = holderWho === 'member' ? 'treasurer' : 'member';
    const notMate = await send('POST', `/igreja/graca/escalas/${holder.id}/troca`, holderWho, {
      idPara: ids.admin,
    });
    expect(notMate.status).toBe(422);
    expect(notMate.body.errors?.idPara).toEqual(['This person is not on the team.']);
    const named = await send('POST', `/igreja/graca/escalas/${holder.id}/troca`, holderWho, {
      idPara: ids.editor,
    });
    const swapId = named.body.id as number;
    expect((await swapOf(otherWho)).some((x) => x.id === swapId)).toBe(false);
    expect((await send('POST', `/igreja/graca/trocas/${swapId}/aceitar`, otherWho)).status).toBe(
      404,
    );
    const taken = await send('POST', `/igreja/graca/trocas/${swapId}/aceitar`, 'editor');
    expect(taken.body).toEqual({ estado: 'aguardando' });
    const [still] = await database.db
      .select()
      .from(t.assignments)
      .where(eq(t.assignments.id, holder.id));
    expect(still!.state).toBe('aceita');
    const decide = `/admin/graca/equipes/${mediaId}/escalas/${mediaPlan}/trocas/${swapId}`;
    expect((await send('POST', decide, 'editor', { aprovar: true })).status).toBe(403);
    expect((await send('POST', decide, 'admin', { aprovar: 'x' })).status).toBe(400);
    const approved = planDetailSchema.parse(
      (await send('POST', decide, 'admin', { aprovar: true })).body,
    );
    expect(approved.trocas.find((x) => x.id === swapId)!.estado).toBe('feita');
    expect(
      approved.posicoes[0]!.pessoas.filter((p) => p.estado === 'aceita').map((p) => p.pessoa.id),
    ).toEqual([ids.editor]);
    expect((await send('POST', decide, 'admin', { aprovar: true })).status).toBe(409);

    // refused: the asker stays on the rota
    const mine = (await send('GET', '/igreja/graca/escalas', 'editor')).body as {
      escalas: { id: number; data: string; estado: string }[];
    };
    const editorRota = mine.escalas.find((e) => e.data === swapPlanDate && e.estado === 'aceita')!;
    const open = await send('POST', `/igreja/graca/escalas/${editorRota.id}/troca`, 'editor', {});
    await send('POST', `/igreja/graca/trocas/${open.body.id as number}/aceitar`, otherWho);
    const refused = planDetailSchema.parse(
      (
        await send(
          'POST',
          `/admin/graca/equipes/${mediaId}/escalas/${mediaPlan}/trocas/${open.body.id as number}`,
          'admin',
          { aprovar: false },
        )
      ).body,
    );
    expect(refused.trocas.find((x) => x.id === open.body.id)!.estado).toBe('recusada');
    expect(
      refused.posicoes[0]!.pessoas.filter((p) => p.estado === 'aceita').map((p) => p.pessoa.id),
    ).toEqual([ids.editor]);
    const [refusedMail] = await readOutbox(dataDir, EMAILS.editor);
    expect(refusedMail!.subject).toMatch(/não aprovada/);
    // a swap the asker withdraws is closed
    const again = await send('POST', `/igreja/graca/escalas/${editorRota.id}/troca`, 'editor', {});
    expect(
      (await send('DELETE', `/igreja/graca/trocas/${again.body.id as number}`, 'editor')).status,
    ).toBe(204);
    expect(
      (await send('DELETE', `/igreja/graca/trocas/${again.body.id as number}`, 'editor')).status,
    ).toBe(409);
  });

  it("the plan's QR checks in a volunteer on the team on its day only", async () => {
    const plan = planDetailSchema.parse(
      (await send('GET', `/admin/graca/equipes/${mediaId}/escalas/${mediaPlan}`, 'admin')).body,
    );
    expect(plan.linkPresenca).toMatch(/^\/rota\/presenca\?t=\d+\./);
    const token = new URL(plan.linkPresenca, 'http://x').searchParams.get('t')!;
    const early = await send('POST', '/igreja/graca/escala-presenca', 'editor', { t: token });
    expect(early.status).toBe(409); // the plan is weeks ahead
    const forged = await send('POST', '/igreja/graca/escala-presenca', 'editor', {
      t: `${planId}.${token.split('.')[1]}`,
    });
    expect(forged.status).toBe(404);
    expect(
      (await send('POST', '/igreja/graca/escala-presenca', undefined, { t: token })).status,
    ).toBe(401);
    // 23:30 the evening before in Brasília is 02:30 UTC on the plan's day: not its day yet
    await expect(
      checkInByQr(database.db, graca, ids.editor, token, utcAt(plan.data, 0, 2.5)),
    ).rejects.toMatchObject({ status: 409 });
    // 21:30 on the plan's day in Brasília is 00:30 UTC the next day: still its day
    const onTheDay = utcAt(plan.data, 1, 0.5);
    const done = await checkInByQr(database.db, graca, ids.editor, token, onTheDay);
    expect(done.posicoes).toEqual(['Projeção']);
    const [row] = await database.db
      .select()
      .from(t.assignments)
      .where(
        and(
          eq(t.assignments.planId, mediaPlan),
          eq(t.assignments.userId, ids.editor),
          eq(t.assignments.state, 'aceita'),
        ),
      );
    expect(row!.checkedInAt).not.toBeNull();
    await expect(checkInByQr(database.db, graca, ids.admin, token, onTheDay)).rejects.toMatchObject(
      {
        status: 409,
      },
    );
  });

  it('counts days on the church’s clock: its evening is still its day after UTC’s midnight', async () => {
    // the editor's media rota, checked in by the QR above, on a Sunday in Brasília (UTC−3)
    const day = planDetailSchema.parse(
      (await send('GET', `/admin/graca/equipes/${mediaId}/escalas/${mediaPlan}`, 'admin')).body,
    ).data;
    const [rota] = await database.db
      .select({ id: t.assignments.id })
      .from(t.assignments)
      .where(
        and(
          eq(t.assignments.planId, mediaPlan),
          eq(t.assignments.userId, ids.editor),
          ne(t.assignments.state, 'recusada'),
        ),
      );
    const evening = utcAt(day, 1, 1); // 22:00 on the day in Brasília
    const midnight = utcAt(day, 1, 3.5); // 00:30 the next day in Brasília

    // the member's rotas from today on still hold the day's rota that evening
    const listed = async (now: Date) =>
      (await myRotas(database.db, graca, ids.editor, now)).escalas.some((e) => e.id === rota!.id);
    expect(await listed(evening)).toBe(true);
    expect(await listed(midnight)).toBe(false);

    // answering is not "past" that evening, and is after the church's midnight
    const mailer = { send: async () => undefined };
    const answer = (now: Date) =>
      answerAsMember(database.db, mailer, graca, ids.editor, rota!.id, 'aceitar', 'http://x', now);
    expect((await answer(evening)).estado).toBe('aceita');
    await expect(answer(midnight)).rejects.toMatchObject({ status: 409 });

    // "I am here" works that evening, and not after its midnight
    const scope = { church: { id: graca }, user: { userId: ids.editor } } as MembersScope;
    await checkInSelf({ db: database.db }, scope, rota!.id, evening);
    await expect(checkInSelf({ db: database.db }, scope, rota!.id, midnight)).rejects.toMatchObject(
      { status: 409 },
    );

    // the team's page lists the plans of the last 7 days of the church's calendar
    const admin = { userId: ids.admin, name: '', churchId: graca, roles: ['ROLE_ADMIN'] };
    const plans = async (now: Date) =>
      (await teamDetail(database.db, admin, mediaId, now)).escalas.map((p) => p.id);
    expect(await plans(utcAt(day, 8, 1))).toContain(mediaPlan); // 22:00 seven days after
    expect(await plans(utcAt(day, 8, 3.5))).not.toContain(mediaPlan);
  });
});
