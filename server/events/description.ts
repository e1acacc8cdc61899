// An event's description in its two stored formats (docs/events.md "The description"): `html`
// from the staff's rich-text editor (sanitised on save and again when printed, with the one
// sanitiser of common/rich-text.ts) and `texto`, plain text from the seed, imported calendars or
// events saved before the editor, whose line breaks must survive on the page.
import { sanitizeRichText } from '../../common/rich-text.ts';

export type DescriptionFormat = 'texto' | 'html';

const escapeHtml = (text: string) =>
  text
    .replace(/&/g, '&amp;')
    .replace(/</g, '&lt;')
    .replace(/>/g, '&gt;')
    .replace(/"/g, '&quot;')
    .replace(/'/g, '&#39;');

/**
 * Plain text as HTML paragraphs: a blank line starts a paragraph, a single line break stays one.
 * @example plainTextToHtml('Hi\nthere\n\n<b>') // '<p>Hi<br>there</p><p>&lt;b&gt;</p>'
 */
export function plainTextToHtml(text: string): string {
  return text
    .replace(/\r\n?/g, '\n')
    .split(/\n\s*\n/)
    .map((block) => block.trim())
    .filter(Boolean)
    .map((block) => `<p>${escapeHtml(block).replace(/\n/g, '<br>')}</p>`)
    .join('');
}

/** Safe HTML to print for a stored description (empty for none). */
export function descriptionHtml(
  text: string | null | undefined,
  format: DescriptionFormat,
): string {
  if (!text) return '';
  return format === 'html' ? sanitizeRichText(text) : plainTextToHtml(text);
}

const ENTITIES: Record<string, string> = {
  amp: '&',
  lt: '<',
  gt: '>',
  quot: '"',
  '#39': "'",
  nbsp: ' ',
};

/**
 * The readable text of a stored description (calendar files, the page's meta description, apps):
 * blocks and line breaks become line breaks, tags go, entities are decoded.
 */
export function descriptionText(
  text: string | null | undefined,
  format: DescriptionFormat,
): string | null {
  if (!text) return null;
  if (format !== 'html') return text;
  const plain = sanitizeRichText(text)
    .replace(/<br\s*\/?>/gi, '\n')
    .replace(/<\/(p|h[2-6]|li|blockquote|tr|figcaption|dd|dt)>/gi, '\n')
    .replace(/<[^>]*>/g, '')
    .replace(/&(amp|lt|gt|quot|#39|nbsp);/g, (_, name: string) => ENTITIES[name] ?? '')
    .replace(/&#(\d+);/g, (_, code: string) => String.fromCodePoint(Number(code)))
    .replace(/[ \t]+\n/g, '\n')
    .replace(/\n{3,}/g, '\n\n')
    .trim();
  return plain || null;
}
