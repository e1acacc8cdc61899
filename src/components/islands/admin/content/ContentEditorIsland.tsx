// /admin/content/{kind}/new and /admin/content/{kind}/{id} (docs/staff.md "Content"): write an
// item, its cover (with the list card's crop), category, keywords and the kind's details; save a
// draft, publish now, schedule for the date, unpublish, archive, preview. What was typed stays
// on any error; a save over someone else's newer version shows both choices; leaving with
// unsaved changes asks first. The only island that loads TipTap. On a wide screen the body has
// the width and a side panel holds the state, actions, date, cover and category (a phone shows
// the panel under the body, its actions last). The body takes images (uploaded, described) and
// YouTube/Vimeo videos (docs/content.md "Images and videos in the body"). The sections in
// editor/ render src/stores/admin-content.ts.
import { useStore } from '@nanostores/react';
import { useEffect } from 'react';
import type { StaffContentKind } from '../../../../../contract/content-staff.ts';
import {
  $editor,
  $editorLoad,
  isDirty,
  loadCategories,
  openEditor,
  saveAndSettle,
} from '../../../../stores/admin-content.ts';
import { StaffGate, useUnsavedWarning, type StaffIslandProps } from '../kit/index.ts';
import { Loader, makeT, Notice } from '../../ui/index.ts';
import { ContentCover } from './editor/ContentCover.tsx';
import { ContentEditorHead } from './editor/ContentEditorHead.tsx';
import { ContentMain } from './editor/ContentMain.tsx';
import { ContentMeta } from './editor/ContentMeta.tsx';
import { PublishPanel } from './editor/PublishPanel.tsx';
import { ModuleOff, moduleOff } from './ModuleOff.tsx';
import './content.css';

type Props = StaffIslandProps & { kind: StaffContentKind; id: number | null };

function Editor({ slug, kind, strings, lang }: Props) {
  const t = makeT(strings, lang);
  const editor = useStore($editor);
  useUnsavedWarning(isDirty(editor), t('admin.content.unsaved'));
  useEffect(() => {
    void loadCategories(slug, kind);
  }, [slug, kind]);
  return (
    <>
      <ContentEditorHead slug={slug} kind={kind} t={t} lang={lang} />
      <form
        className="content-form content-layout"
        noValidate
        onSubmit={(e) => {
          e.preventDefault();
          void saveAndSettle(slug, t('admin.content.saved'));
        }}
      >
        <ContentMain slug={slug} kind={kind} t={t} />
        <div className="content-side">
          <ContentCover slug={slug} t={t} />
          <ContentMeta kind={kind} t={t} />
          <PublishPanel slug={slug} t={t} />
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
