import { sql } from 'drizzle-orm';
import { boolean, check, index, pgTable, text, unique, uuid, type AnyPgColumn } from 'drizzle-orm/pg-core';
import { impersonationTypes, roleLevels, type ImpersonationType, type RoleLevel } from '@hireline/contract/enums';
import { createdAt, id, oneOf, textArray, tstz, updatedAt } from '../columns';
import { employers } from './employers';
import { files } from './platform';
import { seekers } from './seekers';
import { accounts, enterprises, sites } from './tenancy';

/** Staff users live at the enterprise; what they reach comes from their memberships. */
export const users = pgTable(
  'users',
  {
    id: id(),
    enterpriseId: uuid('enterprise_id')
      .notNull()
      .references(() => enterprises.id, { onDelete: 'cascade' }),
    email: text('email').notNull(),
    name: text('name').notNull(),
    passwordHash: text('password_hash'),
    avatarFileId: uuid('avatar_file_id').references((): AnyPgColumn => files.id, { onDelete: 'set null' }),
    locale: text('locale').notNull().default('en'),
    enabled: boolean('enabled').notNull().default(true),
    passwordChangedAt: tstz('password_changed_at'),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    unique('users_enterprise_email_unique').on(t.enterpriseId, t.email),
    check('users_email_lower_check', sql`${t.email} = lower(${t.email})`),
  ],
);

/** Permission bundles; `account_id` null is the enterprise-wide default a new account copies. */
export const roles = pgTable(
  'roles',
  {
    id: id(),
    enterpriseId: uuid('enterprise_id')
      .notNull()
      .references(() => enterprises.id, { onDelete: 'cascade' }),
    accountId: uuid('account_id').references(() => accounts.id, { onDelete: 'cascade' }),
    key: text('key').notNull(),
    name: text('name').notNull(),
    level: text('level').$type<RoleLevel>().notNull(),
    permissions: textArray('permissions'),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    unique('roles_enterprise_account_key_unique').on(t.enterpriseId, t.accountId, t.key).nullsNotDistinct(),
    index('roles_account_idx').on(t.accountId),
    oneOf('roles_level_check', t.level, roleLevels),
  ],
);

