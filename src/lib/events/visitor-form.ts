// A visitor's part of the event checkout checked in the browser before anything is sent
// (docs/events.md "Visitors"): every missing or wrong field at once, and the solved challenge is
// not spent on an order the server would refuse. The server checks the same again.
import { isValidCpf } from '../../../contract/account-rules.ts';

export interface VisitorFields {
  nome: string;
  email: string;
  cpf: string;
}

export type VisitorErrorKey =
  'checkout.error.required' | 'checkout.error.email' | 'checkout.error.cpf';

const EMAIL = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;

/** `{ 'visitante.<field>': messageKey }` for each field to fix; empty when the visitor may pay. */
export function visitorErrors(
  visitor: VisitorFields,
  askCpf: boolean,
): Record<string, VisitorErrorKey> {
  const errors: Record<string, VisitorErrorKey> = {};
  if (visitor.nome.trim().length < 2) errors['visitante.nome'] = 'checkout.error.required';
  if (!EMAIL.test(visitor.email.trim())) errors['visitante.email'] = 'checkout.error.email';
  if (askCpf) {
    const cpf = visitor.cpf.replace(/\D/g, '');
    if (!cpf) errors['visitante.cpf'] = 'checkout.error.required';
    else if (!isValidCpf(cpf)) errors['visitante.cpf'] = 'checkout.error.cpf';
  }
  return errors;
}
