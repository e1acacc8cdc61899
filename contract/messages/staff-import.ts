// The answers of the staff import page (docs/staff.md "Moving in") in pt/en/es: the calls'
// errors and the reasons a line of a file is refused or remarked. Part of the one catalogue
// (index.ts); keys start with `staff.import.`.
import type { MessageTable } from './table.ts';

const en = {
  'staff.import.badKind': 'Choose what the file holds: people, gifts, songs, events or posts.',
  'staff.import.fileMissing': 'Choose a file.',
  'staff.import.fileSize': 'The file is larger than {{mb}} MB.',
  'staff.import.fileType': 'This file is not {{what}}.',
  'staff.import.notFound': 'This import is not in this church.',
  'staff.import.noHeader': 'The file has no header line with the columns’ names.',
  'staff.import.mappingRequired': 'Choose the column that holds the {{field}}.',
  'staff.import.notReady': 'This import has already started.',
  'staff.import.notDone': 'Only a finished or failed import can be undone.',
  'staff.import.notFailed': 'Only a failed import can be tried again.',
  'staff.import.inUse': 'Some of this import’s rows have been used since, so it cannot be undone.',
  'staff.import.zipBroken': 'The archive is damaged or packed in a way this import does not read.',
  'staff.import.limit.zipEntries': 'The archive holds more than {{n}} files.',
  'staff.import.limit.entrySize': '“{{name}}” in the archive is larger than {{mb}} MB unpacked.',
  'staff.import.limit.unpacked': 'The archive unpacks to more than {{mb}} MB.',
  'staff.import.limit.ratio':
    '“{{name}}” unpacks to more than {{n}} times its packed size, which no real file does.',
  'staff.import.limit.rows': 'The file has more than {{n}} rows: split it into smaller files.',
  'staff.import.limit.columns': 'Row {{line}} has more than {{n}} columns.',
  'staff.import.limit.events':
    'The calendar has more than {{n}} events: split it into smaller files.',
  'staff.import.limit.occurrences':
    'The calendar’s repeating events have more than {{n}} dates to go through: leave out the ones that repeat every few minutes or seconds.',
  'staff.import.limit.posts': 'The export has more than {{n}} items: export a part at a time.',
  'staff.import.limit.time': 'The file took more than {{s}} seconds to read and was stopped.',
  'staff.import.limit.memory': 'The file needs more memory to read than an import may use.',
  'staff.import.row.noName': 'No name.',
  'staff.import.row.noEmail': 'No e-mail: a person needs one to have an account.',
  'staff.import.row.badEmail': '“{{valor}}” is not an e-mail address.',
  'staff.import.row.badCpf': '“{{valor}}” is not a valid CPF.',
  'staff.import.row.badPhone': 'Phone “{{valor}}” not understood; left out.',
  'staff.import.row.badDate': 'Date “{{valor}}” not understood; left out.',
  'staff.import.row.twoPeople': 'The e-mail and the CPF belong to two different people.',
  'staff.import.row.numberTaken': 'Member number {{valor}} belongs to someone else; left out.',
  'staff.import.row.noGroup': 'No group named “{{valor}}”; left out.',
  'staff.import.row.notSaved': 'Could not be saved: {{motivo}}',
  'staff.import.row.noGiver': 'No e-mail or CPF of the giver.',
  'staff.import.row.giverUnknown': 'Nobody in this church has the e-mail or CPF “{{valor}}”.',
  'staff.import.row.badAmount': 'Amount “{{valor}}” not understood.',
  'staff.import.row.noReason': 'No reason.',
  'staff.import.row.badGiftDate': 'Date “{{valor}}” not understood.',
  'staff.import.row.badMethod': 'Method “{{valor}}” not understood; recorded as cash.',
  'staff.import.row.songNoTitle': '{{valor}}: no {title: …} line.',
  'staff.import.row.notChordPro': '{{valor}}: not a ChordPro text file.',
  'staff.import.row.eventPast': '“{{valor}}” has already happened.',
  'staff.import.row.eventNoTitle': 'An event without a title.',
  'staff.import.row.postNoTitle': 'A post without a title.',
  'staff.import.row.postSkipped': '“{{valor}}” is not a published post or draft; left out.',
  'staff.import.row.imageMissing': 'Image not in the file: {{valor}}',
  'staff.import.row.eventRepeats':
    '“{{valor}}” repeats too often to find its next date within {{n}} repetitions; left out.',
  'staff.import.row.postTooLarge': '“{{valor}}” is larger than {{mb}} MB; left out.',
  'staff.import.row.eventUnreadable':
    '“{{valor}}” could not be read (a date or a repetition this import does not understand); left out.',
  'staff.import.row.eventSeries':
    '“{{valor}}” repeats: its next date comes in as one event (events here do not repeat).',
  'staff.import.row.eventZone':
    '“{{valor}}” was set in the {{zona}} time zone: it keeps its moment, shown in the church’s zone ({{fuso}}).',
  'staff.import.row.postPrivate':
    '“{{valor}}” was private or password-protected: it comes in as a draft, not published.',
  'staff.import.row.postUntitled': 'A post without a title: named after its date, “{{valor}}”.',
  'staff.import.row.postPage':
    '“{{valor}}” is a page: this site has no pages to bring it into; left out.',
  'staff.import.row.shortcode':
    '“{{valor}}”: the shortcode [{{nome}}] means nothing here; removed.',
  'staff.import.row.imageNotFetched':
    'Could not download {{valor}}: the post came in without it. Try again: import the same file once the old site answers.',
  'staff.import.row.cpfOtherPerson':
    'The CPF {{valor}} belongs to {{pessoa}}, whose name and e-mail are not these (a typo?): confirm the line to merge it into that person anyway.',
  'staff.import.row.cpfLeftOut': '“{{valor}}” is not a valid CPF; the CPF was left out.',
  'staff.import.row.sameAs': 'The same person as line {{n}}.',
  'staff.import.row.methodAs':
    'Method “{{valor}}” is not one of this site’s; recorded as a bank transfer.',
  'staff.import.use.password': '{{valor}} has chosen a password.',
  'staff.import.use.login': '{{valor}} has signed in.',
  'staff.import.use.roles': '{{valor}} has a staff role.',
  'staff.import.use.payments': '{{valor}} has gifts or registrations.',
  'staff.import.use.statement': 'The {{valor}} statement of a giver has been sent.',
  'staff.import.use.setList': 'Song “{{valor}}” is in a set list.',
  'staff.import.use.edited': '“{{valor}}” has been edited.',
  'staff.import.use.published': 'Event “{{valor}}” has been published or has registrations.',
} as const;

