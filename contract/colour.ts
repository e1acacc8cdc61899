// Colours as WCAG 2.x reads them: relative luminance, contrast ratio and the AA bar for normal
// text (4.5:1). The staff settings refuse a text colour under it; the public theme applies the
// church's text colour only when it passes (src/lib/theme.ts).

export const AA_CONTRAST = 4.5;
export const HEX_COLOR = /^#[0-9a-f]{6}$/i;

/** WCAG relative luminance of a `#rrggbb` colour. */
function luminance(hex: string): number {
  const channel = (i: number) => {
    const c = parseInt(hex.slice(i, i + 2), 16) / 255;
    return c <= 0.04045 ? c / 12.92 : ((c + 0.055) / 1.055) ** 2.4;
  };
  return 0.2126 * channel(1) + 0.7152 * channel(3) + 0.0722 * channel(5);
}

/** The contrast ratio (1…21) of two `#rrggbb` colours, or null when one is not such a colour. */
export function contrastRatio(a: string, b: string): number | null {
  if (!HEX_COLOR.test(a) || !HEX_COLOR.test(b)) return null;
  const [hi, lo] = [luminance(a), luminance(b)].sort((x, y) => y - x) as [number, number];
  return (hi + 0.05) / (lo + 0.05);
}

/** Whether text in `text` on `background` meets WCAG AA for normal text. */
export function passesContrast(text: string, background: string): boolean {
  const ratio = contrastRatio(text, background);
  return ratio !== null && ratio >= AA_CONTRAST;
}

/** Black or white, whichever reads better on the given `#rrggbb` colour. */
export function readableOn(hex: string): '#000000' | '#ffffff' {
  return luminance(hex) > 0.179 ? '#000000' : '#ffffff';
}
