// A volunteer's swaps and the plan's QR check-in (docs/volunteers.md "Swaps", "On the day"):
// the calls the /user/rotas island and the QR page make, and what each answer means for them.
// Also the volunteer's rotas (/user, /user/rotas: the assignments and their answers, check-in,
// blockout dates with their form, asking to join a team; one message for the page) and a team's
// plan (/praise/escala). Calls in src/lib/rotas/api.ts; no DOM here.
import { atom, map } from 'nanostores';
import type { MyRotas, QrCheckInResult, TeamPlanView } from '../../contract/rotas.ts';
import { readFailure } from '../lib/account/http.ts';
import {
  deleteBlockout,
  deleteSwap,
  fetchMyRotas,
  fetchTeamPlan,
  postAnswer,
  postBlockout,
  postCheckIn,
  postJoin,
  postQrCheckIn,
  postSwap,
  postTakeSwap,
} from '../lib/rotas/api.ts';
import { loadInto, type Loadable } from './loadable.ts';

/** Asks the team (`to` empty) or one member to take one of the member's rotas. */
export const askSwap = (slug: string, assignmentId: number, to: string) =>
  postSwap(slug, assignmentId, to ? Number(to) : null);

/** Takes a swap: 'feita' (the place is the member's now) or 'aguardando' (a leader decides). */
export const takeSwap = async (slug: string, swapId: number) =>
  (await postTakeSwap(slug, swapId)).estado;

export const cancelSwap = (slug: string, swapId: number) => deleteSwap(slug, swapId);

export type QrState =
  | { state: 'working' }
  | { state: 'done'; result: QrCheckInResult }
  | { state: 'error'; message: string };

export const $qrCheckIn = atom<QrState>({ state: 'working' });

/** Checks the member in with the token of the QR they scanned; `describe` words a failure. */
export async function checkInWithQr(
  slug: string,
  token: string,
  describe: (error: unknown) => Promise<string>,
) {
  $qrCheckIn.set({ state: 'working' });
  try {
    $qrCheckIn.set({ state: 'done', result: await postQrCheckIn(slug, token) });
  } catch (error) {
    $qrCheckIn.set({ state: 'error', message: await describe(error) });
  }
}

export interface BlockoutForm {
  inicio: string;
  fim: string;
  motivo: string;
}

const noBlockout: BlockoutForm = { inicio: '', fim: '', motivo: '' };

export interface MyRotasState {
  /** null until loaded. */
  data: MyRotas | null;
  /** The page's one message: the last action's answer, or why the load failed. */
  message: { kind: 'ok' | 'error'; text: string } | null;
  /** The last refused action's messages by field (the blockout form's). */
  errors: Record<string, string>;
  form: BlockoutForm;
}

export const $myRotas = map<MyRotasState>({
  data: null,
  message: null,
  errors: {},
  form: noBlockout,
});

/** Loads the volunteer's rotas; a failure shows its message (`failed`: when the API gives none). */
export const loadMyRotas = (slug: string, failed: string): Promise<void> =>
  fetchMyRotas(slug).then(
    (data) => $myRotas.setKey('data', data),
    async (error) => {
      const failure = await readFailure(error);
      $myRotas.setKey('message', { kind: 'error', text: failure.message || failed });
    },
  );

/**
 * Runs an action (an answer, a check-in, a swap, a blockout, a request to join): its message
 * (`ok`, or one from its answer) and the rotas again; a refusal's message and fields. True when done.
 */
export async function runRotaAction(
  slug: string,
  call: () => Promise<unknown>,
  ok: string | ((result: unknown) => string),
  failed: string,
): Promise<boolean> {
  try {
    const result = await call();
    $myRotas.setKey('message', { kind: 'ok', text: typeof ok === 'string' ? ok : ok(result) });
    await loadMyRotas(slug, failed);
    return true;
  } catch (error) {
    const failure = await readFailure(error);
    $myRotas.set({
      ...$myRotas.get(),
      errors: Object.fromEntries(Object.entries(failure.errors).map(([k, v]) => [k, v[0] ?? ''])),
      message: { kind: 'error', text: failure.message || failed },
    });
    return false;
  }
}

export const answerRota = (slug: string, id: number, answer: 'aceitar' | 'recusar') =>
  postAnswer(slug, id, answer);
export const checkInRota = (slug: string, id: number) => postCheckIn(slug, id);
export const removeBlockout = (slug: string, id: number) => deleteBlockout(slug, id);
export const askToJoinTeam = (slug: string, teamId: number) => postJoin(slug, teamId);

export const setBlockoutField = (field: keyof BlockoutForm, value: string): void =>
  $myRotas.setKey('form', { ...$myRotas.get().form, [field]: value });

/** Adds the blockout as typed; the form empties once it is saved, and stays to correct if not. */
export async function addBlockout(slug: string, texts: { ok: string; failed: string }) {
  const { form } = $myRotas.get();
  $myRotas.setKey('errors', {});
  const done = await runRotaAction(
    slug,
    () => postBlockout(slug, { ...form, motivo: form.motivo || null }),
    texts.ok,
    texts.failed,
  );
  if (done) $myRotas.setKey('form', noBlockout);
}

/** A team's plan (/praise/escala?id=): who serves where and the set list. */
export const $teamPlan = atom<Loadable<TeamPlanView>>({ state: 'idle' });

/** Loads the plan `id`; none named (0) is "not found" with the page's `notFound`. */
export function loadTeamPlan(slug: string, id: number, notFound: string): Promise<void> {
  if (!id) {
    $teamPlan.set({ state: 'error', message: notFound, status: 404 });
    return Promise.resolve();
  }
  return loadInto($teamPlan, () => fetchTeamPlan(slug, id), false);
}
