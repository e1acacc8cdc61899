// Each live gateway's statuses → spec §4 statuses (docs/payments.md "Zoop", "CardConnect"): a
// pending Pix or slip must stay `pendente` (the expiry sweep takes only those), a void after a
// capture is a refund, and CardConnect's "retry" is never read as an approval.
import { describe, expect, it } from 'vitest';
import { statusOfCardConnect } from './adapters/cardconnect.ts';
import { statusOfZoop } from './adapters/zoop.ts';

describe('Zoop statuses', () => {
  it.each([
    [{ status: 'succeeded' }, 'pix', 'aprovado'],
    [{ status: 'pending' }, 'pix', 'pendente'],
    [{ status: 'new' }, 'boleto', 'pendente'],
    [{ status: 'pending' }, 'cartao', 'em_analise'],
    [{ status: 'pre_authorized' }, 'cartao', 'em_analise'],
    [{ status: 'failed' }, 'cartao', 'nao_aprovado'],
    [{ status: 'canceled', captured: false }, 'pix', 'cancelado'],
    [{ status: 'canceled', captured: true }, 'cartao', 'estornado'],
    [{ status: 'reversed' }, 'pix', 'estornado'],
    [{ status: 'charged_back' }, 'cartao', 'estornado'],
  ])('%j (%s) → %s', (transaction, method, expected) => {
    expect(statusOfZoop(transaction, method)).toBe(expected);
  });
});

describe('CardConnect statuses', () => {
  it.each([
    [{ respstat: 'A', setlstat: 'Queued for Capture' }, 'aprovado'],
    [{ respstat: 'A', setlstat: 'Accepted' }, 'aprovado'],
    [{ respstat: 'A', setlstat: 'Voided' }, 'estornado'],
    [{ respstat: 'A', setlstat: 'Refunded' }, 'estornado'],
    [{ respstat: 'C', resptext: 'Do not honor' }, 'nao_aprovado'],
    [{ respstat: 'B', resptext: 'Retry' }, 'em_analise'],
  ])('%j → %s', (answer, expected) => {
    expect(statusOfCardConnect(answer)).toBe(expected);
  });
});
