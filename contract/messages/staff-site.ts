// The answers of the staff area's home and church calls in pt/en/es (docs/staff.md). Part of the one
// catalogue (index.ts); keys start with `staff.site.`.
import type { MessageLang } from './lang.ts';
import { lookup, type MessageTable } from './table.ts';

const en = {
  'staff.site.tooLong': 'Too long.',
  'staff.site.tooShort': 'Too short.',
  'staff.site.badDate': 'Enter a valid date and time.',
  'staff.site.badLink':
    'Use an address of this site (starting with /) or one starting with https://.',
  'staff.site.endBeforeStart': 'The end must come after the start.',
  'staff.site.imageRequired': 'Choose an image.',
  'staff.site.bannerNotFound': 'This banner is not in this church.',
  'staff.site.orderMismatch': 'The order must list every banner of the church once.',
  'staff.site.badWeekday': 'Choose a day of the week.',
  'staff.site.badTime': 'Enter a time as HH:MM.',
  'staff.site.serviceNotFound': 'This service is not in this church’s schedule.',
  'staff.site.badDuration': 'Enter a duration from 1 to 1440 minutes.',
  'staff.site.badChannel': 'Use letters, digits, hyphens and underscores.',
  'staff.site.badCode': 'Enter the video id only (letters, digits, - and _).',
  'staff.site.badStreamUrl': 'Enter an address starting with https:// (or / for this site).',
  'staff.site.streamNotFound': 'This stream is not in this church.',
  'staff.site.badColor': 'Use a colour as #rrggbb.',
  'staff.site.contrast':
    'Text in this colour on the app colour is hard to read (contrast below 4.5:1, WCAG AA). Choose a lighter or darker colour.',
  'staff.site.unknownModule': 'Unknown module.',
  'staff.site.badLanguage': 'Choose one of the languages offered.',
  'staff.site.badHostname': 'Enter a host name such as www.mychurch.org.',
  'staff.site.hostnameTaken': 'Another church has already proven this host name and uses it.',
  'staff.site.hostnameNotFound': 'This host name is not one of this church’s.',
  'staff.site.hostnameProvider':
    'Names under {{domain}} are the provider’s own: the church already answers at its address there.',
  'staff.site.hostnameOwn': 'This church already has this host name.',
  'staff.site.hostnameNotProven':
    'No proof found yet: create the TXT record {{record}} with the value shown, or a CNAME of this name to {{target}}. DNS changes can take an hour to show; check again later.',
  'staff.site.hostnameDnsDown': 'The DNS could not be asked just now. Try again in a few minutes.',
  'staff.site.primaryNotServed':
    'Choose one of this church’s verified addresses or its provider address.',
} as const;

export type StaffSiteMessageKey = keyof typeof en;

const pt: Record<StaffSiteMessageKey, string> = {
  'staff.site.tooLong': 'Texto longo demais.',
  'staff.site.tooShort': 'Texto curto demais.',
  'staff.site.badDate': 'Informe uma data e hora válidas.',
  'staff.site.badLink':
    'Use um endereço deste site (começando com /) ou um que comece com https://.',
  'staff.site.endBeforeStart': 'O fim precisa ser depois do início.',
  'staff.site.imageRequired': 'Escolha uma imagem.',
  'staff.site.bannerNotFound': 'Este banner não é desta igreja.',
  'staff.site.orderMismatch': 'A ordem precisa listar cada banner da igreja uma vez.',
  'staff.site.badWeekday': 'Escolha um dia da semana.',
  'staff.site.badTime': 'Informe o horário como HH:MM.',
  'staff.site.serviceNotFound': 'Este culto não está na agenda desta igreja.',
  'staff.site.badDuration': 'Informe uma duração de 1 a 1440 minutos.',
  'staff.site.badChannel': 'Use letras, números, hífens e sublinhados.',
  'staff.site.badCode': 'Informe só o código do vídeo (letras, números, - e _).',
  'staff.site.badStreamUrl': 'Informe um endereço que comece com https:// (ou / para este site).',
  'staff.site.streamNotFound': 'Esta transmissão não é desta igreja.',
  'staff.site.badColor': 'Use uma cor no formato #rrggbb.',
  'staff.site.contrast':
    'Texto nesta cor sobre a cor do app fica difícil de ler (contraste abaixo de 4,5:1, WCAG AA). Escolha uma cor mais clara ou mais escura.',
  'staff.site.unknownModule': 'Módulo desconhecido.',
  'staff.site.badLanguage': 'Escolha um dos idiomas oferecidos.',
  'staff.site.badHostname': 'Informe um nome de host como www.minhaigreja.org.',
  'staff.site.hostnameTaken': 'Outra igreja já comprovou este nome de host e o usa.',
  'staff.site.hostnameNotFound': 'Este nome de host não é desta igreja.',
  'staff.site.hostnameProvider':
    'Nomes sob {{domain}} são do próprio provedor: a igreja já responde no endereço dela ali.',
  'staff.site.hostnameOwn': 'Esta igreja já tem este nome de host.',
  'staff.site.hostnameNotProven':
    'Ainda não encontramos a prova: crie o registro TXT {{record}} com o valor indicado, ou um CNAME deste nome para {{target}}. Mudanças no DNS podem levar uma hora para aparecer; verifique de novo mais tarde.',
  'staff.site.hostnameDnsDown':
    'Não foi possível consultar o DNS agora. Tente de novo em alguns minutos.',
  'staff.site.primaryNotServed':
    'Escolha um dos endereços verificados desta igreja ou o endereço dela no provedor.',
};

