// What a church's export holds (docs/provider.md "A church's data leaves with it"): one part per
// kind of data, each read in pages of PAGE rows by id (never the whole church in memory), every
// query scoped to the one church. A part gives the CSV's header and cells (words in the church's
// language, server/http/csv.ts) and the JSON's object of the same row (codes and ISO dates, for a
// program to read).
import { and, asc, eq, gt, sql } from 'drizzle-orm';
import { localDateTimeIn } from '../../common/time-zone.ts';
import type { MessageLang } from '../../contract/messages/lang.ts';
import type { Database } from '../db/client.ts';
import * as t from '../db/schema/index.ts';
import {
  activeWord,
  amount,
  paymentMethodWord,
  paymentStatusWord,
  roleWord,
  type CsvValue,
} from '../http/csv.ts';

/** Rows read per query. */
export const PAGE = 500;

type Words = Record<MessageLang, string>;

export interface ExportPart<R extends { id: number }> {
  /** The file name without extension: `pessoas` → pessoas.csv and pessoas.json. */
  name: string;
  header: Record<MessageLang, string[]>;
  page(db: Database, churchId: number, afterId: number): Promise<R[]>;
  /** `zone`: the church's clock, the one its CSV writes moments in (docs/provider.md). */
  csv(row: R, lang: MessageLang, zone: string): CsvValue[];
  json(row: R): Record<string, unknown>;
}

const part = <R extends { id: number }>(p: ExportPart<R>): ExportPart<R> => p;

const YES: Words = { pt: 'Sim', en: 'Yes', es: 'Sí' };
const NO: Words = { pt: 'Não', en: 'No', es: 'No' };
const yesNo = (value: boolean, lang: MessageLang) => (value ? YES : NO)[lang];

/** A moment as the church's spreadsheet reads it: `2026-03-01 19:30` on the church's clock. */
const when = (d: Date | null | undefined, zone: string) =>
  d ? localDateTimeIn(zone, d).replace('T', ' ') : null;
const iso = (d: Date | null | undefined) => (d ? d.toISOString() : null);
const cents = (n: number | null | undefined) => (n === null || n === undefined ? null : n / 100);
const fullName = (first: string | null, last: string | null) =>
  [first, last].filter(Boolean).join(' ');

const WEEKDAYS: Record<MessageLang, string[]> = {
  pt: ['', 'Segunda', 'Terça', 'Quarta', 'Quinta', 'Sexta', 'Sábado', 'Domingo'],
  en: ['', 'Monday', 'Tuesday', 'Wednesday', 'Thursday', 'Friday', 'Saturday', 'Sunday'],
  es: ['', 'Lunes', 'Martes', 'Miércoles', 'Jueves', 'Viernes', 'Sábado', 'Domingo'],
};

const WORDS: Record<string, Record<string, Words>> = {
  registration: {
    confirmada: { pt: 'Confirmada', en: 'Confirmed', es: 'Confirmada' },
    pendente: { pt: 'Pendente', en: 'Pending', es: 'Pendiente' },
    cancelada: { pt: 'Cancelada', en: 'Cancelled', es: 'Cancelada' },
  },
  recurring: {
    ativa: { pt: 'Ativa', en: 'Active', es: 'Activa' },
    pausada: { pt: 'Pausada', en: 'Paused', es: 'Pausada' },
    cancelada: { pt: 'Cancelada', en: 'Cancelled', es: 'Cancelada' },
  },
  content: {
    rascunho: { pt: 'Rascunho', en: 'Draft', es: 'Borrador' },
    agendado: { pt: 'Agendado', en: 'Scheduled', es: 'Programado' },
    publicado: { pt: 'Publicado', en: 'Published', es: 'Publicado' },
    arquivado: { pt: 'Arquivado', en: 'Archived', es: 'Archivado' },
  },
  kind: {
    noticia: { pt: 'Notícia', en: 'News', es: 'Noticia' },
    devocional: { pt: 'Devocional', en: 'Devotional', es: 'Devocional' },
    ebd: { pt: 'EBD', en: 'Sunday school', es: 'Escuela dominical' },
    publicacao: { pt: 'Publicação', en: 'Publication', es: 'Publicación' },
    estudo: { pt: 'Estudo', en: 'Study', es: 'Estudio' },
    video: { pt: 'Vídeo', en: 'Video', es: 'Video' },
    ministerio: { pt: 'Ministério', en: 'Ministry', es: 'Ministerio' },
    projeto: { pt: 'Projeto', en: 'Project', es: 'Proyecto' },
  },
  payment: {
    doacao: { pt: 'Doação', en: 'Gift', es: 'Donación' },
    evento: { pt: 'Evento', en: 'Event', es: 'Evento' },
    assinatura: { pt: 'Assinatura', en: 'Subscription', es: 'Suscripción' },
  },
};
const word = (table: string, code: string, lang: MessageLang) =>
  WORDS[table]?.[code]?.[lang] ?? code;

