// The church's Pix key (docs/payments.md "The church's Pix key"): entered by the treasurer with its
// type, checked and normalised by contract/pix-key.ts, and used as the receiver of the Pix codes the
// product builds itself (the sandbox and static Pix). A live gateway's Pix uses the gateway's own key.
import { eq } from 'drizzle-orm';
import type { PixKeyType } from '../../contract/pix-key.ts';
import { formatPixKey } from '../../contract/pix-key.ts';
import type { Db } from '../db/client.ts';
import * as t from '../db/schema/index.ts';
import type { StaffActor } from '../staff/audit.ts';
import { staffWrite, type StaffWriteDeps } from '../staff/write.ts';

export interface ChurchPixKey {
  type: PixKeyType;
  key: string;
}

/** The church's Pix key, or null when the treasurer has entered none. */
export async function churchPixKey(db: Db, churchId: number): Promise<ChurchPixKey | null> {
  const [row] = await db
    .select({ type: t.churchPixKeys.type, key: t.churchPixKeys.key })
    .from(t.churchPixKeys)
    .where(eq(t.churchPixKeys.churchId, churchId));
  return row ?? null;
}

/** The key as the staff page shows it (the key is the church's public receiver, not a secret). */
export function pixKeyView(key: ChurchPixKey | null) {
  return key
    ? { tipo: key.type, chave: key.key, formatada: formatPixKey(key.type, key.key) }
    : null;
}

/** PUT (a key) or DELETE (null) /admin/{slug}/gateways-chave-pix. */
export async function savePixKey(
  deps: StaffWriteDeps,
  actor: StaffActor,
  input: { tipo: PixKeyType; chave: string } | null,
): Promise<void> {
  await staffWrite(
    deps,
    actor,
    {
      action: input ? 'gateways.pixKey' : 'gateways.pixKeyRemoved',
      kind: 'igreja_chave_pix',
      summary: input ? `${input.tipo} ${formatPixKey(input.tipo, input.chave)}` : 'removed',
    },
    async (tx) => {
      const now = new Date();
      if (!input) {
        await tx.delete(t.churchPixKeys).where(eq(t.churchPixKeys.churchId, actor.churchId));
        return;
      }
      await tx
        .insert(t.churchPixKeys)
        .values({ churchId: actor.churchId, type: input.tipo, key: input.chave, updatedAt: now })
        .onConflictDoUpdate({
          target: t.churchPixKeys.churchId,
          set: { type: input.tipo, key: input.chave, updatedAt: now },
        });
    },
    { purge: false }, // no public page shows the key; each new Pix code reads it
  );
}
