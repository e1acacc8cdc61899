// A Pix key as a form sends it (spec §3 Pix key types): its type and the key, checked by that
// type and stored normalised (contract/pix-key.ts has the rules).
import { z } from 'zod';
import { isValidPixKey, normalizePixKey, PIX_KEY_TYPES } from './pix-key.ts';

/** A Pix key as a form sends it: its type and the key, checked by that type and normalised. */
export const pixKeyInputSchema = z
  .object({
    tipo: z.enum(PIX_KEY_TYPES, { error: 'Choose the Pix key type.' }),
    chave: z.string().trim().min(1, 'Required.').max(100, 'At most 100 characters.'),
  })
  .superRefine((v, ctx) => {
    if (!isValidPixKey(v.tipo, v.chave))
      ctx.addIssue({ code: 'custom', path: ['chave'], message: 'Invalid Pix key for this type.' });
  })
  .transform((v) => ({ tipo: v.tipo, chave: normalizePixKey(v.tipo, v.chave) }));
export type PixKeyInput = z.input<typeof pixKeyInputSchema>;
