import { sql } from 'drizzle-orm';
import { boolean, check, index, integer, jsonb, pgTable, text, unique, uuid } from 'drizzle-orm/pg-core';
import { createdAt, id, textArray, tstz, updatedAt } from '../columns';
import { defaultSiteSettings, type SiteSettings } from '../defaults';

/** The branding document of spec §3; every part is optional because the portal falls back to spec §8's defaults. */
export interface Branding {
  colors?: { primary_color?: string; primary_darken_color?: string };
  stylesheet?: { path?: string | null };
  favicon?: string | null;
  logo?: string | null;
  login?: Record<string, string>;
  forgot_password?: Record<string, string>;
  register?: Record<string, string>;
}

export type AccountSettings = Record<string, unknown>;

export type { FormSetting, SiteSettings } from '../defaults';

export const enterprises = pgTable('enterprises', {
  id: id(),
  key: text('key').notNull().unique('enterprises_key_unique'),
  name: text('name').notNull(),
  createdAt: createdAt(),
  updatedAt: updatedAt(),
});

export const accounts = pgTable(
  'accounts',
  {
    id: id(),
    enterpriseId: uuid('enterprise_id')
      .notNull()
      .references(() => enterprises.id, { onDelete: 'cascade' }),
    slug: text('slug').notNull(),
    name: text('name').notNull(),
    title: text('title').notNull(),
    domain: text('domain').unique('accounts_domain_unique'),
    // Extra hosts that resolve to this account's branding (e.g. `localhost` for the demo).
    domainAliases: textArray('domain_aliases'),
    branding: jsonb('branding')
      .$type<Branding>()
      .notNull()
      .default(sql`'{}'::jsonb`),
    settings: jsonb('settings')
      .$type<AccountSettings>()
      .notNull()
      .default(sql`'{}'::jsonb`),
    logoSquare: text('logo_square'),
    // Staff of this account must sign in with a second step (TOTP); enterprise staff are not bound by it.
    requireMfa: boolean('require_mfa').notNull().default(false),
    // The account's own sender (migration 0022): null sends from the deployment's MAIL_FROM address, no Reply-To.
    mailFromAddress: text('mail_from_address'),
    mailReplyTo: text('mail_reply_to'),
    // Days each kind of record is kept (migration 0024, platform/retention-apply.ts); bounds checked below.
    retentionAuditDays: integer('retention_audit_days').notNull().default(730),
    retentionMailDays: integer('retention_mail_days').notNull().default(90),
    retentionNotificationDays: integer('retention_notification_days').notNull().default(365),
    retentionApplicationDays: integer('retention_application_days').notNull().default(730),
    retentionCandidateDays: integer('retention_candidate_days').notNull().default(1095),
    enabled: boolean('enabled').notNull().default(true),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    unique('accounts_enterprise_slug_unique').on(t.enterpriseId, t.slug),
    index('accounts_domain_aliases_idx').using('gin', t.domainAliases),
    check(
      'accounts_retention_days_check',
      sql`${t.retentionAuditDays} BETWEEN 30 AND 3650 AND ${t.retentionMailDays} BETWEEN 30 AND 3650 AND ${t.retentionNotificationDays} BETWEEN 30 AND 3650 AND ${t.retentionApplicationDays} BETWEEN 30 AND 3650 AND ${t.retentionCandidateDays} BETWEEN 30 AND 3650`,
    ),
  ],
);

export const sites = pgTable(
  'sites',
  {
    id: id(),
    accountId: uuid('account_id')
      .notNull()
      .references(() => accounts.id, { onDelete: 'cascade' }),
    slug: text('slug').notNull(),
    name: text('name').notNull(),
    domain: text('domain').unique('sites_domain_unique'),
    // Published by the site's owner (TXT `_hireline-verify.<domain>` or /.well-known/hireline-verify.txt) to prove the domain.
    domainToken: text('domain_token').notNull().default(sql`replace(gen_random_uuid()::text, '-', '')`),
    // Null: the board is not served on the domain yet (migration 0019; `*.localhost` is trusted on save).
    domainVerifiedAt: tstz('domain_verified_at'),
    boardEnabled: boolean('board_enabled').notNull().default(true),
    settings: jsonb('settings').$type<SiteSettings>().notNull().default(defaultSiteSettings),
    // Null means the account's branding; otherwise a partial override merged over it.
    branding: jsonb('branding').$type<Partial<Branding>>(),
    enabled: boolean('enabled').notNull().default(true),
    /** Signs this site's CMS tokens (docs/cms-token.md): random per site, never answered except once on rotation. */
    cmsSecret: text('cms_secret')
      .notNull()
      .default(sql`replace(gen_random_uuid()::text || gen_random_uuid()::text, '-', '')`),
    cmsSecretRotatedAt: tstz('cms_secret_rotated_at'),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [unique('sites_account_slug_unique').on(t.accountId, t.slug)],
);

/** `account_id` of a tenant-owned row: every such table carries it (DESIGN §6), and it goes with its account. */
export const accountRef = () =>
  uuid('account_id')
    .notNull()
    .references(() => accounts.id, { onDelete: 'cascade' });

/** `site_id` of a row that belongs to one site. */
export const siteRef = () =>
  uuid('site_id')
    .notNull()
    .references(() => sites.id, { onDelete: 'cascade' });
