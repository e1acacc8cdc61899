// spec "App start": the church colour (corApp) becomes the primary colour of the interface.

import { memoByText } from '../../common/memo.ts';
import { passesContrast, readableOn as readableOnFull } from '../../contract/colour.ts';

const HEX = /^#(?:[0-9a-f]{3}|[0-9a-f]{6})$/i;
export const DEFAULT_PRIMARY = '#1f4e79';

/** A CSS colour safe to print into a stylesheet; anything else falls back to the default. */
export function safeColor(value: string | null | undefined, fallback = DEFAULT_PRIMARY): string {
  return value && HEX.test(value.trim()) ? value.trim() : fallback;
}

/** Black or white, whichever reads better on the given colour (WCAG relative luminance). */
export function readableOn(hex: string): '#000000' | '#ffffff' {
  return readableOnFull(
    hex.length === 4 ? `#${[...hex.slice(1)].map((c) => c + c).join('')}` : hex,
  );
}

/**
 * The inline stylesheet that applies a church's colours: its text colour on the primary colour
 * when the church set one that reads (WCAG AA, as the staff settings require), else black or white.
 */
export function themeCss(
  appColor: string | null | undefined,
  textColor?: string | null | undefined,
): string {
  return themes(`${appColor ?? ''}\n${textColor ?? ''}`);
}

// A church's two colours give the same stylesheet every time: made once per pair.
const themes = memoByText((pair = '\n') => {
  const [appColor, textColor] = pair.split('\n');
  return makeThemeCss(appColor || null, textColor || null);
}, 1_000);

function makeThemeCss(appColor: string | null, textColor: string | null): string {
  const primary = safeColor(appColor);
  const text = textColor?.trim();
  const onPrimary = text && passesContrast(text, primary) ? text : readableOn(primary);
  return `:root{--color-primary:${primary};--color-on-primary:${onPrimary}}`;
}