const people = part({
  name: 'pessoas',
  header: {
    pt: [
      'Nome',
      'E-mail',
      'Telefone',
      'Data de nascimento',
      'CPF',
      'Nº de membro',
      'Situação',
      'Funções',
      'Membro desde',
    ],
    en: [
      'Name',
      'E-mail',
      'Phone',
      'Birth date',
      'CPF',
      'Member number',
      'Status',
      'Roles',
      'Member since',
    ],
    es: [
      'Nombre',
      'E-mail',
      'Teléfono',
      'Fecha de nacimiento',
      'CPF',
      'Nº de miembro',
      'Estado',
      'Funciones',
      'Miembro desde',
    ],
  },
  page: (db, churchId, afterId) =>
    db
      .select({
        id: t.churchUsers.id,
        userId: t.users.id,
        first: t.users.firstName,
        last: t.users.lastName,
        email: t.users.email,
        phone: t.users.phone,
        birthDate: t.users.birthDate,
        cpf: t.users.cpf,
        memberNumber: t.churchUsers.memberNumber,
        active: t.churchUsers.active,
        roles: t.churchUsers.roles,
        since: t.churchUsers.createdAt,
      })
      .from(t.churchUsers)
      .innerJoin(t.users, eq(t.users.id, t.churchUsers.userId))
      .where(and(eq(t.churchUsers.churchId, churchId), gt(t.churchUsers.id, afterId)))
      .orderBy(asc(t.churchUsers.id))
      .limit(PAGE),
  csv: (r, lang, zone) => [
    fullName(r.first, r.last),
    r.email,
    r.phone,
    r.birthDate,
    r.cpf,
    r.memberNumber,
    activeWord(r.active, lang),
    r.roles.map((role) => roleWord(role, lang)).join(', '),
    when(r.since, zone),
  ],
  json: (r) => ({
    id: r.userId,
    nome: r.first,
    sobrenome: r.last,
    email: r.email,
    telefone: r.phone,
    dataNascimento: r.birthDate,
    cpf: r.cpf,
    numeroMembro: r.memberNumber,
    ativo: r.active,
    funcoes: r.roles,
    membroDesde: iso(r.since),
  }),
});

const groups = part({
  name: 'grupos',
  header: {
    pt: ['Nome', 'Líder', 'Dia', 'Horário', 'Bairro', 'Cidade', 'Aberto a novos membros', 'Ativo'],
    en: ['Name', 'Leader', 'Day', 'Time', 'Neighbourhood', 'City', 'Open to new members', 'Active'],
    es: [
      'Nombre',
      'Líder',
      'Día',
      'Hora',
      'Barrio',
      'Ciudad',
      'Abierto a nuevos miembros',
      'Activo',
    ],
  },
  page: (db, churchId, afterId) =>
    db
      .select({
        id: t.groups.id,
        name: t.groups.name,
        leaderFirst: t.users.firstName,
        leaderLast: t.users.lastName,
        weekday: t.groups.weekday,
        time: t.groups.time,
        neighborhood: t.groups.neighborhood,
        city: t.groups.city,
        open: t.groups.open,
        active: t.groups.active,
        description: t.groups.description,
      })
      .from(t.groups)
      .leftJoin(t.users, eq(t.users.id, t.groups.leaderId))
      .where(and(eq(t.groups.churchId, churchId), gt(t.groups.id, afterId)))
      .orderBy(asc(t.groups.id))
      .limit(PAGE),
  csv: (r, lang) => [
    r.name,
    fullName(r.leaderFirst, r.leaderLast),
    WEEKDAYS[lang][r.weekday] ?? String(r.weekday),
    r.time,
    r.neighborhood,
    r.city,
    yesNo(r.open, lang),
    yesNo(r.active, lang),
  ],
  json: (r) => ({
    id: r.id,
    nome: r.name,
    lider: fullName(r.leaderFirst, r.leaderLast) || null,
    diaSemana: r.weekday,
    horario: r.time,
    bairro: r.neighborhood,
    cidade: r.city,
    aberto: r.open,
    ativo: r.active,
    descricao: r.description,
  }),
});

