// /admin/play/collections, /tags, /plans and /subscribers (docs/staff.md "Play"): the church's
// collections (with their image) and tags (new, edit in place, delete), the plans members buy
// (price, contracting fee and period; withdraw, delete, move up or down: the public plans list
// follows that order), and the subscribers with their state, filtered in the address.
import { useStore } from '@nanostores/react';
import { useEffect, useState, type FormEvent, type ReactNode } from 'react';
import type { ApiFailure } from '../../../../lib/staff/http.ts';
import {
  $collections,
  $playPlans,
  $subscribers,
  $tags,
  loadCollections,
  loadPlans,
  loadSubscribers,
  loadTags,
  removeCollection,
  removePlan,
  removeTag,
  reorderPlans,
  saveCollection,
  savePlan,
  saveTag,
  uploadImage,
  type Outcome,
} from '../../../../stores/admin-play.ts';
import {
  ConfirmButton,
  ImageField,
  ListPager,
  SearchForm,
  StaffGate,
  useUrlState,
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
  type T,
} from '../../ui/index.ts';
import { PlayTabs } from './PlayTabs.tsx';
import './play.css';

type Values = Record<string, string | boolean>;

/** One row's form (new or edit): its fields, save, and the API's field errors by their field. */
function RowForm({
  t,
  initial,
  fields,
  save,
  done,
  label,
}: {
  t: T;
  initial: Values;
  fields: (
    values: Values,
    set: (k: string) => (v: string | boolean) => void,
    errors: Record<string, string>,
  ) => ReactNode;
  save: (values: Values) => Promise<Outcome<unknown>>;
  done: () => void;
  label: string;
}) {
  const [values, setValues] = useState(initial);
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [failure, setFailure] = useState<ApiFailure | null>(null);
  const [busy, setBusy] = useState(false);
  const set = (k: string) => (v: string | boolean) => setValues((old) => ({ ...old, [k]: v }));
  async function submit(e: FormEvent) {
    e.preventDefault();
    setBusy(true);
    const outcome = await save(values);
    setBusy(false);
    if (outcome.ok) {
      setErrors({});
      setFailure(null);
      setValues(initial);
      done();
    } else {
      setErrors(firstErrors(outcome.failure.errors));
      setFailure(outcome.failure);
    }
  }
  return (
    <form className="play-inline-form" onSubmit={submit} noValidate aria-label={label}>
      {failure && !Object.keys(failure.errors).length && (
        <Notice kind="error">{failure.message}</Notice>
      )}
      {fields(values, set, errors)}
      <SubmitButton submitting={busy} label={label} busyLabel={t('admin.play.saving')} />
    </form>
  );
}

/** A collection's image: sent to the image store when chosen; the form keeps the path it answered. */
function CollectionImage({
  slug,
  t,
  value,
  onChange,
}: {
  slug: string;
  t: T;
  value: string;
  onChange: (path: string) => void;
}) {
  const [file, setFile] = useState<File | null>(null);
  const [busy, setBusy] = useState(false);
  const [problem, setProblem] = useState('');
  // the form was saved and emptied: forget the chosen file too
  useEffect(() => {
    if (!value) setFile(null);
  }, [value]);
  async function choose(chosen: File | null) {
    setProblem('');
    setFile(chosen);
    if (!chosen) return;
    setBusy(true);
    const outcome = await uploadImage(slug, chosen);
    setBusy(false);
    if (outcome.ok) onChange(outcome.value);
    else {
      setFile(null);
      setProblem(outcome.failure.message);
    }
  }
  return (
    <div className="play-collection-image">
      <ImageField
        label={t('admin.play.field.collectionImage')}
        hint={busy ? t('admin.play.imageSending') : t('admin.play.collectionImageHint')}
        current={value || null}
        file={file}
        onFile={(f) => void choose(f)}
        error={problem || undefined}
        previewAlt={t('admin.play.collectionImageAlt')}
      />
      {value && !busy && (
        <button
          type="button"
          className="button secondary"
          onClick={() => {
            setFile(null);
            onChange('');
          }}
        >
          {t('admin.play.imageRemove')}
        </button>
      )}
    </div>
  );
}

/** A typed amount ("49,90" or "49.90") in currency units, as the API takes it. */
const units = (v: string | boolean) => Number(String(v).replace(',', '.'));
const money = (amount: number, lang: string) =>
  amount.toLocaleString(lang, { minimumFractionDigits: 2, maximumFractionDigits: 2 });

