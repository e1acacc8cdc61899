// The rich-text editor's image and video blocks (docs/content.md "Images and videos in the body").
// Each writes exactly the markup the content sanitiser keeps (common/rich-text.ts) and reads back
// what it wrote, so a body saved, sanitised and reopened is the same document:
//   image: <img src="/api/v1/imagem/conteudo/…webp" alt="…" width height>  (an upload, never data:)
//   video: <iframe src="https://www.youtube-nocookie.com/embed/ID" title="…">  (built from the id)
import { Node } from '@tiptap/core';
import {
  EMBED_HEIGHT,
  EMBED_WIDTH,
  embedUrl,
  videoFromUrl,
  type VideoProvider,
} from '../../../../../common/rich-media.ts';

/** Only a stored content image is read from HTML (a pasted data: or outside image is not kept). */
const UPLOADED = /^\/api\/v1\/imagem\/conteudo\/[0-9]+-[a-f0-9]{16}\.webp$/;

export interface BodyImageAttrs {
  src: string;
  alt: string;
  width: number | null;
  height: number | null;
}

export interface BodyVideoAttrs {
  provider: VideoProvider;
  id: string;
  hash: string | null;
  title: string;
}

/** What parseHTML reads from: an element's attributes (a DOM element, or a stand-in in tests). */
interface Attributed {
  getAttribute(name: string): string | null;
}

const whole = (value: string | null): number | null =>
  value && /^[1-9][0-9]{0,4}$/.test(value) ? Number(value) : null;

/** An <img>'s attributes as the image block holds them; false when it is not an upload. */
export function readImage(el: Attributed): BodyImageAttrs | false {
  const src = el.getAttribute('src') ?? '';
  if (!UPLOADED.test(src)) return false;
  return {
    src,
    alt: el.getAttribute('alt') ?? '',
    width: whole(el.getAttribute('width')),
    height: whole(el.getAttribute('height')),
  };
}

/** The image block's HTML attributes (lazily loaded on the page; the sanitiser adds that too). */
export function imageAttributes(attrs: BodyImageAttrs): Record<string, string> {
  return {
    src: attrs.src,
    alt: attrs.alt,
    ...(attrs.width && attrs.height
      ? { width: String(attrs.width), height: String(attrs.height) }
      : {}),
    loading: 'lazy',
    decoding: 'async',
  };
}

/** An <iframe>'s video as the video block holds it; false when it is not a YouTube/Vimeo player. */
export function readVideo(el: Attributed): BodyVideoAttrs | false {
  const video = videoFromUrl(el.getAttribute('src'));
  if (!video) return false;
  return {
    provider: video.provider,
    id: video.id,
    hash: video.hash ?? null,
    title: el.getAttribute('title') ?? '',
  };
}

/** The video block's HTML attributes: the privacy-friendly player, as the sanitiser rebuilds it. */
export function videoAttributes(attrs: BodyVideoAttrs): Record<string, string> {
  return {
    src: embedUrl({ provider: attrs.provider, id: attrs.id, hash: attrs.hash ?? undefined }),
    title: attrs.title || (attrs.provider === 'youtube' ? 'YouTube' : 'Vimeo'),
    width: String(EMBED_WIDTH),
    height: String(EMBED_HEIGHT),
    loading: 'lazy',
    allow: 'encrypted-media; fullscreen; picture-in-picture',
    allowfullscreen: '',
    referrerpolicy: 'strict-origin-when-cross-origin',
  };
}

/** The watch page of a video (the editor's card links there instead of loading the player). */
export const watchUrl = (attrs: BodyVideoAttrs): string =>
  attrs.provider === 'youtube'
    ? `https://www.youtube.com/watch?v=${attrs.id}`
    : `https://vimeo.com/${attrs.id}${attrs.hash ? `/${attrs.hash}` : ''}`;

const plain = <T>(value: T) => ({ default: value, rendered: false });

export const BodyImage = Node.create({
  name: 'bodyImage',
  group: 'block',
  atom: true,
  draggable: true,
  selectable: true,
  addAttributes() {
    return { src: plain(''), alt: plain(''), width: plain(null), height: plain(null) };
  },
  parseHTML() {
    return [{ tag: 'img[src]', getAttrs: (el) => readImage(el) }];
  },
  renderHTML({ node }) {
    return ['img', imageAttributes(node.attrs as BodyImageAttrs)];
  },
});

export const BodyVideo = Node.create({
  name: 'bodyVideo',
  group: 'block',
  atom: true,
  draggable: true,
  selectable: true,
  addAttributes() {
    return { provider: plain('youtube'), id: plain(''), hash: plain(null), title: plain('') };
  },
  parseHTML() {
    return [{ tag: 'iframe[src]', getAttrs: (el) => readVideo(el) }];
  },
  renderHTML({ node }) {
    return ['iframe', videoAttributes(node.attrs as BodyVideoAttrs)];
  },
  // In the editor a card, not the player: staff pages load nothing from YouTube or Vimeo.
  addNodeView() {
    return ({ node }) => {
      const attrs = node.attrs as BodyVideoAttrs;
      const dom = document.createElement('div');
      dom.className = 'content-editor-video';
      dom.contentEditable = 'false';
      const name = document.createElement('strong');
      name.textContent = attrs.provider === 'youtube' ? 'YouTube' : 'Vimeo';
      const link = document.createElement('a');
      link.href = watchUrl(attrs);
      link.target = '_blank';
      link.rel = 'noopener noreferrer';
      link.textContent = attrs.title || watchUrl(attrs);
      dom.append(name, ' ', link);
      return { dom };
    };
  },
});
