// /admin/import (docs/staff.md "Moving in"): choose what the file holds and the file; see what
// it understood (the dry run, read in the background: to create, to update, refused with line and
// reason, groups to create) with, for spreadsheets, the column mapping; import in the background
// with a progress bar; try a failed one again; undo as a whole.
import { useStore } from '@nanostores/react';
import { useEffect, useState, type FormEvent } from 'react';
import {
  GIFT_FIELDS,
  IMPORT_KINDS,
  PEOPLE_FIELDS,
  type ImportCounts,
  type ImportKind,
  type ImportOptions,
  type ImportView,
} from '../../../../../contract/imports.ts';
import { mediumDateTime } from '../../../../lib/format.ts';
import {
  $current,
  $imports,
  busyStates,
  close,
  loadImports,
  open,
  poll,
  retry,
  saveOptions,
  start,
  undo,
  upload,
} from '../../../../stores/admin-import.ts';
import { ConfirmButton, StaffGate, type StaffIslandProps } from '../kit/index.ts';
import { Check, Loader, makeT, Notice, Select, SubmitButton, type T } from '../../ui/index.ts';
import './import.css';

function Counts({ counts, t, done = false }: { counts: ImportCounts; t: T; done?: boolean }) {
  return (
    <>
      <ul className="import-counts">
        <li>
          <strong>{counts.criar}</strong>{' '}
          {t(done ? 'admin.import.created' : 'admin.import.toCreate')}
        </li>
        <li>
          <strong>{counts.atualizar}</strong>{' '}
          {t(done ? 'admin.import.updated' : 'admin.import.toUpdate')}
        </li>
        <li>
          <strong>{counts.iguais}</strong> {t('admin.import.same')}
        </li>
        {counts.convidar > 0 && (
          <li>
            <strong>{counts.convidar}</strong>{' '}
            {t(done ? 'admin.import.invitedRows' : 'admin.import.toInvite')}
          </li>
        )}
        <li>
          <strong>{counts.totalRecusadas}</strong> {t('admin.import.refused')}
        </li>
      </ul>
      {[
        ['admin.import.updateLines', counts.atualizarLinhas, counts.atualizar] as const,
        ['admin.import.sameLines', counts.iguaisLinhas, counts.iguais] as const,
      ].map(
        ([title, lines, total]) =>
          lines.length > 0 && (
            <details className="import-lines" key={title}>
              <summary>
                {t(title)} ({total})
              </summary>
              <p>
                {t('admin.import.inviteLinesList', {
                  lines: lines.join(', ') + (lines.length < total ? '…' : ''),
                })}
              </p>
            </details>
          ),
      )}
      {counts.gruposCriar.length > 0 && (
        <details className="import-lines" open>
          <summary>
            {t(done ? 'admin.import.groupsCreated' : 'admin.import.groupsToCreate')} (
            {counts.gruposCriar.length})
          </summary>
          <p>{t('admin.import.groupsHint')}</p>
          <ul>
            {counts.gruposCriar.map((g) => (
              <li key={g}>{g}</li>
            ))}
          </ul>
        </details>
      )}
      {counts.convidar > 0 && (
        <details className="import-lines" open>
          <summary>
            {t(done ? 'admin.import.invitedLines' : 'admin.import.inviteLines')} ({counts.convidar})
          </summary>
          <p>{t('admin.import.inviteHint', { limit: counts.convitesPorDia })}</p>
          <p>
            {t('admin.import.inviteLinesList', {
              lines:
                counts.convidarLinhas.join(', ') +
                (counts.convidarLinhas.length < counts.convidar ? '…' : ''),
            })}
          </p>
        </details>
      )}
      {counts.recusadas.length > 0 && (
        <Lines
          title={t('admin.import.refusedLines')}
          lines={counts.recusadas}
          total={counts.totalRecusadas}
          t={t}
        />
      )}
      {counts.avisos.length > 0 && (
        <Lines
          title={t('admin.import.remarks')}
          lines={counts.avisos}
          total={counts.totalAvisos}
          t={t}
        />
      )}
    </>
  );
}

