// spec §5 rules as the contract's schemas apply them (the API and the account forms use these
// same schemas): the Brazilian phone's own message and alpha_spaces for people's names.
import { describe, expect, it } from 'vitest';
import { isPersonName } from './account-rules.ts';
import { childBody, phoneField, updateUserBody } from './user.ts';

const messageOf = (result: { success: boolean; error?: { issues: { message: string }[] } }) =>
  result.error?.issues[0]?.message;

describe('contract/user.ts spec §5 rules', () => {
  it("answers a wrong +55 number with '+55 DDD 9XXXX-YYYY' and other wrong numbers with 'invalid phone'", () => {
    expect(phoneField.safeParse('+55 11 98765-4321').success).toBe(true);
    expect(phoneField.safeParse('(11) 98765-4321').success).toBe(true);
    expect(phoneField.safeParse('+1 512 555 0100').success).toBe(true);
    expect(messageOf(phoneField.safeParse('+55 11 8765-4321'))).toBe('v.phoneBr');
    expect(messageOf(phoneField.safeParse('+55 1234'))).toBe('v.phoneBr');
    expect(messageOf(phoneField.safeParse('12 34'))).toBe('v.phone');
    expect(messageOf(phoneField.safeParse('+1 555'))).toBe('v.phone');
    expect(messageOf(phoneField.safeParse(''))).toBe('v.required');
  });

  it('takes names of letters (any alphabet, accents) and spaces, with the apostrophe, hyphen and dot of names', () => {
    for (const name of [
      'Ana',
      'João Pereira',
      "D'Ávila",
      'Ana-Clara',
      'Maria S. Lima',
      'Zoë',
      'Renée Jr.',
      'Łukasz',
      'Μαρία',
    ])
      expect(isPersonName(name), name).toBe(true);
    for (const name of [
      'Ana2',
      'R2-D2',
      '<b>Ana</b>',
      'Ana_Lima',
      '@ana',
      '-',
      "'",
      'Ana  --',
      'a.b.c@x',
    ])
      expect(isPersonName(name), name).toBe(false);
  });

  it('refuses a profile or a child whose name has digits or symbols, field by field', () => {
    const profile = {
      igreja: 1,
      nome: 'Ana3',
      sobrenome: 'Lima!',
      telefone: '+55 11 91234-5678',
      dataNascimento: '1995-07-20',
      sexo: 'F',
    };
    const issues = updateUserBody
      .safeParse(profile)
      .error!.issues.map((i) => [i.path.join('.'), i.message]);
    expect(issues).toEqual([
      ['nome', 'v.alphaSpaces'],
      ['sobrenome', 'v.alphaSpaces'],
    ]);
    expect(
      messageOf(
        childBody.safeParse({ nome: 'Davi', sobrenome: 'L1ma', dataNascimento: '2015-01-01' }),
      ),
    ).toBe('v.alphaSpaces');
    expect(
      childBody.safeParse({ nome: 'Davi', sobrenome: '', dataNascimento: '2015-01-01' }).success,
    ).toBe(true);
  });
});
