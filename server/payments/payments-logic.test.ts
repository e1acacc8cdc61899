import { getBoletoInfo, isValidBoleto, isValidPixPayload } from '@brazilian-utils/brazilian-utils';
import { describe, expect, it } from 'vitest';
import { routingNumberValid } from './ach.ts';
import { boletoBarcode, digitableLine, dueDateFactor } from './boleto.ts';
import { cardBrand, isExpired, luhnValid, parseExpiry } from './card.ts';
import {
  installmentOptions,
  installmentSchedule,
  MAX_INSTALLMENTS,
  pickInstallments,
  quoteFees,
} from './fees.ts';
import { charge, completeChallenge, tokenizeCard } from './gateways.ts';
import { buildPixCode, crc16ccitt, hasValidPixCrc, pixExpiry, pixQrSvg } from './pix.ts';

const now = new Date('2026-11-22T12:00:00Z');

describe('Pix BR Code', () => {
  // Reference payload of the Banco Central's "Manual do BR Code" (static, key-based).
  const reference =
    '00020126580014br.gov.bcb.pix0136123e4567-e12b-12d1-a456-4266554400005204000053039865802BR5913Fulano de Tal6008BRASILIA62070503***63041D3D';

  it('computes the CRC16 of the Banco Central reference payload', () => {
    expect(crc16ccitt(reference.slice(0, -4))).toBe('1D3D');
    expect(hasValidPixCrc(reference)).toBe(true);
    expect(hasValidPixCrc(reference.replace('Fulano', 'Fulana'))).toBe(false);
  });

  it('builds the reference payload field by field', () => {
    expect(
      buildPixCode({
        key: '123e4567-e12b-12d1-a456-426655440000',
        merchantName: 'Fulano de Tal',
        merchantCity: 'BRASILIA',
      }),
    ).toBe(reference);
  });

  it('builds a code with amount and txid that an independent validator accepts', () => {
    const code = buildPixCode({
      key: 'pix@graca.demo',
      merchantName: 'Igreja da Graça de São Paulo Centro',
      merchantCity: 'São Paulo',
      amountCents: 12345,
      txid: 'EV-AB12-cd34',
      singleUse: true,
    });
    expect(code).toContain('5406123.45');
    expect(code).toContain('62140510EVAB12cd34'); // txid without the dashes
    expect(code).toContain('5925Igreja da Graca de Sao Pa'); // accents dropped, cut to 25
    expect(hasValidPixCrc(code)).toBe(true);
    expect(isValidPixPayload(code)).toBe(true);
  });

  it('draws a QR code as SVG and is valid for an hour', async () => {
    expect(await pixQrSvg('abc')).toMatch(/^<svg[^>]+viewBox/);
    expect(pixExpiry(now).toISOString()).toBe('2026-11-22T13:00:00.000Z');
  });
});

describe('bank slip', () => {
  it('restarts the due-date factor at 1000 after 2025-02-21', () => {
    expect(dueDateFactor(new Date('2000-07-03T00:00:00Z'))).toBe('1000');
    expect(dueDateFactor(new Date('2025-02-21T00:00:00Z'))).toBe('9999');
    expect(dueDateFactor(new Date('2025-02-22T00:00:00Z'))).toBe('1000');
  });

  it('writes a 47-digit digitable line that validates and carries the amount', () => {
    const barcode = boletoBarcode({
      bank: '001',
      due: new Date('2026-11-25T00:00:00Z'),
      amountCents: 15990,
      freeField: '1234567890123456789012345',
    });
    expect(barcode).toHaveLength(44);
    const line = digitableLine(barcode);
    expect(line.replace(/\D/g, '')).toHaveLength(47);
    expect(isValidBoleto(line)).toBe(true);
    expect(getBoletoInfo(line.replace(/\D/g, ''))).toMatchObject({ bankCode: '001' });
    expect(line.replace(/\D/g, '').slice(-10)).toBe('0000015990');
  });
});

describe('cards', () => {
  it('checks numbers, brands and expiry', () => {
    expect(luhnValid('4111 1111 1111 1111')).toBe(true);
    expect(luhnValid('4111 1111 1111 1112')).toBe(false);
    expect(cardBrand('5555555555554444')).toBe('mastercard');
    expect(cardBrand('4111111111111111')).toBe('visa');
    expect(cardBrand('378282246310005')).toBe('amex');
    expect(parseExpiry('07/29')).toEqual({ month: 7, year: 2029 });
    expect(parseExpiry('07/2029')).toEqual({ month: 7, year: 2029 });
    expect(parseExpiry('13/29')).toBeNull();
    expect(isExpired({ month: 11, year: 2026 }, now)).toBe(false);
    expect(isExpired({ month: 10, year: 2026 }, now)).toBe(true);
  });

  it('tokenises into brand and last four only, refusing bad data per field', () => {
    const ok = tokenizeCard(
      8,
      { holder: 'Maria Souza', number: '4111 1111 1111 1111', cvv: '123', expiry: '12/30' },
      now,
    );
    expect(ok.ok && ok.card).toMatchObject({
      brand: 'visa',
      last4: '1111',
      expiry: '12/2030',
      behaviour: 'approve',
    });
    expect(JSON.stringify(ok)).not.toContain('4111111111111111');
    const bad = tokenizeCard(
      8,
      { holder: '', number: '4111 1111 1111 1112', cvv: '1', expiry: '01/20' },
      now,
    );
    expect(bad.ok).toBe(false);
    expect(!bad.ok && Object.keys(bad.errors).sort()).toEqual([
      'cvv',
      'numero',
      'titular',
      'validade',
    ]);
  });

  it('answers per test card: approve, decline, analysis, challenge', () => {
    const result = (number: string) => {
      const t = tokenizeCard(5, { holder: 'X', number, cvv: '123', expiry: '12/30' }, now);
      if (!t.ok) throw new Error('token');
      return charge({
        method: 'cartao',
        gatewayId: 5,
        orderCode: 'A1',
        totalCents: 1000,
        now,
        card: t.card,
      });
    };
    expect(result('4111111111111111').status).toBe('aprovado');
    expect(result('4000000000000002').status).toBe('nao_aprovado');
    expect(result('4000000000000127').status).toBe('em_analise');
    expect(result('4000000000003220')).toMatchObject({ status: 'em_aberto', challenge: true });
    expect(completeChallenge('123456')).toBe('aprovado');
    expect(completeChallenge('000000')).toBe('nao_aprovado');
  });
});