function Lines({
  title,
  lines,
  total,
  t,
}: {
  title: string;
  lines: { linha: number; motivo: string }[];
  total: number;
  t: T;
}) {
  return (
    <details className="import-lines" open={lines.length <= 10}>
      <summary>
        {title} ({total})
      </summary>
      <table>
        <thead>
          <tr>
            <th scope="col">{t('admin.import.line')}</th>
            <th scope="col">{t('admin.import.reason')}</th>
          </tr>
        </thead>
        <tbody>
          {lines.map((l, i) => (
            <tr key={i}>
              <td>{l.linha || '—'}</td>
              <td>{l.motivo}</td>
            </tr>
          ))}
        </tbody>
      </table>
      {total > lines.length && <p>{t('admin.import.moreLines', { n: total - lines.length })}</p>}
    </details>
  );
}

/** The column mapping (spreadsheets), the date order, invitations and the category choice. */
function Options({
  view,
  options,
  setOptions,
  t,
}: {
  view: ImportView;
  options: ImportOptions;
  setOptions: (o: ImportOptions) => void;
  t: T;
}) {
  const fields = view.tipo === 'pessoas' ? PEOPLE_FIELDS : GIFT_FIELDS;
  return (
    <>
      {view.colunas && (
        <fieldset className="import-mapping">
          <legend>{t('admin.import.mapping')}</legend>
          <p>{t('admin.import.mappingHint')}</p>
          <table>
            <thead>
              <tr>
                <th scope="col">{t('admin.import.column')}</th>
                <th scope="col">{t('admin.import.examples')}</th>
                <th scope="col">{t('admin.import.field')}</th>
              </tr>
            </thead>
            <tbody>
              {view.colunas.map((c, i) => (
                <tr key={i}>
                  <th scope="row">{c.nome}</th>
                  <td>{c.exemplos.filter(Boolean).join(' · ')}</td>
                  <td>
                    <label className="visually-hidden" htmlFor={`map-${i}`}>
                      {t('admin.import.fieldOf', { column: c.nome })}
                    </label>
                    <select
                      id={`map-${i}`}
                      value={options.mapeamento[i] ?? ''}
                      onChange={(e) => {
                        const mapeamento = view.colunas!.map(
                          (_, j) => options.mapeamento[j] ?? null,
                        );
                        mapeamento[i] = (e.target.value ||
                          null) as ImportOptions['mapeamento'][number];
                        setOptions({ ...options, mapeamento });
                      }}
                    >
                      <option value="">{t('admin.import.ignore')}</option>
                      {fields.map((f) => (
                        <option key={f} value={f}>
                          {t(`admin.import.f.${f}`)}
                        </option>
                      ))}
                    </select>
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
          <Select
            label={t('admin.import.dateOrder')}
            name="ordemData"
            value={options.ordemData}
            onChange={(v) => setOptions({ ...options, ordemData: v as 'dmy' | 'mdy' })}
            options={[
              { value: 'dmy', label: t('admin.import.dmy') },
              { value: 'mdy', label: t('admin.import.mdy') },
            ]}
          />
        </fieldset>
      )}
      {view.tipo === 'pessoas' && (
        <Confirmations view={view} options={options} setOptions={setOptions} t={t} />
      )}
      {view.tipo === 'pessoas' && (
        <Check
          label={t('admin.import.invite')}
          name="convidar"
          checked={options.convidar}
          onChange={(v) => setOptions({ ...options, convidar: v })}
        />
      )}
      {view.tipo === 'posts' && view.categoriasArquivo.length > 0 && (
        <fieldset className="import-mapping">
          <legend>{t('admin.import.categories')}</legend>
          {view.categoriasArquivo.map((c) => (
            <Select
              key={c}
              label={c}
              name={`cat-${c}`}
              value={options.categorias[c] ?? 'noticia'}
              onChange={(v) =>
                setOptions({
                  ...options,
                  categorias: { ...options.categorias, [c]: v as 'noticia' | 'devocional' },
                })
              }
              options={[
                { value: 'noticia', label: t('admin.import.asNews') },
                { value: 'devocional', label: t('admin.import.asDevotional') },
              ]}
            />
          ))}
        </fieldset>
      )}
    </>
  );
}

/**
 * Lines whose CPF is a member's here under another name and e-mail: refused unless ticked, each
 * with the person it would merge into (the refusal's text), so a typo never merges two people.
 */
function Confirmations({
  view,
  options,
  setOptions,
  t,
}: {
  view: ImportView;
  options: ImportOptions;
  setOptions: (o: ImportOptions) => void;
  t: T;
}) {
  const asked = view.previa?.confirmarLinhas ?? [];
  const lines = [...new Set([...asked, ...options.confirmar])].sort((a, b) => a - b);
  if (!lines.length) return null;
  const reason = (line: number) =>
    view.previa?.recusadas.find((r) => r.linha === line)?.motivo ?? '';
  return (
    <fieldset className="import-mapping import-confirm">
      <legend>{t('admin.import.confirmTitle')}</legend>
      <p>{t('admin.import.confirmHint')}</p>
      {lines.map((line) => (
        <div key={line}>
          <Check
            label={t('admin.import.confirmLine', { line })}
            name={`confirmar-${line}`}
            checked={options.confirmar.includes(line)}
            onChange={(v) =>
              setOptions({
                ...options,
                confirmar: v
                  ? [...options.confirmar, line]
                  : options.confirmar.filter((l) => l !== line),
              })
            }
          />
          {reason(line) && <p className="import-confirm-reason">{reason(line)}</p>}
        </div>
      ))}
    </fieldset>
  );
}

function Current({ slug, view, t, lang }: { slug: string; view: ImportView; t: T; lang: string }) {
  const [options, setOptions] = useState<ImportOptions>(view.opcoes);
  const [dirty, setDirty] = useState(false);
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const [inUse, setInUse] = useState<string[]>([]);
  useEffect(() => {
    setOptions(view.opcoes);
    setDirty(false);
  }, [view.id]);
  const running = busyStates.includes(view.estado);
  useEffect(() => {
    if (!running) return;
    let stop = false;
    const tick = async () => {
      if (stop) return;
      if (await poll(slug, view.id)) timer = setTimeout(tick, 1500);
    };
    let timer = setTimeout(tick, 1000);
    return () => {
      stop = true;
      clearTimeout(timer);
    };
  }, [slug, view.id, running]);

  async function check(event?: FormEvent) {
    event?.preventDefault();
    setBusy(true);
    const outcome = await saveOptions(slug, view.id, options);
    setBusy(false);
    setError(
      outcome.ok ? null : (outcome.failure.errors?.mapeamento?.[0] ?? outcome.failure.message),
    );
    if (outcome.ok) setDirty(false);
    return outcome.ok;
  }
  async function go() {
    // changed choices are read again first: the dry run shown is what gets imported
    if (dirty) return void (await check());
    setBusy(true);
    const outcome = await start(slug, view.id);
    setBusy(false);
    setError(outcome.ok ? null : outcome.failure.message);
  }
  async function again() {
    setBusy(true);
    const outcome = await retry(slug, view.id);
    setBusy(false);
    setError(outcome.ok ? null : outcome.failure.message);
  }
  async function undoIt() {
    const outcome = await undo(slug, view.id);
    if (outcome.ok) {
      setInUse([]);
      setError(null);
    } else {
      setError(outcome.failure.message);
      setInUse(outcome.failure.errors?.emUso ?? []);
    }
  }
  const progress = view.progresso;
  return (
    <section className="card import-current" aria-labelledby="import-current">
      <h2 id="import-current">
        {t(`admin.import.kind.${view.tipo}`)}: {view.nomeArquivo}
      </h2>
      <p>
        <span className="staff-badge">{t(`admin.import.state.${view.estado}`)}</span>
      </p>
      {error && <Notice kind="error">{error}</Notice>}
      {inUse.length > 0 && (
        <ul className="import-in-use">
          {inUse.map((u) => (
            <li key={u}>{u}</li>
          ))}
        </ul>
      )}
      {view.estado === 'analisado' && (
        <form noValidate onSubmit={(e) => void check(e)} onChange={() => setDirty(true)}>
          <Options
            view={view}
            options={options}
            setOptions={(o) => {
              setOptions(o);
              setDirty(true);
            }}
            t={t}
          />
          {view.colunas && (
            <SubmitButton
              submitting={busy}
              label={t('admin.import.checkAgain')}
              busyLabel={t('admin.import.checking')}
              className="button secondary"
            />
          )}
        </form>
      )}
      {view.estado === 'analisado' && view.previa && (
        <>
          <h3>{t('admin.import.dryRun')}</h3>
          <p>{t('admin.import.dryRunHint')}</p>
          <Counts counts={view.previa} t={t} />
          <button type="button" className="button" disabled={busy} onClick={() => void go()}>
            {t('admin.import.start')}
          </button>
        </>
      )}
      {view.estado === 'analisando' && (
        <>
          <label htmlFor="import-progress">
            {progress?.feito
              ? t('admin.import.analysed', { done: progress.feito })
              : t('admin.import.analysing')}
          </label>
          {/* the dry run does not know the number of lines ahead: an indeterminate bar */}
          <progress id="import-progress" />
        </>
      )}
      {running && view.estado !== 'analisando' && (
        <>
          <label htmlFor="import-progress">
            {progress && progress.total
              ? t('admin.import.progress', { done: progress.feito, total: progress.total })
              : t('admin.import.waiting')}
          </label>
          <progress
            id="import-progress"
            max={progress?.total || 1}
            value={progress?.total ? progress.feito : undefined}
          />
        </>
      )}
      {view.estado === 'falhou' && (
        <>
          {view.erro && <Notice kind="error">{view.erro}</Notice>}
          <p>{t('admin.import.retryHint')}</p>
          <button type="button" className="button" disabled={busy} onClick={() => void again()}>
            {t('admin.import.retry')}
          </button>
        </>
      )}
      {view.resultado && (view.estado === 'concluido' || view.estado === 'desfeito') && (
        <>
          <h3>{t('admin.import.result')}</h3>
          <Counts counts={view.resultado} t={t} done />
          {view.resultado.convidadas > 0 && (
            <p>{t('admin.import.invited', { n: view.resultado.convidadas })}</p>
          )}
          {view.resultado.imagensFaltando.length > 0 && (
            <details className="import-lines">
              <summary>
                {t('admin.import.missingImages')} ({view.resultado.imagensFaltando.length})
              </summary>
              <ul>
                {view.resultado.imagensFaltando.map((u) => (
                  <li key={u}>{u}</li>
                ))}
              </ul>
            </details>
          )}
        </>
      )}
      {(view.estado === 'concluido' || (view.estado === 'falhou' && view.resultado)) && (
        <>
          <p>{t('admin.import.undoHint')}</p>
          <ConfirmButton
            label={t('admin.import.undo')}
            title={t('admin.import.undoTitle')}
            explanation={t('admin.import.undoExplain')}
            confirmLabel={t('admin.import.undo')}
            cancelLabel={t('admin.import.cancel')}
            onConfirm={undoIt}
          />
        </>
      )}
      {view.desfeitoEm && (
        <p>
          {t('admin.import.undoneAt', { when: mediumDateTime(view.desfeitoEm, lang as never) })}
        </p>
      )}
      <p>
        <button type="button" className="button secondary" onClick={close}>
          {t('admin.import.another')}
        </button>
      </p>
    </section>
  );
}

function UploadForm({ slug, t }: { slug: string; t: T }) {
  const [kind, setKind] = useState<ImportKind>('pessoas');
  const [file, setFile] = useState<File | null>(null);
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  async function submit(event: FormEvent) {
    event.preventDefault();
    if (!file) return setError(t('admin.import.chooseFile'));
    setBusy(true);
    const outcome = await upload(slug, kind, file);
    setBusy(false);
    setError(outcome.ok ? null : (outcome.failure.errors?.arquivo?.[0] ?? outcome.failure.message));
  }
  return (
    <form className="card import-upload" noValidate onSubmit={submit}>
      <h2>{t('admin.import.new')}</h2>
      <Select
        label={t('admin.import.what')}
        name="tipo"
        value={kind}
        onChange={(v) => setKind(v as ImportKind)}
        options={IMPORT_KINDS.map((k) => ({ value: k, label: t(`admin.import.kind.${k}`) }))}
      />
      <p className="import-hint">{t(`admin.import.hint.${kind}`)}</p>
      <div className="ui-field">
        <label htmlFor="import-file">{t('admin.import.file')}</label>
        <input
          id="import-file"
          type="file"
          name="arquivo"
          accept={
            {
              pessoas: '.csv,.xlsx,text/csv',
              doacoes: '.csv,.xlsx,text/csv',
              louvores: '.cho,.chopro,.chordpro,.crd,.pro,.txt,.zip',
              eventos: '.ics,text/calendar',
              posts: '.xml',
            }[kind]
          }
          onChange={(e) => setFile(e.target.files?.[0] ?? null)}
        />
      </div>
      {error && <Notice kind="error">{error}</Notice>}
      <SubmitButton
        submitting={busy}
        label={t('admin.import.read')}
        busyLabel={t('admin.import.reading')}
      />
    </form>
  );
}

function ImportPage({ slug, strings, lang }: StaffIslandProps) {
  const t = makeT(strings, lang);
  const current = useStore($current);
  const imports = useStore($imports);
  useEffect(() => {
    void loadImports(slug);
  }, [slug]);
  return (
    <>
      <h1>{t('admin.import.title')}</h1>
      <p>{t('admin.import.intro')}</p>
      {current ? (
        <Current slug={slug} view={current} t={t} lang={lang} />
      ) : (
        <UploadForm slug={slug} t={t} />
      )}
      <section aria-labelledby="import-history">
        <h2 id="import-history">{t('admin.import.history')}</h2>
        {imports.state === 'error' && <Notice kind="error">{imports.message}</Notice>}
        {!imports.data ? (
          imports.state !== 'error' && <Loader label={t('admin.shell.loading')} />
        ) : imports.data.importacoes.length === 0 ? (
          <p>{t('admin.import.none')}</p>
        ) : (
          <ul className="import-history">
            {imports.data.importacoes.map((i) => (
              <li key={i.id}>
                <button
                  type="button"
                  className="button secondary"
                  onClick={() => void open(slug, i.id)}
                >
                  {i.nomeArquivo}
                </button>{' '}
                <span>{t(`admin.import.kind.${i.tipo}`)}</span>{' '}
                <span className="staff-badge">{t(`admin.import.state.${i.estado}`)}</span>{' '}
                <small>{mediumDateTime(i.criadoEm, lang)}</small>
                {i.resultado && (
                  <small>
                    {' '}
                    ·{' '}
                    {t('admin.import.summary', {
                      created: i.resultado.criar,
                      refused: i.resultado.totalRecusadas,
                    })}
                  </small>
                )}
              </li>
            ))}
          </ul>
        )}
      </section>
    </>
  );
}

export default function ImportIsland(props: StaffIslandProps) {
  return (
    <StaffGate {...props} area="import">
      {() => <ImportPage {...props} />}
    </StaffGate>
  );
}
