import { resolveTxt } from 'node:dns/promises';
import type { Config } from './config';
import { fromPool, openDatabase, poolOptions, TenantPool, type Database } from './db/client';
import type { AppDeps } from './deps';
import { brandingService } from './modules/branding/branding.service';
import { createMailer, offTransport, smtpTransport, viewerTransport } from './platform/mail';
import { createMetrics } from './platform/metrics';
import { createOutbound } from './platform/outbound-http';
import { searchBusy } from './platform/errors';
import { memoryRateLimiter } from './platform/rate-limit';
import { postgresRateLimiter } from './platform/rate-limit-pg';
import { configuredStorage } from './platform/storage-config';
import { tenantGate } from './platform/tenant-gate';
import { enterpriseResolver } from './platform/tenancy';
import { totalsCache } from './platform/totals-cache';
import { sandboxProvider } from './platform/payments/sandbox';
import { stripeProvider } from './platform/payments/stripe';

/** Wires the real dependencies for a database; main.ts and tests share it so both run the same graph. */
export function createDeps(config: Config, database: Database): AppDeps {
  const db = database.db;
  // Everything from here on (requests, the scheduler, seeding) acts as the API's role; migrations have run as the owner.
  if (config.databaseApiRole) database.actAs(config.databaseApiRole);
  const readDatabase = openReadDatabase(config, database);
  if (config.databaseApiRole && readDatabase !== database) readDatabase.actAs(config.databaseApiRole);
  const outbound = createOutbound({ allowLoopback: config.outboundAllowLoopback, timeoutMs: config.outboundTimeoutMs });
  return {
    config,
    database,
    db,
    readDatabase,
    readDb: readDatabase.db,
    mailer: createMailer(db, mailTransport(config), config.mailFrom),
    storage: configuredStorage(config),
    // Shared by every process on a PostgreSQL database; PGlite is one process, so memory is the whole truth (ADR 004).
    rateLimiter: database.kind === 'postgres' ? postgresRateLimiter(db) : memoryRateLimiter(),
    trafficLimiter: memoryRateLimiter(),
    pause: (ms) => {
      const wait = Math.min(ms, config.signInDelayMaxMs);
      return wait > 0 ? new Promise((resolve) => setTimeout(resolve, wait)) : Promise.resolve();
    },
    branding: brandingService({ db, config }),
    resolveEnterprise: enterpriseResolver(db),
    totals: totalsCache(),
    payments: config.stripeSecretKey
      ? stripeProvider({ secretKey: config.stripeSecretKey, appUrl: config.appUrl, apiBase: config.stripeApiBase, fetch: outbound.fetch })
      : sandboxProvider(),
    outbound,
    metrics: createMetrics(database),
    searchGate: tenantGate({ limit: config.searchSlots.perAccount, maxWaitMs: config.searchSlots.maxWaitMs, refuse: searchBusy }),
    resolveTxt,
  };
}

function mailTransport(config: Config) {
  if (config.smtpUrl) return smtpTransport(config.smtpUrl);
  return config.mailViewer ? viewerTransport : offTransport;
}

/**
 * The read replica's pool when DATABASE_READ_URL is set (PostgreSQL only; config.ts refuses it without DATABASE_URL),
 * else the main database. A TenantPool like the main one: each checkout sets the request's tenants and the API's role.
 */
function openReadDatabase(config: Config, database: Database): Database {
  if (!config.databaseReadUrl || database.kind !== 'postgres') return database;
  return fromPool(new TenantPool({ connectionString: config.databaseReadUrl, ...poolOptions }));
}

/** Closes the read replica's pool, if there is one of its own (the main database is closed by its opener). */
export async function closeReadDatabase(deps: { database: Database; readDatabase: Database }) {
  if (deps.readDatabase !== deps.database) await deps.readDatabase.close();
}

export async function openConfiguredDatabase(config: Config) {
  return openDatabase(config.databaseUrl ? { url: config.databaseUrl } : { dataDir: config.pgliteDir });
}
