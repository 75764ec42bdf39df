import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { percentOf, priceFor, tierFor, type Tier } from './pricing';

/*
 * Pricing (DESIGN §5) as properties: for random tier sets, quantities and unit prices, the tier chosen and every
 * amount are checked against an independent oracle (a binary search for the tier, BigInt division with an explicit
 * remainder for the rounding), not against the formula under test.
 */

const quantityArb = fc.integer({ min: 1, max: 1000 });
const unitArb = fc.integer({ min: 0, max: 100_000 });
const bpsArb = fc.integer({ min: 0, max: 10_000 });

/**
 * Sorted, non-overlapping tiers, with gaps (including before the first) or without, the last one open or not:
 * each tier starts `gap` after the previous one ends and spans `length` quantities.
 */
const tiersArb: fc.Arbitrary<Tier[]> = fc
  .record({
    parts: fc.array(
      fc.record({ gap: fc.oneof(fc.constant(0), fc.integer({ min: 0, max: 200 })), length: fc.integer({ min: 1, max: 400 }), bps: bpsArb }),
      { minLength: 0, maxLength: 6 },
    ),
    openEnded: fc.boolean(),
  })
  .map(({ parts, openEnded }) => {
    let next = 1;
    return parts.map((p, i) => {
      const min = next + p.gap;
      const max = min + p.length - 1;
      next = max + 1;
      return { id: `tier-${i}`, min_quantity: min, max_quantity: openEnded && i === parts.length - 1 ? null : max, discount_bps: p.bps };
    });
  });

/** The same tiers in another order: the caller need not sort them. */
const shuffled = <T>(xs: readonly T[], seed: number) =>
  xs
    .map((x, i) => ({ x, k: (i * 7919 + seed) % 104_729 }))
    .sort((a, b) => a.k - b.k)
    .map((p) => p.x);

/** Oracle: the last tier starting at or below q (binary search over the sorted minimums), if its range reaches q. */
function expectedTier(sorted: readonly Tier[], q: number): Tier | null {
  let lo = 0;
  let hi = sorted.length - 1;
  let found = -1;
  while (lo <= hi) {
    const mid = (lo + hi) >> 1;
    if (sorted[mid]!.min_quantity <= q) {
      found = mid;
      lo = mid + 1;
    } else hi = mid - 1;
  }
  if (found < 0) return null;
  const t = sorted[found]!;
  return t.max_quantity === null || q <= t.max_quantity ? t : null;
}

/** Oracle: subtotal × bps / 10 000 rounded half up, by BigInt quotient and remainder. */
function expectedDiscount(subtotal: number, bps: number): number {
  const numerator = BigInt(subtotal) * BigInt(bps);
  const quotient = numerator / 10_000n;
  const remainder = numerator % 10_000n;
  return Number(remainder * 2n >= 10_000n ? quotient + 1n : quotient);
}

/** One open tier from 1 up at `bps`: every quantity gets exactly that discount. */
const flat = (bps: number): Tier[] => [{ id: 'all', min_quantity: 1, max_quantity: null, discount_bps: bps }];

