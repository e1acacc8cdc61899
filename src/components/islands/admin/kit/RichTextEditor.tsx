// The staff kit's rich-text editor (docs/staff.md "Content"), on TipTap: only the marks and
// blocks the server's sanitiser keeps (common/rich-text.ts: no code, h2–h4 for headings, https
// links), so what the editor shows is what the page prints. Used by the content editor and the
// event form (docs/events.md); its strings are the `admin.content.editor.*` keys.
import { EditorContent, useEditor, useEditorState } from '@tiptap/react';
import StarterKit from '@tiptap/starter-kit';
import { useEffect, useId, useState } from 'react';
import type { T } from '../../ui/index.ts';
import './rich-text-editor.css';

interface Props {
  label: string;
  value: string;
  onChange: (html: string) => void;
  error?: string | undefined;
  hint?: string | undefined;
  t: T;
}

export default function RichTextEditor({ label, value, onChange, error, hint, t }: Props) {
  const id = useId();
  const [linking, setLinking] = useState<string | null>(null);
  const editor = useEditor({
    immediatelyRender: false,
    // The page's CSP allows no inline <style>: ProseMirror's rules are in content.css instead.
    injectCSS: false,
    extensions: [
      StarterKit.configure({
        code: false,
        codeBlock: false,
        heading: { levels: [2, 3, 4] },
        link: {
          openOnClick: false,
          autolink: true,
          defaultProtocol: 'https',
          protocols: ['https', 'http', 'mailto', 'tel'],
        },
      }),
    ],
    content: value,
    editorProps: {
      attributes: {
        id,
        class: 'rich-text content-editor-body',
        role: 'textbox',
        'aria-multiline': 'true',
        'aria-labelledby': `${id}-label`,
        ...(error || hint ? { 'aria-describedby': `${id}-${error ? 'error' : 'hint'}` } : {}),
        ...(error ? { 'aria-invalid': 'true' } : {}),
      },
    },
    onUpdate: ({ editor: e }) => onChange(e.isEmpty ? '' : e.getHTML()),
  });
  // A new value from outside (another version loaded after a conflict) replaces the text.
  useEffect(() => {
    if (editor && value !== editor.getHTML() && !(value === '' && editor.isEmpty))
      editor.commands.setContent(value, { emitUpdate: false });
  }, [editor, value]);
  const active = useEditorState({
    editor,
    selector: ({ editor: e }) => ({
      bold: e?.isActive('bold') ?? false,
      italic: e?.isActive('italic') ?? false,
      h2: e?.isActive('heading', { level: 2 }) ?? false,
      h3: e?.isActive('heading', { level: 3 }) ?? false,
      bullet: e?.isActive('bulletList') ?? false,
      ordered: e?.isActive('orderedList') ?? false,
      quote: e?.isActive('blockquote') ?? false,
      link: e?.isActive('link') ?? false,
      undo: e?.can().undo() ?? false,
      redo: e?.can().redo() ?? false,
    }),
  });
  const run = (command: (chain: ReturnType<NonNullable<typeof editor>['chain']>) => void) => {
    if (!editor) return;
    command(editor.chain().focus());
  };
  const button = (
    key: string,
    label: string,
    pressed: boolean | null,
    action: () => void,
    disabled = false,
  ) => (
    <button
      key={key}
      type="button"
      className="content-tool"
      aria-pressed={pressed ?? undefined}
      disabled={!editor || disabled}
      onClick={action}
      title={label}
    >
      {label}
    </button>
  );
  const applyLink = () => {
    if (linking === null) return;
    const href = linking.trim();
    const bare = editor?.state.selection.empty && !editor.isActive('link');
    run((c) => {
      if (!href) c.extendMarkRange('link').unsetLink().run();
      // Nothing selected: the address itself becomes the linked text.
      else if (bare)
        c.insertContent({
          type: 'text',
          text: href,
          marks: [{ type: 'link', attrs: { href } }],
        }).run();
      else c.extendMarkRange('link').setLink({ href }).run();
    });
    setLinking(null);
  };
  return (
    <div className={`ui-field content-editor${error ? ' has-error' : ''}`}>
      <span className="content-editor-label" id={`${id}-label`}>
        {label}
      </span>
      <div
        className="content-toolbar"
        role="toolbar"
        aria-label={t('admin.content.editor.toolbar')}
        aria-controls={id}
      >
        {button('bold', t('admin.content.editor.bold'), active?.bold ?? false, () =>
          run((c) => c.toggleBold().run()),
        )}
        {button('italic', t('admin.content.editor.italic'), active?.italic ?? false, () =>
          run((c) => c.toggleItalic().run()),
        )}
        {button('h2', t('admin.content.editor.heading'), active?.h2 ?? false, () =>
          run((c) => c.toggleHeading({ level: 2 }).run()),
        )}
        {button('h3', t('admin.content.editor.subheading'), active?.h3 ?? false, () =>
          run((c) => c.toggleHeading({ level: 3 }).run()),
        )}
        {button('ul', t('admin.content.editor.bullets'), active?.bullet ?? false, () =>
          run((c) => c.toggleBulletList().run()),
        )}
        {button('ol', t('admin.content.editor.numbers'), active?.ordered ?? false, () =>
          run((c) => c.toggleOrderedList().run()),
        )}
        {button('quote', t('admin.content.editor.quote'), active?.quote ?? false, () =>
          run((c) => c.toggleBlockquote().run()),
        )}
        {button('link', t('admin.content.editor.link'), active?.link ?? false, () =>
          setLinking(editor?.getAttributes('link').href ?? 'https://'),
        )}
        {button(
          'undo',
          t('admin.content.editor.undo'),
          null,
          () => run((c) => c.undo().run()),
          !active?.undo,
        )}
        {button(
          'redo',
          t('admin.content.editor.redo'),
          null,
          () => run((c) => c.redo().run()),
          !active?.redo,
        )}
      </div>
      {linking !== null && (
        <div className="content-link-row">
          <label htmlFor={`${id}-link`}>{t('admin.content.editor.linkAddress')}</label>
          <input
            id={`${id}-link`}
            type="url"
            value={linking}
            autoFocus
            onChange={(e) => setLinking(e.target.value)}
            onKeyDown={(e) => {
              if (e.key === 'Enter') {
                e.preventDefault();
                applyLink();
              } else if (e.key === 'Escape') {
                e.preventDefault();
                setLinking(null);
                editor?.commands.focus();
              }
            }}
          />
          <button type="button" className="button secondary" onClick={applyLink}>
            {t('admin.content.editor.linkApply')}
          </button>
          <button type="button" className="button secondary" onClick={() => setLinking(null)}>
            {t('admin.content.cancel')}
          </button>
        </div>
      )}
      <EditorContent editor={editor} />
      {hint && !error && <small id={`${id}-hint`}>{hint}</small>}
      {error && (
        <small id={`${id}-error`} className="ui-error" role="alert">
          {error}
        </small>
      )}
    </div>
  );
}
