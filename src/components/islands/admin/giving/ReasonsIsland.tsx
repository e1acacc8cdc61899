// /admin/giving/reasons (docs/staff.md "Giving"): the reasons /give offers (name, description,
// recurrence allowed, active, order) and the church's giving settings (minimum, online, visitors,
// recurrence). Saved changes show on /give at once.
import { useStore } from '@nanostores/react';
import { useEffect, useState, type FormEvent } from 'react';
import type { StaffReason } from '../../../../../contract/giving-staff.ts';
import {
  $reasons,
  loadReasons,
  mergeReason,
  moveReason,
  saveReason,
  saveSettings,
} from '../../../../stores/admin-giving.ts';
import {
  ConfirmButton,
  StaffGate,
  useUnsavedWarning,
  type StaffIslandProps,
} from '../kit/index.ts';
import {
  Check,
  Field,
  firstErrors,
  Loader,
  makeT,
  Notice,
  Select,
  SubmitButton,
  TextArea,
  type T,
} from '../../ui/index.ts';
import { GivingTabs } from './GivingTabs.tsx';
import './giving.css';

type Draft = { nome: string; descricao: string; flagRecorrencia: boolean; flagAtivo: boolean };
const EMPTY: Draft = { nome: '', descricao: '', flagRecorrencia: false, flagAtivo: true };

function ReasonForm({
  slug,
  t,
  reason,
  onDone,
}: {
  slug: string;
  t: T;
  reason: StaffReason | null;
  onDone: (text: string) => void;
}) {
  const [draft, setDraft] = useState<Draft>(
    reason
      ? {
          nome: reason.nome,
          descricao: reason.descricao ?? '',
          flagRecorrencia: reason.flagRecorrencia,
          flagAtivo: reason.flagAtivo,
        }
      : EMPTY,
  );
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [message, setMessage] = useState('');
  const [saving, setSaving] = useState(false);
  const [dirty, setDirty] = useState(false);
  useUnsavedWarning(dirty, t('admin.giving.unsaved'));
  const set = <K extends keyof Draft>(k: K, v: Draft[K]) => {
    setDraft({ ...draft, [k]: v });
    setDirty(true);
  };
  async function submit(e: FormEvent) {
    e.preventDefault();
    setSaving(true);
    const failure = await saveReason(slug, reason?.id ?? null, draft);
    setSaving(false);
    if (failure) {
      setErrors(firstErrors(failure.errors));
      setMessage(failure.message);
      return;
    }
    setDirty(false);
    onDone(t('admin.giving.reasonSaved', { name: draft.nome.trim() }));
  }
  return (
    <form className="giving-form" onSubmit={submit} noValidate>
      <h2>{reason ? t('admin.giving.editReason') : t('admin.giving.newReason')}</h2>
      {message && <Notice kind="error">{message}</Notice>}
      <Field
        label={t('admin.giving.reasonName')}
        name="nome"
        required
        maxLength={80}
        value={draft.nome}
        error={errors.nome}
        onChange={(v) => set('nome', v)}
      />
      <TextArea
        label={t('admin.giving.reasonDescription')}
        name="descricao"
        rows={2}
        value={draft.descricao}
        error={errors.descricao}
        onChange={(v) => set('descricao', v)}
      />
      <Check
        name="recurrenceAllowed"
        label={t('admin.giving.recurrenceAllowed')}
        checked={draft.flagRecorrencia}
        onChange={(v) => set('flagRecorrencia', v)}
      />
      <Check
        name="active"
        label={t('admin.giving.active')}
        checked={draft.flagAtivo}
        onChange={(v) => set('flagAtivo', v)}
      />
      <div className="staff-actions">
        <SubmitButton
          submitting={saving}
          label={t('admin.giving.save')}
          busyLabel={t('admin.giving.saving')}
        />
        <button type="button" className="button secondary" onClick={() => onDone('')}>
          {t('admin.giving.cancel')}
        </button>
      </div>
    </form>
  );
}

function Settings({ slug, t }: { slug: string; t: T }) {
  const reasons = useStore($reasons);
  const current = reasons.data?.configuracao;
  const [draft, setDraft] = useState(current);
  const [message, setMessage] = useState<{ kind: 'ok' | 'error'; text: string } | null>(null);
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [saving, setSaving] = useState(false);
  useEffect(() => {
    if (current && !draft) setDraft(current);
  }, [current]);
  if (!draft) return null;
  async function submit(e: FormEvent) {
    e.preventDefault();
    setSaving(true);
    const failure = await saveSettings(slug, draft!);
    setSaving(false);
    setErrors(failure ? firstErrors(failure.errors) : {});
    setMessage(
      failure
        ? { kind: 'error', text: failure.message }
        : { kind: 'ok', text: t('admin.giving.settingsSaved') },
    );
  }
  return (
    <form className="giving-form" onSubmit={submit} noValidate>
      <h2>{t('admin.giving.settings')}</h2>
      {message && <Notice kind={message.kind}>{message.text}</Notice>}
      <Field
        label={t('admin.giving.minimum')}
        hint={t('admin.giving.minimumHint')}
        name="valorMinimo"
        type="number"
        inputMode="numeric"
        value={String(draft.valorMinimo)}
        error={errors.valorMinimo}
        onChange={(v) => setDraft({ ...draft, valorMinimo: Number(v) })}
      />
      <Check
        name="online"
        label={t('admin.giving.online')}
        checked={draft.flagDoacaoOnline}
        onChange={(v) => setDraft({ ...draft, flagDoacaoOnline: v })}
      />
      <Check
        name="visitors"
        label={t('admin.giving.visitors')}
        checked={draft.flagVisitante}
        onChange={(v) => setDraft({ ...draft, flagVisitante: v })}
      />
      <Check
        name="recurrence"
        label={t('admin.giving.recurrence')}
        checked={draft.flagRecorrencia}
        onChange={(v) => setDraft({ ...draft, flagRecorrencia: v })}
      />
      <div className="staff-actions">
        <SubmitButton
          submitting={saving}
          label={t('admin.giving.save')}
          busyLabel={t('admin.giving.saving')}
        />
      </div>
    </form>
  );
}

