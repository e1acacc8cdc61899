// What the teams pages share (docs/volunteers.md): a message from a write, a day as the page's
// language writes it, and the remove button that asks once.
import { useState } from 'react';
import { formatDate, type Lang } from '../../../../../common/format.ts';
import type { ApiFailure } from '../../../../lib/staff/http.ts';
import { ConfirmButton } from '../kit/index.ts';
import type { T } from '../../ui/index.ts';

export type Message = { kind: 'ok' | 'error'; text: string } | null;

export const day = (date: string, lang: Lang) => formatDate(`${date}T12:00:00Z`, lang, 'UTC');

/** Removing asks once, naming what goes (docs/staff.md "Dangerous actions"). */
export function Remove({
  t,
  name,
  onConfirm,
}: {
  t: T;
  name: string;
  onConfirm: () => Promise<unknown>;
}) {
  return (
    <ConfirmButton
      label={t('admin.teams.remove')}
      title={t('admin.teams.confirmRemove', { name })}
      explanation={t('admin.teams.removeExplanation')}
      confirmLabel={t('admin.teams.remove')}
      cancelLabel={t('admin.teams.cancel')}
      className="button secondary"
      onConfirm={async () => {
        await onConfirm();
      }}
    />
  );
}

export function useMessage(): [Message, (failure: ApiFailure | null, ok?: string) => boolean] {
  const [message, setMessage] = useState<Message>(null);
  return [
    message,
    (failure, ok) => {
      if (failure) {
        const field = Object.values(failure.errors)[0]?.[0];
        setMessage({ kind: 'error', text: field ?? failure.message });
        return false;
      }
      setMessage(ok ? { kind: 'ok', text: ok } : null);
      return true;
    },
  ];
}
