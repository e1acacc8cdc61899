import { describe, expect, it } from 'vitest';
import {
  PRAYER_IMAGE_MAX_BYTES,
  PRAYER_MESSAGE_MAX,
  PRAYER_NAME_MAX,
  prayerPostSchema,
} from '../../../contract/prayer.ts';
import {
  checkMessageText,
  checkPrayerDraft,
  checkPrayerImage,
  emptyDraft,
  firstName,
  prayerFormData,
} from './forms.ts';

const limits = {
  message: PRAYER_MESSAGE_MAX,
  name: PRAYER_NAME_MAX,
  imageBytes: PRAYER_IMAGE_MAX_BYTES,
};

describe('prayer request form rules', () => {
  it('needs a message and says so with the shared required message', () => {
    expect(checkPrayerDraft(emptyDraft('Maria'), null, limits)).toEqual({
      mensagem: { key: 'v.required' },
    });
    expect(checkMessageText('   ', 10)).toEqual({ key: 'v.required' });
  });

  it('refuses texts longer than the contract allows, counting the trimmed text', () => {
    expect(
      checkMessageText(`  ${'a'.repeat(PRAYER_MESSAGE_MAX)}  `, PRAYER_MESSAGE_MAX),
    ).toBeNull();
    expect(checkMessageText('a'.repeat(PRAYER_MESSAGE_MAX + 1), PRAYER_MESSAGE_MAX)).toEqual({
      key: 'prayer.form.tooLong',
      values: { max: PRAYER_MESSAGE_MAX },
    });
    const draft = { ...emptyDraft('x'.repeat(PRAYER_NAME_MAX + 1)), mensagem: 'Ore por mim' };
    expect(checkPrayerDraft(draft, null, limits).nome?.key).toBe('prayer.form.tooLong');
  });

  it('accepts JPEG, PNG and WebP up to 5 MB only', () => {
    expect(
      checkPrayerImage({ type: 'image/png', size: PRAYER_IMAGE_MAX_BYTES }, limits),
    ).toBeNull();
    expect(checkPrayerImage({ type: 'image/gif', size: 10 }, limits)).toEqual({
      key: 'image.type',
    });
    expect(
      checkPrayerImage({ type: 'image/webp', size: PRAYER_IMAGE_MAX_BYTES + 1 }, limits),
    ).toEqual({ key: 'image.size', values: { mb: 5 } });
  });

  it('takes the first name as the default display name', () => {
    expect(firstName('  Maria  Souza ')).toBe('Maria');
    expect(firstName(null)).toBe('');
  });

  it('builds a multipart body the API contract accepts, blank name and no reason included', () => {
    const draft = {
      ...emptyDraft(''),
      mensagem: '  Ore pela minha família  ',
      flagReceberVisita: true,
    };
    const body = prayerFormData(draft, 7, null);
    const parsed = prayerPostSchema.parse(Object.fromEntries(body.entries()));
    expect(parsed).toEqual({
      idIgreja: 7,
      mensagem: 'Ore pela minha família',
      flagPublicarMural: true,
      flagReceberLigacao: false,
      flagReceberVisita: true,
    });
    expect(body.has('image')).toBe(false);
  });

  it('sends the reason, an unpublished choice and the image part', () => {
    const file = new Blob(['x'], { type: 'image/png' });
    const body = prayerFormData(
      { ...emptyDraft('Ana'), mensagem: 'Gratidão', idOracaoMotivo: '3', flagPublicarMural: false },
      2,
      file,
    );
    const parsed = prayerPostSchema.parse(
      Object.fromEntries([...body.entries()].filter(([k]) => k !== 'image')),
    );
    expect(parsed).toMatchObject({ nome: 'Ana', idOracaoMotivo: 3, flagPublicarMural: false });
    expect(body.get('image')).toBeInstanceOf(Blob);
  });
});
