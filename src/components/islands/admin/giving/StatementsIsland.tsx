// /admin/giving/statements (docs/staff.md "Giving"): e-mail the yearly statement to every giver
// of a year. The job runner sends them (each giver once); this page shows its progress.
import { useStore } from '@nanostores/react';
import { useEffect, useState, type FormEvent } from 'react';
import { churchToday } from '../../../../../common/time-zone.ts';
import { mediumDateTime } from '../../../../../common/format.ts';
import { $batches, loadBatches, sendStatements } from '../../../../stores/admin-giving.ts';
import { StaffGate, type StaffIslandProps } from '../kit/index.ts';
import { Field, firstErrors, Loader, makeT, Notice, SubmitButton } from '../../ui/index.ts';
import { GivingTabs } from './GivingTabs.tsx';
import './giving.css';

function Statements({ slug, church, strings, lang }: StaffIslandProps) {
  const t = makeT(strings, lang);
  const batches = useStore($batches);
  // last year on the church's clock, as the server counts a statement's year (docs/giving.md "Which clock")
  const [year, setYear] = useState(() =>
    String(Number(churchToday(church.fusoHorario).slice(0, 4)) - 1),
  );
  const [error, setError] = useState<{ message: string; field?: string } | null>(null);
  const [sending, setSending] = useState(false);
  const running = batches.data?.some((b) => b.status === 'enviando') ?? false;
  useEffect(() => {
    void loadBatches(slug);
  }, [slug]);
  // While a batch is being sent, its progress is read again every two seconds.
  useEffect(() => {
    if (!running) return;
    const timer = setInterval(() => void loadBatches(slug), 2000);
    return () => clearInterval(timer);
  }, [slug, running]);
  async function submit(e: FormEvent) {
    e.preventDefault();
    setSending(true);
    const failure = await sendStatements(slug, Number(year));
    setSending(false);
    setError(failure ? { message: failure.message, field: firstErrors(failure.errors).ano } : null);
  }
  return (
    <>
      <h1>{t('admin.giving.statementsTitle')}</h1>
      <GivingTabs current="statements" t={t} />
      <p>{t('admin.giving.statementsIntro')}</p>
      <form className="staff-toolbar" onSubmit={submit} noValidate>
        <Field
          label={t('admin.giving.year')}
          name="ano"
          type="number"
          inputMode="numeric"
          value={year}
          error={error?.field}
          onChange={setYear}
        />
        <SubmitButton
          submitting={sending}
          label={t('admin.giving.sendStatements')}
          busyLabel={t('admin.giving.saving')}
        />
      </form>
      {error && !error.field && <Notice kind="error">{error.message}</Notice>}
      {batches.state === 'error' && <Notice kind="error">{batches.message}</Notice>}
      {!batches.data ? (
        batches.state !== 'error' && <Loader label={t('admin.shell.loading')} />
      ) : batches.data.length === 0 ? (
        <p>{t('admin.giving.noBatches')}</p>
      ) : (
        <ul className="giving-batches">
          {batches.data.map((b) => (
            <li key={b.id}>
              <h2>{t('admin.giving.batchOf', { year: b.ano })}</h2>
              <label htmlFor={`batch-${b.id}`}>
                {t('admin.giving.progress', { sent: b.enviados, total: b.total })}
              </label>
              <progress id={`batch-${b.id}`} max={b.total || 1} value={b.enviados} />
              <p>
                <span className="staff-badge">{t(`admin.giving.batch.${b.status}`)}</span>{' '}
                <small>{mediumDateTime(b.concluidoEm ?? b.criadoEm, lang)}</small>
              </p>
            </li>
          ))}
        </ul>
      )}
    </>
  );
}

export default function StatementsIsland(props: StaffIslandProps) {
  return (
    <StaffGate {...props} area="giving">
      {() => <Statements {...props} />}
    </StaffGate>
  );
}
