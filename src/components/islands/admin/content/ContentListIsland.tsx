// /admin/content/{kind} (docs/staff.md "Content"): a kind's items in every state, newest first,
// with search, status and category in the address (a link shares the view), the shared pager,
// an empty state that says what to do first, and the kind's categories.
import { useStore } from '@nanostores/react';
import { useEffect, useState } from 'react';
import {
  CONTENT_STATUS,
  kindsOf,
  type StaffContentKind,
} from '../../../../../contract/content-staff.ts';
import { mediumDateTime } from '../../../../../common/format.ts';
import {
  $contentCategories,
  $contentList,
  addCategory,
  loadCategories,
  loadContentList,
  removeCategory,
  saveCategoryName,
} from '../../../../stores/admin-content.ts';
import {
  ClearFilters,
  ConfirmButton,
  ListPager,
  pageOf,
  SearchForm,
  StaffGate,
  useUrlState,
  type StaffIslandProps,
} from '../kit/index.ts';
import { Field, makeT, Notice, Select, type T } from '../../ui/index.ts';
import { ModuleOff, moduleOff } from './ModuleOff.tsx';
import { StatusBadge } from './StatusBadge.tsx';
import './content.css';

type Props = StaffIslandProps & { kind: StaffContentKind };

/** The other kinds the church has (docs/staff.md "Modules"), one tap away. */
function KindNav({ kind, modules, t }: { kind: StaffContentKind; modules: string[]; t: T }) {
  return (
    <nav className="content-kinds" aria-label={t('admin.content.kinds')}>
      <ul>
        {kindsOf(modules).map((k) => (
          <li key={k}>
            <a href={`/admin/content/${k}`} aria-current={k === kind ? 'page' : undefined}>
              {t(`admin.content.kind.${k}`)}
            </a>
          </li>
        ))}
      </ul>
    </nav>
  );
}

function Categories({ slug, kind, t }: { slug: string; kind: StaffContentKind; t: T }) {
  const categories = useStore($contentCategories);
  const [name, setName] = useState('');
  const [error, setError] = useState<string | undefined>();
  const [editing, setEditing] = useState<{ id: number; nome: string } | null>(null);
  const [message, setMessage] = useState<string | null>(null);
  const add = async (event: { preventDefault(): void }) => {
    event.preventDefault();
    const outcome = await addCategory(slug, kind, name);
    if (outcome) setError(outcome.errors.nome?.[0] ?? outcome.message);
    else {
      setName('');
      setError(undefined);
    }
  };
  return (
    <details className="content-categories">
      <summary>{t('admin.content.categories.title', { count: categories.length })}</summary>
      {message && <Notice kind="error">{message}</Notice>}
      {categories.length === 0 ? (
        <p>{t('admin.content.categories.none')}</p>
      ) : (
        <ul className="content-category-list">
          {categories.map((c) => (
            <li key={c.id}>
              {editing?.id === c.id ? (
                <form
                  className="content-inline-form"
                  onSubmit={async (e) => {
                    e.preventDefault();
                    const outcome = await saveCategoryName(slug, kind, c.id, editing.nome);
                    setMessage(outcome ? (outcome.errors.nome?.[0] ?? outcome.message) : null);
                    if (!outcome) setEditing(null);
                  }}
                >
                  <Field
                    label={t('admin.content.categories.rename', { name: c.nome })}
                    value={editing.nome}
                    onChange={(nome) => setEditing({ id: c.id, nome })}
                    maxLength={80}
                  />
                  <button type="submit" className="button">
                    {t('admin.content.save')}
                  </button>
                  <button
                    type="button"
                    className="button secondary"
                    onClick={() => setEditing(null)}
                  >
                    {t('admin.content.cancel')}
                  </button>
                </form>
              ) : (
                <>
                  <span>
                    {c.nome}{' '}
                    <small>{t.plural('admin.content.categories.count', c.quantidade)}</small>
                  </span>
                  <span className="content-row-actions">
                    <button
                      type="button"
                      className="button secondary"
                      onClick={() => setEditing({ id: c.id, nome: c.nome })}
                      aria-label={t('admin.content.categories.renameOne', { name: c.nome })}
                    >
                      {t('admin.content.categories.renameButton')}
                    </button>
                    <ConfirmButton
                      label={t('admin.content.delete')}
                      title={t('admin.content.categories.deleteTitle', { name: c.nome })}
                      explanation={t('admin.content.categories.deleteExplain')}
                      confirmLabel={t('admin.content.delete')}
                      cancelLabel={t('admin.content.cancel')}
                      onConfirm={async () => {
                        const outcome = await removeCategory(slug, kind, c.id);
                        setMessage(outcome?.message ?? null);
                      }}
                    />
                  </span>
                </>
              )}
            </li>
          ))}
        </ul>
      )}
      <form className="content-inline-form" onSubmit={add}>
        <Field
          label={t('admin.content.categories.new')}
          name="categoria"
          value={name}
          onChange={(v) => {
            setName(v);
            setError(undefined);
          }}
          error={error}
          maxLength={80}
        />
        <button type="submit" className="button" disabled={!name.trim()}>
          {t('admin.content.categories.add')}
        </button>
      </form>
    </details>
  );
}

