// Messages of the event and payment API in pt/en/es (spec §5, §8). The API answers in the
// request's language; the checkout shows the same texts.
import type { MessageLang } from './lang.ts';
import { lookup, type MessageTable, type MessageValues } from './table.ts';

const pt = {
  'pay.cardInvalid': 'Alguma informação do cartão está incorreta. Por favor verifique.',
  'pay.achDeclined':
    'O banco não aprovou o débito nesta conta. Nenhum valor foi cobrado; confira o número da conta e o de roteamento ou use outra forma de pagamento.',
  'pay.declined':
    'O pagamento não foi aprovado. Nenhum valor foi cobrado; tente de novo ou use outra forma de pagamento.',
  'pay.cardDeclined':
    'Cartão inválido ou expirado. Nenhum valor foi cobrado; verifique os dados ou use outro cartão.',
  'pay.cardNeedsAuthentication':
    'O banco do cartão pediu que você confirme esta cobrança, o que não dá para fazer sem você. Nenhum valor foi cobrado; confirme com o seu banco em Minhas doações (/user/giving) ou escolha outro cartão.',
  'pay.cardNeedsAuthenticationPlan':
    'O banco do cartão pediu que você confirme esta cobrança, o que não dá para fazer sem você. Nenhum valor foi cobrado; troque o cartão do plano em Meu plano.',
  'pay.cardNotFound': 'Cartão não encontrado.',
  'pay.cardOtherGateway':
    'Este cartão foi salvo em outro meio de pagamento ou no modo de teste e não pode ser cobrado aqui. Escolha outro cartão ou adicione-o de novo.',
  'pay.brazilOnly': 'Pix e boleto só estão disponíveis para endereços no Brasil.',
  'pay.addressRequired': 'Cadastre seu endereço para pagar com Pix ou boleto.',
  'pay.methodUnavailable': 'Esta forma de pagamento não está disponível nesta igreja.',
  'pay.installmentsUnavailable': 'Este número de parcelas não está disponível.',
  'pay.freeNeedsNoPayment': 'Este evento é gratuito: não há pagamento a fazer.',
  'pay.paidNeedsMethod': 'Escolha uma forma de pagamento.',
  'pay.soldOut': 'Os ingressos de “{{name}}” se esgotaram.',
  'pay.notOnSale': 'Os ingressos de “{{name}}” não estão à venda agora.',
  'pay.userLimit': 'Você pode ter no máximo {{count}} ingresso(s) de “{{name}}”.',
  'pay.eventClosed': 'As inscrições deste evento estão encerradas.',
  'pay.eventNotFound': 'Evento não encontrado ou endereço incorreto.',
  'pay.ticketNotFound': 'Ingresso não encontrado neste evento.',
  'pay.answerRequired': 'Responda “{{question}}”.',
  'pay.answerInvalid': 'Escolha uma das opções de “{{question}}”.',
  'pay.keyRequired': 'Falta a chave de idempotência (cabeçalho Idempotency-Key).',
  'pay.keyReused': 'Esta chave de idempotência já foi usada em outra compra.',
  'pay.notFound': 'Registro de pagamento não encontrado.',
  'pay.noChallenge': 'Este pagamento não aguarda confirmação do cartão.',
  'pay.sandboxAction': 'Esta ação não se aplica a este pagamento.',
  'pay.gatewayPending':
    'O meio de pagamento não respondeu a tempo. Seu pedido está guardado como pendente e será confirmado sozinho; não pague de novo.',
  'pay.gatewayFailed':
    'O meio de pagamento não confirmou a cobrança, e o pedido foi cancelado. Nenhum valor foi cobrado; tente de novo.',
  'pay.gatewayNotConfigured': 'Os dados desta conta de pagamento estão incompletos.',
  'pay.paidAfterCancel':
    'Este pagamento foi confirmado depois que o pedido já tinha sido cancelado. O valor é devolvido pelo mesmo meio de pagamento.',
  'pay.webhookRefused': 'Notificação sem assinatura válida.',
  'pay.gatewayNoLive':
    'Este intermediador ainda não pode ser usado em modo real; use o modo de teste.',
  'pay.gatewayKeysRefused':
    'O {{gateway}} recusou estas chaves: confira-as no painel do {{gateway}}.',
  'pay.gatewayAccountUnknown':
    'O {{gateway}} aceitou a chave, mas não tem este vendedor: confira o ID no painel do {{gateway}}.',
  'pay.gatewayKeysUnchecked':
    'Não foi possível falar com o {{gateway}} para conferir as chaves; nada foi salvo. Tente de novo.',
  'pay.refundFailed':
    'O meio de pagamento não confirmou o estorno; nada foi alterado. Tente de novo.',
  'pay.cardInGatewayForm':
    'Nesta igreja o cartão é digitado no formulário seguro do meio de pagamento, não aqui.',
  'content.forbidden': 'Este conteúdo é exclusivo para quem tem ingresso do evento.',
  'content.notFound': 'O conteúdo não existe ou não está disponível.',
} as const;

