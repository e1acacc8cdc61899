// The staff kit's editable list (docs/staff.md "Patterns every staff page shares"): the notice of
// the last action, the add button, the empty text or the rows; while a row (or a new one) is being
// edited its form shows in the list's place, and a save says so. Each row brings its own content
// and actions, with the row's tools to open its form and to say how an action went.
import { useState, type ReactNode } from 'react';
import { Notice, type Message } from '../../ui/index.ts';
import { ConfirmButton } from './ConfirmButton.tsx';

export interface RowTools {
  index: number;
  /** Opens the row's form in the list's place. */
  edit: () => void;
  /** Shows (or clears) the list's notice. */
  notify: (message: Message | null) => void;
}

export function EditableList<I extends { id: number }>({
  items,
  addLabel,
  empty,
  savedText,
  form,
  row,
  ordered,
  classes,
}: {
  items: readonly I[];
  addLabel: string;
  empty: string;
  /** Said after a form saved. */
  savedText: string;
  /** The form of a row (null: a new one); `done(saved)` closes it. */
  form: (item: I | null, done: (saved: boolean) => void) => ReactNode;
  /** A row's content inside its list item. */
  row: (item: I, tools: RowTools) => ReactNode;
  /** An ordered list, named for screen readers (the order is what members see). */
  ordered?: { label: string } | undefined;
  classes: { list: string; item: string; empty: string };
}) {
  const [editing, setEditing] = useState<I | 'new' | null>(null);
  const [message, setMessage] = useState<Message | null>(null);
  if (editing)
    return form(editing === 'new' ? null : editing, (saved) => {
      setEditing(null);
      if (saved) setMessage({ kind: 'ok', text: savedText });
    });
  const rows = items.map((item, index) => (
    <li key={item.id} className={classes.item}>
      {row(item, { index, edit: () => setEditing(item), notify: setMessage })}
    </li>
  ));
  return (
    <>
      <Notice message={message} />
      <div className="staff-toolbar">
        <button type="button" className="button" onClick={() => setEditing('new')}>
          {addLabel}
        </button>
      </div>
      {items.length === 0 ? (
        <p className={classes.empty}>{empty}</p>
      ) : ordered ? (
        <ol className={classes.list} aria-label={ordered.label}>
          {rows}
        </ol>
      ) : (
        <ul className={classes.list}>{rows}</ul>
      )}
    </>
  );
}

/** A row's delete: asks once, then says it was done (`doneText`) or why not. */
export function DeleteButton({
  remove,
  doneText,
  notify,
  ...confirm
}: {
  label: string;
  title: string;
  explanation: string;
  confirmLabel: string;
  cancelLabel: string;
  busy?: boolean;
  remove: () => Promise<{ ok: true } | { ok: false; message: string }>;
  doneText: string;
  notify: (message: Message | null) => void;
}) {
  return (
    <ConfirmButton
      {...confirm}
      onConfirm={async () => {
        const result = await remove();
        notify(
          result.ok ? { kind: 'ok', text: doneText } : { kind: 'error', text: result.message },
        );
      }}
    />
  );
}