const groupMembers = part({
  name: 'grupos-membros',
  header: {
    pt: ['Grupo', 'Nome', 'E-mail', 'Desde'],
    en: ['Group', 'Name', 'E-mail', 'Since'],
    es: ['Grupo', 'Nombre', 'E-mail', 'Desde'],
  },
  page: (db, churchId, afterId) =>
    db
      .select({
        id: t.groupMembers.id,
        groupId: t.groups.id,
        group: t.groups.name,
        first: t.users.firstName,
        last: t.users.lastName,
        email: t.users.email,
        since: t.groupMembers.createdAt,
      })
      .from(t.groupMembers)
      .innerJoin(
        t.groups,
        and(eq(t.groups.id, t.groupMembers.groupId), eq(t.groups.churchId, churchId)),
      )
      .innerJoin(t.users, eq(t.users.id, t.groupMembers.userId))
      .where(and(eq(t.groupMembers.churchId, churchId), gt(t.groupMembers.id, afterId)))
      .orderBy(asc(t.groupMembers.id))
      .limit(PAGE),
  csv: (r, _lang, zone) => [r.group, fullName(r.first, r.last), r.email, when(r.since, zone)],
  json: (r) => ({
    grupoId: r.groupId,
    grupo: r.group,
    nome: fullName(r.first, r.last),
    email: r.email,
    desde: iso(r.since),
  }),
});

const groupMeetings = part({
  name: 'grupos-reunioes',
  header: {
    pt: ['Grupo', 'Data', 'Tema', 'Presentes', 'Observações'],
    en: ['Group', 'Date', 'Topic', 'Present', 'Notes'],
    es: ['Grupo', 'Fecha', 'Tema', 'Presentes', 'Observaciones'],
  },
  page: (db, churchId, afterId) =>
    db
      .select({
        id: t.groupMeetings.id,
        groupId: t.groups.id,
        group: t.groups.name,
        date: t.groupMeetings.date,
        theme: t.groupMeetings.theme,
        attendance: t.groupMeetings.attendance,
        notes: t.groupMeetings.notes,
      })
      .from(t.groupMeetings)
      .innerJoin(
        t.groups,
        and(eq(t.groups.id, t.groupMeetings.groupId), eq(t.groups.churchId, churchId)),
      )
      .where(and(eq(t.groupMeetings.churchId, churchId), gt(t.groupMeetings.id, afterId)))
      .orderBy(asc(t.groupMeetings.id))
      .limit(PAGE),
  csv: (r, _lang, zone) => [r.group, when(r.date, zone), r.theme, r.attendance, r.notes],
  json: (r) => ({
    id: r.id,
    grupoId: r.groupId,
    grupo: r.group,
    data: iso(r.date),
    tema: r.theme,
    presentes: r.attendance,
    observacoes: r.notes,
  }),
});

