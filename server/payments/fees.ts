// Fees and installments (spec §9: installments with or without interest; service fee and
// processing fee). Amounts are integer cents; rates are in basis points (1/100 of a percent).

import type { PaymentMethodCode } from '../../contract/payments.ts';

export type { PaymentMethodCode };

export interface FeeRule {
  /** Service fee of the platform, in basis points of the value. */
  serviceBps: number;
  /** Processing fee of the payment method: basis points plus a fixed part. */
  processingBps: number;
  processingFixedCents: number;
  /** Cap of the processing fee, when the method has one. */
  processingCapCents: number | null;
}

/** The sandbox's fee table, per method. Cash, transfer and free events cost nothing to process. */
export const FEE_RULES: Record<PaymentMethodCode, FeeRule> = {
  cartao: {
    serviceBps: 500,
    processingBps: 349,
    processingFixedCents: 39,
    processingCapCents: null,
  },
  pix: { serviceBps: 500, processingBps: 99, processingFixedCents: 0, processingCapCents: null },
  boleto: {
    serviceBps: 500,
    processingBps: 0,
    processingFixedCents: 349,
    processingCapCents: null,
  },
  picpay: {
    serviceBps: 500,
    processingBps: 299,
    processingFixedCents: 0,
    processingCapCents: null,
  },
  ach: { serviceBps: 500, processingBps: 80, processingFixedCents: 0, processingCapCents: 500 },
  dinheiro: { serviceBps: 0, processingBps: 0, processingFixedCents: 0, processingCapCents: null },
  transferencia: {
    serviceBps: 0,
    processingBps: 0,
    processingFixedCents: 0,
    processingCapCents: null,
  },
  gratuito: { serviceBps: 0, processingBps: 0, processingFixedCents: 0, processingCapCents: null },
};

const bps = (cents: number, rate: number) => Math.round((cents * rate) / 10_000);

export interface FeeQuote {
  valueCents: number;
  serviceFeeCents: number;
  processingFeeCents: number;
  /** What the buyer pays on top of the value. */
  feesCents: number;
  totalCents: number;
  /** spec §3 flagAssumirTaxasServico: the church pays the fees, the buyer pays the value. */
  churchPaysFees: boolean;
}

export function quoteFees(
  valueCents: number,
  method: PaymentMethodCode,
  churchPaysFees: boolean,
): FeeQuote {
  const rule = FEE_RULES[method];
  if (valueCents <= 0) {
    return {
      valueCents: 0,
      serviceFeeCents: 0,
      processingFeeCents: 0,
      feesCents: 0,
      totalCents: 0,
      churchPaysFees,
    };
  }
  const serviceFeeCents = bps(valueCents, rule.serviceBps);
  let processingFeeCents = bps(valueCents, rule.processingBps) + rule.processingFixedCents;
  if (rule.processingCapCents !== null)
    processingFeeCents = Math.min(processingFeeCents, rule.processingCapCents);
  const feesCents = churchPaysFees ? 0 : serviceFeeCents + processingFeeCents;
  return {
    valueCents,
    serviceFeeCents,
    processingFeeCents,
    feesCents,
    totalCents: valueCents + feesCents,
    churchPaysFees,
  };
}

/** Monthly interest of installments that carry interest: 2.99% a month. */
export const MONTHLY_INTEREST_BPS = 299;
/** No installment below this amount. */
export const MIN_INSTALLMENT_CENTS = 500;
export const MAX_INSTALLMENTS = 12;

export interface InstallmentOption {
  installments: number;
  installmentCents: number;
  totalCents: number;
  interestCents: number;
  withInterest: boolean;
}

/**
 * Installment options for an amount. Without interest the amount is split (installmentCents is
 * the regular part; the last installment absorbs the leftover cents, installmentSchedule); with interest, two or more installments follow the
 * price table (fixed payment) at MONTHLY_INTEREST_BPS, and one installment has none.
 */
export function installmentOptions(
  amountCents: number,
  maxInstallments: number,
  withInterest: boolean,
): InstallmentOption[] {
  const max = Math.max(1, Math.min(MAX_INSTALLMENTS, Math.floor(maxInstallments)));
  const options: InstallmentOption[] = [
    {
      installments: 1,
      installmentCents: amountCents,
      totalCents: amountCents,
      interestCents: 0,
      withInterest: false,
    },
  ];
  if (amountCents <= 0) return options;
  const rate = MONTHLY_INTEREST_BPS / 10_000;
  for (let n = 2; n <= max; n++) {
    let installmentCents: number;
    let totalCents: number;
    if (withInterest) {
      installmentCents = Math.round((amountCents * rate) / (1 - (1 + rate) ** -n));
      totalCents = installmentCents * n;
    } else {
      installmentCents = Math.floor(amountCents / n);
      totalCents = amountCents;
    }
    if (installmentCents < MIN_INSTALLMENT_CENTS) break;
    options.push({
      installments: n,
      installmentCents,
      totalCents,
      interestCents: totalCents - amountCents,
      withInterest,
    });
  }
  return options;
}

/**
 * The amounts actually charged, one per installment: equal parts, the last one absorbing the
 * cents left over, so they always add up to the total.
 */
export function installmentSchedule(totalCents: number, installments: number): number[] {
  const n = Math.max(1, Math.floor(installments));
  const part = Math.floor(totalCents / n);
  return Array.from({ length: n }, (_, i) => (i === n - 1 ? totalCents - part * (n - 1) : part));
}

/** The option for a chosen number of installments, or null when it is not offered. */
export function pickInstallments(
  amountCents: number,
  maxInstallments: number,
  withInterest: boolean,
  installments: number,
): InstallmentOption | null {
  return (
    installmentOptions(amountCents, maxInstallments, withInterest).find(
      (o) => o.installments === installments,
    ) ?? null
  );
}
