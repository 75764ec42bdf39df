/**
 * How the jobs, employers and applications outside the measured site are shared by the other sites: site i of n
 * (1-based) gets √(i/n) − √((i−1)/n) of them, which is what `1 + ⌊n·r²⌋` gives for a uniform r (fill-jobs.mjs draws
 * each job's site that way). With 199 sites the first gets ~7% of the rest and the last ~0.25%: a few large boards
 * and a long tail of small ones, as in a real enterprise.
 */
export const siteShare = (i, n) => Math.sqrt(i / n) - Math.sqrt((i - 1) / n);

/** The SQL expression that draws a site index in 1..n with those shares from a uniform random number. */
export const siteIndexSql = (r, n) => `1 + floor(${n} * power(${r}, 2))::int`;

/**
 * `total` split over sites 1..n by their shares, rounded on the running sum so the parts add up to `total` exactly
 * and each part is at least `min`.
 */
export function shareOut(total, n, min = 0) {
  const parts = [];
  let given = 0;
  for (let i = 1; i <= n; i++) {
    const upTo = Math.round(total * Math.sqrt(i / n));
    parts.push(Math.max(min, upTo - given));
    given = Math.max(given + min, upTo);
  }
  return parts;
}
