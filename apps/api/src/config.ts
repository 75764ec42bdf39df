import { randomBytes } from 'node:crypto';
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { dirname, isAbsolute, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { z } from 'zod';

/** The repository root, so `./data` means the same folder whichever workspace runs. */
export const repoRoot = resolve(dirname(fileURLToPath(import.meta.url)), '../../..');

/** How answers are checked on the way out: platform/response-serializer.ts says what each means. */
export const responseChecks = ['compiled', 'validate', 'both'] as const;
export type ResponseCheck = (typeof responseChecks)[number];

const bool = z
  .enum(['1', '0', 'true', 'false', 'yes', 'no', 'on', 'off'])
  .transform((v) => ['1', 'true', 'yes', 'on'].includes(v));

/**
 * `s3://bucket[/prefix]`: a bucket named as S3 allows, then any prefix (trailing slash optional) without empty, `.` or
 * `..` segments, which would alias or escape it. Null for anything else.
 */
function parseStorageUrl(url: string): { bucket: string; prefix: string } | null {
  const m = /^s3:\/\/([a-z0-9][a-z0-9.-]{1,61}[a-z0-9])(?:\/(.*?))?\/?$/.exec(url);
  if (!m) return null;
  const prefix = m[2] ?? '';
  const segments = prefix ? prefix.split('/') : [];
  if (segments.some((s) => s === '' || s === '.' || s === '..' || /[\s\\]/.test(s))) return null;
  return { bucket: m[1]!, prefix };
}

const envSchema = z.object({
  NODE_ENV: z.string().default('development'),
  PORT: z.coerce.number().int().min(0).max(65535).default(3000),
  HOST: z.string().default('0.0.0.0'),
  DATA_DIR: z.string().default('./data'),
  DATABASE_URL: z.string().url().optional(),
  // A read replica (docs/scaling.md): exports, dashboards and search read there; unset, they read the main database.
  DATABASE_READ_URL: z.string().url().optional(),
  // The role the API's connections act as on PostgreSQL (ADR 012); empty keeps the connecting user's own.
  DATABASE_API_ROLE: z.string().regex(/^[a-z_][a-z0-9_]*$|^$/, 'a role name').default('hireline_api'),
  ENTERPRISE_KEY: z.string().min(1).default('demo'),
  APP_URL: z.string().url().optional(),
  APP_SECRET: z.string().min(32).optional(),
  SMTP_URL: z.string().url().optional(),
  MAIL_FROM: z.string().default('Hireline <no-reply@hireline.test>'),
  // The development mail viewer (/dev/mail): unset means on for the embedded demo database, off on a server database.
  MAIL_VIEWER: bool.optional(),
  STRIPE_SECRET_KEY: z.string().optional(),
  STRIPE_WEBHOOK_SECRET: z.string().optional(),
  // Another Stripe API host (a local stand-in in tests); Stripe's own by default.
  STRIPE_API_BASE: z.string().url().optional(),
  // Outbound HTTP (SSO, webhooks, payments, domain checks) may reach loopback only with this; never private ranges.
  OUTBOUND_ALLOW_LOOPBACK: bool.default(false),
  OUTBOUND_TIMEOUT_MS: z.coerce.number().int().min(100).max(120_000).default(10_000),
  STORAGE_DIR: z.string().optional(),
  // An S3-compatible bucket for uploads instead of STORAGE_DIR: s3://bucket or s3://bucket/prefix.
  STORAGE_URL: z
    .string()
    .refine((v) => parseStorageUrl(v) !== null, 's3://bucket or s3://bucket/prefix (a bucket name of 3 to 63 lowercase letters, digits, dots and hyphens)')
    .optional(),
  S3_ENDPOINT: z.string().regex(/^https?:\/\/[^/\s]+/, 'an http:// or https:// URL').pipe(z.url()).optional(),
  S3_REGION: z.string().min(1).default('us-east-1'),
  S3_ACCESS_KEY_ID: z.string().min(1).optional(),
  S3_SECRET_ACCESS_KEY: z.string().min(1).optional(),
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
  // How answers are checked on the way out (platform/response-serializer.ts); unset: compiled in production, both elsewhere.
  RESPONSE_CHECK: z.enum(responseChecks).optional(),
  DEMO_SEED: bool.optional(),
  SESSION_IDLE_MINUTES: z.coerce.number().int().min(1).default(12 * 60),
  SESSION_MAX_HOURS: z.coerce.number().int().min(1).default(7 * 24),
  IMPERSONATION_MINUTES: z.coerce.number().int().min(1).max(24 * 60).default(60),
  SIGN_IN_DELAY_MAX_MS: z.coerce.number().int().min(0).max(60_000).default(8_000),
  TRUST_PROXY: bool.default(false),
  MULTI_LANGUAGE: bool.default(false),
  API_PROCESSES: z.coerce.number().int().min(1).max(64).default(1),
  // Prometheus metrics on a port of their own; unset, nothing serves them (platform/metrics-server.ts).
  METRICS_PORT: z.coerce.number().int().min(1).max(65535).optional(),
  METRICS_HOST: z.string().min(1).default('127.0.0.1'),
  // How long one statement of an interactive request may run on PostgreSQL before it is cancelled and answered 503;
  // 0 turns the limit off. Exports, scheduled jobs, migrations and seeding run without it.
  STATEMENT_TIMEOUT_MS: z.coerce.number().int().min(0).max(600_000).default(5_000),
  // Connections of the pool (db/client.ts poolOptions: 10 per process) one account's searches may hold at once, and how long a search beyond
  // them waits for one before it is answered 503: the rest stay free for every account's lists and pages.
  SEARCH_CONNECTIONS_PER_ACCOUNT: z.coerce.number().int().min(1).max(10).default(3),
  SEARCH_WAIT_MS: z.coerce.number().int().min(0).max(60_000).default(2_000),
  // The commit the health probes report, when the build could not read it from git (platform/build-info.ts).
  GIT_COMMIT: z.string().regex(/^[0-9a-f]{7,40}$/i, 'a git commit hash').optional(),
}).refine((e) => e.API_PROCESSES === 1 || e.DATABASE_URL, {
  // PGlite is an in-process database: a second process cannot open its folder.
  message: 'more than one process needs a PostgreSQL server (DATABASE_URL); the embedded database serves one process',
  path: ['API_PROCESSES'],
}).refine((e) => !e.DATABASE_READ_URL || e.DATABASE_URL, {
  // A replica of the embedded database cannot exist: it lives in this process's folder.
  message: 'a read replica needs the main PostgreSQL server too (DATABASE_URL); the embedded database has no replicas',
  path: ['DATABASE_READ_URL'],
}).refine((e) => e.METRICS_PORT === undefined || e.METRICS_PORT !== e.PORT, {
  message: 'METRICS_PORT must differ from PORT: the metrics are never served on the public port',
  path: ['METRICS_PORT'],
}).refine((e) => !(e.MAIL_VIEWER && e.SMTP_URL), {
  // Delivered mail carries live reset and invitation links; a viewer beside real delivery would hand them to staff.
  message: 'the mail viewer cannot be on while SMTP_URL delivers mail; unset one of them',
  path: ['MAIL_VIEWER'],
}).refine((e) => e.NODE_ENV !== 'production' || e.SMTP_URL || e.MAIL_VIEWER !== undefined, {
  // A production deployment that silently kept every email (resets, invitations) undelivered would look broken to users.
  message: 'NODE_ENV=production needs SMTP_URL to deliver email, or MAIL_VIEWER=1 (keep mail in the viewer) or MAIL_VIEWER=0 (send none) to say so',
  path: ['MAIL_VIEWER'],
}).refine((e) => e.STORAGE_URL || !(e.S3_ENDPOINT || e.S3_ACCESS_KEY_ID || e.S3_SECRET_ACCESS_KEY), {
  // Bucket settings without a bucket would be ignored, and uploads would quietly stay on this machine's disk.
  message: 'S3_ENDPOINT and S3 keys are used only with STORAGE_URL=s3://bucket/prefix; set STORAGE_URL or unset them',
  path: ['STORAGE_URL'],
}).refine((e) => !e.S3_ACCESS_KEY_ID === !e.S3_SECRET_ACCESS_KEY, {
  message: 'set both S3_ACCESS_KEY_ID and S3_SECRET_ACCESS_KEY, or neither (the SDK\'s default credentials)',
  path: ['S3_ACCESS_KEY_ID'],
});

/** Every variable read here; the README's configuration table lists each one (config.test.ts holds it to that). */
export const configVariables: readonly string[] = Object.keys(envSchema.shape);

/** An S3-compatible bucket for uploads (platform/storage-s3.ts). */
export interface ObjectStorageConfig {
  bucket: string;
  /** Prepended to every key with a `/`; empty for the bucket's root. */
  prefix: string;
  /** Another store than AWS S3 (MinIO, R2…): addressed by path. */
  endpoint: string | undefined;
  region: string;
  /** Both or neither; neither leaves them to the SDK's default chain. */
  accessKeyId: string | undefined;
  secretAccessKey: string | undefined;
}

export interface Config {
  env: string;
  port: number;
  host: string;
  dataDir: string;
  databaseUrl: string | undefined;
  /** A read replica of databaseUrl for exports, dashboards and search (deps.readDb); undefined reads the main one. */
  databaseReadUrl: string | undefined;
  /** PostgreSQL role the API acts as after migrating: no table owner, subject to row-level security. Null: the login user. */
  databaseApiRole: string | null;
  /** PGlite folder when no DATABASE_URL is set. */
  pgliteDir: string;
  enterpriseKey: string;
  appUrl: string;
  /** The root of the per-purpose keys (file URLs, sign-in state…); stable across processes of one deployment. */
  appSecret: string;
  smtpUrl: string | undefined;
  /** Mail is kept and readable at /dev/mail instead of delivered (never together with SMTP). */
  mailViewer: boolean;
  mailFrom: string;
  stripeSecretKey: string | undefined;
  stripeWebhookSecret: string | undefined;
  stripeApiBase: string | undefined;
  /** Outbound requests may connect to 127.0.0.0/8 and ::1 (tests, development); private ranges stay refused. */
  outboundAllowLoopback: boolean;
  /** Whole outbound request, redirects and body included. */
  outboundTimeoutMs: number;
  /** The local upload folder: where uploads live without STORAGE_URL, and what storage:migrate copies from. */
  storageDir: string;
  /** Uploads go to this bucket instead of storageDir (STORAGE_URL); null keeps them in the folder. */
  objectStorage: ObjectStorageConfig | null;
  logLevel: string;
  /** compiled: answers written by a serializer compiled from the contract, unchecked; validate / both: checked (tests). */
  responseCheck: ResponseCheck;
  demoSeed: boolean;
  sessionIdleMs: number;
  sessionMaxMs: number;
  impersonationMs: number;
  /** The longest a wrong sign-in guess is held before its answer (platform/login-guard.ts); 0 turns the delay off. */
  signInDelayMaxMs: number;
  trustProxy: boolean;
  /** Turns on the portal's language switcher (en, fr, ar) without rebuilding it. */
  multiLanguage: boolean;
  /** API processes sharing the port (cluster.ts); above 1 only with PostgreSQL. */
  processes: number;
  /** Where `/metrics` listens; null: metrics are not served. */
  metrics: { port: number; host: string } | null;
  /** statement_timeout of interactive requests on PostgreSQL (db/request-limits.ts); 0: none. */
  statementTimeoutMs: number;
  /** One account's share of the pool for searches, and the longest a search waits for it (platform/tenant-gate.ts). */
  searchSlots: { perAccount: number; maxWaitMs: number };
  /** GIT_COMMIT: overrides the commit the bundle was built from; null leaves it to the build. */
  gitCommit: string | null;
  webDistDir: string;
  boardDistDir: string;
}

/**
 * Parses every environment variable once. Defaults run the demo: embedded
 * database under ./data, seeded. Invalid values stop start-up with a message
 * naming the variable rather than failing later somewhere deep.
 */
export function loadConfig(env: NodeJS.ProcessEnv = process.env): Config {
  const parsed = envSchema.safeParse(env);
  if (!parsed.success) {
    const lines = parsed.error.issues.map((i) => `  ${i.path.join('.')}: ${i.message}`);
    throw new Error(`Invalid configuration:\n${lines.join('\n')}`);
  }
  const e = parsed.data;
  const dataDir = isAbsolute(e.DATA_DIR) ? e.DATA_DIR : resolve(repoRoot, e.DATA_DIR);
  const storageDir = e.STORAGE_DIR ? resolve(repoRoot, e.STORAGE_DIR) : join(dataDir, 'uploads');
  return {
    env: e.NODE_ENV,
    port: e.PORT,
    host: e.HOST,
    dataDir,
    databaseUrl: e.DATABASE_URL,
    databaseReadUrl: e.DATABASE_READ_URL,
    databaseApiRole: e.DATABASE_API_ROLE || null,
    pgliteDir: join(dataDir, 'db'),
    enterpriseKey: e.ENTERPRISE_KEY,
    appUrl: (e.APP_URL ?? `http://localhost:${e.PORT}`).replace(/\/$/, ''),
    appSecret: e.APP_SECRET ?? localSecret(dataDir),
    smtpUrl: e.SMTP_URL,
    mailViewer: e.SMTP_URL ? false : (e.MAIL_VIEWER ?? !e.DATABASE_URL),
    mailFrom: e.MAIL_FROM,
    stripeSecretKey: e.STRIPE_SECRET_KEY,
    stripeWebhookSecret: e.STRIPE_WEBHOOK_SECRET,
    stripeApiBase: e.STRIPE_API_BASE,
    outboundAllowLoopback: e.OUTBOUND_ALLOW_LOOPBACK,
    outboundTimeoutMs: e.OUTBOUND_TIMEOUT_MS,
    storageDir,
    objectStorage: objectStorageOf(e),
    logLevel: e.LOG_LEVEL,
    responseCheck: e.RESPONSE_CHECK ?? (e.NODE_ENV === 'production' ? 'compiled' : 'both'),
    // The embedded default is a demo; a real server database is seeded only on request.
    demoSeed: e.DEMO_SEED ?? !e.DATABASE_URL,
    sessionIdleMs: e.SESSION_IDLE_MINUTES * 60_000,
    sessionMaxMs: e.SESSION_MAX_HOURS * 3_600_000,
    impersonationMs: e.IMPERSONATION_MINUTES * 60_000,
    signInDelayMaxMs: e.SIGN_IN_DELAY_MAX_MS,
    trustProxy: e.TRUST_PROXY,
    multiLanguage: e.MULTI_LANGUAGE,
    processes: e.API_PROCESSES,
    metrics: e.METRICS_PORT ? { port: e.METRICS_PORT, host: e.METRICS_HOST } : null,
    statementTimeoutMs: e.STATEMENT_TIMEOUT_MS,
    searchSlots: { perAccount: e.SEARCH_CONNECTIONS_PER_ACCOUNT, maxWaitMs: e.SEARCH_WAIT_MS },
    gitCommit: e.GIT_COMMIT ?? null,
    webDistDir: join(repoRoot, 'apps/web/dist'),
    boardDistDir: join(repoRoot, 'apps/board/dist'),
  };
}

function objectStorageOf(e: z.infer<typeof envSchema>): ObjectStorageConfig | null {
  const at = e.STORAGE_URL ? parseStorageUrl(e.STORAGE_URL) : null;
  if (!at) return null;
  return {
    ...at,
    endpoint: e.S3_ENDPOINT,
    region: e.S3_REGION,
    accessKeyId: e.S3_ACCESS_KEY_ID,
    secretAccessKey: e.S3_SECRET_ACCESS_KEY,
  };
}

/** Without APP_SECRET, keep a random secret beside the embedded data so restarts keep signed URLs valid. */
function localSecret(dataDir: string): string {
  const file = join(dataDir, 'secret');
  if (existsSync(file)) return readFileSync(file, 'utf8').trim();
  mkdirSync(dataDir, { recursive: true });
  const secret = randomBytes(32).toString('hex');
  writeFileSync(file, secret, { mode: 0o600 });
  return secret;
}
