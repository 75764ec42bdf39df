import { bigint, index, integer, pgTable, text, unique, uuid } from 'drizzle-orm/pg-core';
import { createdAt, id, tstz, updatedAt } from '../columns';
import { users } from './identity';

/**
 * Staff two-step sign-in (TOTP). The secret is encrypted at rest (platform/mfa-crypto.ts); `confirmedAt` null is a
 * setup begun but not yet proven with a code. `lastUsedStep` is the newest 30-second step a code was accepted for:
 * a code of that step or an older one is refused (replay).
 */
export const userMfa = pgTable('user_mfa', {
  userId: uuid('user_id')
    .primaryKey()
    .references(() => users.id, { onDelete: 'cascade' }),
  secretEnc: text('secret_enc').notNull(),
  confirmedAt: tstz('confirmed_at'),
  lastUsedStep: bigint('last_used_step', { mode: 'number' }),
  createdAt: createdAt(),
  updatedAt: updatedAt(),
});

/** Single-use recovery codes, only their SHA-256 kept. */
export const userRecoveryCodes = pgTable(
  'user_recovery_codes',
  {
    id: id(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    codeHash: text('code_hash').notNull(),
    usedAt: tstz('used_at'),
    createdAt: createdAt(),
  },
  (t) => [unique('user_recovery_codes_user_code_unique').on(t.userId, t.codeHash)],
);

/** The pending second step of a password sign-in: short-lived, single use, attempts counted. */
export const mfaChallenges = pgTable(
  'mfa_challenges',
  {
    id: id(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    tokenHash: text('token_hash').notNull().unique('mfa_challenges_token_hash_unique'),
    attempts: integer('attempts').notNull().default(0),
    expiresAt: tstz('expires_at').notNull(),
    usedAt: tstz('used_at'),
    createdAt: createdAt(),
  },
  (t) => [index('mfa_challenges_user_idx').on(t.userId)],
);
