// What an island shows while it works or after it answered: Notice, Loader, Spinner,
// SubmitButton (disabled while submitting, spec §5) and Modal.
import { useEffect, useId, useRef, type ReactNode } from 'react';
import './ui.css';

export type NoticeKind = 'info' | 'ok' | 'error';
/** A general message of a form or a call. */
export interface Message {
  kind: NoticeKind;
  text: string;
}

/** A message box: an error is an alert, anything else a polite status. Pass `message` or `kind` + children. */
export function Notice({
  message,
  kind = message?.kind ?? 'info',
  children,
}: {
  message?: Message | null;
  kind?: NoticeKind;
  children?: ReactNode;
}) {
  if (message === null || (!message && children == null)) return null;
  return (
    <div className={`ui-notice ui-notice-${kind}`} role={kind === 'error' ? 'alert' : 'status'}>
      {message ? message.text : children}
    </div>
  );
}

/** The turning circle alone (inside buttons and inline texts). */
export function Spinner({ small = false }: { small?: boolean }) {
  return <span className={`ui-spinner${small ? ' small' : ''}`} aria-hidden="true" />;
}

/** A loading status: a block that fills the island, or `inline` within the text. */
export function Loader({ label, inline = false }: { label: string; inline?: boolean }) {
  return (
    <div className={`ui-loader${inline ? ' inline' : ''}`} role="status" aria-live="polite">
      <Spinner small={inline} />
      <span>{label}</span>
    </div>
  );
}

export function SubmitButton({
  submitting,
  label,
  busyLabel,
  className = 'button',
}: {
  submitting: boolean;
  label: string;
  busyLabel: string;
  className?: string;
}) {
  return (
    <button
      type="submit"
      className={className}
      disabled={submitting}
      aria-busy={submitting || undefined}
    >
      {submitting ? (
        <>
          <Spinner small /> {busyLabel}
        </>
      ) : (
        label
      )}
    </button>
  );
}

/** A modal on the native <dialog> (focus trap and Escape for free). */
export function Modal({
  open,
  title,
  onClose,
  children,
  closeLabel,
}: {
  open: boolean;
  title: string;
  onClose: () => void;
  children: ReactNode;
  closeLabel: string;
}) {
  const ref = useRef<HTMLDialogElement>(null);
  const titleId = useId();
  useEffect(() => {
    const dialog = ref.current;
    if (!dialog) return;
    if (open && !dialog.open) dialog.showModal();
    if (!open && dialog.open) dialog.close();
  }, [open]);
  return (
    <dialog
      ref={ref}
      className="ui-modal"
      aria-labelledby={titleId}
      onClose={onClose}
      onCancel={onClose}
    >
      <div className="ui-modal-head">
        <h2 id={titleId}>{title}</h2>
        <button type="button" className="ui-close" onClick={onClose} aria-label={closeLabel}>
          ×
        </button>
      </div>
      {open && children}
    </dialog>
  );
}
