import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { eq } from 'drizzle-orm';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { apiErrorSchema } from '../../contract/common.ts';
import { tokenPairSchema } from '../../contract/auth.ts';
import {
  accountLookupSchema,
  addressesResponseSchema,
  childrenResponseSchema,
  changeChurchResponseSchema,
  churchAccountsResponseSchema,
  customFieldsResponseSchema,
  documentsResponseSchema,
  maritalStatusesResponseSchema,
  memberCardsResponseSchema,
  meResponseSchema,
  notificationsResponseSchema,
  registerResponseSchema,
  rolesResponseSchema,
} from '../../contract/user.ts';
import { createApi, type Api } from '../app.ts';
import { resetAccountSettings } from '../auth/settings.ts';
import type { DatabaseHandle } from '../db/client.ts';
import * as t from '../db/schema/index.ts';
import { DEMO_PASSWORD } from '../db/seed/churches.ts';
import { openTestDatabase, testBackends } from '../db/test-database.ts';
import { readOutbox } from '../mail/outbox.ts';
import { apiClient, loginAs } from '../test-kit.ts';

const dataDir = mkdtempSync(path.join(tmpdir(), 'accounts-users-'));
const GRACA = 1;
const GRACA_NORTE = 2;
const GRACE = 4;

describe.each(testBackends())('user calls of spec §7 on %s', (backend) => {
  let database: DatabaseHandle;
  let api: Api;
  let maria: { id: number; token: string };
  let john: { id: number; token: string };

  const { call } = apiClient(() => api, { lang: 'pt-BR' });
  const as = (who: { token: string }) => ({ authorization: `Bearer ${who.token}` });

  beforeAll(async () => {
    process.env.DATA_DIR = path.join(dataDir, backend);
    resetAccountSettings();
    database = await openTestDatabase(backend);
    api = createApi({ db: database.db });
    maria = await loginAs(api, 'membro@graca.demo');
    john = await loginAs(api, 'member@grace.demo');
  });
  afterAll(() => database.close());

  it('the church account, documents and roles of the logged-in user', async () => {
    const accounts = churchAccountsResponseSchema.parse(
      (await call('GET', `/user/${maria.id}/usuario?cliente=${GRACA}`, { token: maria.token }))
        .body,
    );
    expect(accounts.usuarios).toHaveLength(1);
    expect(accounts.usuarios[0]).toMatchObject({
      igreja: { codigo: 'graca' },
      flagAtivo: true,
      congregacao: { nome: 'Sede' },
    });
    // Not a member of grace: the list is empty (spec §5: loading the church account then fails).
    expect(
      churchAccountsResponseSchema.parse(
        (await call('GET', `/user/${maria.id}/usuario?cliente=${GRACE}`, { token: maria.token }))
          .body,
      ).usuarios,
    ).toEqual([]);
    const byOrg = churchAccountsResponseSchema.parse(
      (
        await call('GET', `/user/${maria.id}/usuario?organizacao=rede-graca`, {
          token: maria.token,
        })
      ).body,
    );
    expect(byOrg.usuarios.map((u) => u.igreja.codigo)).toEqual(['graca']);
    const docs = documentsResponseSchema.parse(
      (await call('GET', `/user/${maria.id}/documento?cliente=${GRACA}`, { token: maria.token }))
        .body,
    );
    expect(docs.documentos).toEqual([{ tipo: 'CPF', numero: '52998224725' }]);
    const leader = await loginAs(api, 'lider@graca.demo');
    const roles = rolesResponseSchema.parse(
      (await call('GET', `/user/${leader.id}/role?organizacao=rede-graca`, { token: leader.token }))
        .body,
    );
    expect(roles.userIgrejaRoles).toEqual([
      { igreja: { id: GRACA, codigo: 'graca' }, roles: ['ROLE_ADMIN'] },
    ]);
    expect((await call('GET', `/user/${maria.id}/usuario`, { token: maria.token })).status).toBe(
      400,
    );
  });

  it('e-mail lookups say only whether an account exists (and is active)', async () => {
    expect(
      accountLookupSchema.parse((await call('GET', '/user/?email=member@grace.demo')).body)
        .usuarios,
    ).toEqual([{ email: 'member@grace.demo', flagAtivo: true }]);
    expect(
      accountLookupSchema.parse(
        (await call('GET', `/igreja/${GRACA}/usuario/?email=member@grace.demo`)).body,
      ).usuarios,
    ).toEqual([]);
    expect(
      accountLookupSchema.parse(
        (await call('GET', `/igreja/${GRACA}/usuario/?email=inativo@graca.demo`)).body,
      ).usuarios,
    ).toEqual([{ email: 'inativo@graca.demo', flagAtivo: false }]);
    expect((await call('GET', '/user/?email=nope')).status).toBe(400);
  });

  it('a grace member can read or change nothing of a graca user, on every call that takes an id', async () => {
    const id = maria.id;
    const attempts: [string, string, unknown?][] = [
      ['GET', `/user/${id}/usuario?cliente=${GRACA}`],
      ['GET', `/user/${id}/documento?cliente=${GRACA}`],
      ['GET', `/user/${id}/role?cliente=${GRACA}`],
      ['GET', `/user/${id}/campo-personalizado?igreja=${GRACA}`],
      ['POST', `/user/${id}/pedido-exclusao?igreja=${GRACA}`, { senha: DEMO_PASSWORD }],
      ['GET', `/user/${id}/endereco?cliente=${GRACA}`],
      [
        'POST',
        `/usuario/${id}/endereco`,
        { pais: 'BR', cidade: 'São Paulo', logradouro: 'Rua A', cep: '01310-100' },
      ],
      [
        'PUT',
        `/usuario/${id}/endereco/1`,
        { pais: 'BR', cidade: 'São Paulo', logradouro: 'Rua A', cep: '01310-100' },
      ],
      ['DELETE', `/usuario/${id}/endereco/1`],
      ['GET', `/user/${id}/crianca?cliente=${GRACA}`],
      [
        'POST',
        `/usuario/${id}/crianca?igreja=${GRACA}`,
        { nome: 'X', dataNascimento: '2015-01-01' },
      ],
      ['PUT', `/usuario/${id}/crianca/1`, { nome: 'X', dataNascimento: '2015-01-01' }],
      ['DELETE', `/usuario/${id}/crianca/1`],
      ['DELETE', `/usuario/${id}/perfil/imagem`],
      ['GET', `/igreja/${GRACA}/notificacao/?page=1&limit=30`],
      ['GET', `/usuario-carteirinha/?usuario_email=membro@graca.demo&usuario_igreja=${GRACA}`],
      [
        'PUT',
        '/usuario/',
        {
          igreja: GRACA,
          nome: 'Hack',
          sobrenome: 'Er',
          telefone: '+1 512 555 0100',
          dataNascimento: '1990-01-01',
          sexo: 'M',
        },
      ],
      ['POST', '/usuario/troca-igreja', { igreja: GRACA, novaIgreja: GRACA_NORTE }],
      // grace's own id but graca's church: still not theirs
      ['GET', `/user/${john.id}/crianca?cliente=${GRACA}`],
      [
        'POST',
        `/usuario/${john.id}/crianca?igreja=${GRACA}`,
        { nome: 'X', dataNascimento: '2015-01-01' },
      ],
    ];
    for (const [method, url, body] of attempts) {
      const res = await call(method, url, { body, token: john.token });
      expect([403, 404], `${method} ${url} → ${res.status}`).toContain(res.status);
      expect(res.status, `${method} ${url}`).not.toBe(200);
    }
    const photo = await call('POST', `/usuario/${id}/perfil/imagem`, {
      token: john.token,
      body: imageForm(await png()),
    });
    expect(photo.status).toBe(403);
    // Maria's data is untouched.
    const children = childrenResponseSchema.parse(
      (await call('GET', `/user/${id}/crianca?cliente=${GRACA}`, { token: maria.token })).body,
    );
    expect(children.criancas.map((c) => c.nome)).toEqual(['Ana']);
    const addresses = addressesResponseSchema.parse(
      (await call('GET', `/user/${id}/endereco?cliente=${GRACA}`, { token: maria.token })).body,
    );
    expect(addresses.enderecos.map((a) => a.logradouro)).toEqual(['Avenida Paulista']);
    // Without a token: 401.
    expect((await call('GET', `/user/${id}/crianca?cliente=${GRACA}`)).status).toBe(401);
  });

  it('register in a church: per-field messages, CPF rule, then tokens; the e-mail cannot register twice', async () => {
    const bad = await call('POST', `/igreja/${GRACA}/usuario/`, {
      body: {
        email: 'nova@graca.demo',
        senha: 'Nova@1234',
        confirmacaoSenha: 'Nova@12345',
        nome: '',
        sobrenome: 'Silva',
        telefone: '11 1234',
        dataNascimento: '2999-01-01',
        sexo: 'X',
        cpf: '111.111.111-11',
      },
    });
    expect(bad.status).toBe(400);
    const errors = apiErrorSchema.parse(bad.body).errors!;
    expect(errors.cpf).toEqual(['CPF inválido.']);
    expect(errors.confirmacaoSenha).toEqual(['As senhas precisam ser iguais']);
    expect(errors.nome).toEqual(['Esse campo é obrigatório.']);
    expect(errors.dataNascimento).toEqual(['A data precisa ser anterior a hoje.']);
    expect(errors.telefone).toBeTruthy();
    expect(errors.sexo).toBeTruthy();
    const good = {
      email: 'nova@graca.demo',
      senha: 'Nova@1234',
      confirmacaoSenha: 'Nova@1234',
      nome: 'Nova',
      sobrenome: 'Silva',
      telefone: '+55 11 91234-5678',
      dataNascimento: '1995-07-20',
      sexo: 'F',
      cpf: '111.444.777-35',
    };
    const taken = await call('POST', `/igreja/${GRACA}/usuario/`, {
      body: {
        ...good,
        cpf: '529.982.247-25',
      },
    });
    expect(taken.status).toBe(409);
    expect(apiErrorSchema.parse(taken.body).errors?.cpf).toEqual(['Este CPF já está em uso.']);
    const created = await call('POST', `/igreja/${GRACA}/usuario/`, {
      body: good,
      headers: {
        host: 'graca.localhost:4321',
      },
    });
    expect(created.status).toBe(201);
    const reg = registerResponseSchema.parse(created.body);
    expect(reg.usuario).toMatchObject({
      cpf: '11144477735',
      flagAtivo: true,
      camposPendentes: ['endereco'],
    });
    expect((await readOutbox(process.env.DATA_DIR!, 'nova@graca.demo'))[0]?.links[0]).toMatch(
      /^http:\/\/graca\.localhost:4321\/access\?activationToken=/,
    );
    expect((await call('POST', `/igreja/${GRACA}/usuario/`, { body: good })).status).toBe(409);
  });

  it('a value of the wrong kind is called invalid, not missing; every message in the request’s language', async () => {
    const errorsOf = async (
      method: string,
      url: string,
      body?: unknown,
      headers: Record<string, string> = {},
    ) => {
      const res = await call(method, url, { body, headers });
      expect(res.status, url).toBe(400);
      return apiErrorSchema.parse(res.body).errors;
    };
    expect(await errorsOf('POST', '/usuario/abc/crianca', {}, as(maria))).toEqual({
      id: ['Informe um número.'],
    });
    expect(
      await errorsOf('DELETE', `/usuario/${maria.id}/crianca/-1`, undefined, as(maria)),
    ).toEqual({ childId: ['Informe um número positivo.'] });
    expect(
      await errorsOf('GET', `/user/${maria.id}/usuario?cliente=abc`, undefined, as(maria)),
    ).toEqual({ cliente: ['Informe um número.'] });
    expect(await errorsOf('GET', `/user/${maria.id}/usuario`, undefined, as(maria))).toEqual({
      cliente: ['Esse campo é obrigatório.'],
    });
    // A NUL byte would make PostgreSQL refuse the row (a 500): it is invalid input.
    expect(
      await errorsOf(
        'POST',
        `/usuario/${maria.id}/endereco`,
        { pais: 'BR', cidade: 'São\u0000Paulo', logradouro: 'Rua A', cep: '01310-100' },
        as(maria),
      ),
    ).toEqual({ cidade: ['Valor inválido.'] });
    expect(
      await errorsOf(
        'POST',
        '/security/login_check',
        { username: 123, password: ['x'] },
        { 'accept-language': 'en' },
      ),
    ).toEqual({
      username: ['Invalid input.'],
      password: ['Invalid input.'],
    });
  });

  it('an existing account of the provider joins another church with its own password', async () => {
    const wrong = await call('POST', `/igreja/${GRACE}/usuario/`, {
      body: {
        email: 'lider@graca.demo',
        senha: 'Wrong@1234',
      },
    });
    expect(wrong.status).toBe(401);
    const joined = await call('POST', `/igreja/${GRACE}/usuario/`, {
      body: {
        email: 'lider@graca.demo',
        senha: DEMO_PASSWORD,
      },
    });
    expect(joined.status).toBe(200);
    expect(registerResponseSchema.parse(joined.body).novo).toBe(false);
    // An inactive account gets its activation e-mail instead.
    const inactive = await call('POST', `/igreja/${GRACA}/usuario/`, {
      body: {
        email: 'inativo@graca.demo',
        senha: DEMO_PASSWORD,
      },
    });
    expect(inactive.status).toBe(403);
    expect((await readOutbox(process.env.DATA_DIR!, 'inativo@graca.demo')).length).toBeGreaterThan(
      0,
    );
  });

  it('PUT /usuario/ updates the data, with spec §3 marital status and custom fields', async () => {
    const fields = customFieldsResponseSchema.parse(
      (
        await call('GET', `/user/${maria.id}/campo-personalizado?igreja=${GRACA}`, {
          token: maria.token,
        })
      ).body,
    );
    expect(fields.camposPersonalizados.map((f) => f.nome)).toEqual([
      'Como conheceu a igreja?',
      'Dons e talentos',
    ]);
    const statuses = maritalStatusesResponseSchema.parse(
      (await call('GET', '/utils/estado-civil/')).body,
    ).estadosCivis;
    expect(statuses).toHaveLength(8);
    const body = {
      igreja: GRACA,
      nome: 'Maria',
      sobrenome: 'Souza Lima',
      telefone: '(11) 98765-4321',
      dataNascimento: '1990-05-14',
      sexo: 'F',
      cpf: '529.982.247-25',
      estadoCivil: 'uniao_estavel',
      dataCasamento: '2015-03-21',
      qtdeFilhos: 1,
      ocupacao: 'Professora',
      camposPersonalizados: [{ id: fields.camposPersonalizados[0]!.id, valor: 'Amigos' }],
    };
    const res = await call('PUT', '/usuario/', { body, token: maria.token });
    expect(res.status).toBe(200);
    expect(meResponseSchema.parse(res.body).user).toMatchObject({
      sobrenome: 'Souza Lima',
      estadoCivil: 'uniao_estavel',
    });
    const after = customFieldsResponseSchema.parse(
      (
        await call('GET', `/user/${maria.id}/campo-personalizado?igreja=${GRACA}`, {
          token: maria.token,
        })
      ).body,
    );
    expect(after.camposPersonalizados[0]!.valor).toBe('Amigos');
    const invalid = await call('PUT', '/usuario/', {
      body: { ...body, estadoCivil: 'enrolado', qtdeFilhos: -1 },
      token: maria.token,
    });
    expect(invalid.status).toBe(400);
    expect(Object.keys(apiErrorSchema.parse(invalid.body).errors!)).toEqual(
      expect.arrayContaining(['estadoCivil', 'qtdeFilhos']),
    );
  });

  it('addresses and children: add, edit, remove', async () => {
    const added = await call('POST', `/usuario/${john.id}/endereco`, {
      body: {
        pais: 'US',
        estado: 'TX',
        cidade: 'Austin',
        logradouro: '100 Congress Ave',
        cep: '78701',
      },
      token: john.token,
    });
    expect(added.status).toBe(201);
    const addressId = Number(added.body.id);
    expect(
      (
        await call('PUT', `/usuario/${john.id}/endereco/${addressId}`, {
          body: {
            pais: 'US',
            estado: 'TX',
            cidade: 'Austin',
            logradouro: '200 Congress Ave',
            cep: '78701',
          },
          token: john.token,
        })
      ).status,
    ).toBe(200);
    const brBad = await call('POST', `/usuario/${john.id}/endereco`, {
      body: { pais: 'BR', cidade: 'São Paulo', logradouro: 'Rua A', cep: '123' },
      token: john.token,
    });
    expect(apiErrorSchema.parse(brBad.body).errors?.cep).toEqual(['CEP Inválido']);
    expect(
      (await call('DELETE', `/usuario/${john.id}/endereco/${addressId}`, { token: john.token }))
        .status,
    ).toBe(204);
    const child = await call('POST', `/usuario/${john.id}/crianca?igreja=${GRACE}`, {
      body: { nome: 'Tim', dataNascimento: '2019-02-03', sexo: 'M' },
      token: john.token,
    });
    expect(child.status).toBe(201);
    const childId = Number(child.body.id);
    // The profile's children count follows what was added.
    expect(
      meResponseSchema.parse((await call('GET', '/me', { token: john.token })).body).user
        .qtdeFilhos,
    ).toBe(1);
    expect(
      (
        await call('PUT', `/usuario/${john.id}/crianca/${childId}`, {
          body: { nome: 'Timothy', dataNascimento: '2019-02-03' },
          token: john.token,
        })
      ).status,
    ).toBe(200);
    const list = childrenResponseSchema.parse(
      (await call('GET', `/user/${john.id}/crianca?cliente=${GRACE}`, { token: john.token })).body,
    );
    expect(list.criancas.map((c) => c.nome)).toEqual(['Timothy']);
    expect(
      (await call('DELETE', `/usuario/${john.id}/crianca/${childId}`, { token: john.token }))
        .status,
    ).toBe(204);
    expect(
      (await call('DELETE', `/usuario/${john.id}/crianca/${childId}`, { token: john.token }))
        .status,
    ).toBe(404);
  });

  it('notifications of the church, paged (spec §9: page 1, limit 30)', async () => {
    const res = notificationsResponseSchema.parse(
      (await call('GET', `/igreja/${GRACA}/notificacao/?page=1&limit=30`, { token: maria.token }))
        .body,
    );
    expect(res.notificacoes.length).toBe(6);
    expect(res.notificacoes.every((n) => n.igreja.codigo === 'graca')).toBe(true);
    const page2 = notificationsResponseSchema.parse(
      (await call('GET', `/igreja/${GRACA}/notificacao/?page=2&limit=4`, { token: maria.token }))
        .body,
    );
    expect(page2.notificacoes).toHaveLength(2);
    expect(
      (await call('GET', `/igreja/${GRACA}/notificacao/?page=0`, { token: maria.token })).status,
    ).toBe(400);
  });

  it('every demo notification with a related entity opens it in its own church, and its text names it', async () => {
    for (const [churchId, who] of [
      [GRACA, maria],
      [GRACE, john],
    ] as const) {
      const { notificacoes } = notificationsResponseSchema.parse(
        (
          await call('GET', `/igreja/${churchId}/notificacao/?page=1&limit=30`, {
            token: who.token,
          })
        ).body,
      );
      const church = (await call('GET', `/igreja/codigo/${notificacoes[0]!.igreja.codigo}`))
        .body as { slug: string };
      const linked = notificacoes.filter((n) =>
        ['EVENTO', 'NOTICIA', 'DEVOCIONAL', 'EBD'].includes(n.tipo.codigo),
      );
      expect(linked.length).toBeGreaterThan(0);
      for (const n of linked) {
        const id = n.idEntidadeRelacionada!;
        // EBD classes are addressed by slug (spec §2), the others by id.
        const path = {
          EVENTO: `evento/${id}`,
          NOTICIA: `noticia/${id}`,
          DEVOCIONAL: `devocional/${id}`,
          EBD: `ebd/${id}`,
        }[n.tipo.codigo]!;
        const target = await call('GET', `/igreja/${church.slug}/${path}`);
        expect(target.status, `${n.titulo} → ${path}`).toBe(200);
        const title = (
          (target.body.evento ?? target.body.conteudo ?? target.body) as { titulo: string }
        ).titulo;
        expect(n.corpo, n.titulo).toContain(title);
      }
    }
  });

  it('demo notifications say what is true: registrations "open" only while a ticket is on sale; no service said to be on now', async () => {
    const { notificacoes } = notificationsResponseSchema.parse(
      (await call('GET', `/igreja/${GRACA}/notificacao/?page=1&limit=30`, { token: maria.token }))
        .body,
    );
    const event = notificacoes.find((n) => n.tipo.codigo === 'EVENTO')!;
    const tickets = await database.db
      .select({ from: t.tickets.availableFrom })
      .from(t.tickets)
      .where(eq(t.tickets.eventId, Number(event.idEntidadeRelacionada)));
    const onSale = tickets.some((k) => !k.from || k.from.getTime() <= Date.now());
    // the camp's tickets go on sale 5 days after the seed (server/db/seed/events.ts)
    expect(onSale).toBe(false);
    expect(event.titulo).toBe('Inscrições em breve');
    expect(event.corpo).toMatch(/abrem em \d{1,2} de \p{L}+\.$/u);
    const live = notificacoes.find((n) => n.tipo.codigo === 'CULTO')!;
    expect(`${live.titulo} ${live.corpo}`).not.toMatch(/já começou|agora|domingo/i);
  });

  it('member card with every field and a QR code; none for an e-mail without a card', async () => {
    const cards = memberCardsResponseSchema.parse(
      (
        await call(
          'GET',
          `/usuario-carteirinha/?usuario_email=membro@graca.demo&usuario_igreja=${GRACA}`,
          { token: maria.token },
        )
      ).body,
    );
    expect(cards.usuarioCarteirinhas[0]).toMatchObject({
      nome: 'Maria Souza Lima',
      cpf: '52998224725',
      congregacao: 'Sede',
      responsavel: 'Pr. Carlos Almeida',
      igreja: { codigo: 'graca' },
    });
    expect(cards.usuarioCarteirinhas[0]!.qrCode).toMatch(/^<svg/);
    const none = memberCardsResponseSchema.parse(
      (
        await call(
          'GET',
          `/usuario-carteirinha/?usuario_email=member@grace.demo&usuario_igreja=${GRACE}`,
          { token: john.token },
        )
      ).body,
    );
    expect(none.usuarioCarteirinhas).toEqual([]);
  });

  it('profile photo: resized on upload, removed; wrong type and too large get clear 4xx', async () => {
    const big = await sharp({
      create: { width: 2000, height: 1500, channels: 3, background: '#3366cc' },
    })
      .jpeg()
      .toBuffer();
    const up = await call('POST', `/usuario/${john.id}/perfil/imagem`, {
      token: john.token,
      body: imageForm(big, 'image/jpeg', 'me.jpg'),
    });
    expect(up.status).toBe(201);
    const { imagem } = up.body as { imagem: string };
    const served = await api.request(imagem.replace(/^\/api\/v1/, '/api/v1'));
    expect(served.status).toBe(200);
    const meta = await sharp(Buffer.from(await served.arrayBuffer())).metadata();
    expect([meta.format, meta.width, meta.height]).toEqual(['webp', 512, 512]);
    const text = await call('POST', `/usuario/${john.id}/perfil/imagem`, {
      token: john.token,
      lang: 'pt',
      body: imageForm(Buffer.from('not an image'), 'image/png', 'x.png'),
    });
    expect(text.status).toBe(415);
    expect((text.body as { message: string }).message).toBe('Envie uma imagem JPEG, PNG ou WebP.');
    const huge = Buffer.alloc(6 * 1024 * 1024, 1);
    const tooBig = await call('POST', `/usuario/${john.id}/perfil/imagem`, {
      token: john.token,
      body: imageForm(huge, 'image/jpeg', 'big.jpg'),
    });
    expect(tooBig.status).toBe(413);
    expect(
      (
        await call('POST', `/usuario/${john.id}/capa/imagem`, {
          token: john.token,
          body: imageForm(big),
        })
      ).status,
    ).toBe(400);
    const removed = await call('DELETE', `/usuario/${john.id}/perfil/imagem`, {
      token: john.token,
    });
    expect(removed.body).toEqual({ imagem: null });
    expect((await api.request(imagem)).status).toBe(404);
  });

  it('utilities and the embedded postcode services', async () => {
    const countries = (await call('GET', '/utils/pais/')).body as {
      paises: { codigo: string; nome: string }[];
    };
    expect(countries.paises.find((p) => p.codigo === 'BR')?.nome).toBe('Brasil');
    expect(
      ((await call('GET', '/utils/ocupacao/')).body as { ocupacoes: unknown[] }).ocupacoes.length,
    ).toBeGreaterThan(5);
    expect((await call('GET', '/postcode/br/01310-100/json/')).body).toMatchObject({
      logradouro: 'Avenida Paulista',
      localidade: 'São Paulo',
      uf: 'SP',
    });
    expect((await call('GET', '/postcode/br/99999999/json/')).body).toEqual({ erro: true });
    expect((await call('GET', '/postcode/br/123/json/')).status).toBe(400);
    expect((await call('GET', '/postcode/us/us/78701')).body).toMatchObject({
      places: [{ 'place name': 'Austin', 'state abbreviation': 'TX' }],
    });
    expect(
      ((await call('GET', '/postcode/countries/BR/states/')).body as unknown as unknown[]).length,
    ).toBe(27);
  });

  it('change church inside the organisation moves the membership', async () => {
    const other = await loginAs(api, 'lider@graca.demo');
    const outside = await call('POST', '/usuario/troca-igreja', {
      body: { igreja: GRACA, novaIgreja: GRACE },
      token: other.token,
    });
    expect(outside.status).toBe(404);
    const moved = await call('POST', '/usuario/troca-igreja', {
      body: { igreja: GRACA, novaIgreja: GRACA_NORTE },
      token: other.token,
    });
    expect(moved.status).toBe(200);
    // The login reaches the new church's host as a one-time code, never as a token in the URL
    // (docs/security.md "Login carried by a link"): spent once, only on that church.
    const { codigoAcesso } = changeChurchResponseSchema.parse(moved.body);
    expect(codigoAcesso).not.toContain(other.token);
    const elsewhere = await call('POST', '/usuario/troca-igreja/codigo', {
      body: { codigo: codigoAcesso, igreja: GRACA },
    });
    expect(elsewhere.status).toBe(401);
    const exchanged = await call('POST', '/usuario/troca-igreja/codigo', {
      body: { codigo: codigoAcesso, igreja: GRACA_NORTE },
      lang: 'en',
    });
    expect(exchanged.status).toBe(200);
    const pair = tokenPairSchema.parse(exchanged.body);
    expect((await call('GET', '/me', { token: pair.token })).body.user.id).toBe(other.id);
    const again = await call('POST', '/usuario/troca-igreja/codigo', {
      body: { codigo: codigoAcesso, igreja: GRACA_NORTE },
      lang: 'en',
    });
    expect(again.status).toBe(401);
    expect(again.body.message).toMatch(/expired or was already used/);
    expect(
      churchAccountsResponseSchema.parse(
        (
          await call('GET', `/user/${other.id}/usuario?cliente=${GRACA_NORTE}`, {
            token: other.token,
          })
        ).body,
      ).usuarios,
    ).toHaveLength(1);
    expect(
      churchAccountsResponseSchema.parse(
        (await call('GET', `/user/${other.id}/usuario?cliente=${GRACA}`, { token: other.token }))
          .body,
      ).usuarios,
    ).toHaveLength(0);
  });

  it('deletion request: the wrong password is refused, the right one removes the account and keeps its gifts', async () => {
    const nova = await loginAs(api, 'nova@graca.demo', 'Nova@1234');
    const gift = { code: `DEL-${nova.id}` };
    await database.db.insert(t.payments).values({
      churchId: GRACA,
      userId: nova.id,
      code: gift.code,
      kind: 'doacao',
      donorEmail: 'nova@graca.demo',
      method: 'pix',
      status: 'aprovado',
      subtotalCents: 5000,
      totalCents: 5000,
      installmentCents: 5000,
      currency: 'BRL',
    });
    const wrong = await call('POST', `/user/${nova.id}/pedido-exclusao?igreja=${GRACA}`, {
      body: { senha: 'Wrong@1234' },
      token: nova.token,
      lang: 'en',
    });
    expect(wrong.status).toBe(422);
    expect(wrong.body.message).toBe('Your password is incorrect');
    const done = await call('POST', `/user/${nova.id}/pedido-exclusao?igreja=${GRACA}`, {
      body: { senha: 'Nova@1234' },
      token: nova.token,
    });
    expect(done.status).toBe(200);
    // The account's personal data is gone; its payments stay as financial records (docs/accounts.md).
    const [kept] = await database.db
      .select({ userId: t.payments.userId, donorEmail: t.payments.donorEmail })
      .from(t.payments)
      .where(eq(t.payments.code, gift.code));
    expect(kept).toEqual({ userId: nova.id, donorEmail: null });
    const [account] = await database.db
      .select({ email: t.users.email, cpf: t.users.cpf, active: t.users.active })
      .from(t.users)
      .where(eq(t.users.id, nova.id));
    expect(account).toEqual({
      email: `removido-${nova.id}@removido.invalid`,
      cpf: null,
      active: false,
    });
    const [request] = await database.db
      .select({ done: t.deletionsDone.doneAt })
      .from(t.deletionRequests)
      .innerJoin(t.deletionsDone, eq(t.deletionsDone.requestId, t.deletionRequests.id))
      .where(eq(t.deletionRequests.userId, nova.id));
    expect(request?.done).toBeInstanceOf(Date);
    expect(
      (
        await call('POST', '/security/login_check', {
          body: {
            username: 'nova@graca.demo',
            password: 'Nova@1234',
          },
        })
      ).status,
    ).toBe(401);
    expect((await call('GET', '/me', { token: nova.token })).status).toBe(401);
  });
});

async function png(): Promise<Buffer> {
  return sharp({ create: { width: 10, height: 10, channels: 3, background: '#000' } })
    .png()
    .toBuffer();
}

function imageForm(data: Buffer, type = 'image/png', name = 'photo.png'): FormData {
  const form = new FormData();
  form.set('imagem', new File([new Uint8Array(data)], name, { type }));
  return form;
}
