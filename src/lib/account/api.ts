// The member's account calls from the browser (spec §7 "Auth and user", "Address", "Children",
// "Utilities"), typed by the contract's response schemas (type-only imports: no zod in islands).
import type { z } from 'zod';
import type { TokenPair } from '../../../contract/auth.ts';
import type { Client, clientsResponseSchema } from '../../../contract/church.ts';
import type { TwoFactorEnrolment, TwoFactorStatus } from '../../../contract/two-factor.ts';
import type {
  AccountLookup,
  ChangeChurchEffects,
  Address,
  AddressBody,
  addressesResponseSchema,
  Child,
  ChildBody,
  childrenResponseSchema,
  countriesResponseSchema,
  customFieldsResponseSchema,
  maritalStatusesResponseSchema,
  MemberCard,
  memberCardsResponseSchema,
  notificationsResponseSchema,
  meResponseSchema,
  occupationsResponseSchema,
  RegisterBody,
  registerResponseSchema,
  UpdateUserBody,
  User,
} from '../../../contract/user.ts';
import { mainApi } from './http.ts';

type Answer<S extends z.ZodType> = z.infer<S>;
export type { Address, AddressBody, Child, ChildBody, User };

/** The choices of the data form: marital statuses, occupations, congregations, custom fields, countries. */
export async function profileLists(churchId: number, userId: number) {
  const api = mainApi();
  const [m, o, c, f, p] = await Promise.all([
    api.get('utils/estado-civil/').json<Answer<typeof maritalStatusesResponseSchema>>(),
    api.get('utils/ocupacao/').json<Answer<typeof occupationsResponseSchema>>(),
    api
      .get('congregacao/', { searchParams: { igreja: churchId } })
      .json<{ congregacoes: { id: number; nome: string }[] }>(),
    api
      .get(`user/${userId}/campo-personalizado`, { searchParams: { igreja: churchId } })
      .json<Answer<typeof customFieldsResponseSchema>>(),
    api.get('utils/pais/').json<Answer<typeof countriesResponseSchema>>(),
  ]);
  return {
    maritalStatuses: m.estadosCivis,
    occupations: o.ocupacoes,
    congregations: c.congregacoes,
    customFields: f.camposPersonalizados,
    countries: p.paises,
  };
}
export type ProfileLists = Awaited<ReturnType<typeof profileLists>>;

export const me = async (): Promise<User> =>
  (await mainApi().get('me').json<Answer<typeof meResponseSchema>>()).user;

export const updateUser = async (body: UpdateUserBody): Promise<User> =>
  (await mainApi().put('usuario/', { json: body }).json<{ user: User }>()).user;

export const children = async (userId: number, churchId: number): Promise<Child[]> =>
  (
    await mainApi()
      .get(`user/${userId}/crianca`, { searchParams: { cliente: churchId } })
      .json<Answer<typeof childrenResponseSchema>>()
  ).criancas;

export const addChild = (userId: number, churchId: number, body: ChildBody): Promise<Child> =>
  mainApi()
    .post(`usuario/${userId}/crianca`, { json: body, searchParams: { igreja: churchId } })
    .json<Child>();

export const updateChild = (userId: number, childId: number, body: ChildBody): Promise<Child> =>
  mainApi().put(`usuario/${userId}/crianca/${childId}`, { json: body }).json<Child>();

export const deleteChild = async (userId: number, childId: number): Promise<void> => {
  await mainApi().delete(`usuario/${userId}/crianca/${childId}`);
};

export const addresses = async (userId: number, churchId: number): Promise<Address[]> =>
  (
    await mainApi()
      .get(`user/${userId}/endereco`, { searchParams: { cliente: churchId } })
      .json<Answer<typeof addressesResponseSchema>>()
  ).enderecos;

export const addAddress = (userId: number, body: AddressBody): Promise<Address> =>
  mainApi().post(`usuario/${userId}/endereco`, { json: body }).json<Address>();

export const updateAddress = (
  userId: number,
  addressId: number,
  body: AddressBody,
): Promise<Address> =>
  mainApi().put(`usuario/${userId}/endereco/${addressId}`, { json: body }).json<Address>();

export const deleteAddress = async (userId: number, addressId: number): Promise<void> => {
  await mainApi().delete(`usuario/${userId}/endereco/${addressId}`);
};

// ---- access (spec §2 /access) ----

type Said = { message: string };

/** Where an e-mail stands: an account of this church (active or not), of another church of the provider, or none. */
export async function accountStatus(
  churchId: number,
  email: string,
): Promise<'login' | 'inactive' | 'shared' | 'register'> {
  const api = mainApi();
  const here = await api
    .get(`igreja/${churchId}/usuario/`, { searchParams: { email } })
    .json<AccountLookup>();
  if (here.usuarios[0]) return here.usuarios[0].flagAtivo ? 'login' : 'inactive';
  const anywhere = await api.get('user/', { searchParams: { email } }).json<AccountLookup>();
  return anywhere.usuarios[0] ? 'shared' : 'register';
}

