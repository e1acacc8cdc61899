// The parts every staff list shares (docs/staff.md "List → detail → edit"): the search box that
// writes `busca` to the address, the area's tabs, and the count, empty state and shared pager.
import { useEffect, useState, type ReactNode } from 'react';
import { Field, Loader, Notice, Pager, type T } from '../../ui/index.ts';

type Update = (changes: Record<string, string | number | null>) => void;

/** The page number in the address (`page`, 1 when absent or invalid). */
export const pageOf = (params: URLSearchParams): number =>
  Math.max(1, Number(params.get('page')) || 1);

/** A `role="search"` form: the search field and its button (in `boxClass` when given), then the area's filters. */
export function SearchForm({
  className,
  boxClass,
  label,
  hint,
  button,
  buttonClass = 'button secondary',
  maxLength,
  value,
  update,
  children,
}: {
  className: string;
  boxClass?: string;
  label: string;
  hint?: string;
  button: string;
  buttonClass?: string;
  maxLength?: number;
  value: string;
  update: Update;
  children?: ReactNode;
}) {
  const [typed, setTyped] = useState(value);
  useEffect(() => setTyped(value), [value]);
  const box = (
    <>
      <Field
        label={label}
        hint={hint}
        name="busca"
        type="search"
        value={typed}
        onChange={setTyped}
        maxLength={maxLength}
      />
      <button type="submit" className={buttonClass}>
        {button}
      </button>
    </>
  );
  return (
    <form
      className={className}
      role="search"
      onSubmit={(e) => {
        e.preventDefault();
        update({ busca: typed.trim() || null, page: null });
      }}
    >
      {boxClass ? <div className={boxClass}>{box}</div> : box}
      {children}
    </form>
  );
}

/** Shown while any filter is set: clears `keys` and the page. */
export function ClearFilters({
  show,
  keys,
  label,
  update,
}: {
  show: boolean;
  keys: string[];
  label: string;
  update: Update;
}) {
  if (!show) return null;
  return (
    <button
      type="button"
      className="button secondary"
      onClick={() => update({ ...Object.fromEntries(keys.map((k) => [k, null])), page: null })}
    >
      {label}
    </button>
  );
}

interface Paged {
  page: number;
  totalPages: number;
  total: number;
}

/** The loaded page: the count (read aloud when it changes), the rows or the empty state, the pager. */
export function PagedList({
  busy,
  page,
  count,
  update,
  t,
  children,
}: {
  busy: boolean;
  page: Paged;
  count: string;
  update: Update;
  t: T;
  children: ReactNode;
}) {
  return (
    <div aria-busy={busy || undefined}>
      <p role="status">{t.plural(count, page.total)}</p>
      {children}
      <Pager
        page={page.page}
        totalPages={page.totalPages}
        onPage={(p) => update({ page: p > 1 ? p : null })}
        t={t}
      />
    </div>
  );
}

/** A list store's state around `PagedList`: its error, the loader until the first page, then the page. */
export function ListPager<D>({
  list,
  data,
  page,
  count,
  update,
  t,
  children,
}: {
  list: { state: string; message?: string };
  data: D | undefined | null;
  page: (data: D) => Paged;
  count: string;
  update: Update;
  t: T;
  children: (data: D) => ReactNode;
}) {
  return (
    <>
      {list.state === 'error' && <Notice kind="error">{list.message}</Notice>}
      {!data ? (
        list.state !== 'error' && <Loader label={t('admin.shell.loading')} />
      ) : (
        <PagedList
          busy={list.state === 'loading'}
          page={page(data)}
          count={count}
          update={update}
          t={t}
        >
          {children(data)}
        </PagedList>
      )}
    </>
  );
}

/** An area's own menu (`.staff-tabs`): one link per page, the current one marked. */
export function StaffTabs<K extends string>({
  tabs,
  current,
  label,
  tabLabel,
}: {
  tabs: readonly (readonly [K, string])[];
  current: K | null;
  label: string;
  tabLabel: (key: K) => string;
}) {
  return (
    <nav className="staff-tabs" aria-label={label}>
      <ul>
        {tabs.map(([key, href]) => (
          <li key={key}>
            <a href={href} aria-current={key === current ? 'page' : undefined}>
              {tabLabel(key)}
            </a>
          </li>
        ))}
      </ul>
    </nav>
  );
}
