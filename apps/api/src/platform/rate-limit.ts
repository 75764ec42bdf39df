import { tooManyRequests } from './errors';

/**
 * Fixed-window counters for sign-in and password reset, per account (email)
 * and per IP. In-process: with several API processes each keeps its own
 * window, so the effective limit is per process (see ADR 004).
 */
export interface RateLimiter {
  /** Counts one hit; throws 429 with Retry-After once the limit is passed. */
  hit(key: string, limit: number, windowMs: number): void;
  /** Takes one hit back (a sign-in that succeeded is no guess), leaving the window's other hits counted. */
  undo(key: string): void;
  reset(key: string): void;
}

export function memoryRateLimiter(now: () => number = Date.now): RateLimiter {
  const windows = new Map<string, { start: number; count: number }>();
  let sweeps = 0;
  return {
    hit(key, limit, windowMs) {
      const t = now();
      // Occasionally drop finished windows so the map cannot grow without bound.
      if (++sweeps % 1000 === 0) for (const [k, w] of windows) if (t - w.start >= windowMs) windows.delete(k);
      let w = windows.get(key);
      if (!w || t - w.start >= windowMs) {
        w = { start: t, count: 0 };
        windows.set(key, w);
      }
      w.count += 1;
      if (w.count > limit) throw tooManyRequests((w.start + windowMs - t) / 1000);
    },
    undo(key) {
      const w = windows.get(key);
      if (w && w.count > 0) w.count -= 1;
    },
    reset(key) {
      windows.delete(key);
    },
  };
}
