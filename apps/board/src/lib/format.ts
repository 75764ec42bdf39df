import type { z } from 'zod';
import type { boardPay } from '@hireline/contract/board';
import i18n from './i18n';

/*
 * Money, dates and sizes as every screen shows them, in the reader's language. The API sends dates as ISO 8601 UTC
 * and money in integer cents with a currency code.
 */

export type BoardPay = z.infer<typeof boardPay>;

const valid = (iso: string | null | undefined): Date | null => {
  if (!iso) return null;
  const date = new Date(iso);
  return Number.isNaN(date.getTime()) ? null : date;
};

/** A day: "Jan 10, 2025"; '' for an absent or unreadable date. */
export function formatDate(iso: string | null | undefined, language: string): string {
  const date = valid(iso);
  return date ? new Intl.DateTimeFormat(language, { dateStyle: 'medium' }).format(date) : '';
}

/** An amount of money from cents: no decimals for whole amounts ("$50,000"), two otherwise ("$27.50"). */
export function formatMoney(cents: number, currency: string, language: string): string {
  const amount = cents / 100;
  const digits = Number.isInteger(amount) ? 0 : 2;
  try {
    return new Intl.NumberFormat(language, {
      style: 'currency',
      currency,
      minimumFractionDigits: digits,
      maximumFractionDigits: digits,
    }).format(amount);
  } catch {
    // An unknown currency code: the number and the code as given rather than nothing.
    return `${new Intl.NumberFormat(language, { maximumFractionDigits: digits }).format(amount)} ${currency}`;
  }
}

/**
 * An advert's pay: "$50,000 – $70,000 per year", "From $25 per hour", "Up to $900 per week"; '' when it shows none.
 * The currency is the advert's (the site's), the period what one amount pays for.
 */
export function formatPay(pay: BoardPay | null | undefined, language: string): string {
  if (!pay) return '';
  const t = i18n.getFixedT(language);
  const { min_cents: min, max_cents: max, currency } = pay;
  // In a right-to-left language each amount is an isolated left-to-right run (LRI … PDI): otherwise the bidi algorithm
  // joins "US$ 63,000 – US$ 84,000" into one run and shows the range back to front.
  const rtl = i18n.dir(language) === 'rtl';
  const money = (cents: number) => (rtl ? `\u2066${formatMoney(cents, currency, language)}\u2069` : formatMoney(cents, currency, language));
  let range: string;
  if (min !== null && max !== null) range = min === max ? money(min) : t('pay.range', { min: money(min), max: money(max) });
  else if (min !== null) range = t('pay.from', { min: money(min) });
  else if (max !== null) range = t('pay.upTo', { max: money(max) });
  else return '';
  return pay.period ? t('pay.withPeriod', { range, period: t(`pay.per.${pay.period}`) }) : range;
}

/** "10 MB", "1.5 kB", "0.9 kB": for upload rules and file lists (a tiny file still reads as a size, not "889 byte"). */
export function formatBytes(bytes: number, language: string): string {
  const format = (n: number, unit: 'kilobyte' | 'megabyte') =>
    new Intl.NumberFormat(language, { style: 'unit', unit, unitDisplay: 'short', maximumFractionDigits: 1 }).format(n);
  if (bytes >= 1024 * 1024) return format(bytes / (1024 * 1024), 'megabyte');
  return format(Math.max(bytes / 1024, 0.1), 'kilobyte');
}
