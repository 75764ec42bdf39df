import { and, eq, gt, isNull, sql } from 'drizzle-orm';
import type { Config } from '../config';
import type { Db, DbOrTx } from '../db/client';
import { seekerSessions, users } from '../db/schema/identity';
import { seekers } from '../db/schema/seekers';
import { accounts } from '../db/schema/tenancy';
import { newToken, sha256 } from './crypto';
import { unauthenticated } from './errors';
import type { ClientInfo } from './sessions';

/*
 * Candidates' board sessions (table seeker_sessions): the same kind of opaque token and lifetimes as staff sessions,
 * kept in their own table so a candidate's token is never a staff token and the other way round.
 */

export interface SeekerAuth {
  sessionId: string;
  expiresAt: Date;
  seeker: { id: string; accountId: string; name: string; email: string };
  /** Set while a staff member acts as this candidate from the portal. */
  impersonation: { impersonatorUserId: string; impersonatorName: string; parentSessionId: string; reason: string | null } | null;
}

/**
 * The candidate behind a board token, or 401: revoked, idle too long, expired, the candidate disabled or erased,
 * another enterprise's account, or an impersonation whose staff session has ended.
 */
export async function authenticateSeeker(db: Db, token: string, enterpriseId: string, idleMs: number, now = new Date()): Promise<SeekerAuth> {
  const [row] = await db
    .select({
      sessionId: seekerSessions.id,
      expiresAt: seekerSessions.expiresAt,
      lastUsedAt: seekerSessions.lastUsedAt,
      parentSessionId: seekerSessions.parentSessionId,
      impersonatorUserId: seekerSessions.impersonatorUserId,
      impersonatorName: users.name,
      reason: seekerSessions.reason,
      seekerId: seekers.id,
      accountId: seekers.accountId,
      name: seekers.name,
      email: seekers.email,
    })
    .from(seekerSessions)
    .innerJoin(seekers, eq(seekers.id, seekerSessions.seekerId))
    .innerJoin(accounts, eq(accounts.id, seekers.accountId))
    .leftJoin(users, eq(users.id, seekerSessions.impersonatorUserId))
    .where(
      and(
        eq(seekerSessions.tokenHash, sha256(token)),
        isNull(seekerSessions.revokedAt),
        gt(seekerSessions.expiresAt, now),
        gt(seekerSessions.idleExpiresAt, now),
        eq(seekers.enabled, true),
        isNull(seekers.erasedAt),
        eq(accounts.enterpriseId, enterpriseId),
        sql`(${seekerSessions.parentSessionId} is null or exists (select 1 from "sessions" "parent"
          where "parent"."id" = ${seekerSessions.parentSessionId} and "parent"."revoked_at" is null
            and "parent"."expires_at" > ${now} and "parent"."idle_expires_at" > ${now}))`,
      ),
    )
    .limit(1);
  if (!row) throw unauthenticated();
  // The idle deadline moves at most once a minute, as for staff sessions.
  if (!row.lastUsedAt || now.getTime() - row.lastUsedAt.getTime() > 60_000) {
    const idle = new Date(Math.min(now.getTime() + idleMs, row.expiresAt.getTime()));
    await db
      .update(seekerSessions)
      .set({ lastUsedAt: now, idleExpiresAt: sql`greatest(${seekerSessions.idleExpiresAt}, ${idle})` })
      .where(eq(seekerSessions.id, row.sessionId));
  }
  return {
    sessionId: row.sessionId,
    expiresAt: row.expiresAt,
    seeker: { id: row.seekerId, accountId: row.accountId, name: row.name, email: row.email },
    impersonation:
      row.parentSessionId && row.impersonatorUserId
        ? { impersonatorUserId: row.impersonatorUserId, impersonatorName: row.impersonatorName ?? '', parentSessionId: row.parentSessionId, reason: row.reason }
        : null,
  };
}

/** A board session for a candidate who has just proven who they are; the caller audits the sign-in in `db`. */
export async function startSeekerSession(
  db: DbOrTx,
  config: Pick<Config, 'sessionMaxMs' | 'sessionIdleMs'>,
  s: { accountId: string; seekerId: string; client: ClientInfo },
) {
  const token = newToken();
  const now = Date.now();
  const expiresAt = new Date(now + config.sessionMaxMs);
  const idleExpiresAt = new Date(Math.min(now + config.sessionIdleMs, expiresAt.getTime()));
  const [row] = await db
    .insert(seekerSessions)
    .values({
      accountId: s.accountId,
      seekerId: s.seekerId,
      tokenHash: sha256(token),
      expiresAt,
      idleExpiresAt,
      lastUsedAt: new Date(now),
      ip: s.client.ip,
      userAgent: s.client.userAgent?.slice(0, 500) ?? null,
    })
    .returning({ id: seekerSessions.id });
  return { sessionId: row!.id, token: { access_token: token, token_type: 'Bearer' as const, expires_at: expiresAt.toISOString() } };
}

/**
 * A staff member's board session as a candidate: time-boxed like a user impersonation and never outliving the
 * staff session it came from (`parentSessionId`), which it leaves untouched.
 */
export async function startSeekerImpersonation(
  db: DbOrTx,
  s: {
    accountId: string;
    seekerId: string;
    parentSessionId: string;
    impersonatorUserId: string;
    type: 'seeker' | 'applicant';
    reason: string;
    expiresAt: Date;
    client: ClientInfo;
  },
) {
  const token = newToken();
  const [row] = await db
    .insert(seekerSessions)
    .values({
      accountId: s.accountId,
      seekerId: s.seekerId,
      tokenHash: sha256(token),
      expiresAt: s.expiresAt,
      idleExpiresAt: s.expiresAt,
      lastUsedAt: new Date(),
      parentSessionId: s.parentSessionId,
      impersonatorUserId: s.impersonatorUserId,
      impersonationType: s.type,
      reason: s.reason,
      ip: s.client.ip,
      userAgent: s.client.userAgent?.slice(0, 500) ?? null,
    })
    .returning({ id: seekerSessions.id });
  return { sessionId: row!.id, token };
}

/** Ends one board session; true when it was still open. */
export async function endSeekerSession(db: DbOrTx, sessionId: string): Promise<boolean> {
  const ended = await db
    .update(seekerSessions)
    .set({ revokedAt: new Date() })
    .where(and(eq(seekerSessions.id, sessionId), isNull(seekerSessions.revokedAt)))
    .returning({ id: seekerSessions.id });
  return ended.length > 0;
}

/** Every open board session of a candidate but one (a password reset keeps the session it starts). */
export async function endOtherSeekerSessions(db: DbOrTx, seekerId: string, keepSessionId: string | null) {
  await db
    .update(seekerSessions)
    .set({ revokedAt: new Date() })
    .where(
      and(
        eq(seekerSessions.seekerId, seekerId),
        isNull(seekerSessions.revokedAt),
        keepSessionId ? sql`${seekerSessions.id} <> ${keepSessionId}` : sql`true`,
      ),
    );
}