describe('tierFor', () => {
  it('picks the tier whose range holds the quantity, or null, whatever order the tiers come in', () => {
    fc.assert(
      fc.property(tiersArb, quantityArb, fc.nat(), (tiers, q, seed) => {
        const expected = expectedTier(tiers, q);
        expect(tierFor(tiers, q)).toBe(expected);
        expect(tierFor(shuffled(tiers, seed), q)).toBe(expected);
        if (expected) {
          expect(q).toBeGreaterThanOrEqual(expected.min_quantity);
          if (expected.max_quantity !== null) expect(q).toBeLessThanOrEqual(expected.max_quantity);
        } else {
          // Null only when no tier's range holds the quantity.
          expect(tiers.some((t) => t.min_quantity <= q && (t.max_quantity === null || t.max_quantity >= q))).toBe(false);
        }
      }),
      { numRuns: 500 },
    );
  });

  it('gets every boundary right: min and max of each tier, one below min and one past max', () => {
    fc.assert(
      fc.property(tiersArb, (tiers) => {
        tiers.forEach((tier, i) => {
          const prev = tiers[i - 1];
          const next = tiers[i + 1];
          expect(tierFor(tiers, tier.min_quantity)).toBe(tier);
          // One below the minimum: the previous tier if it ends right there, otherwise a gap (or below 1).
          expect(tierFor(tiers, tier.min_quantity - 1)).toBe(prev && prev.max_quantity === tier.min_quantity - 1 ? prev : null);
          if (tier.max_quantity === null) {
            expect(tierFor(tiers, tier.min_quantity + 1_000_000)).toBe(tier);
          } else {
            expect(tierFor(tiers, tier.max_quantity)).toBe(tier);
            expect(tierFor(tiers, tier.max_quantity + 1)).toBe(next && next.min_quantity === tier.max_quantity + 1 ? next : null);
          }
        });
      }),
      { numRuns: 500 },
    );
  });

  it('answers null for no tiers at all', () => {
    fc.assert(
      fc.property(quantityArb, (q) => {
        expect(tierFor([], q)).toBeNull();
      }),
    );
  });
});

describe('priceFor', () => {
  it('charges the tier of the quantity: subtotal = quantity × unit, discount rounded half up, total = subtotal − discount', () => {
    fc.assert(
      fc.property(tiersArb, quantityArb, unitArb, (tiers, q, unit) => {
        const price = priceFor(tiers, unit, q);
        const tier = expectedTier(tiers, q);
        const bps = tier?.discount_bps ?? 0;
        const subtotal = Number(BigInt(q) * BigInt(unit));
        const discount = expectedDiscount(subtotal, bps);
        expect(price).toEqual({
          quantity: q,
          unit_price_cents: unit,
          tier,
          discount_bps: bps,
          subtotal_cents: subtotal,
          discount_cents: discount,
          total_cents: subtotal - discount,
        });
        for (const cents of [price.subtotal_cents, price.discount_cents, price.total_cents]) expect(Number.isSafeInteger(cents)).toBe(true);
        expect(price.total_cents).toBeGreaterThanOrEqual(0);
        expect(price.discount_cents).toBeLessThanOrEqual(price.subtotal_cents);
      }),
      { numRuns: 1000 },
    );
  });

  it('is within half a cent of quantity × unit × (1 − bps / 10 000), computed exactly', () => {
    fc.assert(
      fc.property(quantityArb, unitArb, bpsArb, (q, unit, bps) => {
        const { total_cents } = priceFor(flat(bps), unit, q);
        // |total − q·u·(10 000 − bps)/10 000| ≤ ½  ⇔  |10 000·total − q·u·(10 000 − bps)| ≤ 5 000, in integers.
        const exact = BigInt(q) * BigInt(unit) * BigInt(10_000 - bps);
        const error = BigInt(total_cents) * 10_000n - exact;
        expect(error <= 5_000n && error >= -5_000n, `error ${error} / 10000 cents`).toBe(true);
      }),
      { numRuns: 1000 },
    );
  });

  it('rounds an exact half cent of discount up, and anything below a half down', () => {
    // bps 5 000 on an odd subtotal is exactly x.5 cents of discount.
    fc.assert(
      fc.property(fc.integer({ min: 0, max: 49_999 }), (k) => {
        const unit = 2 * k + 1;
        expect(priceFor(flat(5_000), unit, 1).discount_cents).toBe(k + 1);
      }),
    );
    expect(priceFor(flat(1_000), 5, 1)).toMatchObject({ discount_cents: 1, total_cents: 4 }); // 0.5 → 1
    expect(priceFor(flat(1), 4_999, 1)).toMatchObject({ discount_cents: 0, total_cents: 4_999 }); // 0.4999 → 0
    expect(priceFor(flat(1), 5_000, 1)).toMatchObject({ discount_cents: 1, total_cents: 4_999 }); // 0.5 → 1
    expect(priceFor(flat(1), 15_001, 1)).toMatchObject({ discount_cents: 2, total_cents: 14_999 }); // 1.5001 → 2
  });

  it('never discounts less for more basis points on the same subtotal', () => {
    fc.assert(
      fc.property(quantityArb, unitArb, bpsArb, bpsArb, (q, unit, x, y) => {
        const [lo, hi] = x <= y ? [x, y] : [y, x];
        const a = priceFor(flat(lo), unit, q);
        const b = priceFor(flat(hi), unit, q);
        expect(a.subtotal_cents).toBe(b.subtotal_cents);
        expect(a.discount_cents).toBeLessThanOrEqual(b.discount_cents);
        expect(a.total_cents).toBeGreaterThanOrEqual(b.total_cents);
      }),
      { numRuns: 1000 },
    );
  });

  it('charges nothing off at 0 bps and everything at 10 000 bps', () => {
    fc.assert(
      fc.property(quantityArb, unitArb, (q, unit) => {
        expect(priceFor(flat(0), unit, q)).toMatchObject({ discount_cents: 0, total_cents: q * unit });
        expect(priceFor(flat(10_000), unit, q)).toMatchObject({ discount_cents: q * unit, total_cents: 0 });
        expect(priceFor([], unit, q)).toMatchObject({ tier: null, discount_bps: 0, discount_cents: 0, total_cents: q * unit });
      }),
    );
  });
});

