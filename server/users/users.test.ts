import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { tokenPairSchema } from '../../contract/auth.ts';
import { apiErrorSchema } from '../../contract/common.ts';
import {
  accountLookupSchema,
  addressesResponseSchema,
  childrenResponseSchema,
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
import { DEMO_PASSWORD } from '../db/seed/churches.ts';
import { openTestDatabase, testBackends } from '../db/test-database.ts';
import { readOutbox } from '../mail/outbox.ts';

const dataDir = mkdtempSync(path.join(tmpdir(), 'accounts-users-'));
const GRACA = 1;
const GRACA_NORTE = 2;
const GRACE = 4;

describe.each(testBackends())('user calls of spec §7 on %s', (backend) => {
  let database: DatabaseHandle;
  let api: Api;
  let maria: { id: number; token: string };
  let john: { id: number; token: string };

  const call = async (
    method: string,
    url: string,
    body?: unknown,
    headers: Record<string, string> = {},
  ) => {
    const res = await api.request(`/api/v1${url}`, {
      method,
      headers: { 'content-type': 'application/json', 'accept-language': 'pt-BR', ...headers },
      body: body === undefined ? undefined : JSON.stringify(body),
    });
    const text = await res.text();
    return {
      status: res.status,
      body: (text ? JSON.parse(text) : null) as Record<string, unknown>,
    };
  };
  const as = (who: { token: string }) => ({ authorization: `Bearer ${who.token}` });
  async function loginAs(email: string, password = DEMO_PASSWORD) {
    const pair = tokenPairSchema.parse(
      (await call('POST', '/security/login_check', { username: email, password })).body,
    );
    const { user } = meResponseSchema.parse(
      (await call('GET', '/me', undefined, { authorization: `Bearer ${pair.token}` })).body,
    );
    return { id: user.id, token: pair.token };
  }

  beforeAll(async () => {
    process.env.DATA_DIR = path.join(dataDir, backend);
    resetAccountSettings();
    database = await openTestDatabase(backend);
    api = createApi({ db: database.db });
    maria = await loginAs('membro@graca.demo');
    john = await loginAs('member@grace.demo');
  });
  afterAll(() => database.close());

  it('the church account, documents and roles of the logged-in user', async () => {
    const accounts = churchAccountsResponseSchema.parse(
      (await call('GET', `/user/${maria.id}/usuario?cliente=${GRACA}`, undefined, as(maria))).body,
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
        (await call('GET', `/user/${maria.id}/usuario?cliente=${GRACE}`, undefined, as(maria)))
          .body,
      ).usuarios,
    ).toEqual([]);
    const byOrg = churchAccountsResponseSchema.parse(
      (await call('GET', `/user/${maria.id}/usuario?organizacao=rede-graca`, undefined, as(maria)))
        .body,
    );
    expect(byOrg.usuarios.map((u) => u.igreja.codigo)).toEqual(['graca']);
    const docs = documentsResponseSchema.parse(
      (await call('GET', `/user/${maria.id}/documento?cliente=${GRACA}`, undefined, as(maria)))
        .body,
    );
    expect(docs.documentos).toEqual([{ tipo: 'CPF', numero: '52998224725' }]);
    const leader = await loginAs('lider@graca.demo');
    const roles = rolesResponseSchema.parse(
      (await call('GET', `/user/${leader.id}/role?organizacao=rede-graca`, undefined, as(leader)))
        .body,
    );
    expect(roles.userIgrejaRoles).toEqual([
      { igreja: { id: GRACA, codigo: 'graca' }, roles: ['ROLE_ADMIN'] },
    ]);
    expect((await call('GET', `/user/${maria.id}/usuario`, undefined, as(maria))).status).toBe(400);
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
      const res = await call(method, url, body, as(john));
      expect([403, 404], `${method} ${url} → ${res.status}`).toContain(res.status);
      expect(res.status, `${method} ${url}`).not.toBe(200);
    }
    const photo = await api.request(`/api/v1/usuario/${id}/perfil/imagem`, {
      method: 'POST',
      headers: as(john),
      body: imageForm(await png()),
    });
    expect(photo.status).toBe(403);
    // Maria's data is untouched.
    const children = childrenResponseSchema.parse(
      (await call('GET', `/user/${id}/crianca?cliente=${GRACA}`, undefined, as(maria))).body,
    );
    expect(children.criancas.map((c) => c.nome)).toEqual(['Ana']);
    const addresses = addressesResponseSchema.parse(
      (await call('GET', `/user/${id}/endereco?cliente=${GRACA}`, undefined, as(maria))).body,
    );
    expect(addresses.enderecos.map((a) => a.logradouro)).toEqual(['Avenida Paulista']);
    // Without a token: 401.
    expect((await call('GET', `/user/${id}/crianca?cliente=${GRACA}`)).status).toBe(401);
  });

  it('register in a church: per-field messages, CPF rule, then tokens; the e-mail cannot register twice', async () => {
    const bad = await call('POST', `/igreja/${GRACA}/usuario/`, {
      email: 'nova@graca.demo',
      senha: 'Nova@1234',
      confirmacaoSenha: 'Nova@12345',
      nome: '',
      sobrenome: 'Silva',
      telefone: '11 1234',
      dataNascimento: '2999-01-01',
      sexo: 'X',
      cpf: '111.111.111-11',
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
      ...good,
      cpf: '529.982.247-25',
    });
    expect(taken.status).toBe(409);
    expect(apiErrorSchema.parse(taken.body).errors?.cpf).toEqual(['Este CPF já está em uso.']);
    const created = await call('POST', `/igreja/${GRACA}/usuario/`, good, {
      host: 'graca.localhost:4321',
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
    expect((await call('POST', `/igreja/${GRACA}/usuario/`, good)).status).toBe(409);
  });

  it('a value of the wrong kind is called invalid, not missing; every message in the request’s language', async () => {
    const errorsOf = async (
      method: string,
      url: string,
      body?: unknown,
      headers: Record<string, string> = {},
    ) => {
      const res = await call(method, url, body, headers);
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
      email: 'lider@graca.demo',
      senha: 'Wrong@1234',
    });
    expect(wrong.status).toBe(401);
    const joined = await call('POST', `/igreja/${GRACE}/usuario/`, {
      email: 'lider@graca.demo',
      senha: DEMO_PASSWORD,
    });
    expect(joined.status).toBe(200);
    expect(registerResponseSchema.parse(joined.body).novo).toBe(false);
    // An inactive account gets its activation e-mail instead.
    const inactive = await call('POST', `/igreja/${GRACA}/usuario/`, {
      email: 'inativo@graca.demo',
      senha: DEMO_PASSWORD,
    });
    expect(inactive.status).toBe(403);
    expect((await readOutbox(process.env.DATA_DIR!, 'inativo@graca.demo')).length).toBeGreaterThan(
      0,
    );
  });

  it('PUT /usuario/ updates the data, with spec §3 marital status and custom fields', async () => {
    const fields = customFieldsResponseSchema.parse(
      (
        await call(
          'GET',
          `/user/${maria.id}/campo-personalizado?igreja=${GRACA}`,
          undefined,
          as(maria),
        )
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
    const res = await call('PUT', '/usuario/', body, as(maria));
    expect(res.status).toBe(200);
    expect(meResponseSchema.parse(res.body).user).toMatchObject({
      sobrenome: 'Souza Lima',
      estadoCivil: 'uniao_estavel',
    });
    const after = customFieldsResponseSchema.parse(
      (
        await call(
          'GET',
          `/user/${maria.id}/campo-personalizado?igreja=${GRACA}`,
          undefined,
          as(maria),
        )
      ).body,
    );
    expect(after.camposPersonalizados[0]!.valor).toBe('Amigos');
    const invalid = await call(
      'PUT',
      '/usuario/',
      { ...body, estadoCivil: 'enrolado', qtdeFilhos: -1 },
      as(maria),
    );
    expect(invalid.status).toBe(400);
    expect(Object.keys(apiErrorSchema.parse(invalid.body).errors!)).toEqual(
      expect.arrayContaining(['estadoCivil', 'qtdeFilhos']),
    );
  });

  it('addresses and children: add, edit, remove', async () => {
    const added = await call(
      'POST',
      `/usuario/${john.id}/endereco`,
      { pais: 'US', estado: 'TX', cidade: 'Austin', logradouro: '100 Congress Ave', cep: '78701' },
      as(john),
    );
    expect(added.status).toBe(201);
    const addressId = Number(added.body.id);
    expect(
      (
        await call(
          'PUT',
          `/usuario/${john.id}/endereco/${addressId}`,
          {
            pais: 'US',
            estado: 'TX',
            cidade: 'Austin',
            logradouro: '200 Congress Ave',
            cep: '78701',
          },
          as(john),
        )
      ).status,
    ).toBe(200);
    const brBad = await call(
      'POST',
      `/usuario/${john.id}/endereco`,
      { pais: 'BR', cidade: 'São Paulo', logradouro: 'Rua A', cep: '123' },
      as(john),
    );
    expect(apiErrorSchema.parse(brBad.body).errors?.cep).toEqual(['CEP Inválido']);
    expect(
      (await call('DELETE', `/usuario/${john.id}/endereco/${addressId}`, undefined, as(john)))
        .status,
    ).toBe(204);
    const child = await call(
      'POST',
      `/usuario/${john.id}/crianca?igreja=${GRACE}`,
      { nome: 'Tim', dataNascimento: '2019-02-03', sexo: 'M' },
      as(john),
    );
    expect(child.status).toBe(201);
    const childId = Number(child.body.id);
    // The profile's children count follows what was added (issue 15).
    expect(
      meResponseSchema.parse((await call('GET', '/me', undefined, as(john))).body).user.qtdeFilhos,
    ).toBe(1);
    expect(
      (
        await call(
          'PUT',
          `/usuario/${john.id}/crianca/${childId}`,
          { nome: 'Timothy', dataNascimento: '2019-02-03' },
          as(john),
        )
      ).status,
    ).toBe(200);
    const list = childrenResponseSchema.parse(
      (await call('GET', `/user/${john.id}/crianca?cliente=${GRACE}`, undefined, as(john))).body,
    );
    expect(list.criancas.map((c) => c.nome)).toEqual(['Timothy']);
    expect(
      (await call('DELETE', `/usuario/${john.id}/crianca/${childId}`, undefined, as(john))).status,
    ).toBe(204);
    expect(
      (await call('DELETE', `/usuario/${john.id}/crianca/${childId}`, undefined, as(john))).status,
    ).toBe(404);
  });

  it('notifications of the church, paged (spec §9: page 1, limit 30)', async () => {
    const res = notificationsResponseSchema.parse(
      (await call('GET', `/igreja/${GRACA}/notificacao/?page=1&limit=30`, undefined, as(maria)))
        .body,
    );
    expect(res.notificacoes.length).toBe(6);
    expect(res.notificacoes.every((n) => n.igreja.codigo === 'graca')).toBe(true);
    const page2 = notificationsResponseSchema.parse(
      (await call('GET', `/igreja/${GRACA}/notificacao/?page=2&limit=4`, undefined, as(maria)))
        .body,
    );
    expect(page2.notificacoes).toHaveLength(2);
    expect(
      (await call('GET', `/igreja/${GRACA}/notificacao/?page=0`, undefined, as(maria))).status,
    ).toBe(400);
  });

  it('every demo notification with a related entity opens it in its own church, and its text names it (issue 15)', async () => {
    for (const [churchId, who] of [
      [GRACA, maria],
      [GRACE, john],
    ] as const) {
      const { notificacoes } = notificationsResponseSchema.parse(
        (await call('GET', `/igreja/${churchId}/notificacao/?page=1&limit=30`, undefined, as(who)))
          .body,
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

  it('member card with every field and a QR code; none for an e-mail without a card', async () => {
    const cards = memberCardsResponseSchema.parse(
      (
        await call(
          'GET',
          `/usuario-carteirinha/?usuario_email=membro@graca.demo&usuario_igreja=${GRACA}`,
          undefined,
          as(maria),
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
          undefined,
          as(john),
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
    const up = await api.request(`/api/v1/usuario/${john.id}/perfil/imagem`, {
      method: 'POST',
      headers: as(john),
      body: imageForm(big, 'image/jpeg', 'me.jpg'),
    });
    expect(up.status).toBe(201);
    const { imagem } = (await up.json()) as { imagem: string };
    const served = await api.request(imagem.replace(/^\/api\/v1/, '/api/v1'));
    expect(served.status).toBe(200);
    const meta = await sharp(Buffer.from(await served.arrayBuffer())).metadata();
    expect([meta.format, meta.width, meta.height]).toEqual(['webp', 512, 512]);
    const text = await api.request(`/api/v1/usuario/${john.id}/perfil/imagem`, {
      method: 'POST',
      headers: { ...as(john), 'accept-language': 'pt' },
      body: imageForm(Buffer.from('not an image'), 'image/png', 'x.png'),
    });
    expect(text.status).toBe(415);
    expect(((await text.json()) as { message: string }).message).toBe(
      'Envie uma imagem JPEG, PNG ou WebP.',
    );
    const huge = Buffer.alloc(6 * 1024 * 1024, 1);
    const tooBig = await api.request(`/api/v1/usuario/${john.id}/perfil/imagem`, {
      method: 'POST',
      headers: as(john),
      body: imageForm(huge, 'image/jpeg', 'big.jpg'),
    });
    expect(tooBig.status).toBe(413);
    expect(
      (
        await api.request(`/api/v1/usuario/${john.id}/capa/imagem`, {
          method: 'POST',
          headers: as(john),
          body: imageForm(big),
        })
      ).status,
    ).toBe(400);
    const removed = await call('DELETE', `/usuario/${john.id}/perfil/imagem`, undefined, as(john));
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
    const other = await loginAs('lider@graca.demo');
    const outside = await call(
      'POST',
      '/usuario/troca-igreja',
      { igreja: GRACA, novaIgreja: GRACE },
      as(other),
    );
    expect(outside.status).toBe(404);
    const moved = await call(
      'POST',
      '/usuario/troca-igreja',
      { igreja: GRACA, novaIgreja: GRACA_NORTE },
      as(other),
    );
    expect(moved.status).toBe(200);
    expect(
      churchAccountsResponseSchema.parse(
        (
          await call(
            'GET',
            `/user/${other.id}/usuario?cliente=${GRACA_NORTE}`,
            undefined,
            as(other),
          )
        ).body,
      ).usuarios,
    ).toHaveLength(1);
    expect(
      churchAccountsResponseSchema.parse(
        (await call('GET', `/user/${other.id}/usuario?cliente=${GRACA}`, undefined, as(other)))
          .body,
      ).usuarios,
    ).toHaveLength(0);
  });

  it('deletion request: the wrong password is refused, the right one deletes the account', async () => {
    const nova = await loginAs('nova@graca.demo', 'Nova@1234');
    const wrong = await call(
      'POST',
      `/user/${nova.id}/pedido-exclusao?igreja=${GRACA}`,
      { senha: 'Wrong@1234' },
      { ...as(nova), 'accept-language': 'en' },
    );
    expect(wrong.status).toBe(422);
    expect(wrong.body.message).toBe('Your password is incorrect');
    const done = await call(
      'POST',
      `/user/${nova.id}/pedido-exclusao?igreja=${GRACA}`,
      { senha: 'Nova@1234' },
      as(nova),
    );
    expect(done.status).toBe(200);
    expect(
      (
        await call('POST', '/security/login_check', {
          username: 'nova@graca.demo',
          password: 'Nova@1234',
        })
      ).status,
    ).toBe(401);
    expect((await call('GET', '/me', undefined, as(nova))).status).toBe(401);
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
