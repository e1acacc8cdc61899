// The staff kit's rich-text editor (docs/staff.md "Content"), on TipTap: only the marks and
// blocks the server's sanitiser keeps (common/rich-text.ts: no code, h2–h4 for headings, https
// links), so what the editor shows is what the page prints. With `media` (the content editor) it
// also takes images — uploaded through the one image store, with a description — and YouTube or
// Vimeo videos by their link (rich-text-nodes.ts). The toolbar is one row: on a narrow screen
// the less used tools move into a "more" menu. Used by the content editor and the event form
// (docs/events.md); its strings are the `admin.content.editor.*` keys.
import { NodeSelection, TextSelection } from '@tiptap/pm/state';
import { EditorContent, useEditor, useEditorState } from '@tiptap/react';
import StarterKit from '@tiptap/starter-kit';
import { useEffect, useId, useRef, useState, type KeyboardEvent, type ReactNode } from 'react';
import { videoFromUrl } from '../../../../../common/rich-media.ts';
import type { T } from '../../ui/index.ts';
import {
  BodyImage,
  BodyVideo,
  type BodyImageAttrs,
  type BodyVideoAttrs,
} from './rich-text-nodes.ts';
import './rich-text-editor.css';

/** An uploaded body image (the content image route's answer), or why it was refused. */
export type UploadedImage =
  { url: string; largura: number | null; altura: number | null } | { error: string };

export interface RichTextMedia {
  /** Stores the file through the staff image upload (its size and type caps) and answers its path. */
  upload: (file: File) => Promise<UploadedImage>;
}

interface Props {
  label: string;
  value: string;
  onChange: (html: string) => void;
  error?: string | undefined;
  hint?: string | undefined;
  t: T;
  media?: RichTextMedia | undefined;
}

const IMAGE_TYPES = ['image/jpeg', 'image/png', 'image/webp'];

/** Feather-style line icons; a button's name is its visually hidden text, never the icon. */
function Icon({ children }: { children: ReactNode }) {
  return (
    <svg
      aria-hidden="true"
      focusable="false"
      viewBox="0 0 24 24"
      width="20"
      height="20"
      fill="none"
      stroke="currentColor"
      strokeWidth="2"
      strokeLinecap="round"
      strokeLinejoin="round"
    >
      {children}
    </svg>
  );
}

const GLYPHS: Record<string, ReactNode> = {
  bold: <b aria-hidden="true">B</b>,
  italic: <i aria-hidden="true">I</i>,
  h2: <span aria-hidden="true">H2</span>,
  h3: <span aria-hidden="true">H3</span>,
  ul: (
    <Icon>
      <path d="M8 6h13M8 12h13M8 18h13M3 6h.01M3 12h.01M3 18h.01" />
    </Icon>
  ),
  ol: <span aria-hidden="true">1.</span>,
  quote: <span aria-hidden="true">“ ”</span>,
  link: (
    <Icon>
      <path d="M10 13a5 5 0 0 0 7.5.5l3-3a5 5 0 0 0-7-7l-1.7 1.7" />
      <path d="M14 11a5 5 0 0 0-7.5-.5l-3 3a5 5 0 0 0 7 7l1.7-1.7" />
    </Icon>
  ),
  image: (
    <Icon>
      <rect x="3" y="3" width="18" height="18" rx="2" />
      <circle cx="8.5" cy="8.5" r="1.5" />
      <path d="m21 15-5-5L5 21" />
    </Icon>
  ),
  video: (
    <Icon>
      <rect x="2" y="5" width="15" height="14" rx="2" />
      <path d="m17 10 5-3v10l-5-3z" />
    </Icon>
  ),
  alt: <span aria-hidden="true">Alt</span>,
  undo: (
    <Icon>
      <path d="M3 7v6h6" />
      <path d="M21 17a9 9 0 0 0-15-6.7L3 13" />
    </Icon>
  ),
  redo: (
    <Icon>
      <path d="M21 7v6h-6" />
      <path d="M3 17a9 9 0 0 1 15-6.7L21 13" />
    </Icon>
  ),
  more: <span aria-hidden="true">⋯</span>,
};

/** An image being described before it goes in (or a placed one whose description is edited). */
interface Describing {
  attrs: BodyImageAttrs;
  /** The placed image's position when editing its description; null for a new one. */
  pos: number | null;
}