describe('the demo tiers at 49.00 per credit', () => {
  const demo: Tier[] = [
    { id: 'none', min_quantity: 1, max_quantity: 9, discount_bps: 0 },
    { id: 'ten', min_quantity: 10, max_quantity: 24, discount_bps: 1_000 },
    { id: 'fifteen', min_quantity: 25, max_quantity: 49, discount_bps: 1_500 },
    { id: 'twenty', min_quantity: 50, max_quantity: null, discount_bps: 2_000 },
  ];

  it.each([
    [1, 'none', 4_900, 0, 4_900],
    [9, 'none', 44_100, 0, 44_100],
    [10, 'ten', 49_000, 4_900, 44_100],
    [11, 'ten', 53_900, 5_390, 48_510],
    [24, 'ten', 117_600, 11_760, 105_840],
    [25, 'fifteen', 122_500, 18_375, 104_125],
    [49, 'fifteen', 240_100, 36_015, 204_085],
    [50, 'twenty', 245_000, 49_000, 196_000],
    [1000, 'twenty', 4_900_000, 980_000, 3_920_000],
  ])('%i credits: tier %s, subtotal %i, discount %i, total %i', (q, tier, subtotal, discount, total) => {
    expect(priceFor(demo, 4_900, q)).toMatchObject({
      quantity: q,
      unit_price_cents: 4_900,
      tier: { id: tier },
      subtotal_cents: subtotal,
      discount_cents: discount,
      total_cents: total,
    });
  });

  it('has no tier below 1 and the open tier far above 50', () => {
    expect(tierFor(demo, 0)).toBeNull();
    expect(priceFor(demo, 4_900, 0)).toMatchObject({ tier: null, total_cents: 0 });
    expect(tierFor(demo, 100_000)?.id).toBe('twenty');
  });

  it('rounds a fractional-cent discount half up (15 % of 33 × 49.01 = 242.5995 → 242.60)', () => {
    expect(priceFor(demo, 4_901, 33)).toMatchObject({ subtotal_cents: 161_733, discount_cents: 24_260, total_cents: 137_473 });
  });

  it('shows basis points as percentages', () => {
    expect(demo.map((t) => percentOf(t.discount_bps))).toEqual([0, 10, 15, 20]);
    expect(percentOf(1_250)).toBe(12.5);
  });
});
