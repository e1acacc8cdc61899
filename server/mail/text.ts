// What every e-mail template shares: `{{name}}` filled from values, and text made safe for HTML.

/** `{{key}}` in `s` replaced by `v[key]` (missing: empty). */
export const fill = (s: string, v: Record<string, string | number>): string =>
  s.replace(/\{\{(\w+)\}\}/g, (_, k: string) => String(v[k] ?? ''));

/** Text safe inside HTML elements and attribute values. */
export const escapeHtml = (s: string): string =>
  s.replace(/[&<>"']/g, (ch) => `&#${ch.charCodeAt(0)};`);