export default function RichTextEditor({ label, value, onChange, error, hint, t, media }: Props) {
  const id = useId();
  const [linking, setLinking] = useState<string | null>(null);
  const [videoLink, setVideoLink] = useState<string | null>(null);
  const [videoError, setVideoError] = useState<string | null>(null);
  const [describing, setDescribing] = useState<Describing | null>(null);
  const [altError, setAltError] = useState<string | null>(null);
  const [uploading, setUploading] = useState(false);
  const [mediaError, setMediaError] = useState<string | null>(null);
  const [more, setMore] = useState(false);
  const fileInput = useRef<HTMLInputElement>(null);
  const moreButton = useRef<HTMLButtonElement>(null);
  // The paste and drop handlers are made once with the editor: they call the latest of these.
  const uploadRef = useRef<(file: File) => void>(() => {});
  const videoRef = useRef<(address: string) => boolean>(() => false);

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
      ...(media ? [BodyImage, BodyVideo] : []),
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
      // A pasted or dropped picture is uploaded (never kept as a data: URL); a pasted video link becomes its player.
      handlePaste: (_view, event) => {
        if (!media) return false;
        const file = [...(event.clipboardData?.files ?? [])].find((f) =>
          f.type.startsWith('image/'),
        );
        if (file) {
          uploadRef.current(file);
          return true;
        }
        const text = event.clipboardData?.getData('text/plain').trim() ?? '';
        return !/\s/.test(text) && text !== '' && videoRef.current(text);
      },
      handleDrop: (view, event, _slice, moved) => {
        if (!media || moved) return false;
        const file = [...(event.dataTransfer?.files ?? [])].find((f) =>
          f.type.startsWith('image/'),
        );
        if (!file) return false;
        event.preventDefault();
        // the image goes where it was dropped, once described
        const at = view.posAtCoords({ left: event.clientX, top: event.clientY });
        if (at)
          view.dispatch(
            view.state.tr.setSelection(TextSelection.near(view.state.doc.resolve(at.pos))),
          );
        uploadRef.current(file);
        return true;
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
      image: e?.isActive('bodyImage') ?? false,
      undo: e?.can().undo() ?? false,
      redo: e?.can().redo() ?? false,
    }),
  });
  const run = (command: (chain: ReturnType<NonNullable<typeof editor>['chain']>) => void) => {
    if (!editor) return;
    setMore(false);
    command(editor.chain().focus());
  };

  uploadRef.current = (file: File) => {
    if (!media) return;
    setMediaError(null);
    if (!IMAGE_TYPES.includes(file.type)) {
      setMediaError(t('admin.content.editor.imageType'));
      return;
    }
    setUploading(true);
    void media.upload(file).then((answer) => {
      setUploading(false);
      if ('error' in answer) setMediaError(answer.error);
      else {
        setAltError(null);
        setDescribing({
          attrs: { src: answer.url, alt: '', width: answer.largura, height: answer.altura },
          pos: null,
        });
      }
    });
  };
  videoRef.current = (address: string) => {
    const video = videoFromUrl(address);
    if (!editor || !video) return false;
    const attrs: BodyVideoAttrs = {
      provider: video.provider,
      id: video.id,
      hash: video.hash ?? null,
      title: t('admin.content.editor.videoTitle', {
        provider: video.provider === 'youtube' ? 'YouTube' : 'Vimeo',
      }),
    };
    editor.chain().focus().insertContent({ type: 'bodyVideo', attrs }).run();
    return true;
  };

  const applyVideo = () => {
    if (videoLink === null) return;
    if (!videoRef.current(videoLink.trim())) {
      setVideoError(t('admin.content.editor.videoInvalid'));
      return;
    }
    setVideoLink(null);
    setVideoError(null);
  };
  const applyAlt = () => {
    if (!describing || !editor) return;
    const alt = describing.attrs.alt.trim();
    if (!alt) {
      setAltError(t('admin.content.editor.altRequired'));
      return;
    }
    const attrs = { ...describing.attrs, alt };
    if (describing.pos === null)
      editor.chain().focus().insertContent({ type: 'bodyImage', attrs }).run();
    else
      editor
        .chain()
        .focus()
        .command(({ tr }) => {
          tr.setNodeMarkup(describing.pos!, undefined, attrs);
          return true;
        })
        .run();
    setDescribing(null);
    setAltError(null);
  };
  const editAlt = () => {
    if (!editor) return;
    const { selection } = editor.state;
    if (!(selection instanceof NodeSelection) || selection.node.type.name !== 'bodyImage') return;
    setMore(false);
    setAltError(null);
    setDescribing({ attrs: selection.node.attrs as BodyImageAttrs, pos: selection.from });
  };

  const button = (
    key: string,
    name: string,
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
      title={name}
    >
      {GLYPHS[key]}
      <span className="visually-hidden">{name}</span>
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
  const keys = (apply: () => void, cancel: () => void) => (e: KeyboardEvent) => {
    if (e.key === 'Enter') {
      e.preventDefault();
      apply();
    } else if (e.key === 'Escape') {
      e.preventDefault();
      cancel();
      editor?.commands.focus();
    }
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
        onKeyDown={(e) => {
          if (e.key === 'Escape' && more) {
            setMore(false);
            moreButton.current?.focus();
          }
        }}
      >
        {button('bold', t('admin.content.editor.bold'), active?.bold ?? false, () =>
          run((c) => c.toggleBold().run()),
        )}
        {button('italic', t('admin.content.editor.italic'), active?.italic ?? false, () =>
          run((c) => c.toggleItalic().run()),
        )}
        {button('link', t('admin.content.editor.link'), active?.link ?? false, () => {
          setMore(false);
          setLinking(editor?.getAttributes('link').href ?? 'https://');
        })}
        {media &&
          button(
            'image',
            uploading ? t('admin.content.editor.uploading') : t('admin.content.editor.image'),
            null,
            () => {
              setMore(false);
              fileInput.current?.click();
            },
            uploading,
          )}
        {media &&
          button('video', t('admin.content.editor.video'), null, () => {
            setMore(false);
            setVideoError(null);
            setVideoLink('');
          })}
        <button
          ref={moreButton}
          type="button"
          className="content-tool content-tool-more"
          aria-expanded={more}
          aria-controls={`${id}-more`}
          onClick={() => setMore((open) => !open)}
          title={t('admin.content.editor.more')}
        >
          {GLYPHS.more}
          <span className="visually-hidden">{t('admin.content.editor.more')}</span>
        </button>
        {/* Inline on a wide toolbar; on a narrow one, the menu the "more" button opens. */}
        <div id={`${id}-more`} className="content-tools-more" data-open={more || undefined}>
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
          {media &&
            active?.image &&
            button('alt', t('admin.content.editor.altEdit'), null, editAlt)}
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
      </div>
      {media && (
        <input
          ref={fileInput}
          type="file"
          accept={IMAGE_TYPES.join(',')}
          hidden
          onChange={(e) => {
            const file = e.target.files?.[0];
            if (file) uploadRef.current(file);
            e.target.value = '';
          }}
        />
      )}
      {mediaError && (
        <p className="content-link-row ui-error" role="alert">
          {mediaError}
        </p>
      )}
      {uploading && (
        <p className="content-link-row" role="status">
          {t('admin.content.editor.uploading')}
        </p>
      )}
      {linking !== null && (
        <div className="content-link-row">
          <label htmlFor={`${id}-link`}>{t('admin.content.editor.linkAddress')}</label>
          <input
            id={`${id}-link`}
            type="url"
            value={linking}
            autoFocus
            onChange={(e) => setLinking(e.target.value)}
            onKeyDown={keys(applyLink, () => setLinking(null))}
          />
          <button type="button" className="button secondary" onClick={applyLink}>
            {t('admin.content.editor.linkApply')}
          </button>
          <button type="button" className="button secondary" onClick={() => setLinking(null)}>
            {t('admin.content.cancel')}
          </button>
        </div>
      )}
      {videoLink !== null && (
        <div className="content-link-row">
          <label htmlFor={`${id}-video`}>{t('admin.content.editor.videoAddress')}</label>
          <input
            id={`${id}-video`}
            type="url"
            value={videoLink}
            autoFocus
            placeholder="https://www.youtube.com/watch?v=…"
            aria-invalid={videoError ? true : undefined}
            aria-describedby={videoError ? `${id}-video-error` : undefined}
            onChange={(e) => setVideoLink(e.target.value)}
            onKeyDown={keys(applyVideo, () => setVideoLink(null))}
          />
          <button type="button" className="button secondary" onClick={applyVideo}>
            {t('admin.content.editor.videoInsert')}
          </button>
          <button type="button" className="button secondary" onClick={() => setVideoLink(null)}>
            {t('admin.content.cancel')}
          </button>
          {videoError && (
            <small id={`${id}-video-error`} className="ui-error" role="alert">
              {videoError}
            </small>
          )}
        </div>
      )}
      {describing && (
        <div className="content-link-row content-alt-row">
          <img src={describing.attrs.src} alt="" width={96} height={64} />
          <label htmlFor={`${id}-alt`}>{t('admin.content.editor.altLabel')}</label>
          <input
            id={`${id}-alt`}
            type="text"
            value={describing.attrs.alt}
            autoFocus
            maxLength={300}
            aria-invalid={altError ? true : undefined}
            aria-describedby={altError ? `${id}-alt-error` : `${id}-alt-hint`}
            onChange={(e) =>
              setDescribing({ ...describing, attrs: { ...describing.attrs, alt: e.target.value } })
            }
            onKeyDown={keys(applyAlt, () => setDescribing(null))}
          />
          <button type="button" className="button secondary" onClick={applyAlt}>
            {t(
              describing.pos === null
                ? 'admin.content.editor.imageInsert'
                : 'admin.content.editor.linkApply',
            )}
          </button>
          <button type="button" className="button secondary" onClick={() => setDescribing(null)}>
            {t('admin.content.cancel')}
          </button>
          {altError ? (
            <small id={`${id}-alt-error`} className="ui-error" role="alert">
              {altError}
            </small>
          ) : (
            <small id={`${id}-alt-hint`}>{t('admin.content.editor.altHint')}</small>
          )}
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
