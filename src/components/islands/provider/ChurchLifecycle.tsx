// A church's data leaving and its deletion, in the console's church row (docs/provider.md "A
// church's data leaves with it", "Deleting a church"): export it (prepared in the background,
// then downloaded by a 10-minute link), delete it after a grace period (its code typed again;
// suspended at once, its export made first) or cancel a deletion on its way. All audited.
import { useEffect, useRef, useState, type FormEvent } from 'react';
import { DELETION_GRACE_DAYS } from '../../../../contract/church-export.ts';
import type { ProviderChurch } from '../../../../contract/provider.ts';
import { mediumDateTime } from '../../../../common/format.ts';
import {
  askChurchExport,
  cancelDeletion,
  churchExports,
  exportLink,
  scheduleChurchDeletion,
  type Answered,
} from '../../../stores/provider.ts';
import { Field, Notice, SubmitButton, type Lang, type Message, type T } from '../ui/index.ts';

const POLL_MS = 2000;

export function ChurchLifecycle({
  t,
  lang,
  church,
  onChange,
}: {
  t: T;
  lang: Lang;
  church: ProviderChurch;
  onChange: (c: ProviderChurch) => void;
}) {
  const [message, setMessage] = useState<Message | null>(null);
  const [exportId, setExportId] = useState<number | null>(null);
  const [ready, setReady] = useState(false);
  const [deleting, setDeleting] = useState(false);
  const [code, setCode] = useState('');
  const [days, setDays] = useState(String(DELETION_GRACE_DAYS));
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [submitting, setSubmitting] = useState(false);

  /** The answer's value, or none with its failure shown. */
  const valueOf = <V,>(answer: Answered<V>): V | undefined => {
    if (answer.ok) return answer.value;
    setMessage({ kind: 'error', text: answer.failure.message });
    return undefined;
  };

  // the latest translator and error handler, for the poll below (which starts once per export)
  const latest = useRef({ t, valueOf });
  latest.current = { t, valueOf };

  // an export being prepared: asked again every 2 s until its zip is ready
  useEffect(() => {
    if (exportId === null || ready) return;
    const timer = setInterval(() => {
      void churchExports(latest.current.t('provider.error')).then((answer) => {
        const list = latest.current.valueOf(answer);
        const mine = list?.find((e) => e.id === exportId);
        if (mine?.estado === 'pronta') setReady(true);
        if (mine?.estado === 'falhou') {
          setExportId(null);
          setMessage({ kind: 'error', text: mine.erro ?? latest.current.t('provider.error') });
        }
      });
    }, POLL_MS);
    return () => clearInterval(timer);
  }, [exportId, ready]);

  async function askExport() {
    setMessage(null);
    setReady(false);
    const made = valueOf(await askChurchExport(church.id, t('provider.error')));
    if (!made) return;
    setExportId(made.id);
    setReady(made.estado === 'pronta');
  }

  async function download() {
    if (exportId === null) return;
    const url = valueOf(await exportLink(exportId, t('provider.error')));
    if (url) window.location.assign(url);
  }

  async function scheduleDeletion(e: FormEvent) {
    e.preventDefault();
    setSubmitting(true);
    const answer = await scheduleChurchDeletion(church.id, code, Number(days), t('provider.error'));
    if (answer.ok) {
      onChange(answer.value);
      setDeleting(false);
      setCode('');
      setErrors({});
      setMessage(null);
    } else {
      setErrors(answer.failure.errors);
      setMessage({ kind: 'error', text: answer.failure.message });
    }
    setSubmitting(false);
  }

  async function cancel() {
    const changed = valueOf(await cancelDeletion(church.id, t('provider.error')));
    if (!changed) return;
    onChange(changed);
    setMessage(null);
  }

  const deletion = church.exclusao ?? null;
  return (
    <div className="provider-lifecycle">
      <Notice message={message} />
      {deletion && (
        <p role="status">
          {t('provider.deletion.scheduled', { date: mediumDateTime(deletion.excluirEm, lang) })}
        </p>
      )}
      <div className="provider-actions">
        {exportId === null || ready ? (
          <button type="button" className="button secondary" onClick={() => void askExport()}>
            {t('provider.export.ask', { name: church.nome })}
          </button>
        ) : (
          <p role="status">{t('provider.export.preparing')}</p>
        )}
        {ready && (
          <button type="button" className="button" onClick={() => void download()}>
            {t('provider.export.download', { name: church.nome })}
          </button>
        )}
        {deletion ? (
          <button type="button" className="button" onClick={() => void cancel()}>
            {t('provider.deletion.cancel', { name: church.nome })}
          </button>
        ) : (
          <button
            type="button"
            className="button danger"
            aria-expanded={deleting}
            onClick={() => setDeleting((v) => !v)}
          >
            {t('provider.deletion.open', { name: church.nome })}
          </button>
        )}
      </div>
      {deleting && !deletion && (
        <form className="provider-form" onSubmit={scheduleDeletion} noValidate>
          <p>{t('provider.deletion.intro', { code: church.codigo })}</p>
          <Field
            name="codigo"
            label={t('provider.deletion.code')}
            value={code}
            onChange={setCode}
            error={errors.codigo}
            required
          />
          <Field
            name="dias"
            type="number"
            inputMode="numeric"
            label={t('provider.deletion.days')}
            value={days}
            onChange={setDays}
            error={errors.dias}
            required
          />
          <SubmitButton
            submitting={submitting}
            label={t('provider.deletion.confirm', { name: church.nome })}
            busyLabel={t('provider.deletion.confirming')}
          />
        </form>
      )}
    </div>
  );
}