export type PaymentMessageKey = keyof typeof pt;

const en: Record<PaymentMessageKey, string> = {
  'pay.cardInvalid': 'Some card information is incorrect. Please check it.',
  'pay.achDeclined':
    'The bank did not approve the debit from this account. Nothing was charged; check the account and routing numbers or use another payment method.',
  'pay.declined':
    'The payment was not approved. Nothing was charged; try again or use another payment method.',
  'pay.cardDeclined':
    'Card invalid or expired. Nothing was charged; check the details or use another card.',
  'pay.cardNeedsAuthentication':
    'Your card’s bank asked you to confirm this charge, which cannot be done without you. Nothing was charged; confirm it with your bank in My giving (/user/giving) or choose another card.',
  'pay.cardNeedsAuthenticationPlan':
    'Your card’s bank asked you to confirm this charge, which cannot be done without you. Nothing was charged; change your plan’s card on My plan.',
  'pay.cardNotFound': 'Card not found.',
  'pay.cardOtherGateway':
    'This card was saved with another payment provider or in test mode and cannot be charged here. Choose another card or add it again.',
  'pay.brazilOnly': 'Pix and bank slip are only available for addresses in Brazil.',
  'pay.addressRequired': 'Add your address to pay with Pix or bank slip.',
  'pay.methodUnavailable': 'This payment method is not available at this church.',
  'pay.installmentsUnavailable': 'This number of installments is not available.',
  'pay.freeNeedsNoPayment': 'This event is free: there is nothing to pay.',
  'pay.paidNeedsMethod': 'Choose a payment method.',
  'pay.soldOut': 'Tickets for “{{name}}” are sold out.',
  'pay.notOnSale': 'Tickets for “{{name}}” are not on sale now.',
  'pay.userLimit': 'You can hold at most {{count}} ticket(s) of “{{name}}”.',
  'pay.eventClosed': 'Registration for this event is closed.',
  'pay.eventNotFound': 'Event not found or wrong address.',
  'pay.ticketNotFound': 'Ticket not found in this event.',
  'pay.answerRequired': 'Answer “{{question}}”.',
  'pay.answerInvalid': 'Choose one of the options of “{{question}}”.',
  'pay.keyRequired': 'The idempotency key is missing (Idempotency-Key header).',
  'pay.keyReused': 'This idempotency key was already used for another purchase.',
  'pay.notFound': 'Payment record not found.',
  'pay.noChallenge': 'This payment is not waiting for a card confirmation.',
  'pay.sandboxAction': 'This action does not apply to this payment.',
  'pay.gatewayPending':
    'The payment provider did not answer in time. Your order is kept as pending and will be confirmed by itself; do not pay again.',
  'pay.gatewayFailed':
    'The payment provider did not confirm the charge, so the order was cancelled. Nothing was charged; please try again.',
  'pay.gatewayNotConfigured': 'This payment account is not fully set up.',
  'pay.paidAfterCancel':
    'This payment was confirmed after the order had already been cancelled. The amount is given back the same way it was paid.',
  'pay.webhookRefused': 'Notification without a valid signature.',
  'pay.gatewayNoLive': 'This gateway cannot be used in live mode yet; use the sandbox.',
  'pay.gatewayKeysRefused':
    '{{gateway}} refused these keys: check them in your {{gateway}} dashboard.',
  'pay.gatewayAccountUnknown':
    '{{gateway}} accepted the key but has no such seller: check the ID in your {{gateway}} dashboard.',
  'pay.gatewayKeysUnchecked':
    'We could not reach {{gateway}} to check the keys; nothing was saved. Please try again.',
  'pay.refundFailed':
    'The payment provider did not confirm the refund; nothing was changed. Please try again.',
  'pay.cardInGatewayForm':
    "At this church the card is entered in the payment provider's secure form, not here.",
  'content.forbidden': 'This content is only for the event’s ticket holders.',
  'content.notFound': 'The content does not exist or is unavailable.',
};

