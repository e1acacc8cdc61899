// Messages of Play in pt/en/es (spec §8 "Play: request errors; content not found or unavailable").
import { PLAY_NOT_FOUND } from '../play.ts';
import type { MessageTable } from './table.ts';

const en = {
  'play.notFound': PLAY_NOT_FOUND,
  'play.planNotFound': 'Plan not found or no longer available.',
  'play.alreadySubscribed': 'You already have an active Play subscription: see My plan.',
  'play.subscriptionPending': 'You already have a subscription to this plan waiting for payment.',
  'play.valueChanged': 'The price of this plan has changed. Please review it and try again.',
  'play.subscriptionNotFound': 'Subscription not found.',
  'play.alreadyCancelled': 'This subscription is already cancelled.',
  'play.notChangeable':
    'Only an active subscription that renews can have its card or plan changed.',
  'play.samePlan': 'This is already your plan.',
} as const;

export type PlayMessageKey = keyof typeof en;

const pt: Record<PlayMessageKey, string> = {
  'play.notFound': 'Conteúdo não encontrado ou indisponível.',
  'play.planNotFound': 'Plano não encontrado ou indisponível.',
  'play.alreadySubscribed': 'Você já tem uma assinatura ativa do Play: veja em Minha assinatura.',
  'play.subscriptionPending': 'Você já tem uma assinatura deste plano aguardando pagamento.',
  'play.valueChanged': 'O valor deste plano mudou. Confira e tente de novo.',
  'play.subscriptionNotFound': 'Assinatura não encontrada.',
  'play.alreadyCancelled': 'Esta assinatura já está cancelada.',
  'play.notChangeable':
    'Só uma assinatura ativa e que renova pode ter o cartão ou o plano trocado.',
  'play.samePlan': 'Este já é o seu plano.',
};
const es: Record<PlayMessageKey, string> = {
  'play.notFound': 'Contenido no encontrado o no disponible.',
  'play.planNotFound': 'Plan no encontrado o no disponible.',
  'play.alreadySubscribed': 'Ya tienes una suscripción activa a Play: mírala en Mi plan.',
  'play.subscriptionPending': 'Ya tienes una suscripción a este plan esperando el pago.',
  'play.valueChanged': 'El precio de este plan ha cambiado. Revísalo e inténtalo de nuevo.',
  'play.subscriptionNotFound': 'Suscripción no encontrada.',
  'play.alreadyCancelled': 'Esta suscripción ya está cancelada.',
  'play.notChangeable':
    'Solo una suscripción activa que se renueva puede cambiar de tarjeta o de plan.',
  'play.samePlan': 'Este ya es tu plan.',
};

export const PLAY_MESSAGES: MessageTable<PlayMessageKey> = { pt, en, es };
