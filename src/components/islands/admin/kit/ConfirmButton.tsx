// A dangerous action asks once and says what will happen (docs/staff.md "Dangerous actions").
import { useState } from 'react';
import { Modal } from '../../ui/index.ts';

export function ConfirmButton({
  label,
  title,
  explanation,
  confirmLabel,
  cancelLabel,
  onConfirm,
  busy = false,
  className = 'button danger',
}: {
  label: string;
  title: string;
  explanation: string;
  confirmLabel: string;
  cancelLabel: string;
  onConfirm: () => void | Promise<void>;
  busy?: boolean;
  className?: string;
}) {
  const [open, setOpen] = useState(false);
  return (
    <>
      <button type="button" className={className} disabled={busy} onClick={() => setOpen(true)}>
        {label}
      </button>
      <Modal open={open} title={title} onClose={() => setOpen(false)} closeLabel={cancelLabel}>
        <p>{explanation}</p>
        <div className="staff-actions">
          <button
            type="button"
            className="button danger"
            onClick={async () => {
              setOpen(false);
              await onConfirm();
            }}
          >
            {confirmLabel}
          </button>
          <button type="button" className="button secondary" onClick={() => setOpen(false)}>
            {cancelLabel}
          </button>
        </div>
      </Modal>
    </>
  );
}
