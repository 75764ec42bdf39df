import type { DiscountTier } from '@hireline/contract/credits';
import { priceFor } from '@hireline/contract/pricing';

export { formatDateTime, formatNumber } from '../../lib/format';

/*
 * Credits and money as the credit screens show them, in the reader's language. Money is integer cents with a
 * currency code (DESIGN §4); a receipt always shows the cents, so amounts line up and add up.
 */

export function formatMoney(cents: number, currency: string, language: string): string {
  try {
    return new Intl.NumberFormat(language, { style: 'currency', currency }).format(cents / 100);
  } catch {
    // An unknown currency code: the number with the code beside it.
    return `${new Intl.NumberFormat(language, { minimumFractionDigits: 2, maximumFractionDigits: 2 }).format(cents / 100)} ${currency}`;
  }
}

/** The currency's name as a plural noun ("US dollars", "euros"), for the "show prices in" toggle. */
export function currencyName(currency: string, language: string): string {
  try {
    const parts = new Intl.NumberFormat(language, { style: 'currency', currency, currencyDisplay: 'name' }).formatToParts(2);
    return parts.find((p) => p.type === 'currency')?.value ?? currency;
  } catch {
    return currency;
  }
}

/** A ledger amount with its sign: "+10", "−1" (zero has none). */
export const formatSigned = (n: number, language: string) =>
  new Intl.NumberFormat(language, { signDisplay: 'exceptZero' }).format(n);

/** 10 → "10%", 12.5 → "12.5%" (the API sends percentages as numbers). */
export const formatPercent = (percent: number, language: string) =>
  new Intl.NumberFormat(language, { style: 'percent', maximumFractionDigits: 2 }).format(percent / 100);

/** What a tier costs, computed as the API does (contract pricing): per credit after discount, and at its minimum. */
export function tierPrices(tier: DiscountTier, unitPriceCents: number) {
  const bps = Math.round(tier.discount_percent * 100);
  const atMinimum = priceFor([{ ...tier, discount_bps: bps }], unitPriceCents, tier.min_quantity);
  return { perCreditCents: (unitPriceCents * (10_000 - bps)) / 10_000, minimumTotalCents: atMinimum.total_cents };
}
