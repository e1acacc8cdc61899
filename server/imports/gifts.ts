// Giving history from a CSV (docs/staff.md "Moving in"): each row is an outside gift of a member
// found by e-mail or CPF — an approved `doacao` payment with no gateway, marked
// `referencia_gateway = import:<id>`, so it shows in the member's history and yearly statement and
// is never charged or refunded (the refund refuses it). A row's key (its values and how many times
// the same values came before in the file) makes a second import of the file add nothing.
import { createHash } from 'node:crypto';
import { and, eq, isNotNull, sql, type SQL } from 'drizzle-orm';
import type { ImportField } from '../../contract/imports.ts';
import { instantOfWallClock } from '../../common/time-zone.ts';
import { insertMany } from '../db/bulk-insert.ts';
import * as t from '../db/schema/index.ts';
import { fold, normaliseCpf, normaliseEmail, parseDate, parseMoneyCents } from './formats.ts';
import {
  anyOf,
  batchSize,
  failureText,
  importedOrigins,
  recordItems,
  refuse,
  remark,
  sortNotes,
  writeBatch,
  type ImportRun,
} from './run.ts';
import { tableRows } from './tables.ts';

export const OUTSIDE_GIFT_PREFIX = 'import:';

const METHODS: [string, string[]][] = [
  ['dinheiro', ['dinheiro', 'cash', 'efectivo', 'especie', 'oferta', 'envelope']],
  ['pix', ['pix']],
  [
    'cartao',
    [
      'cartao',
      'cartao de credito',
      'cartao de debito',
      'credito',
      'debito',
      'card',
      'credit card',
      'debit card',
      'tarjeta',
      'tarjeta de credito',
    ],
  ],
  ['boleto', ['boleto']],
  [
    'transferencia',
    [
      'transferencia',
      'transfer',
      'bank transfer',
      'ted',
      'doc',
      'ach',
      'transferencia bancaria',
      'zelle',
    ],
  ],
];

/**
 * Ways to give the site has no method for, filed as the nearest one and named in the dry run
 * (never silently): a cheque or a deposit reaches the church's bank account.
 */
const NEAREST: [string, string[]][] = [
  ['transferencia', ['cheque', 'check', 'cheques', 'deposito', 'deposit', 'deposito bancario']],
];

function methodOf(raw: string): string | null {
  const f = fold(raw);
  if (!f) return 'dinheiro';
  return METHODS.find(([, names]) => names.includes(f))?.[0] ?? null;
}

const nearestMethod = (raw: string) =>
  NEAREST.find(([, names]) => names.includes(fold(raw)))?.[0] ?? null;

interface Gift {
  line: number;
  date: string;
  email: string | null;
  cpf: string | null;
  giver: string;
  reason: string;
  cents: number;
  method: string;
  origin: string;
}