const es: Record<PaymentMessageKey, string> = {
  'pay.cardInvalid': 'Algún dato de la tarjeta es incorrecto. Por favor verifícalo.',
  'pay.achDeclined':
    'El banco no aprobó el débito en esta cuenta. No se cobró nada; revisa los números de cuenta y de ruta o usa otro medio de pago.',
  'pay.declined':
    'El pago no fue aprobado. No se cobró nada; inténtalo de nuevo o usa otro medio de pago.',
  'pay.cardDeclined':
    'Tarjeta inválida o vencida. No se cobró nada; verifica los datos o usa otra tarjeta.',
  'pay.cardNeedsAuthentication':
    'El banco de la tarjeta pidió que confirmes este cobro, lo que no se puede hacer sin ti. No se cobró nada; confírmalo con tu banco en Mis donaciones (/user/giving) o elige otra tarjeta.',
  'pay.cardNeedsAuthenticationPlan':
    'El banco de la tarjeta pidió que confirmes este cobro, lo que no se puede hacer sin ti. No se cobró nada; cambia la tarjeta del plan en Mi plan.',
  'pay.cardNotFound': 'Tarjeta no encontrada.',
  'pay.cardOtherGateway':
    'Esta tarjeta se guardó con otro medio de pago o en modo de prueba y no se puede cobrar aquí. Elige otra tarjeta o agrégala de nuevo.',
  'pay.brazilOnly': 'Pix y boleto solo están disponibles para direcciones en Brasil.',
  'pay.addressRequired': 'Registra tu dirección para pagar con Pix o boleto.',
  'pay.methodUnavailable': 'Este medio de pago no está disponible en esta iglesia.',
  'pay.installmentsUnavailable': 'Esta cantidad de cuotas no está disponible.',
  'pay.freeNeedsNoPayment': 'Este evento es gratuito: no hay nada que pagar.',
  'pay.paidNeedsMethod': 'Elige un medio de pago.',
  'pay.soldOut': 'Las entradas de “{{name}}” se agotaron.',
  'pay.notOnSale': 'Las entradas de “{{name}}” no están a la venta ahora.',
  'pay.userLimit': 'Puedes tener como máximo {{count}} entrada(s) de “{{name}}”.',
  'pay.eventClosed': 'Las inscripciones de este evento están cerradas.',
  'pay.eventNotFound': 'Evento no encontrado o dirección incorrecta.',
  'pay.ticketNotFound': 'Entrada no encontrada en este evento.',
  'pay.answerRequired': 'Responde “{{question}}”.',
  'pay.answerInvalid': 'Elige una de las opciones de “{{question}}”.',
  'pay.keyRequired': 'Falta la clave de idempotencia (encabezado Idempotency-Key).',
  'pay.keyReused': 'Esta clave de idempotencia ya se usó en otra compra.',
  'pay.notFound': 'Registro de pago no encontrado.',
  'pay.noChallenge': 'Este pago no espera una confirmación de la tarjeta.',
  'pay.sandboxAction': 'Esta acción no se aplica a este pago.',
  'pay.gatewayPending':
    'El medio de pago no respondió a tiempo. Tu pedido quedó pendiente y se confirmará solo; no pagues de nuevo.',
  'pay.gatewayFailed':
    'El medio de pago no confirmó el cobro y el pedido fue cancelado. No se cobró nada; inténtalo de nuevo.',
  'pay.gatewayNotConfigured': 'Los datos de esta cuenta de pago están incompletos.',
  'pay.paidAfterCancel':
    'Este pago se confirmó cuando el pedido ya había sido cancelado. El importe se devuelve por el mismo medio de pago.',
  'pay.webhookRefused': 'Notificación sin firma válida.',
  'pay.gatewayNoLive': 'Esta pasarela aún no puede usarse en modo real; usa el modo de prueba.',
  'pay.gatewayKeysRefused':
    '{{gateway}} rechazó estas claves: revísalas en tu panel de {{gateway}}.',
  'pay.gatewayAccountUnknown':
    '{{gateway}} aceptó la clave, pero no tiene este vendedor: revisa el ID en tu panel de {{gateway}}.',
  'pay.gatewayKeysUnchecked':
    'No pudimos comunicarnos con {{gateway}} para revisar las claves; no se guardó nada. Inténtalo de nuevo.',
  'pay.refundFailed':
    'El medio de pago no confirmó el reembolso; no se cambió nada. Inténtalo de nuevo.',
  'pay.cardInGatewayForm':
    'En esta iglesia la tarjeta se ingresa en el formulario seguro del medio de pago, no aquí.',
  'content.forbidden': 'Este contenido es exclusivo para quienes tienen entrada del evento.',
  'content.notFound': 'El contenido no existe o no está disponible.',
};

export const PAYMENT_MESSAGES: MessageTable<PaymentMessageKey> = { pt, en, es };

/** What a declined payment tells the payer, per method: only a card's decline talks about the card. */
export const declinedMessageKey = (method: string): PaymentMessageKey =>
  method === 'cartao' ? 'pay.cardDeclined' : method === 'ach' ? 'pay.achDeclined' : 'pay.declined';

export function paymentMessage(
  lang: MessageLang,
  key: PaymentMessageKey,
  values?: MessageValues,
): string {
  return lookup(PAYMENT_MESSAGES, lang, key, values);
}
