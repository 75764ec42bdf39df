import { tooManyRequests } from './errors';

/**
 * Fixed-window counters for sign-in, password reset and the board, per account (email) and per IP (ADR 004). On
 * PostgreSQL the windows live in a table every API process shares (rate-limit-pg.ts), so a limit holds however many
 * processes serve the requests; on PGlite, one process by construction, they live in memory here.
 */
export interface RateLimiter {
  /** Counts one hit and answers the window's count with it; rejects with 429 and Retry-After once the limit is passed. */
  hit(key: string, limit: number, windowMs: number): Promise<number>;
  /** Takes one hit back (a sign-in that succeeded is no guess), leaving the window's other hits counted. */
  undo(key: string): Promise<void>;
  reset(key: string): Promise<void>;
}

export function memoryRateLimiter(now: () => number = Date.now): RateLimiter {
  const windows = new Map<string, { start: number; count: number }>();
  let sweeps = 0;
  return {
    async hit(key, limit, windowMs) {
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
      return w.count;
    },
    async undo(key) {
      const w = windows.get(key);
      if (w && w.count > 0) w.count -= 1;
    },
    async reset(key) {
      windows.delete(key);
    },
  };
}