describe('other methods of the sandbox', () => {
  const base = { orderCode: 'EV1', totalCents: 5000, now };
  it('Pix is pending with a valid code; slip pending with a line; PicPay, cash, transfer awaiting', () => {
    const pix = charge({ ...base, method: 'pix', gatewayId: 8 });
    expect(pix.status).toBe('pendente');
    expect(hasValidPixCrc(pix.pixCode!)).toBe(true);
    expect(charge({ ...base, method: 'boleto', gatewayId: 8 }).boletoLine).toMatch(/^00190/);
    expect(charge({ ...base, method: 'picpay', gatewayId: 4 }).status).toBe('aguardando');
    const cash = charge({ ...base, method: 'dinheiro', gatewayId: null, cashDaysToPay: 5 });
    expect(cash).toMatchObject({
      status: 'aguardando',
      expiresAt: new Date('2026-11-27T12:00:00Z'),
    });
    expect(charge({ ...base, method: 'transferencia', gatewayId: null }).status).toBe('aguardando');
    expect(charge({ ...base, method: 'gratuito', gatewayId: null }).status).toBe('aprovado');
    expect(() => charge({ ...base, method: 'pix', gatewayId: 5 })).toThrow();
  });

  it('ACH is approved or not by account number and routing checksum', () => {
    expect(routingNumberValid('011000015')).toBe(true);
    expect(routingNumberValid('011000016')).toBe(false);
    expect(
      charge({
        ...base,
        method: 'ach',
        gatewayId: 5,
        ach: { routingNumber: '011000015', accountNumber: '000123456789' },
      }).status,
    ).toBe('aprovado');
    expect(
      charge({
        ...base,
        method: 'ach',
        gatewayId: 5,
        ach: { routingNumber: '011000015', accountNumber: '000123450000' },
      }).status,
    ).toBe('nao_aprovado');
  });
});

describe('fees and installments', () => {
  it('charges service and processing fees unless the church assumes them', () => {
    expect(quoteFees(10_000, 'cartao', false)).toMatchObject({
      serviceFeeCents: 500,
      processingFeeCents: 388,
      feesCents: 888,
      totalCents: 10_888,
    });
    expect(quoteFees(10_000, 'cartao', true)).toMatchObject({
      feesCents: 0,
      totalCents: 10_000,
      churchPaysFees: true,
    });
    expect(quoteFees(10_000, 'dinheiro', false).feesCents).toBe(0);
    expect(quoteFees(100_000_00, 'ach', false).processingFeeCents).toBe(500); // capped
    expect(quoteFees(0, 'cartao', false).totalCents).toBe(0);
  });

  it('splits without interest, leftover cents on nobody lost', () => {
    const options = installmentOptions(10_000, 3, false);
    expect(options.map((o) => [o.installments, o.installmentCents, o.totalCents])).toEqual([
      [1, 10_000, 10_000],
      [2, 5000, 10_000],
      [3, 3333, 10_000],
    ]);
  });

  it('adds price-table interest from two installments on', () => {
    const two = pickInstallments(10_000, 6, true, 2)!;
    expect(two.withInterest).toBe(true);
    expect(two.installmentCents).toBe(5225); // 100 · 0.0299 / (1 − 1.0299⁻²)
    expect(two.interestCents).toBe(450);
    expect(pickInstallments(10_000, 6, true, 1)!.interestCents).toBe(0);
    expect(pickInstallments(10_000, 6, true, 7)).toBeNull();
  });

  it('offers no installment below the minimum', () => {
    expect(installmentOptions(1200, 12, false).map((o) => o.installments)).toEqual([1, 2]);
  });
});

describe('installment schedule', () => {
  it('adds up to the total for every amount up to R$ 2.000,00 and every count the events allow; the last absorbs the cents', () => {
    for (let total = 1; total <= 200_000; total++) {
      for (let n = 1; n <= MAX_INSTALLMENTS; n++) {
        const parts = installmentSchedule(total, n);
        let sum = 0;
        for (const p of parts) sum += p;
        if (sum !== total || parts.length !== n)
          throw new Error(`${total} in ${n}: ${parts.join('+')}`);
        const regular = Math.floor(total / n);
        if (
          parts.slice(0, -1).some((p) => p !== regular) ||
          parts.at(-1)! < regular ||
          parts.at(-1)! - regular >= n
        )
          throw new Error(`${total} in ${n}: ${parts.join('+')}`);
      }
    }
    expect(installmentSchedule(10_000, 3)).toEqual([3333, 3333, 3334]);
  });

  it("the options offered split the same way: n × installmentCents plus the last one's cents is the total", () => {
    for (const total of [1200, 9999, 10_000, 12_345, 120_000]) {
      for (const o of installmentOptions(total, MAX_INSTALLMENTS, false)) {
        expect(installmentSchedule(o.totalCents, o.installments).reduce((a, b) => a + b, 0)).toBe(
          o.totalCents,
        );
        expect(installmentSchedule(o.totalCents, o.installments)[0]).toBe(o.installmentCents);
      }
    }
  });
});
