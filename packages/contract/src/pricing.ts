/**
 * Credit pricing (DESIGN §5), shared by the API's preview and purchase and by their tests, so the number a
 * buyer is shown is the number they are charged. All money is integer cents; discounts are basis points
 * (1 000 = 10 %).
 *
 * Rounding, stated once: the discount is `subtotal × bps / 10 000` rounded to the nearest cent, halves up, and the
 * total is the subtotal minus that discount. So total = quantity × unit price × (1 − discount) to the cent, and
 * subtotal = total + discount exactly.
 */

export interface Tier {
  id: string;
  min_quantity: number;
  max_quantity: number | null;
  discount_bps: number;
}

export interface Price {
  quantity: number;
  unit_price_cents: number;
  tier: Tier | null;
  discount_bps: number;
  subtotal_cents: number;
  discount_cents: number;
  total_cents: number;
}

/** The tier whose range holds the quantity; tiers of a site never overlap (the lowest minimum wins if they do). */
export function tierFor(tiers: readonly Tier[], quantity: number): Tier | null {
  return (
    [...tiers]
      .sort((a, b) => a.min_quantity - b.min_quantity)
      .find((t) => quantity >= t.min_quantity && (t.max_quantity === null || quantity <= t.max_quantity)) ?? null
  );
}

export function priceFor(tiers: readonly Tier[], unitPriceCents: number, quantity: number): Price {
  const tier = tierFor(tiers, quantity);
  const bps = tier?.discount_bps ?? 0;
  const subtotal = quantity * unitPriceCents;
  // Integer arithmetic: floor((subtotal × bps + 5 000) / 10 000) is subtotal × bps / 10 000 rounded half up.
  const discount = Math.floor((subtotal * bps + 5_000) / 10_000);
  return {
    quantity,
    unit_price_cents: unitPriceCents,
    tier,
    discount_bps: bps,
    subtotal_cents: subtotal,
    discount_cents: discount,
    total_cents: subtotal - discount,
  };
}

/** Basis points as the percentage the portal shows (1 250 → 12.5). */
export const percentOf = (bps: number) => bps / 100;