const payments = part({
  name: 'pagamentos',
  header: {
    pt: [
      'Pedido',
      'Data',
      'Tipo',
      'Situação',
      'Forma de pagamento',
      'Nome',
      'E-mail',
      'Valor',
      'Taxas',
      'Total',
      'Moeda',
      'Pago em',
    ],
    en: [
      'Order',
      'Date',
      'Kind',
      'Status',
      'Method',
      'Name',
      'E-mail',
      'Amount',
      'Fees',
      'Total',
      'Currency',
      'Paid at',
    ],
    es: [
      'Pedido',
      'Fecha',
      'Tipo',
      'Estado',
      'Forma de pago',
      'Nombre',
      'E-mail',
      'Importe',
      'Tasas',
      'Total',
      'Moneda',
      'Pagado el',
    ],
  },
  page: (db, churchId, afterId) =>
    db
      .select({
        id: t.payments.id,
        code: t.payments.code,
        createdAt: t.payments.createdAt,
        kind: t.payments.kind,
        status: t.payments.status,
        method: t.payments.method,
        first: t.users.firstName,
        last: t.users.lastName,
        email: t.users.email,
        donorName: t.payments.donorName,
        donorEmail: t.payments.donorEmail,
        subtotal: t.payments.subtotalCents,
        fees: t.payments.feesCents,
        total: t.payments.totalCents,
        currency: t.payments.currency,
        paidAt: t.payments.paidAt,
        eventId: t.payments.eventId,
      })
      .from(t.payments)
      .leftJoin(t.users, eq(t.users.id, t.payments.userId))
      .where(and(eq(t.payments.churchId, churchId), gt(t.payments.id, afterId)))
      .orderBy(asc(t.payments.id))
      .limit(PAGE),
  csv: (r, lang, zone) => [
    r.code,
    when(r.createdAt, zone),
    word('payment', r.kind, lang),
    paymentStatusWord(r.status, lang),
    paymentMethodWord(r.method, lang),
    fullName(r.first, r.last) || r.donorName,
    r.email ?? r.donorEmail,
    amount(r.subtotal / 100),
    amount(r.fees / 100),
    amount(r.total / 100),
    r.currency,
    when(r.paidAt, zone),
  ],
  json: (r) => ({
    pedido: r.code,
    data: iso(r.createdAt),
    tipo: r.kind,
    status: r.status,
    metodo: r.method,
    nome: fullName(r.first, r.last) || r.donorName,
    email: r.email ?? r.donorEmail,
    valor: cents(r.subtotal),
    taxas: cents(r.fees),
    total: cents(r.total),
    moeda: r.currency,
    pagoEm: iso(r.paidAt),
    eventoId: r.eventId,
  }),
});

const gifts = part({
  name: 'doacoes',
  header: {
    pt: ['Pedido', 'Data', 'Motivo', 'Valor', 'Situação'],
    en: ['Order', 'Date', 'Reason', 'Amount', 'Status'],
    es: ['Pedido', 'Fecha', 'Motivo', 'Importe', 'Estado'],
  },
  page: (db, churchId, afterId) =>
    db
      .select({
        id: t.paymentLines.id,
        code: t.payments.code,
        createdAt: t.payments.createdAt,
        reason: t.paymentLines.reasonName,
        amount: t.paymentLines.amountCents,
        status: t.payments.status,
      })
      .from(t.paymentLines)
      .innerJoin(
        t.payments,
        and(eq(t.payments.id, t.paymentLines.paymentId), eq(t.payments.churchId, churchId)),
      )
      .where(and(eq(t.paymentLines.churchId, churchId), gt(t.paymentLines.id, afterId)))
      .orderBy(asc(t.paymentLines.id))
      .limit(PAGE),
  csv: (r, lang, zone) => [
    r.code,
    when(r.createdAt, zone),
    r.reason,
    amount(r.amount / 100),
    paymentStatusWord(r.status, lang),
  ],
  json: (r) => ({
    pedido: r.code,
    data: iso(r.createdAt),
    motivo: r.reason,
    valor: cents(r.amount),
    status: r.status,
  }),
});

