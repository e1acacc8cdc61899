import { describe, expect, it } from 'vitest';
import { churchCurrency } from './payment-rules.ts';

describe('a church’s currency, for giving and a new event (docs/events.md "The staff side")', () => {
  it.each([
    ['BR', 'BRL'],
    ['US', 'USD'],
    ['AR', 'ARS'],
    [null, 'BRL'],
  ])('%s → %s', (country, currency) => expect(churchCurrency(country)).toBe(currency));
});
