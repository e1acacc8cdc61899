// Who orders without an account, and the proof of work they solved (docs/security.md "Visitor
// gifts and card testing"): shared by a visitor's gift (contract/giving.ts) and a visitor's
// event tickets (contract/payments.ts, docs/events.md "Visitors").
import { z } from 'zod';

export const captchaAnswerSchema = z.object({
  token: z.string().trim().min(10).max(600),
  resposta: z.string().trim().min(1, 'Required.').max(10),
});

export const visitorSchema = z.object({
  nome: z.string().trim().min(2, 'Required.').max(120),
  email: z.email({ error: 'Invalid e-mail.' }).max(200),
  /** Required by pt churches (checked on the server with the church's locale). */
  cpf: z.string().trim().max(14).optional(),
});
export type VisitorInput = z.input<typeof visitorSchema>;