/**
 * Merges a reason into another: a reason an import brought ("Dízimos") often is one the church
 * already has ("Dízimo"); its gifts move there and it goes.
 */
function MergeReason({
  slug,
  t,
  reason,
  others,
  onDone,
}: {
  slug: string;
  t: T;
  reason: StaffReason;
  others: StaffReason[];
  onDone: (text: string) => void;
}) {
  const [into, setInto] = useState('');
  const [error, setError] = useState('');
  if (!others.length) return null;
  const target = others.find((o) => String(o.id) === into);
  return (
    <div className="card giving-merge">
      <h3>{t('admin.giving.mergeTitle', { name: reason.nome })}</h3>
      <p>{t('admin.giving.mergeHint', { name: reason.nome })}</p>
      {error && <Notice kind="error">{error}</Notice>}
      <Select
        label={t('admin.giving.mergeInto')}
        name="destino"
        value={into}
        placeholder={t('admin.giving.mergeChoose')}
        options={others.map((o) => ({ value: String(o.id), label: o.nome }))}
        onChange={setInto}
      />
      {target && (
        <ConfirmButton
          label={t('admin.giving.merge')}
          title={t('admin.giving.mergeConfirm', { name: reason.nome, into: target.nome })}
          explanation={t('admin.giving.mergeExplain')}
          confirmLabel={t('admin.giving.merge')}
          cancelLabel={t('admin.giving.cancel')}
          onConfirm={async () => {
            const failure = await mergeReason(slug, reason.id, target.id);
            if (failure) setError(failure.message);
            else onDone(t('admin.giving.merged', { name: reason.nome, into: target.nome }));
          }}
        />
      )}
    </div>
  );
}

function Reasons({ slug, strings, lang }: StaffIslandProps) {
  const t = makeT(strings, lang);
  const reasons = useStore($reasons);
  const [editing, setEditing] = useState<StaffReason | 'new' | null>(null);
  const [notice, setNotice] = useState<{ kind: 'ok' | 'error'; text: string } | null>(null);
  useEffect(() => {
    void loadReasons(slug);
  }, [slug]);
  const list = reasons.data?.motivos ?? [];
  async function move(id: number, by: -1 | 1) {
    const failure = await moveReason(slug, id, by);
    if (failure) setNotice({ kind: 'error', text: failure.message });
  }
  return (
    <>
      <h1>{t('admin.giving.reasonsTitle')}</h1>
      <GivingTabs current="reasons" t={t} />
      <p>{t('admin.giving.reasonsIntro')}</p>
      {notice && <Notice kind={notice.kind}>{notice.text}</Notice>}
      {reasons.state === 'error' && <Notice kind="error">{reasons.message}</Notice>}
      {editing ? (
        <>
          <ReasonForm
            slug={slug}
            t={t}
            reason={editing === 'new' ? null : editing}
            onDone={(text) => {
              setEditing(null);
              setNotice(text ? { kind: 'ok', text } : null);
            }}
          />
          {editing !== 'new' && (
            <MergeReason
              slug={slug}
              t={t}
              reason={editing}
              others={list.filter((r) => r.id !== editing.id)}
              onDone={(text) => {
                setEditing(null);
                setNotice({ kind: 'ok', text });
              }}
            />
          )}
        </>
      ) : (
        <div className="staff-actions">
          <button type="button" className="button" onClick={() => setEditing('new')}>
            {t('admin.giving.newReason')}
          </button>
        </div>
      )}
      {!reasons.data ? (
        reasons.state !== 'error' && <Loader label={t('admin.shell.loading')} />
      ) : list.length === 0 ? (
        <p>{t('admin.giving.noReasons')}</p>
      ) : (
        <ol className="giving-reasons">
          {list.map((r, i) => (
            <li key={r.id}>
              <div>
                <strong>{r.nome}</strong>{' '}
                {!r.flagAtivo && <span className="staff-badge">{t('admin.giving.inactive')}</span>}{' '}
                {r.flagRecorrencia && (
                  <span className="staff-badge">{t('admin.giving.recurrenceBadge')}</span>
                )}
                {r.descricao && <p>{r.descricao}</p>}
              </div>
              <div className="staff-actions">
                <button
                  type="button"
                  className="button secondary"
                  disabled={i === 0}
                  aria-label={t('admin.giving.moveUp', { name: r.nome })}
                  onClick={() => move(r.id, -1)}
                >
                  ↑
                </button>
                <button
                  type="button"
                  className="button secondary"
                  disabled={i === list.length - 1}
                  aria-label={t('admin.giving.moveDown', { name: r.nome })}
                  onClick={() => move(r.id, 1)}
                >
                  ↓
                </button>
                <button
                  type="button"
                  className="button secondary"
                  aria-label={t('admin.giving.editNamed', { name: r.nome })}
                  onClick={() => setEditing(r)}
                >
                  {t('admin.giving.edit')}
                </button>
              </div>
            </li>
          ))}
        </ol>
      )}
      <Settings slug={slug} t={t} />
    </>
  );
}

export default function ReasonsIsland(props: StaffIslandProps) {
  return (
    <StaffGate {...props} area="giving">
      {() => <Reasons {...props} />}
    </StaffGate>
  );
}
