import type { Config } from './config';
import type { Database, Db } from './db/client';
import type { BrandingService } from './modules/branding/branding.service';
import type { Mailer } from './platform/mail';
import type { RateLimiter } from './platform/rate-limit';
import type { Storage } from './platform/storage';
import type { Enterprise } from './platform/tenancy';

/** Everything a module needs from the outside world, handed in by main.ts or a test. */
export interface AppDeps {
  config: Config;
  database: Database;
  db: Db;
  mailer: Mailer;
  storage: Storage;
  rateLimiter: RateLimiter;
  /** Cached per host; settings changes call `branding.invalidate()`. */
  branding: BrandingService;
  resolveEnterprise: (key: string | undefined) => Promise<Enterprise>;
}
