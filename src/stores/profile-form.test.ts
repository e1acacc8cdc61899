// The profile form's flow: it shows the saved data until the member types; a body the contract
// refuses shows its fields' errors and saves nothing; a save goes through saveProfile with the
// congregation chosen and says so; the API's refusal shows by its fields.
import { HTTPError, type NormalizedOptions } from 'ky';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import type { User } from '../../contract/user.ts';
import type { ProfileLists } from '../lib/account/api.ts';

const saveProfile = vi.hoisted(() => vi.fn());
vi.mock('./account.ts', () => ({ saveProfile }));
const form = await import('./profile-form.ts');
const { $session } = await import('./session.ts');

const user = {
  id: 9,
  email: 'ana@example.com',
  nome: 'Ana',
  sobrenome: 'Lima',
  telefone: '+5511987654321',
  dataNascimento: '1990-04-02',
  sexo: 'F',
  cpf: null,
  observacoes: null,
  estadoCivil: null,
  dataCasamento: null,
  qtdeFilhos: null,
  ocupacao: null,
} as unknown as User;
const lists = {
  congregations: [{ id: 4, nome: 'Centro' }],
  customFields: [],
  maritalStatuses: [],
  occupations: [],
} as unknown as ProfileLists;
const texts = { field: (key: string) => `t:${key}`, fixErrors: 'Fix them.', saved: 'Saved.' };
const submit = () => form.submitProfile({ churchId: 1, lang: 'pt', lists, texts });

describe('profile form store', () => {
  beforeEach(() => {
    vi.resetAllMocks();
    form.closeProfileForm();
    $session.setKey('user', user);
  });

  it('shows the saved data until the member types, then what was typed', () => {
    const shown = () => form.profileValues(form.$profileForm.get(), $session.get(), 'pt');
    expect(shown()).toMatchObject({ nome: 'Ana', dataNascimento: '02/04/1990', qtdeFilhos: '' });
    form.setProfileField('congregacao', '4', 'pt');
    expect(shown()).toMatchObject({ nome: 'Ana', congregacao: '4' });
  });

  it('a body the contract refuses shows the fields to fix and saves nothing', async () => {
    form.setProfileField('nome', '', 'pt');
    await submit();
    const state = form.$profileForm.get();
    expect(state.errors.nome).toMatch(/^t:/);
    expect(state.message).toEqual({ kind: 'error', text: 'Fix them.' });
    expect(saveProfile).not.toHaveBeenCalled();
    form.setProfileField('nome', 'Ana', 'pt');
    expect(form.$profileForm.get().errors.nome).toBeUndefined();
  });

  it('saves with the congregation chosen and says so', async () => {
    form.setProfileField('congregacao', '4', 'pt');
    saveProfile.mockResolvedValue(undefined);
    await submit();
    expect(saveProfile).toHaveBeenCalledWith(
      expect.objectContaining({ igreja: 1, nome: 'Ana', congregacao: 4 }),
      { id: 4, nome: 'Centro' },
    );
    expect(form.$profileForm.get()).toMatchObject({
      message: { kind: 'ok', text: 'Saved.' },
      submitting: false,
    });
  });

  it('the API’s refusal shows by its fields', async () => {
    saveProfile.mockRejectedValue(
      new HTTPError(
        new Response(JSON.stringify({ message: 'Invalid', errors: { telefone: ['Bad phone'] } }), {
          status: 400,
        }),
        new Request('http://localhost/api/v1/usuario/'),
        {} as NormalizedOptions,
      ),
    );
    await submit();
    expect(form.$profileForm.get()).toMatchObject({
      errors: { telefone: 'Bad phone' },
      message: { kind: 'error', text: 'Invalid' },
      submitting: false,
    });
  });
});
