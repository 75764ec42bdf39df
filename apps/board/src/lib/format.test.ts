import { describe, expect, it } from 'vitest';
import { formatBytes, formatMoney, formatPay, type BoardPay } from './format';

const pay = (over: Partial<BoardPay>): BoardPay => ({ min_cents: null, max_cents: null, currency: 'USD', type: null, period: null, ...over });

describe('formatPay', () => {
  it('shows a range in the site currency with its period', () => {
    expect(formatPay(pay({ min_cents: 5_000_000, max_cents: 7_000_000, period: 'year' }), 'en')).toBe('$50,000 – $70,000 per year');
    expect(formatPay(pay({ min_cents: 2_550, max_cents: 3_000, period: 'hour', currency: 'AUD' }), 'en')).toBe('A$25.50 – A$30 per hour');
  });

  it('says "from" or "up to" when only one end is given, and one amount when both are equal', () => {
    expect(formatPay(pay({ min_cents: 2_500, period: 'hour' }), 'en')).toBe('From $25 per hour');
    expect(formatPay(pay({ max_cents: 90_000, period: 'week' }), 'en')).toBe('Up to $900 per week');
    expect(formatPay(pay({ min_cents: 90_000, max_cents: 90_000 }), 'en')).toBe('$900');
  });

  it('shows nothing for an advert without pay', () => {
    expect(formatPay(null, 'en')).toBe('');
    expect(formatPay(pay({}), 'en')).toBe('');
  });

  it('writes the amount and the words in the reader\'s language', () => {
    const fr = formatPay(pay({ min_cents: 5_000_000, max_cents: 7_000_000, currency: 'EUR', period: 'month' }), 'fr');
    // French groups with a narrow no-break space and puts the symbol after the number.
    expect(fr.replace(/\s/g, ' ')).toBe('50 000 € – 70 000 € par mois');
    const ar = formatPay(pay({ min_cents: 100_000, period: 'day' }), 'ar');
    expect(ar).toContain('ابتداءً من');
    expect(ar).toContain('في اليوم');
  });

  it('isolates each amount in a right-to-left language, so a range reads from its bottom to its top', () => {
    const ar = formatPay(pay({ min_cents: 6_300_000, max_cents: 8_400_000, period: 'year' }), 'ar');
    const amounts = [...ar.matchAll(/\u2066([^\u2069]*)\u2069/g)].map((m) => m[1]);
    expect(amounts).toHaveLength(2);
    expect(amounts[0]).toMatch(/63/);
    expect(amounts[1]).toMatch(/84/);
    expect(formatPay(pay({ min_cents: 6_300_000 }), 'en')).not.toMatch(/\u2066/);
  });

  it('still shows an amount for a currency code Intl does not know', () => {
    expect(formatMoney(1_000, 'XYZ1', 'en')).toBe('10 XYZ1');
  });
});

describe('formatBytes', () => {
  it('uses the largest unit that fits', () => {
    expect(formatBytes(10 * 1024 * 1024, 'en')).toBe('10 MB');
    expect(formatBytes(1536, 'en')).toBe('1.5 kB');
    expect(formatBytes(889, 'en')).toBe('0.9 kB');
    expect(formatBytes(12, 'en')).toBe('0.1 kB');
  });
});
