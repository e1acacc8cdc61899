// The answers of the staff events desk in pt/en/es (docs/events.md "The staff side"): events and
// ticket types, registrations, and the door's check-in answers. Part of the one catalogue
// (index.ts); keys start with `staff.events.`.
import type { MessageLang } from './lang.ts';
import { lookup, type MessageTable, type MessageValues } from './table.ts';

const en = {
  'staff.events.tooLong': 'Too long.',
  'staff.events.badDate': 'Enter a valid date and time.',
  'staff.events.badNumber': 'Enter a whole number in the allowed range.',
  'staff.events.badPrice': 'Enter a price of 0 or more.',
  'staff.events.badQuestion': 'Choose a question type.',
  'staff.events.badSort': 'Sort by one of the table’s columns.',
  'staff.events.badSelection': 'Select between 1 and 1000 registrations.',
  'staff.events.selectNeedsOptions': 'A list question needs at least two options.',
  'staff.events.endBeforeStart': 'The end must come after the start.',
  'staff.events.badLink': 'Enter an address starting with https://.',
  'staff.events.badCurrency': 'Use a three-letter currency code such as BRL.',
  'staff.events.badMethod': 'Unknown payment method.',
  'staff.events.badTimeZone': 'Unknown time zone.',
  'staff.events.notFound': 'This event is not in this church.',
  'staff.events.registrationNotFound': 'This registration is not in this event.',
  'staff.events.ticketNotFound': 'This ticket type is not in this event.',
  'staff.events.versionConflict':
    'Someone saved this event after you opened it. Reload to see their changes, then edit again.',
  'staff.events.stockBelowSold':
    '{{sold}} seats of this ticket type are already sold: the quantity cannot be lower.',
  'staff.events.ticketHasBuyers':
    '“{{name}}” has buyers: it cannot be removed. Close its sales instead (set an end date).',
  'staff.events.currencyLocked':
    'Tickets were already sold in {{currency}}: the currency cannot change.',
  'staff.events.alreadyCancelled': 'This registration is already cancelled.',
  'staff.events.noEmail': 'Neither the holder nor the buyer has an e-mail address.',
  'staff.events.copyOf': '{{title}} (copy)',
  'staff.events.checkin.admitted': 'Welcome! Admitted.',
  'staff.events.checkin.naoEncontrado': 'No ticket has this code.',
  'staff.events.checkin.outraIgreja': 'This ticket is from another church.',
  'staff.events.checkin.outroEvento': 'This ticket is for another event: {{event}}.',
  'staff.events.checkin.cancelada': 'This ticket was cancelled.',
  'staff.events.checkin.pendente': 'This ticket is not paid yet.',
  'staff.events.checkin.jaUsado': 'Already used: admitted {{when}} at {{door}}.',
  'staff.events.checkin.noDoor': 'the door',
  'staff.events.checkin.notAssigned':
    'You are on the door team of other events: ask an admin to add you to this one.',
  'staff.events.door.notVolunteer':
    'Only door volunteers of this church can be on the door team. Someone of elsewhere is first invited with the role (People → Invitations).',
  'staff.events.door.tooMany': 'Too many people for one door team.',
  'staff.events.csv.code': 'Ticket code',
  'staff.events.csv.status': 'Status',
  'staff.events.csv.ticket': 'Ticket type',
  'staff.events.csv.holder': 'Holder',
  'staff.events.csv.holderEmail': 'Holder e-mail',
  'staff.events.csv.buyer': 'Buyer',
  'staff.events.csv.buyerEmail': 'Buyer e-mail',
  'staff.events.csv.order': 'Order',
  'staff.events.csv.payment': 'Payment',
  'staff.events.csv.method': 'Method',
  'staff.events.csv.total': 'Order total',
  'staff.events.csv.date': 'Registered on',
  'staff.events.csv.checkin': 'Admitted on',
  'staff.events.csv.door': 'Door',
  'staff.events.status.confirmada': 'Confirmed',
  'staff.events.status.pendente': 'Pending',
  'staff.events.status.cancelada': 'Cancelled',
} as const;

export type StaffEventsMessageKey = keyof typeof en;

