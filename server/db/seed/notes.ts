// Three sermon notes of membro@graca.demo (docs/notes.md), so /user/notes shows a list at once.
import { eq } from 'drizzle-orm';
import type { Database } from '../client.ts';
import * as t from '../schema/index.ts';

const DAY = 86_400_000;

export const MEMBER_NOTES = [
  {
    key: '7a0c6a52-3c1e-4f7e-9a0b-1d5a8f0c2b11',
    title: 'O Bom Pastor',
    text: 'Pr. Carlos — domingo de manhã.\n\nTexto base: João 10:11-18. Jesus conhece as suas ovelhas pelo nome.\nLigação com Salmos 23: "nada me faltará".\n\nAplicação: ouvir a voz dele antes das outras vozes da semana.',
    daysAgo: 2,
  },
  {
    key: '7a0c6a52-3c1e-4f7e-9a0b-1d5a8f0c2b12',
    title: 'Fé que age',
    text: 'Estudo de quarta.\nTiago 2:14-26 — a fé sem obras é morta.\nHebreus 11:1 como definição. Exemplo de Raabe (Js 2).\n\nPergunta para a célula: onde minha fé precisa de mãos?',
    daysAgo: 9,
  },
  {
    key: '7a0c6a52-3c1e-4f7e-9a0b-1d5a8f0c2b13',
    title: 'Conferência de jovens: esperança',
    text: 'Romanos 5:1-5. A esperança não decepciona.\nAnotar: a tribulação produz perseverança; a perseverança, experiência.\nLer também 1 Pedro 1:3.',
    daysAgo: 20,
  },
];

export async function seedNotes(db: Database): Promise<void> {
  const [church] = await db
    .select({ id: t.churches.id })
    .from(t.churches)
    .where(eq(t.churches.code, 'graca'));
  const [user] = await db
    .select({ id: t.users.id })
    .from(t.users)
    .where(eq(t.users.email, 'membro@graca.demo'));
  if (!church || !user) return;
  const now = Date.now();
  await db.insert(t.sermonNotes).values(
    MEMBER_NOTES.map((n) => ({
      churchId: church.id,
      userId: user.id,
      key: n.key,
      title: n.title,
      text: n.text,
      createdAt: new Date(now - n.daysAgo * DAY - 3_600_000),
      updatedAt: new Date(now - n.daysAgo * DAY),
    })),
  );
}
