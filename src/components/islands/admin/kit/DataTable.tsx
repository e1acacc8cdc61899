// A dense staff table for long lists (docs/staff.md "Dense tables"): headers that sort on the
// server (the sort lives in the address as `ordem`: `titular`, `-titular` for descending), rows to
// select for a bulk action, and a row menu. On a phone the table scrolls sideways inside its own
// box, so the page never does and the sorting headers stay.
import { useEffect, useId, useRef, type ReactNode } from 'react';

export interface DataColumn<R> {
  /** The column's id; also its `ordem` value when it sorts. */
  key: string;
  label: string;
  cell: (row: R) => ReactNode;
  /** Sorted by the server when clicked. */
  sortable?: boolean;
  /** The first click sorts newest or largest first (dates). */
  descFirst?: boolean;
  className?: string;
}

export interface DataSelection<K> {
  selected: ReadonlySet<K>;
  onChange: (next: Set<K>) => void;
  /** The name of a row's checkbox ("Select Maria Souza"). */
  rowLabel: string | ((key: K) => string);
  /** The name of the header's checkbox ("Select every row of this page"). */
  allLabel: string;
}

/** `ordem` read as a column and a direction. */
export function parseSort(ordem: string): { key: string; desc: boolean } {
  return { key: ordem.replace(/^-/, ''), desc: ordem.startsWith('-') };
}

/** The `ordem` a click on a column's header asks for: its first direction, then the other. */
export function nextSort(ordem: string, column: { key: string; descFirst?: boolean }): string {
  const now = parseSort(ordem);
  const desc = now.key === column.key ? !now.desc : Boolean(column.descFirst);
  return `${desc ? '-' : ''}${column.key}`;
}

function SelectAll({
  checked,
  mixed,
  label,
  onChange,
}: {
  checked: boolean;
  mixed: boolean;
  label: string;
  onChange: (on: boolean) => void;
}) {
  const box = useRef<HTMLInputElement>(null);
  useEffect(() => {
    if (box.current) box.current.indeterminate = mixed;
  }, [mixed]);
  return (
    <input
      ref={box}
      type="checkbox"
      aria-label={label}
      checked={checked}
      onChange={(e) => onChange(e.currentTarget.checked)}
    />
  );
}

export function DataTable<R, K extends string | number>({
  caption,
  columns,
  rows,
  rowKey,
  rowClass,
  sort,
  onSort,
  selection,
  actions,
  actionsLabel,
}: {
  caption: string;
  columns: DataColumn<R>[];
  rows: R[];
  rowKey: (row: R) => K;
  rowClass?: (row: R) => string | undefined;
  /** The current `ordem`. */
  sort: string;
  onSort: (ordem: string) => void;
  selection?: DataSelection<K>;
  /** The row's menu (RowMenu). */
  actions?: (row: R) => ReactNode;
  actionsLabel?: string;
}) {
  const captionId = useId();
  const current = parseSort(sort);
  const keys = rows.map(rowKey);
  const onPage = selection ? keys.filter((k) => selection.selected.has(k)).length : 0;
  const setAll = (on: boolean) => {
    if (!selection) return;
    const next = new Set(selection.selected);
    for (const k of keys)
      if (on) next.add(k);
      else next.delete(k);
    selection.onChange(next);
  };
  const toggle = (k: K, on: boolean) => {
    if (!selection) return;
    const next = new Set(selection.selected);
    if (on) next.add(k);
    else next.delete(k);
    selection.onChange(next);
  };
  const [first, ...rest] = columns;
  return (
    <div className="staff-table-box" role="region" aria-labelledby={captionId} tabIndex={0}>
      <table className="staff-data-table">
        <caption id={captionId}>{caption}</caption>
        <thead>
          <tr>
            {selection && (
              <th scope="col" className="staff-data-check">
                <SelectAll
                  checked={keys.length > 0 && onPage === keys.length}
                  mixed={onPage > 0 && onPage < keys.length}
                  label={selection.allLabel}
                  onChange={setAll}
                />
              </th>
            )}
            {columns.map((c) => {
              const sorted = c.sortable && current.key === c.key;
              return (
                <th
                  key={c.key}
                  scope="col"
                  className={c.className}
                  aria-sort={sorted ? (current.desc ? 'descending' : 'ascending') : undefined}
                >
                  {c.sortable ? (
                    <button
                      type="button"
                      className="staff-sort"
                      onClick={() => onSort(nextSort(sort, c))}
                    >
                      {c.label}
                      <span aria-hidden="true" className="staff-sort-mark">
                        {sorted ? (current.desc ? '▼' : '▲') : '↕'}
                      </span>
                    </button>
                  ) : (
                    c.label
                  )}
                </th>
              );
            })}
            {actions && (
              <th scope="col" className="staff-data-actions">
                {actionsLabel}
              </th>
            )}
          </tr>
        </thead>
        <tbody>
          {rows.map((row) => {
            const k = rowKey(row);
            return (
              <tr key={k} className={rowClass?.(row)}>
                {selection && (
                  <td className="staff-data-check">
                    <input
                      type="checkbox"
                      aria-label={
                        typeof selection.rowLabel === 'string'
                          ? selection.rowLabel
                          : selection.rowLabel(k)
                      }
                      checked={selection.selected.has(k)}
                      onChange={(e) => toggle(k, e.currentTarget.checked)}
                    />
                  </td>
                )}
                {first && (
                  <th scope="row" className={first.className}>
                    {first.cell(row)}
                  </th>
                )}
                {rest.map((c) => (
                  <td key={c.key} className={c.className}>
                    {c.cell(row)}
                  </td>
                ))}
                {actions && <td className="staff-data-actions">{actions(row)}</td>}
              </tr>
            );
          })}
        </tbody>
      </table>
    </div>
  );
}

/** A row's actions behind one button: a disclosure that opens in place (no popup to lose in a scrolling box). */
export function RowMenu({
  label,
  of,
  children,
}: {
  label: string;
  /** Whose actions, read after the label by a screen reader ("Actions Maria Souza"). */
  of: string;
  children: ReactNode;
}) {
  return (
    <details className="staff-row-menu">
      <summary>
        {label}
        <span className="visually-hidden"> {of}</span>
      </summary>
      <div className="staff-row-menu-items">{children}</div>
    </details>
  );
}
