// "We're live" (docs/notifications.md "Live service"): one click, confirmed, tells every member
// the service is live; their notice (and push) opens /live.
import { useState } from 'react';
import { staffFailure } from '../../../../lib/staff/http.ts';
import { sendLiveNotice } from '../../../../lib/staff/live-notice-api.ts';
import { ConfirmButton } from '../kit/index.ts';
import { Notice, type Message, type T } from '../../ui/index.ts';

export function LiveNoticeButton({ slug, t, onSent }: { slug: string; t: T; onSent: () => void }) {
  const [message, setMessage] = useState<Message | null>(null);
  const [busy, setBusy] = useState(false);
  return (
    <section aria-labelledby="notify-live" className="card notify-live">
      <h2 id="notify-live">{t('admin.notify.live.title')}</h2>
      <p>{t('admin.notify.live.intro')}</p>
      <Notice message={message} />
      <ConfirmButton
        label={t('admin.notify.live.send')}
        title={t('admin.notify.live.confirmTitle')}
        explanation={t('admin.notify.live.confirmExplain')}
        confirmLabel={t('admin.notify.live.confirm')}
        cancelLabel={t('admin.shell.cancel')}
        className="button"
        busy={busy}
        onConfirm={async () => {
          setBusy(true);
          setMessage(null);
          try {
            await sendLiveNotice(slug);
            setMessage({ kind: 'ok', text: t('admin.notify.live.sent') });
            onSent();
          } catch (error) {
            setMessage({ kind: 'error', text: (await staffFailure(error)).message });
          }
          setBusy(false);
        }}
      />
    </section>
  );
}