const recurring = part({
  name: 'doacoes-recorrentes',
  header: {
    pt: ['Nome', 'E-mail', 'Motivo', 'Valor', 'A cada (dias)', 'Situação', 'Próxima cobrança'],
    en: ['Name', 'E-mail', 'Reason', 'Amount', 'Every (days)', 'Status', 'Next charge'],
    es: ['Nombre', 'E-mail', 'Motivo', 'Importe', 'Cada (días)', 'Estado', 'Próximo cobro'],
  },
  page: (db, churchId, afterId) =>
    db
      .select({
        id: t.recurringGifts.id,
        first: t.users.firstName,
        last: t.users.lastName,
        email: t.users.email,
        reason: t.paymentReasons.name,
        amount: t.recurringGifts.amountCents,
        days: t.recurringGifts.days,
        status: t.recurringGifts.status,
        next: t.recurringGifts.nextChargeAt,
      })
      .from(t.recurringGifts)
      .innerJoin(t.users, eq(t.users.id, t.recurringGifts.userId))
      .innerJoin(
        t.paymentReasons,
        and(
          eq(t.paymentReasons.id, t.recurringGifts.reasonId),
          eq(t.paymentReasons.churchId, churchId),
        ),
      )
      .where(and(eq(t.recurringGifts.churchId, churchId), gt(t.recurringGifts.id, afterId)))
      .orderBy(asc(t.recurringGifts.id))
      .limit(PAGE),
  csv: (r, lang, zone) => [
    fullName(r.first, r.last),
    r.email,
    r.reason,
    amount(r.amount / 100),
    r.days,
    word('recurring', r.status, lang),
    when(r.next, zone),
  ],
  json: (r) => ({
    id: r.id,
    nome: fullName(r.first, r.last),
    email: r.email,
    motivo: r.reason,
    valor: cents(r.amount),
    recorrenciaDias: r.days,
    status: r.status,
    proximaCobranca: iso(r.next),
  }),
});

const events = part({
  name: 'eventos',
  header: {
    pt: ['Título', 'Início', 'Fim', 'Local', 'Endereço', 'Publicado', 'Inscrições abertas'],
    en: ['Title', 'Starts', 'Ends', 'Place', 'Address', 'Published', 'Registration open'],
    es: ['Título', 'Inicio', 'Fin', 'Lugar', 'Dirección', 'Publicado', 'Inscripciones abiertas'],
  },
  page: (db, churchId, afterId) =>
    db
      .select({
        id: t.events.id,
        title: t.events.title,
        startsAt: t.events.startsAt,
        endsAt: t.events.endsAt,
        eventZone: t.events.timeZone,
        place: t.events.placeName,
        address: t.events.address,
        active: t.events.active,
        open: t.events.registrationOpen,
        description: t.events.description,
      })
      .from(t.events)
      .where(and(eq(t.events.churchId, churchId), gt(t.events.id, afterId)))
      .orderBy(asc(t.events.id))
      .limit(PAGE),
  // an event's times on its own clock, as its page shows them (docs/events.md)
  csv: (r, lang) => [
    r.title,
    when(r.startsAt, r.eventZone),
    when(r.endsAt, r.eventZone),
    r.place,
    r.address,
    yesNo(r.active, lang),
    yesNo(r.open, lang),
  ],
  json: (r) => ({
    id: r.id,
    titulo: r.title,
    inicio: iso(r.startsAt),
    fim: iso(r.endsAt),
    local: r.place,
    endereco: r.address,
    publicado: r.active,
    inscricoesAbertas: r.open,
    descricao: r.description,
  }),
});

const registrations = part({
  name: 'inscricoes',
  header: {
    pt: ['Evento', 'Titular', 'E-mail', 'Situação', 'Código', 'Data'],
    en: ['Event', 'Holder', 'E-mail', 'Status', 'Code', 'Date'],
    es: ['Evento', 'Titular', 'E-mail', 'Estado', 'Código', 'Fecha'],
  },
  page: (db, churchId, afterId) =>
    db
      .select({
        id: t.registrations.id,
        eventId: t.events.id,
        event: t.events.title,
        holder: t.registrations.holderName,
        email: t.registrations.holderEmail,
        status: t.registrations.status,
        code: t.registrations.code,
        createdAt: t.registrations.createdAt,
        answers: t.registrations.answers,
      })
      .from(t.registrations)
      .innerJoin(
        t.events,
        and(eq(t.events.id, t.registrations.eventId), eq(t.events.churchId, churchId)),
      )
      .where(and(eq(t.registrations.churchId, churchId), gt(t.registrations.id, afterId)))
      .orderBy(asc(t.registrations.id))
      .limit(PAGE),
  csv: (r, lang, zone) => [
    r.event,
    r.holder,
    r.email,
    word('registration', r.status, lang),
    r.code,
    when(r.createdAt, zone),
  ],
  json: (r) => ({
    id: r.id,
    eventoId: r.eventId,
    evento: r.event,
    titular: r.holder,
    email: r.email,
    status: r.status,
    codigo: r.code,
    data: iso(r.createdAt),
    respostas: r.answers,
  }),
});

