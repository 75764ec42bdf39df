import { describe, expect, it } from 'vitest';
import { totalsCache, type Total } from './totals-cache';

/** A count whose answers and calls the test controls. */
function counter(...answers: number[]) {
  const calls = { n: 0 };
  const count = async (): Promise<Total> => ({ total: answers[Math.min(calls.n++, answers.length - 1)]!, estimated: false });
  return { calls, count };
}

describe('totals cache', () => {
  const options = { minCached: 1_000, freshMs: 5_000, staleMs: 60_000, maxEntries: 3 };

  it('counts small totals on every request, so they are always exact', async () => {
    const cache = totalsCache(options, () => 0);
    const c = counter(10, 9);
    expect((await cache.get('k', c.count)).total).toBe(10);
    expect((await cache.get('k', c.count)).total).toBe(9);
    expect(c.calls.n).toBe(2);
  });

  it('keeps a big total while fresh, serves it stale while one refresh runs, then serves the refreshed one', async () => {
    let now = 0;
    const cache = totalsCache(options, () => now);
    const c = counter(5_000, 4_000);
    expect((await cache.get('k', c.count)).total).toBe(5_000);
    now = 4_000;
    expect((await cache.get('k', c.count)).total).toBe(5_000);
    expect(c.calls.n).toBe(1);
    now = 6_000;
    expect((await cache.get('k', c.count)).total).toBe(5_000);
    expect(c.calls.n).toBe(2);
    await new Promise((r) => setImmediate(r));
    expect((await cache.get('k', c.count)).total).toBe(4_000);
  });

  it('counts again before answering once an entry is older than the stale limit', async () => {
    let now = 0;
    const cache = totalsCache(options, () => now);
    const c = counter(5_000, 7_000);
    await cache.get('k', c.count);
    now = 61_000;
    expect((await cache.get('k', c.count)).total).toBe(7_000);
  });

  it('drops a total that fell to a small number, so it is exact again', async () => {
    let now = 0;
    const cache = totalsCache(options, () => now);
    const c = counter(5_000, 12, 11);
    await cache.get('k', c.count);
    now = 6_000;
    await cache.get('k', c.count); // stale answer, refresh finds 12
    await new Promise((r) => setImmediate(r));
    expect((await cache.get('k', c.count)).total).toBe(11);
  });

  it('runs one count for concurrent callers of the same query', async () => {
    const cache = totalsCache(options, () => 0);
    const c = counter(2_000);
    const answers = await Promise.all([cache.get('k', c.count), cache.get('k', c.count), cache.get('k', c.count)]);
    expect(answers.map((a) => a.total)).toEqual([2_000, 2_000, 2_000]);
    expect(c.calls.n).toBe(1);
  });

  it('keeps different queries apart and forgets the oldest beyond its size', async () => {
    const cache = totalsCache(options, () => 0);
    const counts = ['a', 'b', 'c', 'd'].map((k, i) => ({ k, c: counter(2_000 + i, 9_000) }));
    for (const { k, c } of counts) expect((await cache.get(k, c.count)).total).toBe(2_000 + counts.findIndex((x) => x.k === k));
    expect((await cache.get('a', counts[0]!.c.count)).total).toBe(9_000);
    expect((await cache.get('d', counts[3]!.c.count)).total).toBe(2_003);
  });

  it('passes a failed count on to the caller and caches nothing', async () => {
    const cache = totalsCache(options, () => 0);
    await expect(cache.get('k', () => Promise.reject(new Error('down')))).rejects.toThrow('down');
    const c = counter(3_000);
    expect((await cache.get('k', c.count)).total).toBe(3_000);
  });
});