const pt: Record<StaffEventsMessageKey, string> = {
  'staff.events.tooLong': 'Texto longo demais.',
  'staff.events.badDate': 'Informe uma data e hora válidas.',
  'staff.events.badNumber': 'Informe um número inteiro dentro do permitido.',
  'staff.events.badPrice': 'Informe um preço de 0 ou mais.',
  'staff.events.badQuestion': 'Escolha o tipo da pergunta.',
  'staff.events.badSort': 'Ordene por uma das colunas da tabela.',
  'staff.events.badSelection': 'Selecione de 1 a 1000 inscrições.',
  'staff.events.selectNeedsOptions': 'Uma pergunta de lista precisa de pelo menos duas opções.',
  'staff.events.endBeforeStart': 'O fim precisa ser depois do início.',
  'staff.events.badLink': 'Informe um endereço que comece com https://.',
  'staff.events.badCurrency': 'Use um código de moeda de três letras, como BRL.',
  'staff.events.badMethod': 'Forma de pagamento desconhecida.',
  'staff.events.badTimeZone': 'Fuso horário desconhecido.',
  'staff.events.notFound': 'Este evento não é desta igreja.',
  'staff.events.registrationNotFound': 'Esta inscrição não é deste evento.',
  'staff.events.ticketNotFound': 'Este tipo de ingresso não é deste evento.',
  'staff.events.versionConflict':
    'Alguém salvou este evento depois que você o abriu. Recarregue para ver as mudanças e edite de novo.',
  'staff.events.stockBelowSold':
    '{{sold}} lugares deste ingresso já foram vendidos: a quantidade não pode ser menor.',
  'staff.events.ticketHasBuyers':
    '“{{name}}” tem compradores: não pode ser removido. Encerre as vendas (defina uma data final).',
  'staff.events.currencyLocked':
    'Já há ingressos vendidos em {{currency}}: a moeda não pode mudar.',
  'staff.events.alreadyCancelled': 'Esta inscrição já está cancelada.',
  'staff.events.noEmail': 'Nem o titular nem o comprador têm e-mail.',
  'staff.events.copyOf': '{{title}} (cópia)',
  'staff.events.checkin.admitted': 'Bem-vindo! Entrada liberada.',
  'staff.events.checkin.naoEncontrado': 'Nenhum ingresso tem este código.',
  'staff.events.checkin.outraIgreja': 'Este ingresso é de outra igreja.',
  'staff.events.checkin.outroEvento': 'Este ingresso é de outro evento: {{event}}.',
  'staff.events.checkin.cancelada': 'Este ingresso foi cancelado.',
  'staff.events.checkin.pendente': 'Este ingresso ainda não foi pago.',
  'staff.events.checkin.jaUsado': 'Já usado: entrou {{when}}, na porta: {{door}}.',
  'staff.events.checkin.noDoor': 'não informada',
  'staff.events.checkin.notAssigned':
    'Você está na equipe de portaria de outros eventos: peça a um administrador que o inclua neste.',
  'staff.events.door.notVolunteer':
    'Só voluntários de portaria desta igreja podem estar na equipe de portaria. Quem é de fora é convidado antes com o papel (Pessoas → Convites).',
  'staff.events.door.tooMany': 'Pessoas demais para uma equipe de portaria.',
  'staff.events.csv.code': 'Código do ingresso',
  'staff.events.csv.status': 'Situação',
  'staff.events.csv.ticket': 'Ingresso',
  'staff.events.csv.holder': 'Titular',
  'staff.events.csv.holderEmail': 'E-mail do titular',
  'staff.events.csv.buyer': 'Comprador',
  'staff.events.csv.buyerEmail': 'E-mail do comprador',
  'staff.events.csv.order': 'Pedido',
  'staff.events.csv.payment': 'Pagamento',
  'staff.events.csv.method': 'Forma',
  'staff.events.csv.total': 'Total do pedido',
  'staff.events.csv.date': 'Inscrito em',
  'staff.events.csv.checkin': 'Entrou em',
  'staff.events.csv.door': 'Porta',
  'staff.events.status.confirmada': 'Confirmada',
  'staff.events.status.pendente': 'Pendente',
  'staff.events.status.cancelada': 'Cancelada',
};

