// The event form's time-zone hint (docs/events.md) gives an example from the church's own
// country: an English-speaking church in the US was told "e.g. America/Sao_Paulo".
import { describe, expect, it } from 'vitest';
import { churchTimeZone } from '../../../../../common/time-zone.ts';
import { messages } from '../../../../lib/i18n.ts';
import { makeT } from '../../ui/index.ts';

const hint = (country: string | null, lang: 'pt' | 'en' | 'es') =>
  makeT(messages[lang], lang)('admin.events.field.timeZoneHint', {
    example: churchTimeZone(country, lang),
  });

describe('the event form’s time-zone hint', () => {
  it('names a zone of the church’s country (the demo churches)', () => {
    expect(hint('US', 'en')).toBe('Dates above are in this zone, e.g. America/New_York.');
    expect(hint('BR', 'pt')).toBe('As datas acima estão neste fuso, ex.: America/Sao_Paulo.');
    expect(hint('AR', 'es')).toContain('America/Argentina/Buenos_Aires');
  });

  it('falls back to the language’s zone for a country it does not know, or none', () => {
    expect(hint('ZZ', 'es')).toContain('America/Mexico_City');
    expect(hint(null, 'en')).toContain('America/New_York');
    for (const lang of ['pt', 'en', 'es'] as const)
      expect(messages[lang]['admin.events.field.timeZoneHint']).toContain('{{example}}');
  });
});
