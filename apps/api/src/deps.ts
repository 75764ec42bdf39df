import type { Config } from './config';
import type { Database, Db } from './db/client';
import type { BrandingService } from './modules/branding/branding.service';
import type { Mailer } from './platform/mail';
import type { Metrics } from './platform/metrics';
import type { Outbound } from './platform/outbound-http';
import type { PaymentProvider } from './platform/payments/provider';
import type { RateLimiter } from './platform/rate-limit';
import type { TenantGate } from './platform/tenant-gate';
import type { Storage } from './platform/storage';
import type { TotalsCache } from './platform/totals-cache';
import type { Enterprise } from './platform/tenancy';

/** Everything a module needs from the outside world, handed in by main.ts or a test. */
export interface AppDeps {
  config: Config;
  database: Database;
  db: Db;
  /**
   * Where exports, dashboards and search read (docs/scaling.md): a pool on DATABASE_READ_URL, a replica that may lag
   * the main database by a moment, else `database` itself. Its connections carry the tenant setting and the API's role
   * exactly as the main pool's do (db/client.ts TenantPool), so row-level security holds there too. Never written to.
   */
  readDatabase: Database;
  readDb: Db;
  mailer: Mailer;
  storage: Storage;
  /** Limits on guesses (sign-in, resets, registrations): exact across processes on PostgreSQL (ADR 004). */
  rateLimiter: RateLimiter;
  /**
   * The public board's flood guard per address: always in this process's memory. It only has to stop one address from
   * monopolising a process, and a shared counter would cost a database write on every page view of a public site.
   */
  trafficLimiter: RateLimiter;
  /** Waits before a refused sign-in is answered (platform/login-guard.ts); tests record the delay instead of waiting. */
  pause: (ms: number) => Promise<void>;
  /** Cached per host; settings changes call `branding.invalidate()`. */
  branding: BrandingService;
  resolveEnterprise: (key: string | undefined) => Promise<Enterprise>;
  /** Totals of big lists, kept a few seconds (platform/totals-cache.ts). */
  totals: TotalsCache;
  /** Stripe when STRIPE_SECRET_KEY is set, else the sandbox. */
  payments: PaymentProvider;
  /** The one HTTP client for requests leaving the server: refuses private and (unless allowed) loopback targets. */
  outbound: Outbound;
  /** Prometheus counters and gauges of this process (platform/metrics.ts); served only where METRICS_PORT says. */
  metrics: Metrics;
  /**
   * Each account's share of the pool for searches (platform/tenant-gate.ts, applied by platform/route.ts): a search's
   * connections wait for one of its account's slots, so one account's searches cannot take the connections every
   * account's lists need. Used on PostgreSQL only (db/client.ts says why not on PGlite).
   */
  searchGate: TenantGate;
  /** DNS TXT lookups (board domain proofs); node:dns by default, replaced in tests. */
  resolveTxt: (hostname: string) => Promise<string[][]>;
}

/**
 * The dependencies as a read-only path (an export) sees them: `db` is the read pool. The one place such a path is
 * switched over, so a service written against `deps.db` needs no second version for the replica.
 */
export function forReading(deps: AppDeps): AppDeps {
  return deps.readDb === deps.db ? deps : { ...deps, db: deps.readDb };
}
