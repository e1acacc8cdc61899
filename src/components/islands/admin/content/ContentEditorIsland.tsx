// /admin/content/{kind}/new and /admin/content/{kind}/{id} (docs/staff.md "Content"): write an
// item, its cover (with the list card's crop), category, keywords and the kind's details; save a
// draft, publish now, schedule for the date, unpublish, archive, preview. What was typed stays
// on any error; a save over someone else's newer version shows both choices; leaving with
// unsaved changes asks first. The only island that loads TipTap. On a wide screen the body has
// the width and a side panel holds the state, actions, date, cover and category (a phone shows
// the panel under the body, its actions last). The body takes images (uploaded, described) and
// YouTube/Vimeo videos (docs/content.md "Images and videos in the body").
import { useStore } from '@nanostores/react';
import { useEffect, useId } from 'react';
import {
  DETAIL_FIELDS,
  hasBody,
  hasSlug,
  SUMMARY_MAX,
  TITLE_MAX,
  type ContentStatusName,
  type StaffContentKind,
} from '../../../../../contract/content-staff.ts';
import {
  $contentCategories,
  $editor,
  $editorLoad,
  editDetail,
  editField,
  isDirty,
  keepMine,
  loadCategories,
  moveTo,
  openEditor,
  removeDraft,
  saveItem,
  takeTheirs,
  uploadBodyImage,
  uploadCoverImage,
} from '../../../../stores/admin-content.ts';
import {
  ConfirmButton,
  StaffGate,
  useUnsavedWarning,
  type StaffIslandProps,
} from '../kit/index.ts';
import { Field, Loader, makeT, Notice, Select, TextArea, type T } from '../../ui/index.ts';
import RichTextEditor from '../kit/RichTextEditor.tsx';
import { ModuleOff, moduleOff } from './ModuleOff.tsx';
import { StatusBadge } from './StatusBadge.tsx';
import './content.css';

type Props = StaffIslandProps & { kind: StaffContentKind; id: number | null };

const editHref = (kind: StaffContentKind, id: number) => `/admin/content/${kind}/${id}`;

function Cover({ slug, t }: { slug: string; t: T }) {
  const id = useId();
  const editor = useStore($editor);
  const image = editor.form.imagem;
  const error = editor.errors.imagem;
  return (
    <fieldset className="content-cover">
      <legend>{t('admin.content.cover')}</legend>
      {image && (
        <figure className="content-cover-frame">
          <img src={image.url} alt="" width={image.largura} height={image.altura} />
          <figcaption>{t('admin.content.coverCrop')}</figcaption>
        </figure>
      )}
      <div className={`ui-field${error ? ' has-error' : ''}`}>
        <label htmlFor={id}>
          {t(image ? 'admin.content.coverReplace' : 'admin.content.coverChoose')}
        </label>
        <input
          id={id}
          type="file"
          name="imagem"
          accept="image/jpeg,image/png,image/webp"
          disabled={editor.busy === 'upload'}
          aria-invalid={error ? true : undefined}
          aria-describedby={error ? `${id}-error` : `${id}-hint`}
          onChange={(e) => {
            const file = e.target.files?.[0];
            if (file) void uploadCoverImage(slug, file);
            e.target.value = '';
          }}
        />
        {error ? (
          <small id={`${id}-error`} className="ui-error" role="alert">
            {error}
          </small>
        ) : (
          <small id={`${id}-hint`}>
            {editor.busy === 'upload' ? t('admin.content.uploading') : t('admin.content.coverHint')}
          </small>
        )}
      </div>
      {image && (
        <button
          type="button"
          className="button secondary"
          onClick={() => editField('imagem', null)}
        >
          {t('admin.content.coverRemove')}
        </button>
      )}
    </fieldset>
  );
}

/** Detail fields whose format needs a word of explanation. */
const HINTED = new Set(['videoId', 'audio', 'duracaoSegundos']);

function Details({ kind, t }: { kind: StaffContentKind; t: T }) {
  const editor = useStore($editor);
  const fields = DETAIL_FIELDS[kind] as readonly string[];
  if (fields.length === 0) return null;
  return (
    <fieldset className="content-details">
      <legend>{t('admin.content.details')}</legend>
      {fields.map((field) => (
        <Field
          key={field}
          label={t(`admin.content.detail.${field}`)}
          name={field}
          type={field === 'duracaoSegundos' ? 'number' : 'text'}
          inputMode={field === 'duracaoSegundos' ? 'numeric' : undefined}
          value={editor.form.detalhes[field] ?? ''}
          onChange={(v) => editDetail(field, v)}
          error={editor.errors[`detalhes.${field}`]}
          hint={HINTED.has(field) ? t(`admin.content.detailHint.${field}`) : undefined}
        />
      ))}
    </fieldset>
  );
}