export const memberships = pgTable(
  'memberships',
  {
    id: id(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    enterpriseId: uuid('enterprise_id')
      .notNull()
      .references(() => enterprises.id, { onDelete: 'cascade' }),
    scopeType: text('scope_type').$type<RoleLevel>().notNull(),
    accountId: uuid('account_id').references(() => accounts.id, { onDelete: 'cascade' }),
    siteId: uuid('site_id').references(() => sites.id, { onDelete: 'cascade' }),
    employerId: uuid('employer_id').references((): AnyPgColumn => employers.id, { onDelete: 'cascade' }),
    // No action (checked at statement end) so deleting an account removes its roles and memberships together.
    roleId: uuid('role_id')
      .notNull()
      .references(() => roles.id),
    createdAt: createdAt(),
    /**
     * Null while an invitation waits for the person to accept it: a pending membership grants nothing and shows only
     * `invited_name` (what the inviting account typed). Every other way in is accepted when made.
     */
    acceptedAt: tstz('accepted_at').defaultNow(),
    invitedName: text('invited_name'),
  },
  (t) => [
    unique('memberships_scope_unique')
      .on(t.userId, t.scopeType, t.accountId, t.siteId, t.employerId)
      .nullsNotDistinct(),
    index('memberships_account_idx').on(t.accountId),
    index('memberships_site_idx').on(t.siteId),
    index('memberships_employer_idx').on(t.employerId),
    index('memberships_role_idx').on(t.roleId),
    index('memberships_pending_user_idx').on(t.userId).where(sql`${t.acceptedAt} is null`),
    oneOf('memberships_scope_type_check', t.scopeType, roleLevels),
    // The scope key is derived from these ids, so each scope type carries exactly the ids it needs;
    // employer memberships also carry their site so the site switcher needs no join.
    check(
      'memberships_scope_ids_check',
      sql`case ${t.scopeType}
        when 'enterprise' then ${t.accountId} is null and ${t.siteId} is null and ${t.employerId} is null
        when 'account' then ${t.accountId} is not null and ${t.siteId} is null and ${t.employerId} is null
        when 'site' then ${t.accountId} is not null and ${t.siteId} is not null and ${t.employerId} is null
        when 'employer' then ${t.accountId} is not null and ${t.siteId} is not null and ${t.employerId} is not null
        else false end`,
    ),
  ],
);

export const sessions = pgTable(
  'sessions',
  {
    id: id(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    tokenHash: text('token_hash').notNull().unique('sessions_token_hash_unique'),
    createdAt: createdAt(),
    lastUsedAt: tstz('last_used_at'),
    idleExpiresAt: tstz('idle_expires_at').notNull(),
    expiresAt: tstz('expires_at').notNull(),
    revokedAt: tstz('revoked_at'),
    // Ending the staff session ends every impersonation started from it.
    parentSessionId: uuid('parent_session_id').references((): AnyPgColumn => sessions.id, { onDelete: 'cascade' }),
    impersonatorUserId: uuid('impersonator_user_id').references((): AnyPgColumn => users.id, { onDelete: 'cascade' }),
    impersonationType: text('impersonation_type').$type<ImpersonationType>(),
    redirect: text('redirect'),
    reason: text('reason'),
    ip: text('ip'),
    userAgent: text('user_agent'),
    // A password sign-in an account's requirement caught without two-step sign-in set up: it may only set it up.
    mfaSetupRequired: boolean('mfa_setup_required').notNull().default(false),
  },
  (t) => [
    index('sessions_user_idx').on(t.userId),
    index('sessions_parent_idx').on(t.parentSessionId),
    index('sessions_expires_at_idx').on(t.expiresAt),
    oneOf('sessions_impersonation_type_check', t.impersonationType, impersonationTypes),
  ],
);

/**
 * Candidates' board sessions, apart from staff sessions so a candidate's token can never reach the portal's API.
 * A staff member acting as a candidate holds one with `parent_session_id` (their own session: ending it ends this)
 * and `impersonator_user_id` set.
 */
export const seekerSessions = pgTable(
  'seeker_sessions',
  {
    id: id(),
    accountId: uuid('account_id')
      .notNull()
      .references(() => accounts.id, { onDelete: 'cascade' }),
    seekerId: uuid('seeker_id')
      .notNull()
      .references(() => seekers.id, { onDelete: 'cascade' }),
    tokenHash: text('token_hash').notNull().unique('seeker_sessions_token_hash_unique'),
    createdAt: createdAt(),
    lastUsedAt: tstz('last_used_at'),
    idleExpiresAt: tstz('idle_expires_at').notNull(),
    expiresAt: tstz('expires_at').notNull(),
    revokedAt: tstz('revoked_at'),
    parentSessionId: uuid('parent_session_id').references(() => sessions.id, { onDelete: 'cascade' }),
    impersonatorUserId: uuid('impersonator_user_id').references(() => users.id, { onDelete: 'cascade' }),
    impersonationType: text('impersonation_type').$type<ImpersonationType>(),
    reason: text('reason'),
    ip: text('ip'),
    userAgent: text('user_agent'),
  },
  (t) => [
    index('seeker_sessions_seeker_idx').on(t.seekerId),
    index('seeker_sessions_parent_idx').on(t.parentSessionId),
    index('seeker_sessions_impersonator_idx').on(t.impersonatorUserId),
    index('seeker_sessions_expires_at_idx').on(t.expiresAt),
    oneOf('seeker_sessions_impersonation_type_check', t.impersonationType, impersonationTypes),
  ],
);

/**
 * One-time links mailed to candidates: `verify` proves the email address (and, for a candidate staff created
 * without a password, sets the password chosen at registration, kept here until then); `reset` sets a new password.
 */
export const seekerTokens = pgTable(
  'seeker_tokens',
  {
    id: id(),
    accountId: uuid('account_id')
      .notNull()
      .references(() => accounts.id, { onDelete: 'cascade' }),
    seekerId: uuid('seeker_id')
      .notNull()
      .references(() => seekers.id, { onDelete: 'cascade' }),
    tokenHash: text('token_hash').notNull().unique('seeker_tokens_token_hash_unique'),
    purpose: text('purpose').$type<'verify' | 'reset'>().notNull(),
    pendingPasswordHash: text('pending_password_hash'),
    expiresAt: tstz('expires_at').notNull(),
    usedAt: tstz('used_at'),
    createdAt: createdAt(),
  },
  (t) => [
    index('seeker_tokens_seeker_idx').on(t.seekerId),
    index('seeker_tokens_expires_at_idx').on(t.expiresAt),
    oneOf('seeker_tokens_purpose_check', t.purpose, ['verify', 'reset']),
  ],
);

export const passwordResets = pgTable(
  'password_resets',
  {
    id: id(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    tokenHash: text('token_hash').notNull().unique('password_resets_token_hash_unique'),
    purpose: text('purpose').$type<'reset' | 'invite'>().notNull().default('reset'),
    /** Who sent an invitation and into which account: they are told when it is accepted. */
    invitedBy: uuid('invited_by').references((): AnyPgColumn => users.id, { onDelete: 'set null' }),
    accountId: uuid('account_id').references(() => accounts.id, { onDelete: 'cascade' }),
    expiresAt: tstz('expires_at').notNull(),
    usedAt: tstz('used_at'),
    createdAt: createdAt(),
  },
  (t) => [
    index('password_resets_user_idx').on(t.userId),
    oneOf('password_resets_purpose_check', t.purpose, ['reset', 'invite']),
  ],
);

/** OpenID Connect providers an account offers for sign-in, next to passwords. */
export const oauthProviders = pgTable(
  'oauth_providers',
  {
    id: id(),
    accountId: uuid('account_id')
      .notNull()
      .references(() => accounts.id, { onDelete: 'cascade' }),
    slug: text('slug').notNull(),
    name: text('name').notNull(),
    issuer: text('issuer').notNull(),
    clientId: text('client_id').notNull(),
    clientSecret: text('client_secret').notNull(),
    allowedDomains: textArray('allowed_domains'),
    enabled: boolean('enabled').notNull().default(true),
    // Who signs in for the first time gets this role (at this site for a site role); none = only invited people.
    // Deleting the role or the site turns that off rather than leaving a half-configured provider behind.
    newUserRoleId: uuid('new_user_role_id').references(() => roles.id, { onDelete: 'set null' }),
    newUserSiteId: uuid('new_user_site_id').references(() => sites.id, { onDelete: 'set null' }),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [unique('oauth_providers_account_slug_unique').on(t.accountId, t.slug)],
);
