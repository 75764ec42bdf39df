/**
 * Totals of big lists, remembered for a few seconds.
 *
 * A list page reads 25 rows through an index in well under a millisecond, but its total has to visit every
 * matching row: 2 ms for a 100,000-job site, 60–230 ms for a common search word (bench/README.md). Above
 * {@link TotalsCacheOptions.minCached} rows nobody can tell an exact total from one a few seconds old, so those are
 * kept per query (SQL text and parameters, which carry the tenant's ids) and refreshed in the background once stale:
 * one caller pays for the count, the others get the last answer. Smaller totals are cheap to count and stay exact on
 * every request, so a user who edits a short list always sees it add up.
 *
 * Per process: with several API processes each keeps its own copy, and a total is at most `staleMs` old in any of them.
 */
export interface Total {
  total: number;
  estimated: boolean;
}

export interface TotalsCacheOptions {
  /** Totals at or below this are never cached. */
  minCached: number;
  /** Served without a refresh for this long. */
  freshMs: number;
  /** Served while one refresh runs, up to this age; older entries are counted again before answering. */
  staleMs: number;
  maxEntries: number;
}

export interface TotalsCache {
  get(key: string, count: () => Promise<Total>): Promise<Total>;
  clear(): void;
}

const defaults: TotalsCacheOptions = { minCached: 1_000, freshMs: 5_000, staleMs: 60_000, maxEntries: 2_000 };

export function totalsCache(options: Partial<TotalsCacheOptions> = {}, now = () => Date.now()): TotalsCache {
  const o = { ...defaults, ...options };
  const entries = new Map<string, { value: Total; at: number }>();
  // Concurrent callers of one key share a single count instead of all running it.
  const running = new Map<string, Promise<Total>>();

  function refresh(key: string, count: () => Promise<Total>): Promise<Total> {
    const pending = running.get(key);
    if (pending) return pending;
    const p = count()
      .then((value) => {
        if (value.total > o.minCached) {
          // Map keeps insertion order: dropping the first key drops the oldest.
          entries.delete(key);
          if (entries.size >= o.maxEntries) entries.delete(entries.keys().next().value!);
          entries.set(key, { value, at: now() });
        } else entries.delete(key);
        return value;
      })
      .finally(() => running.delete(key));
    running.set(key, p);
    return p;
  }

  return {
    get(key, count) {
      const hit = entries.get(key);
      const age = hit ? now() - hit.at : Infinity;
      if (hit && age <= o.freshMs) return Promise.resolve(hit.value);
      if (hit && age <= o.staleMs) {
        // A failed background refresh keeps the old entry; the next request tries again.
        refresh(key, count).catch(() => {});
        return Promise.resolve(hit.value);
      }
      return refresh(key, count);
    },
    clear: () => entries.clear(),
  };
}