function Collections({ slug, t }: { slug: string; t: T }) {
  const list = useStore($collections);
  const [editing, setEditing] = useState<number | null>(null);
  useEffect(() => void loadCollections(slug), [slug]);
  const fields = (
    v: Values,
    set: (k: string) => (x: string | boolean) => void,
    e: Record<string, string>,
  ) => (
    <>
      <Field
        label={t('admin.play.field.titulo')}
        name="titulo"
        value={String(v.titulo)}
        onChange={set('titulo')}
        error={e.titulo}
        required
      />
      <Field
        label={t('admin.play.field.descricao')}
        name="descricao"
        value={String(v.descricao)}
        onChange={set('descricao')}
        error={e.descricao}
      />
      <CollectionImage slug={slug} t={t} value={String(v.imagem ?? '')} onChange={set('imagem')} />
      {e.imagem && <p className="ui-error">{e.imagem}</p>}
      <Field
        label={t('admin.play.field.ordem')}
        name="ordem"
        type="number"
        value={String(v.ordem)}
        onChange={set('ordem')}
        error={e.ordem}
      />
    </>
  );
  const body = (v: Values) => ({
    titulo: String(v.titulo),
    descricao: String(v.descricao),
    imagem: String(v.imagem ?? '') || null,
    ordem: Number(v.ordem) || 0,
  });
  if (!list.data)
    return list.state === 'error' ? (
      <Notice kind="error">{list.message}</Notice>
    ) : (
      <Loader label={t('admin.shell.loading')} />
    );
  return (
    <>
      <h2>{t('admin.play.newCollection')}</h2>
      <RowForm
        t={t}
        label={t('admin.play.create')}
        initial={{ titulo: '', descricao: '', imagem: '', ordem: '0' }}
        fields={fields}
        save={(v) => saveCollection(slug, null, body(v))}
        done={() => void loadCollections(slug)}
      />
      {list.data.length === 0 ? (
        <p>{t('admin.play.collectionsEmpty')}</p>
      ) : (
        <ul className="staff-list">
          {list.data.map((c) => (
            <li key={c.id}>
              {editing === c.id ? (
                <RowForm
                  t={t}
                  label={t('admin.play.save')}
                  initial={{
                    titulo: c.titulo,
                    descricao: c.descricao,
                    imagem: c.imagem ?? '',
                    ordem: String(c.ordem),
                  }}
                  fields={fields}
                  save={(v) => saveCollection(slug, c.id, body(v))}
                  done={() => {
                    setEditing(null);
                    void loadCollections(slug);
                  }}
                />
              ) : (
                <>
                  {c.imagem && <img className="play-collection-thumb" src={c.imagem} alt="" />}
                  <strong>{c.titulo}</strong> · {t.plural('admin.play.videos', c.videos)}{' '}
                  <button
                    type="button"
                    className="button secondary"
                    onClick={() => setEditing(c.id)}
                  >
                    {t('admin.play.edit')}
                  </button>{' '}
                  <ConfirmButton
                    label={t('admin.play.delete')}
                    title={t('admin.play.deleteCollection', { name: c.titulo })}
                    explanation={t('admin.play.deleteCollectionExplain')}
                    confirmLabel={t('admin.play.delete')}
                    cancelLabel={t('admin.shell.cancel')}
                    onConfirm={async () => {
                      await removeCollection(slug, c.id);
                      await loadCollections(slug);
                    }}
                  />
                </>
              )}
            </li>
          ))}
        </ul>
      )}
    </>
  );
}

