// spec "App start": the church colour (corApp) becomes the primary colour of the interface.

const HEX = /^#(?:[0-9a-f]{3}|[0-9a-f]{6})$/i;
export const DEFAULT_PRIMARY = '#1f4e79';

/** A CSS colour safe to print into a stylesheet; anything else falls back to the default. */
export function safeColor(value: string | null | undefined, fallback = DEFAULT_PRIMARY): string {
  return value && HEX.test(value.trim()) ? value.trim() : fallback;
}

/** Black or white, whichever reads better on the given colour (WCAG relative luminance). */
export function readableOn(hex: string): '#000000' | '#ffffff' {
  const full = hex.length === 4 ? `#${[...hex.slice(1)].map((c) => c + c).join('')}` : hex;
  const [r, g, b] = [1, 3, 5].map((i) => {
    const c = parseInt(full.slice(i, i + 2), 16) / 255;
    return c <= 0.03928 ? c / 12.92 : ((c + 0.055) / 1.055) ** 2.4;
  }) as [number, number, number];
  const luminance = 0.2126 * r + 0.7152 * g + 0.0722 * b;
  return luminance > 0.179 ? '#000000' : '#ffffff';
}

/** The inline stylesheet that applies a church's colours. */
export function themeCss(appColor: string | null | undefined): string {
  const primary = safeColor(appColor);
  return `:root{--color-primary:${primary};--color-on-primary:${readableOn(primary)}}`;
}