const contents = part({
  name: 'conteudos',
  header: {
    pt: ['Tipo', 'Título', 'Situação', 'Publicado em', 'Autor', 'Resumo', 'Texto (HTML)'],
    en: ['Kind', 'Title', 'Status', 'Published at', 'Author', 'Summary', 'Text (HTML)'],
    es: ['Tipo', 'Título', 'Estado', 'Publicado el', 'Autor', 'Resumen', 'Texto (HTML)'],
  },
  page: (db, churchId, afterId) =>
    db
      .select({
        id: t.contents.id,
        kind: t.contents.kind,
        title: t.contents.title,
        status: t.contents.status,
        publishedAt: t.contents.publishedAt,
        author: t.contents.author,
        summary: t.contents.summary,
        body: t.contents.body,
        image: t.contents.image,
        keywords: t.contents.keywords,
      })
      .from(t.contents)
      .where(and(eq(t.contents.churchId, churchId), gt(t.contents.id, afterId)))
      .orderBy(asc(t.contents.id))
      .limit(PAGE),
  csv: (r, lang, zone) => [
    word('kind', r.kind, lang),
    r.title,
    word('content', r.status, lang),
    when(r.publishedAt, zone),
    r.author,
    r.summary,
    r.body,
  ],
  json: (r) => ({
    id: r.id,
    tipo: r.kind,
    titulo: r.title,
    status: r.status,
    publicadoEm: iso(r.publishedAt),
    autor: r.author,
    resumo: r.summary,
    corpo: r.body,
    imagem: r.image,
    palavrasChave: r.keywords,
  }),
});

const songs = part({
  name: 'louvores',
  header: {
    pt: ['Título', 'Autor', 'Tom', 'Grupo', 'Tema', 'Ritmo', 'Código', 'Cifra (ChordPro)'],
    en: ['Title', 'Author', 'Key', 'Group', 'Theme', 'Rhythm', 'Code', 'Chords (ChordPro)'],
    es: ['Título', 'Autor', 'Tono', 'Grupo', 'Tema', 'Ritmo', 'Código', 'Cifrado (ChordPro)'],
  },
  page: (db, churchId, afterId) =>
    db
      .select({
        id: t.praises.id,
        title: t.praises.title,
        author: t.praises.author,
        tone: t.praises.tone,
        group: t.praises.group,
        theme: t.praises.theme,
        rhythm: t.praises.rhythm,
        code: t.praises.code,
        chordPro: t.praises.chordPro,
        scores: t.praises.scores,
      })
      .from(t.praises)
      .where(and(eq(t.praises.churchId, churchId), gt(t.praises.id, afterId)))
      .orderBy(asc(t.praises.id))
      .limit(PAGE),
  csv: (r) => [r.title, r.author, r.tone, r.group, r.theme, r.rhythm, r.code, r.chordPro],
  json: (r) => ({
    id: r.id,
    titulo: r.title,
    autor: r.author,
    tom: r.tone,
    grupo: r.group,
    tema: r.theme,
    ritmo: r.rhythm,
    codigo: r.code,
    cifraChordpro: r.chordPro,
    partituras: r.scores.map((s) => s.url),
  }),
});

/** Every part, in the zip's order. */
// eslint-disable-next-line @typescript-eslint/no-explicit-any -- one list of parts whose rows differ
export const EXPORT_PARTS: readonly ExportPart<any>[] = [
  people,
  groups,
  groupMembers,
  groupMeetings,
  payments,
  gifts,
  recurring,
  events,
  registrations,
  contents,
  songs,
];

/** How many rows each part will have (the progress bar's total). */
export async function partCounts(db: Database, churchId: number): Promise<number> {
  const tables = [
    t.churchUsers,
    t.groups,
    t.groupMembers,
    t.groupMeetings,
    t.payments,
    t.paymentLines,
    t.recurringGifts,
    t.events,
    t.registrations,
    t.contents,
    t.praises,
  ];
  let total = 0;
  for (const table of tables) total += await db.$count(table, sql`${table.churchId} = ${churchId}`);
  return total;
}
