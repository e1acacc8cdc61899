// Saving the church's modules refreshes the staff profile, so the menu shows the areas they bring
// without a reload; a refused save leaves both as they were.
import { beforeEach, describe, expect, it, vi } from 'vitest';
import type { StaffMe } from '../../contract/staff.ts';

const saveModulesCall = vi.fn();
const fetchStaffMe = vi.fn();
vi.mock('../lib/staff/site-api.ts', () => ({ saveModules: saveModulesCall }));
vi.mock('../lib/staff/http.ts', () => ({
  fetchStaffMe,
  staffFailure: async () => ({ status: 422, message: 'Refused', errors: {} }),
}));
const { saveModules, $settings } = await import('./admin-settings.ts');
const { $staff } = await import('./staff.ts');

const me = (modulos: string[], areas: StaffMe['areas']) => ({ modulos, areas }) as StaffMe;

describe('saving the modules', () => {
  beforeEach(() => {
    vi.resetAllMocks();
    $staff.set({ state: 'ready', me: me(['MOD_EVENTO'], ['events']) });
  });

  it('refreshes the staff profile, so the menu gains the new module’s area', async () => {
    const settings = { modulos: [{ codigo: 'MOD_LOUVOR', nome: 'Louvor', ativo: true }] };
    saveModulesCall.mockResolvedValue(settings);
    fetchStaffMe.mockResolvedValue(me(['MOD_EVENTO', 'MOD_LOUVOR'], ['events', 'songs']));
    expect(await saveModules('graca', ['MOD_EVENTO', 'MOD_LOUVOR'])).toEqual({ ok: true });
    expect(fetchStaffMe).toHaveBeenCalledWith('graca');
    expect($staff.get()).toEqual({
      state: 'ready',
      me: me(['MOD_EVENTO', 'MOD_LOUVOR'], ['events', 'songs']),
    });
    expect($settings.get()).toEqual({ state: 'ready', settings });
  });

  it('keeps the profile when the save is refused', async () => {
    saveModulesCall.mockRejectedValue(new Error('422'));
    const result = await saveModules('graca', ['MOD_NADA']);
    expect(result).toMatchObject({ ok: false, message: 'Refused' });
    expect(fetchStaffMe).not.toHaveBeenCalled();
    expect($staff.get()).toEqual({ state: 'ready', me: me(['MOD_EVENTO'], ['events']) });
  });
});
