// Thin adapters from the island kit (src/components/islands/ui) for CheckoutIsland and
// PaymentIsland, which the giving area is moving onto the kit; delete this file when nothing
// imports it.
import type { ReactNode } from 'react';
import type { Lang } from '../../../lib/format.ts';
import { Field, Loader, makeT as kitMakeT, Notice as KitNotice, Select, type IslandProps } from '../ui/index.ts';

export { failureMessage, useMember } from '../ui/index.ts';
export { brandName, dateTime, dayMonth, longDate, money, timeOf } from '../../../lib/format.ts';
export type { T } from '../ui/index.ts';

/** The kit's makeT; the language only picks plural forms, which these islands do not use. */
export const makeT = (strings: Record<string, string>, lang: Lang = 'en') => kitMakeT(strings, lang);

/** What every events island gets from its page. */
export interface EventsIslandProps extends IslandProps {
  /** The church's slug for church-scoped calls. */
  slug: string;
}

export const Spinner = ({ label }: { label: string }) => <Loader label={label} inline />;

export const Notice = ({ kind = 'info', children }: { kind?: 'info' | 'error' | 'success'; children: ReactNode }) => (
  <KitNotice kind={kind === 'success' ? 'ok' : kind}>{children}</KitNotice>
);

type InputProps = { label: string; value: string; onChange: (v: string) => void; error?: string | undefined; required?: boolean; type?: string; autoComplete?: string };
export const Input = (p: InputProps) => <Field {...p} />;

type SelectProps = { label: string; value: string; onChange: (v: string) => void; options: (string | { value: string; label: string })[]; error?: string | undefined; required?: boolean; placeholder: string };
export const SelectInput = ({ options, ...p }: SelectProps) => <Select {...p} options={options.map((o) => (typeof o === 'string' ? { value: o, label: o } : o))} />;
