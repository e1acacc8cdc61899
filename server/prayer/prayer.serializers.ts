// Rows → the public wire shapes of contract/prayer.ts. Deliberately leaves out user ids and the
// private wishes (flagReceberLigacao, flagReceberVisita): the wall is read by anyone.
import type { PrayerItem, PrayerMessage } from '../../contract/prayer.ts';
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
  return { id: m.id, nome: blankToNull(m.name), mensagem: m.message, dataCriacao: m.createdAt.toISOString() };
}
