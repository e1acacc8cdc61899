import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  GROUP_NOTIFICATION_TYPES,
  groupAnswerResponseSchema,
  groupDetailSchema,
  groupJoinResponseSchema,
  groupListResponseSchema,
  groupMeetingResponseSchema,
  groupMeetingsResponseSchema,
  groupRequestsResponseSchema,
} from '../../contract/groups.ts';
import { createApi, type Api } from '../app.ts';
import { resetAccountSettings } from '../auth/settings.ts';
import { createChangeFeed } from '../changes.ts';
import type { DatabaseHandle } from '../db/client.ts';
import * as t from '../db/schema/index.ts';
import { DEMO_PASSWORD } from '../db/seed/churches.ts';
import { LEADER_GROUP, MEMBER_GROUP } from '../db/seed/groups.ts';
import { openTestDatabase, testBackends } from '../db/test-database.ts';
import { apiClient, expectFieldError, loginAs } from '../test-kit.ts';
import { readOutbox } from '../mail/outbox.ts';

const dataDir = mkdtempSync(path.join(tmpdir(), 'groups-'));

describe.each(testBackends())('groups (cells) on %s', (backend) => {
  let database: DatabaseHandle;
  let api: Api;
  let member: { id: number; token: string }; // membro@graca.demo (Maria), in Célula Pinheiros
  let leader: { id: number; token: string }; // lider@graca.demo, leads Célula Vila Mariana
  let john: { id: number; token: string }; // member@grace.demo
  let leaderGroup: number;
  let memberGroup: number;
  let graceGroup: number;
  const changed: number[] = [];
  const dir = () => path.join(dataDir, backend);

  const { call } = apiClient(() => api, { lang: 'pt-BR' });
  const login = (email: string) => loginAs(api, email, DEMO_PASSWORD);
  const groupId = async (name: string) =>
    (
      await database.db.select({ id: t.groups.id }).from(t.groups).where(eq(t.groups.name, name))
    )[0]!.id;
  const list = async (query = '', token?: string, slug = 'graca') =>
    groupListResponseSchema.parse(
      (await call('GET', `/igreja/${slug}/celula/${query}`, { token })).body,
    );

  beforeAll(async () => {
    process.env.DATA_DIR = dir();
    resetAccountSettings();
    database = await openTestDatabase(backend);
    const changes = createChangeFeed();
    changes.onChurchChanged((id) => changed.push(id));
    api = createApi({ db: database.db, changes });
    member = await login('membro@graca.demo');
    leader = await login('lider@graca.demo');
    john = await login('member@grace.demo');
    leaderGroup = await groupId(LEADER_GROUP);
    memberGroup = await groupId(MEMBER_GROUP);
    graceGroup = await groupId('Downtown Group');
  }, 240_000); // opening and seeding a database is slow on a busy machine
  afterAll(() => database.close());

  it('lists the church groups with search, day and neighbourhood filters, and nearest first', async () => {
    const all = await list();
    expect(all.total).toBeGreaterThanOrEqual(6);
    expect(all.celulas.every((g) => g.distancia === null)).toBe(true);
    expect(new Set(all.filtros.bairros).size).toBeGreaterThanOrEqual(6);
    expect(all.filtros.dias.length).toBeGreaterThanOrEqual(6);
    const vm = all.celulas.find((g) => g.nome === LEADER_GROUP)!;
    expect(vm).toMatchObject({
      bairro: 'Vila Mariana',
      diaSemana: 2,
      horario: '20:00',
      lider: { nome: 'João Pereira' },
      qtdeMembros: 2,
    });
    expect((await list('?busca=pinhe')).celulas.map((g) => g.nome)).toEqual([MEMBER_GROUP]);
    expect((await list('?busca=PINHE')).celulas.map((g) => g.nome)).toEqual([MEMBER_GROUP]);
    expect((await list('?busca=100%25')).total).toBe(0); // % is a literal character
    expect((await list('?dia=2')).celulas.every((g) => g.diaSemana === 2)).toBe(true);
    expect((await list('?bairro=moema')).celulas.map((g) => g.nome)).toEqual(['Célula Moema']);
    // near Santana (north) → Santana first; near Butantã (west) → Butantã first
    const north = await list('?latitude=-23.50&longitude=-46.63');
    expect(north.celulas[0]!.nome).toBe('Célula Santana');
    expect(north.celulas[0]!.distancia).toBeLessThan(2);
    expect(north.celulas.map((g) => g.distancia!)).toEqual(
      [...north.celulas.map((g) => g.distancia!)].sort((a, b) => a - b),
    );
    expect((await list('?latitude=-23.57&longitude=-46.71')).celulas[0]!.nome).toBe(
      'Célula Jovens Butantã',
    );
    // grace has its own two groups, never graca's
    const grace = await list('', undefined, 'grace');
    expect(grace.celulas.map((g) => g.nome).sort()).toEqual([
      'Downtown Group',
      'South Congress Group',
    ]);
  });

  it('numbers weekdays as the services do, Monday 1 to Sunday 7 (spec §9: Monday to Sunday)', async () => {
    const all = await list('');
    // Célula Jovens Butantã meets on Sundays: 7, as a Sunday service is, never 0
    expect(all.celulas.find((g) => g.nome === 'Célula Jovens Butantã')!.diaSemana).toBe(7);
    expect((await list('?dia=7')).celulas.map((g) => g.nome)).toContain('Célula Jovens Butantã');
    expect(all.celulas.every((g) => g.diaSemana >= 1 && g.diaSemana <= 7)).toBe(true);
    // the day filter offers the week Monday first, Sunday last
    expect(all.filtros.dias).toEqual([...all.filtros.dias].sort((a, b) => a - b));
    expect(all.filtros.dias.at(-1)).toBe(7);
    expectFieldError(await call('GET', '/igreja/graca/celula/?dia=0'), 400, 'dia');
    // one numbering across the API: the church's Sunday services are 7 too
    const { agenda } = (await call('GET', '/igreja/graca/agenda/')).body as {
      agenda: { diaSemana: number; titulo: string }[];
    };
    expect(agenda.at(-1)!.diaSemana).toBe(7);
  });

  it('refuses bad list input with per-field messages, never a 500', async () => {
    expectFieldError(await call('GET', '/igreja/graca/celula/?dia=9'), 400, 'dia');
    expectFieldError(await call('GET', '/igreja/graca/celula/?latitude=-23.5'), 400, 'longitude');
    expectFieldError(
      await call('GET', '/igreja/graca/celula/?latitude=200&longitude=0'),
      400,
      'latitude',
    );
    expectFieldError(
      await call('GET', `/igreja/graca/celula/?busca=${encodeURIComponent('a\u0000b')}`),
      400,
      'busca',
    );
    expect((await call('GET', '/igreja/graca/celula/?busca=%ED%A0%80')).status).toBeLessThan(500);
    expectFieldError(await call('GET', '/igreja/graca/celula/?usuario=2'), 400, 'usuario');
    // esperanza has no MOD_CELULA, fechada is inactive
    const none = expectFieldError(await call('GET', '/igreja/esperanza/celula/'), 404);
    expect(none.message).toBe('Nenhuma célula encontrada.');
    expectFieldError(await call('GET', '/igreja/fechada/celula/'), 404);
  });

  it("lists the caller's own groups with ?usuario=1 (login required, members of the church only)", async () => {
    expect((await call('GET', '/igreja/graca/celula/?usuario=1')).status).toBe(401);
    expect((await list('?usuario=1', member.token)).celulas.map((g) => [g.nome, g.papel])).toEqual([
      [MEMBER_GROUP, 'membro'],
    ]);
    expect((await list('?usuario=1', leader.token)).celulas.map((g) => [g.nome, g.papel])).toEqual([
      [LEADER_GROUP, 'lider'],
    ]);
    expectFieldError(
      await call('GET', '/igreja/graca/celula/?usuario=1', { token: john.token }),
      403,
    );
  });

  it('shows one group: leader, address, meeting, studies; a group of another church is a 404 with ?igreja', async () => {
    const r = await call('GET', `/celula/${leaderGroup}`);
    const g = groupDetailSchema.parse(r.body);
    expect(g).toMatchObject({
      nome: LEADER_GROUP,
      diaSemana: 2,
      horario: '20:00',
      lider: { nome: 'João Pereira' },
      minhaParticipacao: null,
    });
    expect(g.endereco).toMatchObject({
      logradouro: 'Rua Domingos de Morais',
      bairro: 'Vila Mariana',
      cidade: 'São Paulo',
    });
    expect(g.estudos.length).toBeGreaterThan(0);
    const graca = g.igreja.id;
    expect(
      groupDetailSchema.parse(
        (await call('GET', `/celula/${memberGroup}`, { token: member.token })).body,
      ).minhaParticipacao,
    ).toBe('membro');
    expect(
      groupDetailSchema.parse(
        (await call('GET', `/celula/${leaderGroup}`, { token: leader.token })).body,
      ).minhaParticipacao,
    ).toBe('lider');
    expectFieldError(await call('GET', `/celula/${graceGroup}?igreja=${graca}`), 404);
    expectFieldError(await call('GET', '/celula/999999'), 404);
    expectFieldError(await call('GET', '/celula/abc'), 400, 'id');
  });

  it('meetings: members and the leader only; another group → 403, another church or a visitor → 404/401', async () => {
    const mine = groupMeetingsResponseSchema.parse(
      (await call('GET', `/celula/${memberGroup}/reuniao-registro/`, { token: member.token })).body,
    );
    expect(mine.reunioes.length).toBeGreaterThan(0);
    const first = mine.reunioes[0]!;
    expect(new Date(first.data).getTime()).toBeLessThan(Date.now());
    expect(
      groupMeetingResponseSchema.parse(
        (
          await call('GET', `/celula/${memberGroup}/reuniao-registro/${first.id}`, {
            token: member.token,
          })
        ).body,
      ).reuniao,
    ).toEqual(first);
    const led = groupMeetingsResponseSchema.parse(
      (await call('GET', `/celula/${leaderGroup}/reuniao-registro/`, { token: leader.token })).body,
    );
    expect(led.reunioes[0]).toMatchObject({ tema: 'O perdão que liberta', qtdePresentes: 11 });
    // Maria is not in Vila Mariana (yet): 403 with the reason; John (grace) learns nothing: 404
    const denied = expectFieldError(
      await call('GET', `/celula/${leaderGroup}/reuniao-registro/`, { token: member.token }),
      403,
    );
    expect(denied.message).toBe('Somente os membros e o líder desta célula podem ver as reuniões.');
    expectFieldError(
      await call('GET', `/celula/${leaderGroup}/reuniao-registro/${led.reunioes[0]!.id}`, {
        token: member.token,
      }),
      403,
    );
    expectFieldError(
      await call('GET', `/celula/${leaderGroup}/reuniao-registro/`, { token: john.token }),
      404,
    );
    expectFieldError(await call('GET', `/celula/${leaderGroup}/reuniao-registro/`), 401);
    // a meeting of another group through this group's path is not found
    expectFieldError(
      await call('GET', `/celula/${memberGroup}/reuniao-registro/${led.reunioes[0]!.id}`, {
        token: member.token,
      }),
      404,
    );
  });

  it("the leader's request list: the leader only", async () => {
    const r = groupRequestsResponseSchema.parse(
      (await call('GET', `/celula/${leaderGroup}/solicitacao-admissao/`, { token: leader.token }))
        .body,
    );
    expect(r.solicitacoes[0]).toMatchObject({
      situacao: 'pendente',
      usuario: { nome: 'Camila Ribeiro' },
    });
    expectFieldError(
      await call('GET', `/celula/${leaderGroup}/solicitacao-admissao/`, { token: member.token }),
      403,
    );
    expectFieldError(
      await call('GET', `/celula/${memberGroup}/solicitacao-admissao/`, { token: member.token }),
      403,
    ); // a member, not the leader
    expectFieldError(
      await call('GET', `/celula/${leaderGroup}/solicitacao-admissao/`, { token: john.token }),
      404,
    );
    expectFieldError(await call('GET', `/celula/${leaderGroup}/solicitacao-admissao/`), 401);
    expectFieldError(
      await call('PUT', `/celula/${leaderGroup}/solicitacao-admissao/${r.solicitacoes[0]!.id}`, {
        token: member.token,
        body: { acao: 'aceitar' },
      }),
      403,
    );
  });

  it('join: login first, validated, the church of the route only; tampering another church id is refused', async () => {
    expectFieldError(
      await call('POST', '/igreja/graca/solicitacao-celula/admissao', {
        body: {
          idCelula: leaderGroup,
        },
      }),
      401,
    );
    expectFieldError(
      await call('POST', '/igreja/graca/solicitacao-celula/admissao', {
        token: member.token,
        body: {
          idCelula: 'x',
        },
      }),
      400,
      'idCelula',
    );
    expectFieldError(
      await call('POST', '/igreja/graca/solicitacao-celula/admissao', {
        token: member.token,
        body: {
          idCelula: leaderGroup,
          mensagem: 'a\u0000',
        },
      }),
      400,
      'mensagem',
    );
    expectFieldError(
      await call('POST', '/igreja/graca/solicitacao-celula/admissao', {
        token: member.token,
        body: {
          idCelula: leaderGroup,
          mensagem: 'x'.repeat(2001),
        },
      }),
      400,
      'mensagem',
    );
    expectFieldError(
      await call('POST', '/igreja/graca/solicitacao-celula/admissao', {
        token: member.token,
        body: `{"idCelula":${leaderGroup},"mensagem":"\\ud800"}`,
      }),
      400,
      'mensagem',
    );
    expectFieldError(
      await call('POST', '/igreja/graca/solicitacao-celula/admissao', {
        token: member.token,
        body: '{bad json',
      }),
      400,
    );
    // graca's route with grace's group id; grace's route as a graca member
    const tampered = expectFieldError(
      await call('POST', '/igreja/graca/solicitacao-celula/admissao', {
        token: member.token,
        body: {
          idCelula: graceGroup,
        },
      }),
      404,
    );
    expect(tampered.message).toBe('Nenhuma célula encontrada.');
    expectFieldError(
      await call('POST', '/igreja/grace/solicitacao-celula/admissao', {
        token: member.token,
        body: {
          idCelula: graceGroup,
        },
      }),
      403,
    );
    // already a member
    expectFieldError(
      await call('POST', '/igreja/graca/solicitacao-celula/admissao', {
        token: member.token,
        body: {
          idCelula: memberGroup,
        },
      }),
      409,
    );
    const none = await database.db
      .select()
      .from(t.groupRequests)
      .where(and(eq(t.groupRequests.userId, member.id)));
    expect(none).toHaveLength(0);
  });

  it('join → the leader is notified and e-mailed → a second request is refused → the leader accepts → the member sees group and meetings', async () => {
    const sent = await call('POST', '/igreja/graca/solicitacao-celula/admissao', {
      token: member.token,
      body: {
        idCelula: leaderGroup,
        mensagem: '  Gostaria de participar às terças.  ',
      },
    });
    expect(sent.status, JSON.stringify(sent.body)).toBe(201);
    const { message, solicitacao } = groupJoinResponseSchema.parse(sent.body);
    expect(message).toBe(`Sua solicitação foi enviada ao líder da ${LEADER_GROUP}.`);
    expect(solicitacao).toMatchObject({
      situacao: 'pendente',
      mensagem: 'Gostaria de participar às terças.',
      usuario: { nome: 'Maria Souza' },
    });
    expect(
      groupDetailSchema.parse(
        (await call('GET', `/celula/${leaderGroup}`, { token: member.token })).body,
      ).minhaParticipacao,
    ).toBe('pendente');
    // the leader's notification opens the request list
    const graca = groupDetailSchema.parse((await call('GET', `/celula/${leaderGroup}`)).body).igreja
      .id;
    const notes = (
      await call('GET', `/igreja/${graca}/notificacao/?page=1&limit=30`, { token: leader.token })
    ).body as {
      notificacoes: {
        titulo: string;
        tipo: { codigo: string };
        idEntidadeRelacionada: string | null;
      }[];
    };
    expect(notes.notificacoes[0]).toMatchObject({
      titulo: `Nova solicitação para a ${LEADER_GROUP}`,
      tipo: { codigo: GROUP_NOTIFICATION_TYPES.request },
      idEntidadeRelacionada: String(leaderGroup),
    });
    const mail = (await readOutbox(dir(), 'lider@graca.demo'))[0]!;
    expect(mail.subject).toBe(`Nova solicitação para a ${LEADER_GROUP}`);
    expect(mail.text).toContain('Maria Souza');
    expect(mail.text).toContain('Gostaria de participar às terças.');
    expect(mail.links[0]).toMatch(new RegExp(`/groups/${leaderGroup}/requests$`));
    // a second request while one is pending
    const again = expectFieldError(
      await call('POST', '/igreja/graca/solicitacao-celula/admissao', {
        token: member.token,
        body: {
          idCelula: leaderGroup,
        },
      }),
      409,
    );
    expect(again.message).toBe(
      `Você já pediu para participar da ${LEADER_GROUP}. Aguarde a resposta do líder.`,
    );
    const againEn = expectFieldError(
      await call('POST', '/igreja/graca/solicitacao-celula/admissao', {
        token: member.token,
        body: { idCelula: leaderGroup },
        lang: 'en',
      }),
      409,
    );
    expect(againEn.message).toContain('Wait for the leader');
    // the leader accepts
    const requests = groupRequestsResponseSchema.parse(
      (await call('GET', `/celula/${leaderGroup}/solicitacao-admissao/`, { token: leader.token }))
        .body,
    ).solicitacoes;
    const maria = requests.find((r) => r.usuario.id === member.id && r.situacao === 'pendente')!;
    expectFieldError(
      await call('PUT', `/celula/${leaderGroup}/solicitacao-admissao/${maria.id}`, {
        token: leader.token,
        body: {
          acao: 'talvez',
        },
      }),
      400,
      'acao',
    );
    const before = changed.length;
    const answer = groupAnswerResponseSchema.parse(
      (
        await call('PUT', `/celula/${leaderGroup}/solicitacao-admissao/${maria.id}`, {
          token: leader.token,
          body: {
            acao: 'aceitar',
          },
        })
      ).body,
    );
    expect(answer.solicitacao.situacao).toBe('aceita');
    expect(answer.message).toBe(`Maria Souza agora participa da ${LEADER_GROUP}.`);
    expect(changed.length).toBeGreaterThan(before);
    expectFieldError(
      await call('PUT', `/celula/${leaderGroup}/solicitacao-admissao/${maria.id}`, {
        token: leader.token,
        body: {
          acao: 'recusar',
        },
      }),
      409,
    );
    // the member is told, sees the group under "my groups" and its meetings
    const memberMail = (await readOutbox(dir(), 'membro@graca.demo'))[0]!;
    expect(memberMail.subject).toBe(`Bem-vindo à ${LEADER_GROUP}!`);
    expect(memberMail.links[0]).toMatch(new RegExp(`/groups/${leaderGroup}$`));
    expect((await list('?usuario=1', member.token)).celulas.map((g) => g.nome).sort()).toEqual(
      [MEMBER_GROUP, LEADER_GROUP].sort(),
    );
    expect(
      groupMeetingsResponseSchema.parse(
        (await call('GET', `/celula/${leaderGroup}/reuniao-registro/`, { token: member.token }))
          .body,
      ).reunioes.length,
    ).toBe(3);
    expectFieldError(
      await call('POST', '/igreja/graca/solicitacao-celula/admissao', {
        token: member.token,
        body: {
          idCelula: leaderGroup,
        },
      }),
      409,
    );
  });

  it('a declined request tells the member and lets them ask again later', async () => {
    const camila = await login('camila.ribeiro@graca.demo');
    const pending = groupRequestsResponseSchema
      .parse(
        (await call('GET', `/celula/${leaderGroup}/solicitacao-admissao/`, { token: leader.token }))
          .body,
      )
      .solicitacoes.find((r) => r.usuario.id === camila.id && r.situacao === 'pendente')!;
    const answer = groupAnswerResponseSchema.parse(
      (
        await call('PUT', `/celula/${leaderGroup}/solicitacao-admissao/${pending.id}`, {
          token: leader.token,
          body: { acao: 'recusar' },
        })
      ).body,
    );
    expect(answer.solicitacao.situacao).toBe('recusada');
    expect((await readOutbox(dir(), 'camila.ribeiro@graca.demo'))[0]!.subject).toBe(
      `Sua solicitação para a ${LEADER_GROUP}`,
    );
    expectFieldError(
      await call('GET', `/celula/${leaderGroup}/reuniao-registro/`, { token: camila.token }),
      403,
    );
    expect(
      (
        await call('POST', '/igreja/graca/solicitacao-celula/admissao', {
          token: camila.token,
          body: {
            idCelula: leaderGroup,
          },
        })
      ).status,
    ).toBe(201);
  });
});