function Tags({ slug, t }: { slug: string; t: T }) {
  const list = useStore($tags);
  const [editing, setEditing] = useState<number | null>(null);
  useEffect(() => void loadTags(slug), [slug]);
  const fields = (
    v: Values,
    set: (k: string) => (x: string | boolean) => void,
    e: Record<string, string>,
  ) => (
    <>
      <Field
        label={t('admin.play.field.nome')}
        name="nome"
        value={String(v.nome)}
        onChange={set('nome')}
        error={e.nome}
        required
      />
      <Check
        name="home"
        label={t('admin.play.field.home')}
        checked={Boolean(v.home)}
        onChange={set('home')}
      />
      <Field
        label={t('admin.play.field.ordem')}
        name="ordem"
        type="number"
        value={String(v.ordem)}
        onChange={set('ordem')}
        error={e.ordem}
      />
    </>
  );
  const body = (v: Values) => ({
    nome: String(v.nome),
    home: Boolean(v.home),
    ordem: Number(v.ordem) || 0,
  });
  if (!list.data)
    return list.state === 'error' ? (
      <Notice kind="error">{list.message}</Notice>
    ) : (
      <Loader label={t('admin.shell.loading')} />
    );
  return (
    <>
      <h2>{t('admin.play.newTag')}</h2>
      <RowForm
        t={t}
        label={t('admin.play.create')}
        initial={{ nome: '', home: true, ordem: '0' }}
        fields={fields}
        save={(v) => saveTag(slug, null, body(v))}
        done={() => void loadTags(slug)}
      />
      <ul className="staff-list">
        {list.data.map((tag) => (
          <li key={tag.id}>
            {editing === tag.id ? (
              <RowForm
                t={t}
                label={t('admin.play.save')}
                initial={{ nome: tag.nome, home: tag.home, ordem: String(tag.ordem) }}
                fields={fields}
                save={(v) => saveTag(slug, tag.id, body(v))}
                done={() => {
                  setEditing(null);
                  void loadTags(slug);
                }}
              />
            ) : (
              <>
                <strong>{tag.nome}</strong> · {t.plural('admin.play.videos', tag.videos)}
                {tag.home && <> · {t('admin.play.onHome')}</>}{' '}
                <button
                  type="button"
                  className="button secondary"
                  onClick={() => setEditing(tag.id)}
                >
                  {t('admin.play.edit')}
                </button>{' '}
                <ConfirmButton
                  label={t('admin.play.delete')}
                  title={t('admin.play.deleteTag', { name: tag.nome })}
                  explanation={t('admin.play.deleteTagExplain')}
                  confirmLabel={t('admin.play.delete')}
                  cancelLabel={t('admin.shell.cancel')}
                  onConfirm={async () => {
                    await removeTag(slug, tag.id);
                    await loadTags(slug);
                  }}
                />
              </>
            )}
          </li>
        ))}
      </ul>
    </>
  );
}

