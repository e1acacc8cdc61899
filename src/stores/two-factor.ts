// Two-factor sign-in from the browser (docs/security.md "Two-factor sign-in", docs/accounts.md
// "Two-factor sign-in"): the member's own set-up (off → enrolling with the QR code and the text
// secret → the ten recovery codes, shown once → on; off again with a code), and the staff
// setting that requires it of a church's team. Islands render these stores; every rule is the API's.
import { atom } from 'nanostores';
import type { TwoFactorEnrolment } from '../../contract/two-factor.ts';
import * as api from '../lib/account/api.ts';
import { readFailure } from '../lib/account/http.ts';
import * as staffApi from '../lib/staff/security-api.ts';

export type TwoFactorState =
  | { state: 'loading' }
  | { state: 'error'; message: string }
  | { state: 'off' }
  | { state: 'enrolling'; enrolment: TwoFactorEnrolment }
  /** Just turned on: the recovery codes, which the API never shows again. */
  | { state: 'codes'; codes: string[] }
  | { state: 'on'; left: number };

export type Outcome = { ok: true } | { ok: false; message: string; errors: Record<string, string> };

export const $twoFactor = atom<TwoFactorState>({ state: 'loading' });

async function outcome(run: () => Promise<void>): Promise<Outcome> {
  try {
    await run();
    return { ok: true };
  } catch (error) {
    const failure = await readFailure(error);
    return {
      ok: false,
      message: failure.message,
      errors: Object.fromEntries(Object.entries(failure.errors).map(([k, v]) => [k, v[0] ?? ''])),
    };
  }
}

export async function loadTwoFactor(): Promise<void> {
  $twoFactor.set({ state: 'loading' });
  try {
    const status = await api.twoFactorStatus();
    $twoFactor.set(
      status.ativo ? { state: 'on', left: status.codigosRestantes } : { state: 'off' },
    );
  } catch (error) {
    $twoFactor.set({ state: 'error', message: (await readFailure(error)).message });
  }
}

/** A new secret for the app; the app names it after this church. */
export const startTwoFactor = (churchId: number): Promise<Outcome> =>
  outcome(async () => {
    $twoFactor.set({ state: 'enrolling', enrolment: await api.startTwoFactor(churchId) });
  });

/** The first code of the app: on, and the recovery codes to keep. */
export const confirmTwoFactor = (code: string): Promise<Outcome> =>
  outcome(async () => {
    $twoFactor.set({ state: 'codes', codes: await api.confirmTwoFactor(code.trim()) });
  });

/** The codes are kept (copied, downloaded or written down): they leave the page. */
export function recoveryCodesKept(): void {
  const now = $twoFactor.get();
  if (now.state === 'codes') $twoFactor.set({ state: 'on', left: now.codes.length });
}

/** Leaves an unfinished set-up (the unconfirmed secret stays off on the server). */
export function cancelTwoFactor(): void {
  if ($twoFactor.get().state === 'enrolling') $twoFactor.set({ state: 'off' });
}

export const disableTwoFactor = (code: string): Promise<Outcome> =>
  outcome(async () => {
    const status = await api.disableTwoFactor(code.trim());
    $twoFactor.set(
      status.ativo ? { state: 'on', left: status.codigosRestantes } : { state: 'off' },
    );
  });

/** The recovery codes as a text file's lines (one code a line, with a heading the page gives). */
export const recoveryCodesText = (heading: string, codes: string[]): string =>
  [heading, '', ...codes, ''].join('\n');

// ---- the staff setting: require it of the church's team ----

export type ChurchRuleState =
  | { state: 'loading' }
  | { state: 'error'; message: string }
  | { state: 'ready'; required: boolean };

export const $churchTwoFactor = atom<ChurchRuleState>({ state: 'loading' });

export async function loadChurchTwoFactor(slug: string): Promise<void> {
  $churchTwoFactor.set({ state: 'loading' });
  try {
    const rule = await staffApi.fetchChurchSecurity(slug);
    $churchTwoFactor.set({ state: 'ready', required: rule.exigirDoisFatores });
  } catch (error) {
    $churchTwoFactor.set({ state: 'error', message: (await readFailure(error)).message });
  }
}

/** Saves the rule; the API refuses to turn it on for an admin who has not turned it on for themself. */
export const saveChurchTwoFactor = (slug: string, required: boolean): Promise<Outcome> =>
  outcome(async () => {
    const rule = await staffApi.saveChurchSecurity(slug, { exigirDoisFatores: required });
    $churchTwoFactor.set({ state: 'ready', required: rule.exigirDoisFatores });
  });
