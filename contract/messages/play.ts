// Messages of Play in pt/en/es (spec §8 "Play: request errors; content not found or unavailable").
import { PLAY_NOT_FOUND } from '../play.ts';
import type { MessageTable } from './table.ts';

const en = {
  'play.notFound': PLAY_NOT_FOUND,
} as const;

export type PlayMessageKey = keyof typeof en;

const pt: Record<PlayMessageKey, string> = { 'play.notFound': 'Conteúdo não encontrado ou indisponível.' };
const es: Record<PlayMessageKey, string> = { 'play.notFound': 'Contenido no encontrado o no disponible.' };

export const PLAY_MESSAGES: MessageTable<PlayMessageKey> = { pt, en, es };