export type StaffImportMessageKey = keyof typeof en;

const pt: Record<StaffImportMessageKey, string> = {
  'staff.import.badKind':
    'Escolha o que o arquivo traz: pessoas, doações, louvores, eventos ou posts.',
  'staff.import.fileMissing': 'Escolha um arquivo.',
  'staff.import.fileSize': 'O arquivo tem mais de {{mb}} MB.',
  'staff.import.fileType': 'Este arquivo não é {{what}}.',
  'staff.import.notFound': 'Esta importação não é desta igreja.',
  'staff.import.noHeader': 'O arquivo não tem a linha de cabeçalho com os nomes das colunas.',
  'staff.import.mappingRequired': 'Escolha a coluna que traz o campo {{field}}.',
  'staff.import.notReady': 'Esta importação já começou.',
  'staff.import.notDone': 'Só uma importação concluída ou que falhou pode ser desfeita.',
  'staff.import.notFailed': 'Só uma importação que falhou pode ser tentada de novo.',
  'staff.import.inUse':
    'Algumas linhas desta importação já foram usadas; ela não pode ser desfeita.',
  'staff.import.zipBroken':
    'O arquivo compactado está danificado ou foi compactado de um jeito que a importação não lê.',
  'staff.import.limit.zipEntries': 'O arquivo compactado tem mais de {{n}} arquivos.',
  'staff.import.limit.entrySize':
    '“{{name}}” dentro do arquivo compactado tem mais de {{mb}} MB descompactado.',
  'staff.import.limit.unpacked': 'O arquivo compactado tem mais de {{mb}} MB descompactado.',
  'staff.import.limit.ratio':
    '“{{name}}” fica mais de {{n}} vezes maior descompactado, o que nenhum arquivo real faz.',
  'staff.import.limit.rows': 'O arquivo tem mais de {{n}} linhas: divida-o em arquivos menores.',
  'staff.import.limit.columns': 'A linha {{line}} tem mais de {{n}} colunas.',
  'staff.import.limit.events':
    'O calendário tem mais de {{n}} eventos: divida-o em arquivos menores.',
  'staff.import.limit.occurrences':
    'Os eventos que se repetem no calendário têm mais de {{n}} datas a percorrer: deixe de fora os que se repetem a cada poucos minutos ou segundos.',
  'staff.import.limit.posts':
    'A exportação tem mais de {{n}} itens: exporte uma parte de cada vez.',
  'staff.import.limit.time':
    'O arquivo levou mais de {{s}} segundos para ser lido e foi interrompido.',
  'staff.import.limit.memory':
    'O arquivo precisa de mais memória para ser lido do que uma importação pode usar.',
  'staff.import.row.noName': 'Sem nome.',
  'staff.import.row.noEmail': 'Sem e-mail: a pessoa precisa de um para ter conta.',
  'staff.import.row.badEmail': '“{{valor}}” não é um endereço de e-mail.',
  'staff.import.row.badCpf': '“{{valor}}” não é um CPF válido.',
  'staff.import.row.badPhone': 'Telefone “{{valor}}” não entendido; deixado de fora.',
  'staff.import.row.badDate': 'Data “{{valor}}” não entendida; deixada de fora.',
  'staff.import.row.twoPeople': 'O e-mail e o CPF são de duas pessoas diferentes.',
  'staff.import.row.numberTaken':
    'O número de membro {{valor}} é de outra pessoa; deixado de fora.',
  'staff.import.row.noGroup': 'Nenhum grupo chamado “{{valor}}”; deixado de fora.',
  'staff.import.row.notSaved': 'Não foi possível salvar: {{motivo}}',
  'staff.import.row.noGiver': 'Sem e-mail ou CPF de quem doou.',
  'staff.import.row.giverUnknown': 'Ninguém desta igreja tem o e-mail ou CPF “{{valor}}”.',
  'staff.import.row.badAmount': 'Valor “{{valor}}” não entendido.',
  'staff.import.row.noReason': 'Sem motivo.',
  'staff.import.row.badGiftDate': 'Data “{{valor}}” não entendida.',
  'staff.import.row.badMethod': 'Forma “{{valor}}” não entendida; registrada como dinheiro.',
  'staff.import.row.songNoTitle': '{{valor}}: sem a linha {title: …}.',
  'staff.import.row.notChordPro': '{{valor}}: não é um texto ChordPro.',
  'staff.import.row.eventPast': '“{{valor}}” já aconteceu.',
  'staff.import.row.eventNoTitle': 'Um evento sem título.',
  'staff.import.row.postNoTitle': 'Um post sem título.',
  'staff.import.row.postSkipped': '“{{valor}}” não é post publicado nem rascunho; deixado de fora.',
  'staff.import.row.imageMissing': 'Imagem fora do arquivo: {{valor}}',
  'staff.import.row.eventRepeats':
    '“{{valor}}” se repete com frequência demais para achar a próxima data em {{n}} repetições; deixado de fora.',
  'staff.import.row.postTooLarge': '“{{valor}}” tem mais de {{mb}} MB; deixado de fora.',
  'staff.import.row.eventUnreadable':
    '“{{valor}}” não pôde ser lido (uma data ou repetição que esta importação não entende); deixado de fora.',
  'staff.import.row.eventSeries':
    '“{{valor}}” se repete: a próxima data vem como um evento (aqui os eventos não se repetem).',
  'staff.import.row.eventZone':
    '“{{valor}}” estava no fuso {{zona}}: mantém o seu momento, mostrado no fuso da igreja ({{fuso}}).',
  'staff.import.row.postPrivate':
    '“{{valor}}” era privado ou protegido por senha: vem como rascunho, não publicado.',
  'staff.import.row.postUntitled': 'Um post sem título: recebe o nome da sua data, “{{valor}}”.',
  'staff.import.row.postPage':
    '“{{valor}}” é uma página: este site não tem páginas para recebê-la; deixada de fora.',
  'staff.import.row.shortcode':
    '“{{valor}}”: o shortcode [{{nome}}] não significa nada aqui; removido.',
  'staff.import.row.imageNotFetched':
    'Não foi possível baixar {{valor}}: o post veio sem ela. Tente de novo: importe o mesmo arquivo quando o site antigo responder.',
  'staff.import.row.cpfOtherPerson':
    'O CPF {{valor}} é de {{pessoa}}, cujo nome e e-mail não são estes (erro de digitação?): confirme a linha para juntá-la a essa pessoa mesmo assim.',
  'staff.import.row.cpfLeftOut': '“{{valor}}” não é um CPF válido; o CPF ficou de fora.',
  'staff.import.row.sameAs': 'A mesma pessoa da linha {{n}}.',
  'staff.import.row.methodAs':
    'A forma “{{valor}}” não é uma das deste site; registrada como transferência.',
  'staff.import.use.password': '{{valor}} já escolheu uma senha.',
  'staff.import.use.login': '{{valor}} já entrou no site.',
  'staff.import.use.roles': '{{valor}} tem um papel na equipe.',
  'staff.import.use.payments': '{{valor}} tem doações ou inscrições.',
  'staff.import.use.statement': 'O extrato de {{valor}} de um doador já foi enviado.',
  'staff.import.use.setList': 'O louvor “{{valor}}” está num repertório.',
  'staff.import.use.edited': '“{{valor}}” foi editado.',
  'staff.import.use.published': 'O evento “{{valor}}” foi publicado ou tem inscrições.',
};