function Plans({ slug, t, lang }: { slug: string; t: T; lang: string }) {
  const list = useStore($playPlans);
  const [editing, setEditing] = useState<number | null>(null);
  const [problem, setProblem] = useState('');
  const [moved, setMoved] = useState('');
  useEffect(() => void loadPlans(slug), [slug]);
  /** Moves a plan one place up (-1) or down (+1); the server stores the whole order. */
  async function move(index: number, by: -1 | 1) {
    const ids = (list.data ?? []).map((p) => p.id);
    const [id] = ids.splice(index, 1);
    ids.splice(index + by, 0, id!);
    const outcome = await reorderPlans(slug, ids);
    if (!outcome.ok) return setProblem(outcome.failure.message);
    setProblem('');
    const plan = outcome.value.find((p) => p.id === id)!;
    setMoved(t('admin.play.planMoved', { name: plan.nome, position: index + by + 1 }));
    // the button pressed may now be disabled (first or last): keep the focus on its row's twin
    requestAnimationFrame(() => {
      const row = document.querySelector<HTMLElement>(`[data-plan-row="${id}"]`);
      const same = row?.querySelector<HTMLButtonElement>(
        `button[data-move="${by < 0 ? 'up' : 'down'}"]:not(:disabled)`,
      );
      (same ?? row?.querySelector<HTMLButtonElement>('button[data-move]:not(:disabled)'))?.focus();
    });
  }
  const fields = (
    v: Values,
    set: (k: string) => (x: string | boolean) => void,
    e: Record<string, string>,
  ) => (
    <>
      <Field
        label={t('admin.play.field.nome')}
        name="nome"
        value={String(v.nome)}
        onChange={set('nome')}
        error={e.nome}
        required
      />
      <Field
        label={t('admin.play.field.valor')}
        name="valor"
        inputMode="numeric"
        value={String(v.valor)}
        onChange={set('valor')}
        error={e.valor}
        required
      />
      <Field
        label={t('admin.play.field.taxaAdesao')}
        name="taxaAdesao"
        inputMode="numeric"
        value={String(v.taxaAdesao)}
        onChange={set('taxaAdesao')}
        error={e.taxaAdesao}
      />
      <Field
        label={t('admin.play.field.periodicidadeDias')}
        name="periodicidadeDias"
        type="number"
        value={String(v.periodicidadeDias)}
        onChange={set('periodicidadeDias')}
        error={e.periodicidadeDias}
        required
      />
      <Field
        label={t('admin.play.field.descricao')}
        name="descricao"
        value={String(v.descricao)}
        onChange={set('descricao')}
        error={e.descricao}
      />
      <Check
        name="ativo"
        label={t('admin.play.field.planAtivo')}
        checked={Boolean(v.ativo)}
        onChange={set('ativo')}
      />
    </>
  );
  const body = (v: Values) => ({
    nome: String(v.nome),
    descricao: String(v.descricao),
    valor: units(v.valor ?? ''),
    taxaAdesao: units(v.taxaAdesao || '0'),
    periodicidadeDias: Number(v.periodicidadeDias),
    ativo: Boolean(v.ativo),
  });
  if (!list.data)
    return list.state === 'error' ? (
      <Notice kind="error">{list.message}</Notice>
    ) : (
      <Loader label={t('admin.shell.loading')} />
    );
  return (
    <>
      <h2>{t('admin.play.newPlan')}</h2>
      <RowForm
        t={t}
        label={t('admin.play.create')}
        initial={{
          nome: '',
          descricao: '',
          valor: '',
          taxaAdesao: '0',
          periodicidadeDias: '30',
          ativo: true,
        }}
        fields={fields}
        save={(v) => savePlan(slug, null, body(v))}
        done={() => void loadPlans(slug)}
      />
      {problem && <Notice kind="error">{problem}</Notice>}
      <p className="play-order-hint">{t('admin.play.planOrderHint')}</p>
      <p className="visually-hidden" role="status" aria-live="polite">
        {moved}
      </p>
      <table className="staff-table">
        <thead>
          <tr>
            <th scope="col">{t('admin.play.field.nome')}</th>
            <th scope="col">{t('admin.play.field.valor')}</th>
            <th scope="col">{t('admin.play.field.periodicidadeDias')}</th>
            <th scope="col">{t('admin.play.activeSubscribers')}</th>
            <th scope="col">{t('admin.play.actions')}</th>
          </tr>
        </thead>
        <tbody>
          {list.data.map((p, index, all) =>
            editing === p.id ? (
              <tr key={p.id}>
                <td colSpan={5}>
                  <RowForm
                    t={t}
                    label={t('admin.play.save')}
                    initial={{
                      nome: p.nome,
                      descricao: p.descricao,
                      valor: money(p.valor, 'en').replace(/,/g, ''),
                      taxaAdesao: money(p.taxaAdesao, 'en').replace(/,/g, ''),
                      periodicidadeDias: String(p.periodicidadeDias),
                      ativo: p.ativo,
                    }}
                    fields={fields}
                    save={(v) => savePlan(slug, p.id, { ...body(v), ordem: p.ordem })}
                    done={() => {
                      setEditing(null);
                      void loadPlans(slug);
                    }}
                  />
                </td>
              </tr>
            ) : (
              <tr key={p.id} data-plan-row={p.id}>
                <td>
                  {p.nome}
                  {!p.ativo && <> · {t('admin.play.withdrawn')}</>}
                </td>
                <td data-label={t('admin.play.field.valor')}>
                  {money(p.valor, lang)}
                  {p.taxaAdesao > 0 && <> + {money(p.taxaAdesao, lang)}</>}
                </td>
                <td data-label={t('admin.play.field.periodicidadeDias')}>{p.periodicidadeDias}</td>
                <td data-label={t('admin.play.activeSubscribers')}>{p.assinantesAtivos}</td>
                <td>
                  <button
                    type="button"
                    className="button secondary"
                    data-move="up"
                    disabled={index === 0}
                    aria-label={t('admin.play.moveUp', { name: p.nome })}
                    onClick={() => void move(index, -1)}
                  >
                    ↑
                  </button>{' '}
                  <button
                    type="button"
                    className="button secondary"
                    data-move="down"
                    disabled={index === all.length - 1}
                    aria-label={t('admin.play.moveDown', { name: p.nome })}
                    onClick={() => void move(index, 1)}
                  >
                    ↓
                  </button>{' '}
                  <button
                    type="button"
                    className="button secondary"
                    onClick={() => setEditing(p.id)}
                  >
                    {t('admin.play.edit')}
                  </button>{' '}
                  <ConfirmButton
                    label={t('admin.play.delete')}
                    title={t('admin.play.deletePlan', { name: p.nome })}
                    explanation={t('admin.play.deletePlanExplain')}
                    confirmLabel={t('admin.play.delete')}
                    cancelLabel={t('admin.shell.cancel')}
                    onConfirm={async () => {
                      const outcome = await removePlan(slug, p.id);
                      setProblem(outcome.ok ? '' : outcome.failure.message);
                      await loadPlans(slug);
                    }}
                  />
                </td>
              </tr>
            ),
          )}
        </tbody>
      </table>
    </>
  );
}

