import { AsyncLocalStorage } from 'node:async_hooks';

/**
 * What the code running now may take of the database, beside which tenants it sees (tenant-context.ts): how long one
 * statement may run, and whether each connection it checks out must first take a slot of its tenant's share
 * (platform/tenant-gate.ts). The PostgreSQL pool reads both when a connection is checked out (client.ts TenantPool).
 *
 * Only interactive requests carry limits (platform/route.ts). Everything else runs without: the scheduler's jobs,
 * migrations, seeding, backups and the later batches of a streamed export, which may rightly take long.
 */
export interface RequestLimits {
  /** PostgreSQL's `statement_timeout` in milliseconds; 0 lets a statement run as long as it takes. */
  statementTimeoutMs: number;
  /** Takes a slot before a connection is checked out and answers its release; absent for work that needs none. */
  slot?: () => Promise<() => void>;
}

const unlimited: RequestLimits = { statementTimeoutMs: 0 };
const current = new AsyncLocalStorage<RequestLimits>();

/** Runs `fn` (and everything it starts) under `limits`. */
export function withRequestLimits<T>(limits: RequestLimits, fn: () => T): T {
  return current.run(limits, fn);
}

/** The limits of the code running now: none outside a request. */
export function requestLimits(): RequestLimits {
  return current.getStore() ?? unlimited;
}

/** `fn` run without the caller's limits whenever it is called: an export's batches, pulled long after its request. */
export function unlimitedWork<A extends unknown[], R>(fn: (...args: A) => R): (...args: A) => R {
  return (...args) => current.run(unlimited, () => fn(...args));
}