/** A new account of this church; the photo goes up with the new token (a failed photo is not a failed registration). */
export async function register(
  churchId: number,
  body: RegisterBody,
  photo: File | null,
): Promise<TokenPair> {
  const pair = await mainApi()
    .post(`igreja/${churchId}/usuario/`, { json: body })
    .json<Answer<typeof registerResponseSchema>>();
  if (photo) {
    const form = new FormData();
    form.set('imagem', photo);
    await mainApi()
      .post(`usuario/${pair.usuario.id}/perfil/imagem`, {
        body: form,
        headers: { Authorization: `Bearer ${pair.token}` },
      })
      .catch(() => undefined);
  }
  return pair;
}

/** An account of another church of the provider joins this one with its password. */
export const joinChurch = (churchId: number, email: string, senha: string): Promise<TokenPair> =>
  mainApi().post(`igreja/${churchId}/usuario/`, { json: { email, senha } }).json<TokenPair>();

export const verifyEmail = (token: string): Promise<Said> =>
  mainApi().post('security/verificar-email', { json: { token } }).json<Said>();

export const sendActivation = (churchId: number, email: string): Promise<Said> =>
  mainApi()
    .post('security/solicitar-verificacao-email/', { searchParams: { igreja: churchId, email } })
    .json<Said>();

export const sendRecovery = (churchId: number, email: string): Promise<Said> =>
  mainApi()
    .post('security/recuperar-senha', { json: { email, igreja: churchId } })
    .json<Said>();

export const resetPassword = (
  token: string,
  senha: string,
  confirmacaoSenha: string,
): Promise<Said> =>
  mainApi()
    .post('security/recuperar-senha/confirmar', { json: { token, senha, confirmacaoSenha } })
    .json<Said>();

// ---- the member area ----

export async function uploadPhoto(userId: number, file: File): Promise<void> {
  const body = new FormData();
  body.set('imagem', file);
  await mainApi().post(`usuario/${userId}/perfil/imagem`, { body }).json();
}

export async function removePhoto(userId: number): Promise<void> {
  await mainApi().delete(`usuario/${userId}/perfil/imagem`).json();
}

/** spec §9: page 1, limit 30. */
export const NOTIFICATIONS_PER_PAGE = 30;
export const notifications = (churchId: number, page: number) =>
  mainApi()
    .get(`igreja/${churchId}/notificacao/`, {
      searchParams: { page, limit: NOTIFICATIONS_PER_PAGE },
    })
    .json<Answer<typeof notificationsResponseSchema>>();

/** The churches of an organisation, by name or nearest first. */
export const organisationChurches = async (
  searchParams: Record<string, string | number>,
): Promise<Client[]> =>
  (await mainApi().get('cliente/', { searchParams }).json<Answer<typeof clientsResponseSchema>>())
    .clientes;

/** What a move would stop at this church (recurring gifts, the Play plan) and the roles left there. */
export const changeChurchEffects = (churchId: number): Promise<ChangeChurchEffects> =>
  mainApi()
    .get('usuario/troca-igreja/efeitos', { searchParams: { igreja: churchId } })
    .json<ChangeChurchEffects>();

/** Moves the membership; the answer's one-time code logs in on the new church's landing. */
export async function changeChurch(churchId: number, newChurchId: number): Promise<string> {
  const answer = await mainApi()
    .post('usuario/troca-igreja', { json: { igreja: churchId, novaIgreja: newChurchId } })
    .json<{ codigoAcesso: string }>();
  return answer.codigoAcesso;
}

/** Other sessions end; this one goes on with the new pair. */
export const changePassword = (body: Record<string, string>): Promise<TokenPair> =>
  mainApi().post('user/alterar-senha', { json: body }).json<TokenPair>();

export async function requestDeletion(
  userId: number,
  churchId: number,
  senha: string,
): Promise<void> {
  await mainApi().post(`user/${userId}/pedido-exclusao`, {
    json: { senha },
    searchParams: { igreja: churchId },
  });
}

export const memberCards = async (email: string, churchId: number): Promise<MemberCard[]> =>
  (
    await mainApi()
      .get('usuario-carteirinha/', {
        searchParams: { usuario_email: email, usuario_igreja: churchId },
      })
      .json<Answer<typeof memberCardsResponseSchema>>()
  ).usuarioCarteirinhas;

// ---- two-factor sign-in (docs/security.md "Two-factor sign-in") ----

/** Whether two-factor is on for the account, and how many recovery codes are left. */
export const twoFactorStatus = (): Promise<TwoFactorStatus> =>
  mainApi().get('user/dois-fatores').json<TwoFactorStatus>();

/** A new secret for the app (QR code and text), off until a first code confirms it; named after the church. */
export const startTwoFactor = (churchId: number): Promise<TwoFactorEnrolment> =>
  mainApi()
    .post('user/dois-fatores', { searchParams: { igreja: churchId } })
    .json();

/** The first code of the app turns it on; the answer's ten recovery codes are shown once. */
export const confirmTwoFactor = async (codigo: string): Promise<string[]> =>
  (
    await mainApi()
      .post('user/dois-fatores/confirmar', { json: { codigo } })
      .json<{ codigosRecuperacao: string[] }>()
  ).codigosRecuperacao;

/** Turns it off with a code of the app or a recovery code. */
export const disableTwoFactor = (codigo: string): Promise<TwoFactorStatus> =>
  mainApi().post('user/dois-fatores/desativar', { json: { codigo } }).json<TwoFactorStatus>();
