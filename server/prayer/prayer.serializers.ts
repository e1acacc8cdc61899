// Rows → the wire shapes of contract/prayer.ts. The public ones leave out user ids and the private
// wishes (flagReceberLigacao, flagReceberVisita): the wall is read by anyone; only toOwnPrayer,
// answered to the author alone, carries the wishes.
import type { OwnPrayer, PrayerItem, PrayerMessage } from '../../contract/prayer.ts';
import type * as t from '../db/schema/index.ts';

export interface PrayerRecord {
  prayer: typeof t.prayers.$inferSelect;
  reason: typeof t.prayerReasons.$inferSelect | null;
  messages: number;
}

const blankToNull = (value: string | null) => (value && value.trim() ? value.trim() : null);

export function toPrayerItem({ prayer, reason, messages }: PrayerRecord): PrayerItem {
  return {
    id: prayer.id,
    nome: blankToNull(prayer.name),
    mensagem: prayer.message,
    motivo: reason ? { id: reason.id, nome: reason.name } : null,
    imagem: prayer.image,
    dataCriacao: prayer.createdAt.toISOString(),
    qtdeOrar: prayer.prayedCount,
    qtdeMensagens: messages,
  };
}

export function toPrayerMessage(m: typeof t.prayerMessages.$inferSelect): PrayerMessage {
  return {
    id: m.id,
    nome: blankToNull(m.name),
    mensagem: m.message,
    dataCriacao: m.createdAt.toISOString(),
  };
}

/** The author's own view (GET /user/oracao…, POST /oracao/ answer): the wall's item plus the private choices. */
export function toOwnPrayer(record: PrayerRecord): OwnPrayer {
  return {
    ...toPrayerItem(record),
    flagPublicarMural: record.prayer.publishOnWall,
    flagReceberLigacao: record.prayer.wantsCall,
    flagReceberVisita: record.prayer.wantsVisit,
  };
}