function Editor({ slug, kind, strings, lang }: Props) {
  const t = makeT(strings, lang);
  const formId = useId();
  const editor = useStore($editor);
  const categories = useStore($contentCategories);
  const dirty = isDirty(editor);
  useUnsavedWarning(dirty, t('admin.content.unsaved'));
  useEffect(() => {
    void loadCategories(slug, kind);
  }, [slug, kind]);
  const { form, errors, item, busy } = editor;
  const status: ContentStatusName = item?.status ?? 'rascunho';

  /** A new item's address becomes its own once saved (a reload opens it). */
  const settle = (id: number | undefined) => {
    if (id && location.pathname !== editHref(kind, id))
      history.replaceState(null, '', editHref(kind, id));
  };
  const save = async () => settle((await saveItem(slug, t('admin.content.saved')))?.id);
  const move = async (to: ContentStatusName, text: string) =>
    settle((await moveTo(slug, to, text))?.id);
  // A new item is saved first and its address becomes the draft's, so "back" from the preview
  // returns to the saved draft rather than an empty form.
  const preview = async () => {
    let id = item?.id;
    if (!item || dirty) id = (await saveItem(slug, null))?.id;
    if (!id) return;
    settle(id);
    location.href = `${editHref(kind, id)}/preview`;
  };

  const busyLabel = (what: typeof busy, label: string) =>
    busy === what ? t('admin.content.working') : label;
  return (
    <>
      <p className="content-back">
        <a href={`/admin/content/${kind}`}>← {t(`admin.content.kind.${kind}`)}</a>
      </p>
      <div className="content-head">
        <h1>{t(item ? `admin.content.edit.${kind}` : `admin.content.new.${kind}`)}</h1>
        <StatusBadge status={status} t={t} />
      </div>
      {item && status === 'agendado' && (
        <p>
          {t('admin.content.scheduledFor', {
            date: new Date(item.publicadoEm).toLocaleString(lang),
          })}
        </p>
      )}
      <div aria-live="polite">
        {editor.message && <Notice message={editor.message} />}
        {editor.conflict && (
          <div className="content-conflict">
            <p>{t('admin.content.conflictChoice')}</p>
            <div className="staff-actions">
              <button
                type="button"
                className="button"
                onClick={() => void keepMine(slug, t('admin.content.saved'))}
              >
                {t('admin.content.keepMine')}
              </button>
              <button type="button" className="button secondary" onClick={takeTheirs}>
                {t('admin.content.takeTheirs')}
              </button>
            </div>
          </div>
        )}
      </div>
      <form
        className="content-form content-layout"
        noValidate
        onSubmit={(e) => {
          e.preventDefault();
          void save();
        }}
      >
        <div className="content-main">
          <Field
            label={t('admin.content.title')}
            name="titulo"
            value={form.titulo}
            onChange={(v) => editField('titulo', v)}
            error={errors.titulo}
            required
            maxLength={TITLE_MAX + 50}
          />
          <TextArea
            label={t(kind === 'podcast' ? 'admin.content.description' : 'admin.content.summary')}
            name="resumo"
            rows={3}
            value={form.resumo}
            onChange={(v) => editField('resumo', v)}
            error={errors.resumo}
            max={SUMMARY_MAX}
            counter={(count, max) => t('admin.content.counter', { count, max })}
          />
          {hasBody(kind) && (
            <RichTextEditor
              label={t(kind === 'video' ? 'admin.content.description' : 'admin.content.body')}
              value={form.corpo}
              onChange={(v) => editField('corpo', v)}
              error={errors.corpo}
              t={t}
              media={{ upload: (file) => uploadBodyImage(slug, file) }}
            />
          )}
          <Details kind={kind} t={t} />
        </div>
        <div className="content-side">
          <Cover slug={slug} t={t} />
          <div className="content-grid">
            <Select
              label={t(kind === 'publicacao' ? 'admin.content.type' : 'admin.content.category')}
              name="categoriaId"
              value={form.categoriaId}
              placeholder={t('admin.content.noCategory')}
              options={categories.map((c) => ({ value: String(c.id), label: c.nome }))}
              onChange={(v) => editField('categoriaId', v)}
              error={errors.categoriaId}
            />
            <Field
              label={t('admin.content.keywords')}
              name="palavrasChave"
              value={form.palavrasChave}
              onChange={(v) => editField('palavrasChave', v)}
              error={errors.palavrasChave}
              hint={t('admin.content.keywordsHint')}
            />
            {kind !== 'podcast' && (
              <Field
                label={t('admin.content.author')}
                name="autor"
                value={form.autor}
                onChange={(v) => editField('autor', v)}
                error={errors.autor}
              />
            )}
            {hasSlug(kind) && (
              <Field
                label={t('admin.content.slug')}
                name="slug"
                value={form.slug}
                onChange={(v) => editField('slug', v)}
                error={errors.slug}
                hint={t('admin.content.slugHint')}
              />
            )}
          </div>
          <section className="content-publish" aria-labelledby={`${formId}-publish`}>
            <h2 id={`${formId}-publish`} className="content-panel-title">
              {t('admin.content.panel')}
            </h2>
            <Field
              label={t('admin.content.when')}
              name="publicadoEm"
              type="datetime-local"
              value={form.publicadoEm}
              onChange={(v) => editField('publicadoEm', v)}
              error={errors.publicadoEm}
              hint={t('admin.content.whenHint')}
            />
            <div className="staff-actions content-actions">
              <button type="submit" className="button" disabled={busy !== null}>
                {busyLabel(
                  'save',
                  t(status === 'rascunho' ? 'admin.content.saveDraft' : 'admin.content.save'),
                )}
              </button>
              {status !== 'publicado' && (
                <button
                  type="button"
                  className="button"
                  disabled={busy !== null}
                  onClick={() => void move('publicado', t('admin.content.publishedNow'))}
                >
                  {busyLabel('publicado', t('admin.content.publish'))}
                </button>
              )}
              {status !== 'publicado' && status !== 'arquivado' && (
                <button
                  type="button"
                  className="button secondary"
                  disabled={busy !== null}
                  onClick={() => void move('agendado', t('admin.content.scheduledNow'))}
                >
                  {busyLabel('agendado', t('admin.content.schedule'))}
                </button>
              )}
              {(status === 'publicado' || status === 'agendado') && (
                <button
                  type="button"
                  className="button secondary"
                  disabled={busy !== null}
                  onClick={() => void move('rascunho', t('admin.content.unpublishedNow'))}
                >
                  {busyLabel('rascunho', t('admin.content.unpublish'))}
                </button>
              )}
              {status === 'arquivado' && (
                <button
                  type="button"
                  className="button secondary"
                  disabled={busy !== null}
                  onClick={() => void move('rascunho', t('admin.content.restoredNow'))}
                >
                  {busyLabel('rascunho', t('admin.content.restore'))}
                </button>
              )}
              {item && status !== 'arquivado' && (
                <button
                  type="button"
                  className="button secondary"
                  disabled={busy !== null}
                  onClick={() => void move('arquivado', t('admin.content.archivedNow'))}
                >
                  {busyLabel('arquivado', t('admin.content.archive'))}
                </button>
              )}
              <button
                type="button"
                className="button secondary"
                disabled={busy !== null}
                onClick={() => void preview()}
              >
                {t('admin.content.preview')}
              </button>
              {item && status === 'rascunho' && (
                <ConfirmButton
                  label={t('admin.content.delete')}
                  title={t('admin.content.deleteTitle', { title: item.titulo })}
                  explanation={t('admin.content.deleteExplain')}
                  confirmLabel={t('admin.content.delete')}
                  cancelLabel={t('admin.content.cancel')}
                  busy={busy !== null}
                  onConfirm={async () => {
                    if (await removeDraft(slug)) location.href = `/admin/content/${kind}`;
                  }}
                />
              )}
            </div>
            {dirty && <p className="content-dirty">{t('admin.content.unsavedNote')}</p>}
          </section>
        </div>
      </form>
    </>
  );
}

function EditorPage(props: Props) {
  const { slug, kind, id, strings, lang } = props;
  const t = makeT(strings, lang);
  const load = useStore($editorLoad);
  useEffect(() => {
    void openEditor(slug, kind, id);
  }, [slug, kind, id]);
  if (load.state === 'loading') return <Loader label={t('admin.shell.loading')} />;
  if (load.state === 'missing' || load.state === 'error')
    return (
      <>
        <h1>{t('admin.content.missingTitle')}</h1>
        <Notice kind="error">{load.message || t('admin.content.missing')}</Notice>
        <p>
          <a href={`/admin/content/${kind}`}>← {t(`admin.content.kind.${kind}`)}</a>
        </p>
      </>
    );
  return <Editor {...props} />;
}

export default function ContentEditorIsland(props: Props) {
  return (
    <StaffGate {...props} area="content">
      {(me) => {
        const off = moduleOff(props.kind, me.modulos);
        if (off)
          return <ModuleOff kind={props.kind} code={off} t={makeT(props.strings, props.lang)} />;
        return <EditorPage {...props} />;
      }}
    </StaffGate>
  );
}
