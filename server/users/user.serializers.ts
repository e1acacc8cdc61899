// Database rows → the wire shapes of contract/user.ts.
import type { Address, ChurchAccount, Child, User } from '../../contract/user.ts';
import type * as t from '../db/schema/index.ts';

type UserRow = typeof t.users.$inferSelect;

/** Fields a payment needs (spec §2 data-update) that the user has not filled yet. */
export function pendingFields(row: UserRow, hasAddress: boolean): string[] {
  const pending: string[] = [];
  if (!row.lastName) pending.push('sobrenome');
  if (!row.phone) pending.push('telefone');
  if (!row.birthDate) pending.push('dataNascimento');
  if (!row.sex) pending.push('sexo');
  if (!hasAddress) pending.push('endereco');
  return pending;
}

export function toUser(row: UserRow, hasAddress: boolean): User {
  return {
    id: row.id,
    email: row.email,
    nome: row.firstName,
    sobrenome: row.lastName,
    telefone: row.phone,
    dataNascimento: row.birthDate,
    sexo: row.sex === 'M' || row.sex === 'F' ? row.sex : null,
    cpf: row.cpf,
    observacoes: row.comments,
    estadoCivil: row.maritalStatus,
    dataCasamento: row.maritalDate,
    qtdeFilhos: row.childrenCount,
    ocupacao: row.occupation,
    imagem: row.image,
    flagAtivo: row.active,
    flagEmailVerificado: row.emailVerified,
    camposPendentes: pendingFields(row, hasAddress),
  };
}

export function toChurchAccount(
  m: typeof t.churchUsers.$inferSelect,
  church: { id: number; code: string; name: string; slug: string },
  congregation: { id: number; name: string } | null,
): ChurchAccount {
  return {
    id: m.id,
    usuario: { id: m.userId },
    igreja: { id: church.id, codigo: church.code, nome: church.name, slug: church.slug },
    flagAtivo: m.active,
    numeroMembro: m.memberNumber,
    congregacao: congregation ? { id: congregation.id, nome: congregation.name } : null,
    roles: m.roles,
    dataCadastro: m.createdAt.toISOString(),
  };
}

export function toAddress(a: typeof t.userAddresses.$inferSelect): Address {
  return {
    id: a.id,
    pais: a.country,
    estado: a.state,
    cidade: a.city,
    bairro: a.neighborhood,
    logradouro: a.street,
    numero: a.number,
    complemento: a.complement,
    cep: a.zipCode,
  };
}

export function toChild(c: typeof t.userChildren.$inferSelect): Child {
  return {
    id: c.id,
    nome: c.firstName,
    sobrenome: c.lastName,
    dataNascimento: c.birthDate,
    sexo: c.sex === 'M' || c.sex === 'F' ? c.sex : null,
    observacoes: c.comments,
  };
}