const es: Record<StaffEventsMessageKey, string> = {
  'staff.events.tooLong': 'Texto demasiado largo.',
  'staff.events.badDate': 'Ingresa una fecha y hora válidas.',
  'staff.events.badNumber': 'Ingresa un número entero dentro de lo permitido.',
  'staff.events.badPrice': 'Ingresa un precio de 0 o más.',
  'staff.events.badQuestion': 'Elige el tipo de pregunta.',
  'staff.events.badSort': 'Ordena por una de las columnas de la tabla.',
  'staff.events.badSelection': 'Selecciona entre 1 y 1000 inscripciones.',
  'staff.events.selectNeedsOptions': 'Una pregunta de lista necesita al menos dos opciones.',
  'staff.events.endBeforeStart': 'El fin debe ser posterior al inicio.',
  'staff.events.badLink': 'Ingresa una dirección que empiece con https://.',
  'staff.events.badCurrency': 'Usa un código de moneda de tres letras, como BRL.',
  'staff.events.badMethod': 'Medio de pago desconocido.',
  'staff.events.badTimeZone': 'Zona horaria desconocida.',
  'staff.events.notFound': 'Este evento no es de esta iglesia.',
  'staff.events.registrationNotFound': 'Esta inscripción no es de este evento.',
  'staff.events.ticketNotFound': 'Este tipo de entrada no es de este evento.',
  'staff.events.versionConflict':
    'Alguien guardó este evento después de que lo abriste. Recarga para ver los cambios y edita de nuevo.',
  'staff.events.stockBelowSold':
    'Ya se vendieron {{sold}} lugares de esta entrada: la cantidad no puede ser menor.',
  'staff.events.ticketHasBuyers':
    '“{{name}}” tiene compradores: no se puede quitar. Cierra sus ventas (pon una fecha final).',
  'staff.events.currencyLocked':
    'Ya se vendieron entradas en {{currency}}: la moneda no puede cambiar.',
  'staff.events.alreadyCancelled': 'Esta inscripción ya está cancelada.',
  'staff.events.noEmail': 'Ni el titular ni el comprador tienen correo.',
  'staff.events.copyOf': '{{title}} (copia)',
  'staff.events.checkin.admitted': '¡Bienvenido! Entrada permitida.',
  'staff.events.checkin.naoEncontrado': 'Ninguna entrada tiene este código.',
  'staff.events.checkin.outraIgreja': 'Esta entrada es de otra iglesia.',
  'staff.events.checkin.outroEvento': 'Esta entrada es de otro evento: {{event}}.',
  'staff.events.checkin.cancelada': 'Esta entrada fue cancelada.',
  'staff.events.checkin.pendente': 'Esta entrada aún no fue pagada.',
  'staff.events.checkin.jaUsado': 'Ya usada: entró {{when}} por {{door}}.',
  'staff.events.checkin.noDoor': 'la puerta',
  'staff.events.checkin.notAssigned':
    'Estás en el equipo de puerta de otros eventos: pide a un administrador que te agregue a este.',
  'staff.events.door.notVolunteer':
    'Solo los voluntarios de puerta de esta iglesia pueden estar en el equipo de puerta. Quien es de fuera se invita antes con el rol (Personas → Invitaciones).',
  'staff.events.door.tooMany': 'Demasiadas personas para un equipo de puerta.',
  'staff.events.csv.code': 'Código de la entrada',
  'staff.events.csv.status': 'Estado',
  'staff.events.csv.ticket': 'Entrada',
  'staff.events.csv.holder': 'Titular',
  'staff.events.csv.holderEmail': 'Correo del titular',
  'staff.events.csv.buyer': 'Comprador',
  'staff.events.csv.buyerEmail': 'Correo del comprador',
  'staff.events.csv.order': 'Pedido',
  'staff.events.csv.payment': 'Pago',
  'staff.events.csv.method': 'Medio',
  'staff.events.csv.total': 'Total del pedido',
  'staff.events.csv.date': 'Inscrito el',
  'staff.events.csv.checkin': 'Entró el',
  'staff.events.csv.door': 'Puerta',
  'staff.events.status.confirmada': 'Confirmada',
  'staff.events.status.pendente': 'Pendiente',
  'staff.events.status.cancelada': 'Cancelada',
};

export const STAFF_EVENTS_MESSAGES: MessageTable<StaffEventsMessageKey> = { en, pt, es };

export function staffEventsMessage(
  lang: MessageLang,
  key: StaffEventsMessageKey,
  values?: MessageValues,
): string {
  return lookup(STAFF_EVENTS_MESSAGES, lang, key, values);
}
