import { getSchema, type AnyExtension } from '@tiptap/core';
import StarterKit from '@tiptap/starter-kit';
import { describe, expect, it } from 'vitest';
import { sanitizeRichText } from '../../../../../common/rich-text.ts';
import {
  BodyImage,
  BodyVideo,
  imageAttributes,
  readImage,
  readVideo,
  videoAttributes,
  type BodyImageAttrs,
  type BodyVideoAttrs,
} from './rich-text-nodes.ts';

const OWN = '/api/v1/imagem/conteudo/7-0123456789abcdef.webp';
const church = { churchId: 7 };

/** A stand-in for the element ProseMirror hands parseHTML. */
const element = (attrs: Record<string, string>) => ({
  getAttribute: (name: string) => attrs[name] ?? null,
});

/** `<tag a="b">` as the DOM serialiser writes an atom node (values escaped). */
const html = (tag: string, attrs: Record<string, string>, closed: boolean) => {
  const list = Object.entries(attrs)
    .map(([k, v]) =>
      v === '' ? ` ${k}` : ` ${k}="${v.replace(/&/g, '&amp;').replace(/"/g, '&quot;')}"`,
    )
    .join('');
  return closed ? `<${tag}${list}></${tag}>` : `<${tag}${list} />`;
};

/** The markup of a node as the editor's getHTML writes it, through the node's own renderHTML. */
function rendered(node: typeof BodyImage | typeof BodyVideo, attrs: object): string {
  const render = node.config.renderHTML as (props: {
    node: { attrs: object };
    HTMLAttributes: Record<string, unknown>;
  }) => [string, Record<string, string>];
  const [tag, attributes] = render({ node: { attrs }, HTMLAttributes: {} });
  return html(tag, attributes, tag === 'iframe');
}

describe('the editor’s image and video blocks', () => {
  it('are part of the editor’s schema beside the text blocks', () => {
    const schema = getSchema([StarterKit, BodyImage, BodyVideo] as AnyExtension[]);
    expect(schema.nodes.bodyImage?.isAtom).toBe(true);
    expect(schema.nodes.bodyVideo?.isBlock).toBe(true);
  });

  it('an image is written as the sanitiser keeps it, and reads back the same', () => {
    const attrs: BodyImageAttrs = { src: OWN, alt: 'O coral "Vozes"', width: 1200, height: 800 };
    const out = rendered(BodyImage, attrs);
    expect(out).toBe(
      `<img src="${OWN}" alt="O coral &quot;Vozes&quot;" width="1200" height="800" loading="lazy" decoding="async" />`,
    );
    expect(sanitizeRichText(out, church)).toBe(out);
    expect(readImage(element(imageAttributes(attrs)))).toEqual(attrs);
  });

  it('reads no image that is not an upload: a pasted data: URL or an outside picture is left out', () => {
    expect(readImage(element({ src: 'data:image/png;base64,iVBORw0KGgo=' }))).toBe(false);
    expect(readImage(element({ src: 'https://evil.example/a.png' }))).toBe(false);
    expect(readImage(element({ src: OWN, width: '-3', height: 'x' }))).toEqual({
      src: OWN,
      alt: '',
      width: null,
      height: null,
    });
  });

  it('a video is written as the privacy-friendly player the sanitiser rebuilds, and reads back', () => {
    const attrs: BodyVideoAttrs = {
      provider: 'youtube',
      id: 'dQw4w9WgXcQ',
      hash: null,
      title: 'Culto de domingo',
    };
    const out = rendered(BodyVideo, attrs);
    expect(out).toContain('src="https://www.youtube-nocookie.com/embed/dQw4w9WgXcQ"');
    expect(out).toContain('loading="lazy"');
    expect(sanitizeRichText(out, church)).toBe(out);
    expect(readVideo(element(videoAttributes(attrs)))).toEqual(attrs);
    const vimeo: BodyVideoAttrs = {
      provider: 'vimeo',
      id: '76979871',
      hash: 'abcdef12',
      title: '',
    };
    const player = rendered(BodyVideo, vimeo);
    expect(player).toContain('src="https://player.vimeo.com/video/76979871?h=abcdef12&amp;dnt=1"');
    expect(sanitizeRichText(player, church)).toBe(player);
    expect(readVideo(element(videoAttributes(vimeo)))).toEqual({ ...vimeo, title: 'Vimeo' });
  });

  it('reads no frame of another site', () => {
    expect(readVideo(element({ src: 'https://evil.example/embed/dQw4w9WgXcQ' }))).toBe(false);
    expect(readVideo(element({ src: 'javascript:alert(1)' }))).toBe(false);
  });
});
