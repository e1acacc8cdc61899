// The provider console's and sign-up's typed calls (docs/provider.md), over a ky client of their
// own: these pages live on the bare provider domain, outside any church's session, so a 401 here
// is an answer to show (the console's login form), never the church site's log-out-and-reload.
import ky, { HTTPError, type KyInstance } from 'ky';
import type { TokenPair } from '../../../contract/auth.ts';
import type {
  ChurchExport,
  ChurchExportList,
  ExportLink,
} from '../../../contract/church-export.ts';
import type {
  ChurchInput,
  CodeAvailability,
  FirstAdminAnswer,
  Organization,
  ProviderAuditPage,
  ProviderChurch,
  ProviderChurchesPage,
  ProviderMe,
  SignupInfo,
  SignupMode,
} from '../../../contract/provider.ts';

let client: KyInstance | undefined;
let bearer: string | null = null;

export function setProviderToken(token: string | null): void {
  bearer = token;
}

function api(): KyInstance {
  return (client ??= ky.create({
    prefixUrl: new URL('/api/v1/', location.origin).toString(),
    timeout: 30_000,
    retry: 0,
    hooks: {
      beforeRequest: [
        (request) => {
          if (bearer) request.headers.set('authorization', `Bearer ${bearer}`);
        },
      ],
    },
  }));
}

export interface Failure {
  status: number;
  message: string;
  errors: Record<string, string>;
}

/** A failed call as the API explained it (in the page's language), first message per field. */
export async function failureOf(error: unknown, fallback: string): Promise<Failure> {
  if (error instanceof HTTPError) {
    try {
      const body = (await error.response.clone().json()) as {
        message?: string;
        errors?: Record<string, string[]>;
      };
      return {
        status: error.response.status,
        message: body.message || fallback,
        errors: Object.fromEntries(
          Object.entries(body.errors ?? {}).map(([k, v]) => [k, v[0] ?? '']),
        ),
      };
    } catch {
      return { status: error.response.status, message: fallback, errors: {} };
    }
  }
  return { status: 0, message: fallback, errors: {} };
}

// ---- session ----

export type LoginAnswer = TokenPair | { segundoFator: true; desafio: string };

export const login = (username: string, password: string) =>
  api().post('security/login_check', { json: { username, password } }).json<LoginAnswer>();
export const loginCode = (desafio: string, codigo: string) =>
  api().post('security/login_check/codigo', { json: { desafio, codigo } }).json<TokenPair>();
export const refresh = (refreshToken: string) =>
  api().post('security/token/refresh', { json: { refreshToken } }).json<TokenPair>();
export const me = () => api().get('provider/eu').json<ProviderMe>();

// ---- console ----

export const listChurches = (page: number, busca: string) =>
  api()
    .get('provider/igrejas', { searchParams: { page, ...(busca ? { busca } : {}) } })
    .json<ProviderChurchesPage>();
export const createChurch = (input: Partial<ChurchInput>) =>
  api().post('provider/igrejas', { json: input }).json<ProviderChurch>();
export const suspendChurch = (id: number, suspend: boolean) =>
  api()
    .post(`provider/igrejas/${id}/${suspend ? 'suspender' : 'reativar'}`)
    .json<ProviderChurch>();
/** The church's clock (docs/provider.md "Time zone"); null: its country's. */
export const changeChurchZone = (id: number, fusoHorario: string | null) =>
  api()
    .put(`provider/igrejas/${id}/fuso-horario`, { json: { fusoHorario } })
    .json<ProviderChurch>();
export const inviteAdmin = (id: number, email: string, nome: string) =>
  api()
    .post(`provider/igrejas/${id}/convite-admin`, { json: { email, nome } })
    .json<FirstAdminAnswer>();
export const listOrganizations = () =>
  api().get('provider/organizacoes').json<{ organizacoes: Organization[] }>();
export const createOrganization = (nome: string) =>
  api().post('provider/organizacoes', { json: { nome } }).json<Organization>();
export const getSettings = () =>
  api().get('provider/configuracao').json<{ cadastro: SignupMode }>();
export const putSettings = (cadastro: SignupMode) =>
  api().put('provider/configuracao', { json: { cadastro } }).json<{ cadastro: SignupMode }>();
export const inviteSignup = (email: string) =>
  api().post('provider/convites-cadastro', { json: { email } }).json<{ message: string }>();
// a church's export and its deletion after a grace period (docs/provider.md "Deleting a church")
export const exportChurch = (id: number) =>
  api().post(`provider/igrejas/${id}/exportacao`).json<ChurchExport>();
export const providerExports = () =>
  api()
    .get('provider/exportacoes')
    .json<ChurchExportList>()
    .then((list) => list.exportacoes);
export const providerExportUrl = (id: number) =>
  api()
    .post(`provider/exportacoes/${id}/link`)
    .json<ExportLink>()
    .then(({ url }) => new URL(url, location.origin).toString());
export const deleteChurchLater = (id: number, codigo: string, dias: number) =>
  api().post(`provider/igrejas/${id}/exclusao`, { json: { codigo, dias } }).json<ProviderChurch>();
export const cancelChurchDeletion = (id: number) =>
  api().delete(`provider/igrejas/${id}/exclusao`).json<ProviderChurch>();
export const auditPage = (page: number) =>
  api().get('provider/auditoria', { searchParams: { page } }).json<ProviderAuditPage>();

// ---- public ----

export const codeAvailable = (codigo: string, signal?: AbortSignal) =>
  api()
    .get('provider/codigo-disponivel', { searchParams: { codigo }, signal })
    .json<CodeAvailability>();
export const signupInfo = () => api().get('provider/cadastro').json<SignupInfo>();
export const signUp = (body: Record<string, unknown>) =>
  api().post('provider/cadastro', { json: body }).json<{ message: string; email: string }>();
export const activate = (token: string) =>
  api()
    .post('provider/cadastro/ativar', { json: { token } })
    .json<{ message: string; endereco: string; codigo: string }>();
export const setPassword = (token: string, senha: string) =>
  api().post('provider/senha', { json: { token, senha } }).json<{ message: string }>();