const es: Record<StaffImportMessageKey, string> = {
  'staff.import.badKind':
    'Elige qué trae el archivo: personas, ofrendas, canciones, eventos o entradas.',
  'staff.import.fileMissing': 'Elige un archivo.',
  'staff.import.fileSize': 'El archivo tiene más de {{mb}} MB.',
  'staff.import.fileType': 'Este archivo no es {{what}}.',
  'staff.import.notFound': 'Esta importación no es de esta iglesia.',
  'staff.import.noHeader':
    'El archivo no tiene la línea de encabezado con los nombres de las columnas.',
  'staff.import.mappingRequired': 'Elige la columna que trae el campo {{field}}.',
  'staff.import.notReady': 'Esta importación ya empezó.',
  'staff.import.notDone': 'Solo se puede deshacer una importación terminada o fallida.',
  'staff.import.notFailed': 'Solo se puede reintentar una importación fallida.',
  'staff.import.inUse': 'Algunas filas de esta importación ya se usaron; no se puede deshacer.',
  'staff.import.zipBroken':
    'El archivo comprimido está dañado o se comprimió de una forma que la importación no lee.',
  'staff.import.limit.zipEntries': 'El archivo comprimido tiene más de {{n}} archivos.',
  'staff.import.limit.entrySize':
    '“{{name}}” dentro del archivo comprimido tiene más de {{mb}} MB descomprimido.',
  'staff.import.limit.unpacked': 'El archivo comprimido tiene más de {{mb}} MB descomprimido.',
  'staff.import.limit.ratio':
    '“{{name}}” crece más de {{n}} veces al descomprimirse, algo que ningún archivo real hace.',
  'staff.import.limit.rows':
    'El archivo tiene más de {{n}} filas: divídalo en archivos más pequeños.',
  'staff.import.limit.columns': 'La fila {{line}} tiene más de {{n}} columnas.',
  'staff.import.limit.events':
    'El calendario tiene más de {{n}} eventos: divídalo en archivos más pequeños.',
  'staff.import.limit.occurrences':
    'Los eventos que se repiten en el calendario tienen más de {{n}} fechas que recorrer: deje fuera los que se repiten cada pocos minutos o segundos.',
  'staff.import.limit.posts':
    'La exportación tiene más de {{n}} elementos: exporte una parte cada vez.',
  'staff.import.limit.time': 'El archivo tardó más de {{s}} segundos en leerse y se detuvo.',
  'staff.import.limit.memory':
    'El archivo necesita más memoria para leerse de la que una importación puede usar.',
  'staff.import.row.noName': 'Sin nombre.',
  'staff.import.row.noEmail': 'Sin correo: la persona necesita uno para tener cuenta.',
  'staff.import.row.badEmail': '“{{valor}}” no es una dirección de correo.',
  'staff.import.row.badCpf': '“{{valor}}” no es un CPF válido.',
  'staff.import.row.badPhone': 'Teléfono “{{valor}}” no entendido; se deja fuera.',
  'staff.import.row.badDate': 'Fecha “{{valor}}” no entendida; se deja fuera.',
  'staff.import.row.twoPeople': 'El correo y el CPF son de dos personas distintas.',
  'staff.import.row.numberTaken':
    'El número de miembro {{valor}} es de otra persona; se deja fuera.',
  'staff.import.row.noGroup': 'Ningún grupo se llama “{{valor}}”; se deja fuera.',
  'staff.import.row.notSaved': 'No se pudo guardar: {{motivo}}',
  'staff.import.row.noGiver': 'Sin correo ni CPF de quien ofrendó.',
  'staff.import.row.giverUnknown': 'Nadie de esta iglesia tiene el correo o CPF “{{valor}}”.',
  'staff.import.row.badAmount': 'Monto “{{valor}}” no entendido.',
  'staff.import.row.noReason': 'Sin motivo.',
  'staff.import.row.badGiftDate': 'Fecha “{{valor}}” no entendida.',
  'staff.import.row.badMethod': 'Forma “{{valor}}” no entendida; registrada como efectivo.',
  'staff.import.row.songNoTitle': '{{valor}}: sin la línea {title: …}.',
  'staff.import.row.notChordPro': '{{valor}}: no es un texto ChordPro.',
  'staff.import.row.eventPast': '“{{valor}}” ya ocurrió.',
  'staff.import.row.eventNoTitle': 'Un evento sin título.',
  'staff.import.row.postNoTitle': 'Una entrada sin título.',
  'staff.import.row.postSkipped':
    '“{{valor}}” no es una entrada publicada ni un borrador; se deja fuera.',
  'staff.import.row.imageMissing': 'Imagen fuera del archivo: {{valor}}',
  'staff.import.row.eventRepeats':
    '“{{valor}}” se repite con demasiada frecuencia para hallar su próxima fecha en {{n}} repeticiones; se deja fuera.',
  'staff.import.row.postTooLarge': '“{{valor}}” tiene más de {{mb}} MB; se deja fuera.',
  'staff.import.row.eventUnreadable':
    '“{{valor}}” no se pudo leer (una fecha o repetición que esta importación no entiende); se deja fuera.',
  'staff.import.row.eventSeries':
    '“{{valor}}” se repite: su próxima fecha llega como un evento (aquí los eventos no se repiten).',
  'staff.import.row.eventZone':
    '“{{valor}}” estaba en la zona horaria {{zona}}: conserva su momento, mostrado en la zona de la iglesia ({{fuso}}).',
  'staff.import.row.postPrivate':
    '“{{valor}}” era privada o protegida con contraseña: llega como borrador, sin publicar.',
  'staff.import.row.postUntitled':
    'Una entrada sin título: recibe el nombre de su fecha, “{{valor}}”.',
  'staff.import.row.postPage':
    '“{{valor}}” es una página: este sitio no tiene páginas donde traerla; se deja fuera.',
  'staff.import.row.shortcode':
    '“{{valor}}”: el shortcode [{{nome}}] no significa nada aquí; se quitó.',
  'staff.import.row.imageNotFetched':
    'No se pudo descargar {{valor}}: la entrada llegó sin ella. Inténtalo de nuevo: importa el mismo archivo cuando el sitio antiguo responda.',
  'staff.import.row.cpfOtherPerson':
    'El CPF {{valor}} es de {{pessoa}}, cuyo nombre y correo no son estos (¿un error al escribir?): confirma la línea para unirla a esa persona de todos modos.',
  'staff.import.row.cpfLeftOut': '“{{valor}}” no es un CPF válido; el CPF se dejó fuera.',
  'staff.import.row.sameAs': 'La misma persona de la línea {{n}}.',
  'staff.import.row.methodAs':
    'La forma “{{valor}}” no es una de este sitio; registrada como transferencia.',
  'staff.import.use.password': '{{valor}} ya eligió una contraseña.',
  'staff.import.use.login': '{{valor}} ya entró al sitio.',
  'staff.import.use.roles': '{{valor}} tiene un rol en el equipo.',
  'staff.import.use.payments': '{{valor}} tiene ofrendas o inscripciones.',
  'staff.import.use.statement': 'El extracto de {{valor}} de un donante ya se envió.',
  'staff.import.use.setList': 'La canción “{{valor}}” está en un repertorio.',
  'staff.import.use.edited': '“{{valor}}” fue editado.',
  'staff.import.use.published': 'El evento “{{valor}}” fue publicado o tiene inscripciones.',
};

export const STAFF_IMPORT_MESSAGES: MessageTable<StaffImportMessageKey> = { en, pt, es };
