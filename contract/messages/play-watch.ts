// Messages of watching Play (spec §6 closed content, §8 "Play: request errors") in pt/en/es.
import type { MessageTable } from './table.ts';

const en = {
  'play.watch.subscriptionRequired': 'This video is for subscribers. Choose a plan to watch it.',
  'play.watch.mediaDenied': 'This video link has expired or is not yours. Open the video again.',
} as const;

export type PlayWatchMessageKey = keyof typeof en;

const pt: Record<PlayWatchMessageKey, string> = {
  'play.watch.subscriptionRequired':
    'Este vídeo é para assinantes. Escolha um plano para assistir.',
  'play.watch.mediaDenied': 'Este link de vídeo expirou ou não é seu. Abra o vídeo de novo.',
};
const es: Record<PlayWatchMessageKey, string> = {
  'play.watch.subscriptionRequired': 'Este video es para suscriptores. Elige un plan para verlo.',
  'play.watch.mediaDenied': 'Este enlace de video caducó o no es tuyo. Abre el video de nuevo.',
};

export const PLAY_WATCH_MESSAGES: MessageTable<PlayWatchMessageKey> = { pt, en, es };