export async function importGifts(run: ImportRun, bytes: Buffer, total: number): Promise<void> {
  const { db } = run;
  const churchId = run.church.id;
  const m = run.options.mapeamento;
  const cell = (cells: string[], f: ImportField) => {
    const i = m.indexOf(f);
    return i >= 0 ? (cells[i] ?? '').trim() : '';
  };
  const reasons = new Map(
    (
      await db
        .select({ id: t.paymentReasons.id, name: t.paymentReasons.name })
        .from(t.paymentReasons)
        .where(eq(t.paymentReasons.churchId, churchId))
    ).map((r) => [fold(r.name), r.id]),
  );
  const repeats = new Map<string, number>();
  let header = true;
  let batch: Gift[] = [];
  let done = 0;

  const flush = async () => {
    if (!batch.length) return;
    const list = batch;
    batch = [];
    // givers of this batch, by e-mail or CPF, among the church's members
    const emails = list.flatMap((g) => (g.email ? [g.email] : []));
    const cpfs = list.flatMap((g) => (g.cpf ? [g.cpf] : []));
    const member = (where: SQL | undefined) =>
      db
        .select({
          id: t.users.id,
          email: t.users.email,
          cpf: t.users.cpf,
          first: t.users.firstName,
          last: t.users.lastName,
        })
        .from(t.users)
        .innerJoin(
          t.churchUsers,
          and(eq(t.churchUsers.userId, t.users.id), eq(t.churchUsers.churchId, churchId)),
        )
        .where(where);
    const people = [
      ...(emails.length ? await member(anyOf(t.users.email, emails)) : []),
      ...(cpfs.length ? await member(and(isNotNull(t.users.cpf), anyOf(t.users.cpf, cpfs))) : []),
    ];
    const already = await importedOrigins(
      run,
      'pagamento',
      list.map((g) => g.origin),
    );
    const ready: (Gift & { userId: number; name: string; email: string })[] = [];
    for (const g of list) {
      const person =
        people.find((p) => g.email && p.email === g.email) ??
        people.find((p) => g.cpf && p.cpf === g.cpf);
      if (!person) {
        refuse(run.tally, {
          linha: g.line,
          chave: 'staff.import.row.giverUnknown',
          valores: { valor: g.giver },
        });
        continue;
      }
      if (already.has(g.origin)) {
        run.tally.iguais++;
        continue;
      }
      ready.push({
        ...g,
        userId: person.id,
        name: [person.first, person.last].filter(Boolean).join(' '),
        email: person.email,
      });
    }
    if (!run.write) {
      run.tally.criar += ready.length;
      return;
    }
    // A batch is one statement of gifts, one of their lines and one of the import's items: the
    // kept giving totals' triggers fire once a statement (docs/giving.md "Kept totals").
    const writeGifts = (gifts: typeof ready) =>
      writeBatch(run, [gifts[0]!.line, gifts.at(-1)!.line], async (tx) => {
        const reasonOf = new Map<Gift, number>();
        for (const g of gifts) {
          let reasonId = reasons.get(fold(g.reason));
          if (reasonId === undefined) {
            // a reason of the old system becomes a hidden giving reason: listed on the reasons
            // page and the dashboard's filter, where it can be renamed, merged or shown on /give
            const [r] = await tx
              .insert(t.paymentReasons)
              .values({
                churchId,
                name: g.reason.slice(0, 120),
                forGiving: true,
                active: false,
                position: sql`(select coalesce(max(${t.paymentReasons.position}), -1) + 1 from ${t.paymentReasons} where ${t.paymentReasons.churchId} = ${churchId})`,
              })
              .returning({ id: t.paymentReasons.id });
            reasonId = r!.id;
            reasons.set(fold(g.reason), reasonId);
            await recordItems(tx, run, [{ table: 'pagamento_motivo', targetId: reasonId }]);
          }
          reasonOf.set(g, reasonId);
        }
        const codeOf = (g: Gift) => `IMP-${run.importId}-${g.line}`;
        const written = await insertMany(
          tx,
          t.payments,
          gifts.map((g) => {
            // noon of its day on the church's clock, so every zone it may choose keeps that day
            const at = instantOfWallClock(run.church.timeZone, Date.parse(`${g.date}T12:00:00Z`));
            return {
              churchId,
              userId: g.userId,
              code: codeOf(g),
              kind: 'doacao' as const,
              donorName: g.name,
              donorEmail: g.email,
              method: g.method,
              status: 'aprovado' as const,
              subtotalCents: g.cents,
              totalCents: g.cents,
              installmentCents: g.cents,
              currency: run.church.currency,
              gatewayReference: `${OUTSIDE_GIFT_PREFIX}${run.importId}`,
              createdAt: at,
              updatedAt: at,
              paidAt: at,
            };
          }),
          { returning: ['id', 'code'] },
        );
        const idOf = new Map(written.map((w) => [w.code, w.id]));
        await insertMany(
          tx,
          t.paymentLines,
          gifts.map((g) => ({
            churchId,
            paymentId: idOf.get(codeOf(g))!,
            reasonId: reasonOf.get(g)!,
            reasonName: g.reason.slice(0, 120),
            amountCents: g.cents,
          })),
        );
        await recordItems(
          tx,
          run,
          gifts.map((g) => ({
            table: 'pagamento',
            targetId: idOf.get(codeOf(g))!,
            origin: g.origin,
          })),
        );
      });
    if (!ready.length) return;
    const known = new Map(reasons);
    try {
      await writeGifts(ready);
      run.tally.criar += ready.length;
    } catch {
      reasons.clear();
      known.forEach((v, k) => reasons.set(k, v));
      for (const g of ready)
        try {
          await writeGifts([g]);
          run.tally.criar++;
        } catch (error) {
          reasons.clear();
          known.forEach((v, k) => reasons.set(k, v));
          refuse(run.tally, {
            linha: g.line,
            chave: 'staff.import.row.notSaved',
            valores: { motivo: failureText(error) },
          });
        }
    }
  };

  for await (const row of tableRows(bytes)) {
    if (header) {
      header = false;
      continue;
    }
    done++;
    const rawDate = cell(row.cells, 'data');
    const date = parseDate(rawDate, run.options.ordemData);
    const rawEmail = cell(row.cells, 'email');
    const rawCpf = cell(row.cells, 'cpf');
    const email = rawEmail ? normaliseEmail(rawEmail) : null;
    const cpf = rawCpf ? normaliseCpf(rawCpf) : null;
    const rawAmount = cell(row.cells, 'valor');
    const cents = parseMoneyCents(rawAmount);
    const reason = cell(row.cells, 'motivo');
    const rawMethod = cell(row.cells, 'metodo');
    let method = methodOf(rawMethod);
    const line = row.line;
    if (!date) {
      refuse(run.tally, {
        linha: line,
        chave: 'staff.import.row.badGiftDate',
        valores: { valor: rawDate },
      });
      continue;
    }
    if (!email && !cpf) {
      refuse(run.tally, { linha: line, chave: 'staff.import.row.noGiver' });
      continue;
    }
    if (cents === null) {
      refuse(run.tally, {
        linha: line,
        chave: 'staff.import.row.badAmount',
        valores: { valor: rawAmount },
      });
      continue;
    }
    if (!reason) {
      refuse(run.tally, { linha: line, chave: 'staff.import.row.noReason' });
      continue;
    }
    if (!method && nearestMethod(rawMethod)) {
      method = nearestMethod(rawMethod)!;
      remark(run.tally, {
        linha: line,
        chave: 'staff.import.row.methodAs',
        valores: { valor: rawMethod },
      });
    }
    if (!method) {
      remark(run.tally, {
        linha: line,
        chave: 'staff.import.row.badMethod',
        valores: { valor: rawMethod },
      });
      method = 'dinheiro';
    }
    const giver = email ?? cpf!;
    const key = [date, giver, fold(reason), cents, method].join('|');
    const n = (repeats.get(key) ?? 0) + 1;
    repeats.set(key, n);
    const origin = createHash('sha256').update(`${key}|${n}`).digest('hex').slice(0, 32);
    batch.push({
      line,
      date,
      email,
      cpf,
      giver: rawEmail || rawCpf,
      reason,
      cents,
      method,
      origin,
    });
    if (batch.length >= batchSize(run)) {
      await flush();
      await run.progress(done, total);
    }
  }
  await flush();
  sortNotes(run.tally);
  await run.progress(done, Math.max(done, total));
}
