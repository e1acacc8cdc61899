// Shared bits of the event and checkout islands: strings, the login gate (DESIGN.md §3: an
// auth-required page sends a visitor to /access?redirectTo=…), formatting and API errors.
// Nothing here imports zod or i18next, to keep the checkout under its JavaScript budget.
import { useStore } from '@nanostores/react';
import { useEffect, type ReactNode } from 'react';
import { $isLoggedIn, $session, $sessionReady, startSession, type SessionChurch } from '../../../stores/session.ts';
import { readFailure } from '../../../lib/account/http.ts';

export type Lang = 'pt' | 'en' | 'es';
const INTL: Record<Lang, string> = { pt: 'pt-BR', en: 'en-US', es: 'es' };

/** What every events island gets from its page. */
export interface EventsIslandProps {
  church: SessionChurch;
  /** The church's slug for church-scoped calls. */
  slug: string;
  lang: Lang;
  /** The page's `events.*` and `checkout.*` strings in its language. */
  strings: Record<string, string>;
}

export type T = (key: string, values?: Record<string, string | number>) => string;

export function makeT(strings: Record<string, string>): T {
  return (key, values = {}) => (strings[key] ?? key).replace(/\{\{(\w+)\}\}/g, (_, name: string) => String(values[name] ?? ''));
}

export const money = (value: number, currency: string, lang: Lang) => new Intl.NumberFormat(INTL[lang], { style: 'currency', currency }).format(value);
export const dateTime = (iso: string, lang: Lang, timeZone?: string) =>
  new Intl.DateTimeFormat(INTL[lang], { dateStyle: 'short', timeStyle: 'short', ...(timeZone ? { timeZone } : {}) }).format(new Date(iso));
export const longDate = (iso: string, lang: Lang, timeZone?: string) =>
  new Intl.DateTimeFormat(INTL[lang], { dateStyle: 'full', ...(timeZone ? { timeZone } : {}) }).format(new Date(iso));
export const timeOf = (iso: string, lang: Lang, timeZone?: string) =>
  new Intl.DateTimeFormat(INTL[lang], { hour: '2-digit', minute: '2-digit', ...(timeZone ? { timeZone } : {}) }).format(new Date(iso));
export const dayMonth = (iso: string, lang: Lang, timeZone?: string) =>
  new Intl.DateTimeFormat(INTL[lang], { day: '2-digit', month: '2-digit', ...(timeZone ? { timeZone } : {}) }).format(new Date(iso));

/** The logged-in member (or null while the session starts); visitors are sent to log in. */
export function useMember(church: SessionChurch): { ready: boolean; userId: number | null } {
  const ready = useStore($sessionReady);
  const loggedIn = useStore($isLoggedIn);
  const session = useStore($session);
  useEffect(() => {
    void startSession(church);
  }, [church]);
  useEffect(() => {
    if (ready && !loggedIn) location.replace(`/access?redirectTo=${encodeURIComponent(location.pathname + location.search)}`);
  }, [ready, loggedIn]);
  return { ready: ready && loggedIn, userId: loggedIn ? (session.user?.id ?? null) : null };
}

/** The API's message of a failed call, in the page's language. */
export async function failureMessage(error: unknown, fallback: string): Promise<{ message: string; errors: Record<string, string[]>; status: number }> {
  const failure = await readFailure(error);
  return { message: failure.message || fallback, errors: failure.errors, status: failure.status };
}

export function Spinner({ label }: { label: string }) {
  return (
    <p className="ev-loading" role="status" aria-live="polite">
      <span className="ev-spinner" aria-hidden="true" />
      {label}
    </p>
  );
}

export function Notice({ kind = 'info', children }: { kind?: 'info' | 'error' | 'success'; children: ReactNode }) {
  return (
    <div className={`ev-notice ev-notice-${kind}`} role={kind === 'error' ? 'alert' : 'status'}>
      {children}
    </div>
  );
}

const BRANDS: Record<string, string> = { visa: 'Visa', mastercard: 'Mastercard', amex: 'American Express', elo: 'Elo', hipercard: 'Hipercard', diners: 'Diners Club', discover: 'Discover' };
/** A card brand as people write it. */
export const brandName = (brand: string) => BRANDS[brand] ?? brand;