function ContentList({ slug, kind, strings, lang, modules }: Props & { modules: string[] }) {
  const t = makeT(strings, lang);
  const [params, update] = useUrlState();
  const list = useStore($contentList);
  const categories = useStore($contentCategories);
  const busca = params.get('busca') ?? '';
  const statusParam = params.get('status') ?? '';
  const status = (CONTENT_STATUS as readonly string[]).includes(statusParam)
    ? (statusParam as (typeof CONTENT_STATUS)[number])
    : '';
  const categoria = Number(params.get('categoria')) || null;
  const page = pageOf(params);
  useEffect(() => {
    void loadContentList(slug, kind, { busca, status, categoria, page });
  }, [slug, kind, busca, status, categoria, page]);
  useEffect(() => {
    void loadCategories(slug, kind);
  }, [slug, kind]);

  const filtered = busca !== '' || status !== '' || categoria !== null;
  const newHref = `/admin/content/${kind}/new`;
  return (
    <>
      <KindNav kind={kind} modules={modules} t={t} />
      <div className="content-head">
        <h1>{t(`admin.content.kind.${kind}`)}</h1>
        <a className="button" href={newHref}>
          {t(`admin.content.new.${kind}`)}
        </a>
      </div>
      <SearchForm
        className="staff-toolbar content-filters"
        boxClass="content-search"
        label={t('admin.content.search')}
        button={t('admin.content.searchButton')}
        maxLength={100}
        value={busca}
        update={update}
      >
        <Select
          label={t('admin.content.statusFilter')}
          name="status"
          value={status}
          placeholder={t('admin.content.anyStatus')}
          options={CONTENT_STATUS.map((s) => ({ value: s, label: t(`admin.content.status.${s}`) }))}
          onChange={(v) => update({ status: v || null, page: null })}
        />
        {categories.length > 0 && (
          <Select
            label={t(kind === 'publicacao' ? 'admin.content.type' : 'admin.content.category')}
            name="categoria"
            value={categoria ? String(categoria) : ''}
            placeholder={t('admin.content.anyCategory')}
            options={categories.map((c) => ({ value: String(c.id), label: c.nome }))}
            onChange={(v) => update({ categoria: v || null, page: null })}
          />
        )}
        <ClearFilters
          show={filtered}
          keys={['busca', 'status', 'categoria']}
          label={t('admin.content.clear')}
          update={update}
        />
      </SearchForm>
      <ListPager
        list={list}
        data={list.data}
        page={(data) => data}
        count="admin.content.count"
        update={update}
        t={t}
      >
        {(data) =>
          data.itens.length === 0 ? (
            filtered ? (
              <p>{t('admin.content.noMatch')}</p>
            ) : (
              <div className="content-empty">
                <h2>{t('admin.content.emptyTitle')}</h2>
                <p>{t(`admin.content.empty.${kind}`)}</p>
                <a className="button" href={newHref}>
                  {t(`admin.content.new.${kind}`)}
                </a>
              </div>
            )
          ) : (
            <table className="staff-table content-table">
              <caption className="visually-hidden">{t(`admin.content.kind.${kind}`)}</caption>
              <thead>
                <tr>
                  <th scope="col">{t('admin.content.title')}</th>
                  <th scope="col">{t('admin.content.state')}</th>
                  <th scope="col">{t('admin.content.date')}</th>
                  <th scope="col">
                    {t(kind === 'publicacao' ? 'admin.content.type' : 'admin.content.category')}
                  </th>
                </tr>
              </thead>
              <tbody>
                {data.itens.map((item) => (
                  <tr key={item.id}>
                    <td data-label={t('admin.content.title')}>
                      <a href={`/admin/content/${kind}/${item.id}`}>{item.titulo}</a>
                    </td>
                    <td data-label={t('admin.content.state')}>
                      <StatusBadge status={item.status} t={t} />
                    </td>
                    <td data-label={t('admin.content.date')}>
                      <time dateTime={item.publicadoEm}>
                        {mediumDateTime(item.publicadoEm, lang)}
                      </time>
                    </td>
                    <td
                      data-label={t(
                        kind === 'publicacao' ? 'admin.content.type' : 'admin.content.category',
                      )}
                    >
                      {item.categoria ?? '—'}
                    </td>
                  </tr>
                ))}
              </tbody>
            </table>
          )
        }
      </ListPager>
      <Categories slug={slug} kind={kind} t={t} />
    </>
  );
}

export default function ContentListIsland(props: Props) {
  return (
    <StaffGate {...props} area="content">
      {(me) => {
        const off = moduleOff(props.kind, me.modulos);
        if (off)
          return <ModuleOff kind={props.kind} code={off} t={makeT(props.strings, props.lang)} />;
        return <ContentList {...props} modules={me.modulos} />;
      }}
    </StaffGate>
  );
}
