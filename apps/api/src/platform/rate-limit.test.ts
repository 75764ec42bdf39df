import { describe, expect, it } from 'vitest';
import { HttpError } from './errors';
import { memoryRateLimiter } from './rate-limit';

/** The in-process limiter of PGlite (ADR 004), on a clock the test moves; the same rules as rate-limit-pg.pg-test.ts. */

const MINUTE = 60_000;

async function outcome(hit: Promise<unknown>): Promise<'passed' | { status: number; retryAfter: number }> {
  try {
    await hit;
    return 'passed';
  } catch (err) {
    if (!(err instanceof HttpError)) throw err;
    return { status: err.statusCode, retryAfter: Number(err.headers?.['retry-after']) };
  }
}

describe('memoryRateLimiter', () => {
  it('refuses past the limit with Retry-After until the window ends, then starts a new one', async () => {
    let now = 1_000_000;
    const limiter = memoryRateLimiter(() => now);
    for (let i = 0; i < 2; i++) expect(await outcome(limiter.hit('k', 2, 15 * MINUTE))).toBe('passed');
    now += 5 * MINUTE;
    expect(await outcome(limiter.hit('k', 2, 15 * MINUTE))).toEqual({ status: 429, retryAfter: 10 * 60 });
    expect(await outcome(limiter.hit('other', 2, 15 * MINUTE))).toBe('passed');
    now += 10 * MINUTE;
    expect(await outcome(limiter.hit('k', 2, 15 * MINUTE))).toBe('passed');
    expect(await outcome(limiter.hit('k', 2, 15 * MINUTE))).toBe('passed');
    expect(await outcome(limiter.hit('k', 2, 15 * MINUTE))).toMatchObject({ status: 429 });
  });

  it("answers the window's count with each hit, as the PostgreSQL limiter does", async () => {
    const limiter = memoryRateLimiter(() => 0);
    expect(await limiter.hit('n', 5, MINUTE)).toBe(1);
    expect(await limiter.hit('n', 5, MINUTE)).toBe(2);
    await limiter.undo('n');
    expect(await limiter.hit('n', 5, MINUTE)).toBe(2);
  });

  it('undo takes one hit back, never below zero; reset gives the whole budget back', async () => {
    const limiter = memoryRateLimiter(() => 0);
    await limiter.undo('k');
    await limiter.hit('k', 2, MINUTE);
    await limiter.hit('k', 2, MINUTE);
    await limiter.undo('k');
    await limiter.undo('k');
    await limiter.undo('k');
    for (let i = 0; i < 2; i++) expect(await outcome(limiter.hit('k', 2, MINUTE))).toBe('passed');
    expect(await outcome(limiter.hit('k', 2, MINUTE))).toMatchObject({ status: 429 });
    await limiter.reset('k');
    for (let i = 0; i < 2; i++) expect(await outcome(limiter.hit('k', 2, MINUTE))).toBe('passed');
    expect(await outcome(limiter.hit('k', 2, MINUTE))).toMatchObject({ status: 429 });
  });
});