const es: Record<StaffSiteMessageKey, string> = {
  'staff.site.tooLong': 'Texto demasiado largo.',
  'staff.site.tooShort': 'Texto demasiado corto.',
  'staff.site.badDate': 'Ingresa una fecha y hora válidas.',
  'staff.site.badLink':
    'Usa una dirección de este sitio (que empiece con /) o una que empiece con https://.',
  'staff.site.endBeforeStart': 'El fin debe ser posterior al inicio.',
  'staff.site.imageRequired': 'Elige una imagen.',
  'staff.site.bannerNotFound': 'Este banner no es de esta iglesia.',
  'staff.site.orderMismatch': 'El orden debe incluir cada banner de la iglesia una vez.',
  'staff.site.badWeekday': 'Elige un día de la semana.',
  'staff.site.badTime': 'Ingresa la hora como HH:MM.',
  'staff.site.serviceNotFound': 'Este culto no está en la agenda de esta iglesia.',
  'staff.site.badDuration': 'Ingresa una duración de 1 a 1440 minutos.',
  'staff.site.badChannel': 'Usa letras, números, guiones y guiones bajos.',
  'staff.site.badCode': 'Ingresa solo el código del video (letras, números, - y _).',
  'staff.site.badStreamUrl':
    'Ingresa una dirección que empiece con https:// (o / para este sitio).',
  'staff.site.streamNotFound': 'Esta transmisión no es de esta iglesia.',
  'staff.site.badColor': 'Usa un color con el formato #rrggbb.',
  'staff.site.contrast':
    'El texto en este color sobre el color de la app es difícil de leer (contraste menor que 4,5:1, WCAG AA). Elige un color más claro o más oscuro.',
  'staff.site.unknownModule': 'Módulo desconocido.',
  'staff.site.badLanguage': 'Elige uno de los idiomas ofrecidos.',
  'staff.site.badHostname': 'Ingresa un nombre de host como www.miiglesia.org.',
  'staff.site.hostnameTaken': 'Otra iglesia ya comprobó este nombre de host y lo usa.',
  'staff.site.hostnameNotFound': 'Este nombre de host no es de esta iglesia.',
  'staff.site.hostnameProvider':
    'Los nombres bajo {{domain}} son del propio proveedor: la iglesia ya responde en su dirección allí.',
  'staff.site.hostnameOwn': 'Esta iglesia ya tiene este nombre de host.',
  'staff.site.hostnameNotProven':
    'Aún no encontramos la prueba: crea el registro TXT {{record}} con el valor indicado, o un CNAME de este nombre a {{target}}. Los cambios de DNS pueden tardar una hora en verse; verifica de nuevo más tarde.',
  'staff.site.hostnameDnsDown':
    'No se pudo consultar el DNS ahora. Inténtalo de nuevo en unos minutos.',
  'staff.site.primaryNotServed':
    'Elige una de las direcciones verificadas de esta iglesia o su dirección en el proveedor.',
};

export const STAFF_SITE_MESSAGES: MessageTable<StaffSiteMessageKey> = { en, pt, es };

export function siteStaffMessage(lang: MessageLang, key: StaffSiteMessageKey): string {
  return lookup(STAFF_SITE_MESSAGES, lang, key);
}
