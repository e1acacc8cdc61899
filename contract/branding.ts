// The images made from a church's logo (docs/content.md "Installable app and podcast cover"):
// app icons for the web app manifest and the podcast cover feed apps require.
import { z } from 'zod';
import { slugParam } from './common.ts';

/** The icon files of `GET /igreja/{slug}/icone/{file}` (192 and 512 px, a maskable 512, Apple's 180). */
export const APP_ICON_FILES = [
  '192.png',
  '512.png',
  'maskable-512.png',
  'apple-touch-180.png',
] as const;
export type AppIconFile = (typeof APP_ICON_FILES)[number];

export const appIconParams = z.object({
  slug: slugParam,
  file: z.enum(APP_ICON_FILES, { error: 'Invalid input.' }),
});

/** Side in px of the podcast cover (`GET /podcast/anchor/{code}/capa.png`): feed apps want 1400–3000. */
export const PODCAST_COVER_SIZE = 1400;