function Subscribers({ slug, t, lang }: { slug: string; t: T; lang: string }) {
  const [params, update] = useUrlState();
  const list = useStore($subscribers);
  const plans = useStore($playPlans);
  const key = params.toString();
  useEffect(() => {
    void loadSubscribers(slug, params);
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [slug, key]);
  useEffect(() => void loadPlans(slug), [slug]);
  const date = (iso: string | null) => (iso ? new Date(iso).toLocaleDateString(lang) : '—');
  return (
    <>
      <SearchForm
        className="play-filters"
        label={t('admin.play.searchSubscriber')}
        button={t('admin.play.searchButton')}
        maxLength={100}
        value={params.get('busca') ?? ''}
        update={update}
      >
        <Select
          label={t('admin.play.state')}
          name="situacao"
          value={params.get('situacao') ?? ''}
          onChange={(v) => update({ situacao: v, page: null })}
          placeholder={t('admin.play.all')}
          options={['ativo', 'pendente', 'cancelado', 'expirado'].map((s) => ({
            value: s,
            label: t(`admin.play.sub.${s}`),
          }))}
        />
        <Select
          label={t('admin.play.plan')}
          name="plano"
          value={params.get('plano') ?? ''}
          onChange={(v) => update({ plano: v, page: null })}
          placeholder={t('admin.play.all')}
          options={(plans.data ?? []).map((p) => ({ value: String(p.id), label: p.nome }))}
        />
      </SearchForm>
      <ListPager
        list={list}
        data={list.data}
        page={(d) => d}
        count="admin.play.subscriberCount"
        update={update}
        t={t}
      >
        {(page) =>
          page.assinantes.length === 0 ? (
            <p>{t('admin.play.subscribersEmpty')}</p>
          ) : (
            <table className="staff-table">
              <thead>
                <tr>
                  <th scope="col">{t('admin.play.member')}</th>
                  <th scope="col">{t('admin.play.plan')}</th>
                  <th scope="col">{t('admin.play.state')}</th>
                  <th scope="col">{t('admin.play.paidUntil')}</th>
                  <th scope="col">{t('admin.play.renews')}</th>
                </tr>
              </thead>
              <tbody>
                {page.assinantes.map((s) => (
                  <tr key={s.id}>
                    <td>
                      {s.usuario.nome}
                      <br />
                      <small>{s.usuario.email}</small>
                    </td>
                    <td data-label={t('admin.play.plan')}>{s.plano.nome}</td>
                    <td data-label={t('admin.play.state')}>
                      <span className="staff-badge">{t(`admin.play.sub.${s.situacao}`)}</span>
                      {s.situacao === 'ativo' && !s.acessoAte && <> · {t('admin.play.lapsed')}</>}
                      {s.canceladoEm && (
                        <> · {t('admin.play.cancelledOn', { date: date(s.canceladoEm) })}</>
                      )}
                    </td>
                    <td data-label={t('admin.play.paidUntil')}>{date(s.pagoAte)}</td>
                    <td data-label={t('admin.play.renews')}>{date(s.renovarEm)}</td>
                  </tr>
                ))}
              </tbody>
            </table>
          )
        }
      </ListPager>
    </>
  );
}

export type CatalogueView = 'collections' | 'tags' | 'plans' | 'subscribers';

export default function PlayCatalogueIsland(props: StaffIslandProps & { view: CatalogueView }) {
  const t = makeT(props.strings, props.lang);
  const { slug, lang, view } = props;
  return (
    <StaffGate {...props} area="play">
      {() => (
        <>
          <h1>{t(`admin.play.tab.${view}`)}</h1>
          <PlayTabs t={t} current={view} />
          {view === 'collections' && <Collections slug={slug} t={t} />}
          {view === 'tags' && <Tags slug={slug} t={t} />}
          {view === 'plans' && <Plans slug={slug} t={t} lang={lang} />}
          {view === 'subscribers' && <Subscribers slug={slug} t={t} lang={lang} />}
        </>
      )}
    </StaffGate>
  );
}
