import { vi } from 'vitest';

/*
 * The one way component tests wait for the DOM. `vi.waitFor` gives up after 1 s, which a busy machine (several
 * suites rendering the whole app on two cores) overruns although nothing is wrong. The retry interval stays short,
 * so a passing check returns as soon as it holds; only a failing one waits the whole timeout.
 * Vitest's own testTimeout (120 s, vitest.config.ts) stays above this so the failure names the check, not the test.
 */
export const WAIT_TIMEOUT = 30_000;

export interface WaitOptions {
  /** A longer wait than the default, for a step known to be slow; a shorter one is raised to the default. */
  timeout?: number;
  interval?: number;
}

export function waitFor<T>(check: () => T | Promise<T>, opts: WaitOptions = {}): Promise<T> {
  return vi.waitFor(check, { interval: opts.interval ?? 50, timeout: Math.max(opts.timeout ?? 0, WAIT_TIMEOUT) });
}
