import { and, eq, gt, isNull, sql } from 'drizzle-orm';
import type { FastifyRequest } from 'fastify';
import type { Db } from '../db/client';
import { sessions, users } from '../db/schema/identity';
import { sha256 } from './crypto';
import { unauthenticated } from './errors';

export interface SessionUser {
  id: string;
  enterpriseId: string;
  name: string;
  email: string;
  avatarFileId: string | null;
}

export interface AuthContext {
  sessionId: string;
  user: SessionUser;
  expiresAt: Date;
  /** Set while a staff member acts as this user; `parentSessionId` is the staff session. */
  impersonation: { parentSessionId: string; impersonatorUserId: string; redirect: string | null } | null;
}

/** Reads `Authorization: Bearer <token>`; null when absent. */
export function bearerToken(req: FastifyRequest): string | null {
  const header = req.headers.authorization;
  if (!header) return null;
  const [scheme, token] = header.split(' ');
  if (scheme?.toLowerCase() !== 'bearer' || !token || token.length > 200) return null;
  return token;
}

/**
 * Looks a token up by its hash and checks every way it can have ended: revoked,
 * idle too long, past its absolute expiry, user disabled, other enterprise.
 * Refreshes the idle deadline at most once a minute to keep reads cheap.
 */
export async function authenticate(
  db: Db,
  token: string,
  enterpriseId: string,
  idleMs: number,
  now = new Date(),
): Promise<AuthContext> {
  const [row] = await db
    .select({
      sessionId: sessions.id,
      expiresAt: sessions.expiresAt,
      idleExpiresAt: sessions.idleExpiresAt,
      lastUsedAt: sessions.lastUsedAt,
      parentSessionId: sessions.parentSessionId,
      impersonatorUserId: sessions.impersonatorUserId,
      redirect: sessions.redirect,
      userId: users.id,
      enterpriseId: users.enterpriseId,
      name: users.name,
      email: users.email,
      avatarFileId: users.avatarFileId,
    })
    .from(sessions)
    .innerJoin(users, eq(users.id, sessions.userId))
    .where(
      and(
        eq(sessions.tokenHash, sha256(token)),
        isNull(sessions.revokedAt),
        gt(sessions.expiresAt, now),
        gt(sessions.idleExpiresAt, now),
        eq(users.enabled, true),
        eq(users.enterpriseId, enterpriseId),
      ),
    )
    .limit(1);
  if (!row) throw unauthenticated();

  if (!row.lastUsedAt || now.getTime() - row.lastUsedAt.getTime() > 60_000) {
    const idle = new Date(Math.min(now.getTime() + idleMs, row.expiresAt.getTime()));
    await db
      .update(sessions)
      .set({ lastUsedAt: now, idleExpiresAt: sql`greatest(${sessions.idleExpiresAt}, ${idle})` })
      .where(eq(sessions.id, row.sessionId));
  }

  return {
    sessionId: row.sessionId,
    expiresAt: row.expiresAt,
    user: { id: row.userId, enterpriseId: row.enterpriseId, name: row.name, email: row.email, avatarFileId: row.avatarFileId },
    impersonation:
      row.parentSessionId && row.impersonatorUserId
        ? { parentSessionId: row.parentSessionId, impersonatorUserId: row.impersonatorUserId, redirect: row.redirect }
        : null,
  };
}
