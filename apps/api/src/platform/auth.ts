import { and, eq, gt, isNull, sql } from 'drizzle-orm';
import type { FastifyRequest } from 'fastify';
import type { Db } from '../db/client';
import { sessions, users } from '../db/schema/identity';
import { sha256 } from './crypto';
import { unauthenticated } from './errors';
import { chainOf, membershipsJsonSql, membershipsOf, scopeChainParams, scopeChainSql, type Membership, type ScopeChain, type ScopeIds } from './scope';

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
  /** A password sign-in an account's requirement caught before two-step sign-in was set up (route.ts). */
  mfaSetupRequired: boolean;
  /** Set while a staff member acts as this user; `parentSessionId` is the staff session. */
  impersonation: { parentSessionId: string; impersonatorUserId: string; redirect: string | null; reason: string | null } | null;
}

/** Reads `Authorization: Bearer <token>`; null when absent. */
export function bearerToken(req: FastifyRequest): string | null {
  const header = req.headers.authorization;
  if (!header) return null;
  const [scheme, token] = header.split(' ');
  if (scheme?.toLowerCase() !== 'bearer' || !token || token.length > 200) return null;
  return token;
}

/** Who is calling and, for scoped routes, what they belong to and the requested scope's chain. */
export interface Caller {
  auth: AuthContext;
  memberships: Membership[];
  chain: ScopeChain | null;
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
  return (await lookUp(db, token, enterpriseId, idleMs, null, now)).auth;
}

/**
 * {@link authenticate}, with the caller's memberships and the requested scope's account → site → employer chain
 * read in the same statement: the checks every scoped request makes cost one round trip instead of three
 * (bench/README.md). `ids` null = an enterprise-level route, which reads no chain.
 */
export async function authenticateCaller(
  db: Db,
  token: string,
  enterpriseId: string,
  idleMs: number,
  ids: ScopeIds | null,
  now = new Date(),
): Promise<Caller> {
  return lookUp(db, token, enterpriseId, idleMs, { ids }, now);
}

type Variant = 'session' | 'withMemberships' | 'withScope';

/**
 * The lookup runs on every request, so it is built once per database and variant and run as a named prepared
 * statement: building it anew cost more Node time than the rest of a list request, and PostgreSQL would parse
 * and plan it again every time (bench/README.md).
 */
function lookupStatement(db: Db, variant: Variant) {
  return db
    .select({
      sessionId: sessions.id,
      expiresAt: sessions.expiresAt,
      idleExpiresAt: sessions.idleExpiresAt,
      lastUsedAt: sessions.lastUsedAt,
      parentSessionId: sessions.parentSessionId,
      impersonatorUserId: sessions.impersonatorUserId,
      redirect: sessions.redirect,
      reason: sessions.reason,
      mfaSetupRequired: sessions.mfaSetupRequired,
      userId: users.id,
      enterpriseId: users.enterpriseId,
      name: users.name,
      email: users.email,
      avatarFileId: users.avatarFileId,
      memberships: variant === 'session' ? sql`null` : membershipsJsonSql(users.id),
      chain: variant === 'withScope' ? scopeChainSql() : sql`null`,
    })
    .from(sessions)
    .innerJoin(users, eq(users.id, sessions.userId))
    .where(
      and(
        eq(sessions.tokenHash, sql.placeholder('tokenHash')),
        isNull(sessions.revokedAt),
        gt(sessions.expiresAt, sql.placeholder('now')),
        gt(sessions.idleExpiresAt, sql.placeholder('now')),
        eq(users.enabled, true),
        eq(users.enterpriseId, sql.placeholder('enterpriseId')),
        // An impersonation lives only while the staff session it came from does: signing that out, or it expiring
        // or being revoked (the staff member disabled), ends the impersonation at once.
        sql`("sessions"."parent_session_id" is null or exists (select 1 from "sessions" "parent"
          where "parent"."id" = "sessions"."parent_session_id" and "parent"."revoked_at" is null
            and "parent"."expires_at" > ${sql.placeholder('now')} and "parent"."idle_expires_at" > ${sql.placeholder('now')}))`,
      ),
    )
    .limit(1)
    .prepare(`auth_lookup_${variant}`);
}

const statements = new WeakMap<Db, Map<Variant, ReturnType<typeof lookupStatement>>>();

function statement(db: Db, variant: Variant) {
  let byVariant = statements.get(db);
  if (!byVariant) statements.set(db, (byVariant = new Map()));
  let s = byVariant.get(variant);
  if (!s) byVariant.set(variant, (s = lookupStatement(db, variant)));
  return s;
}

async function lookUp(
  db: Db,
  token: string,
  enterpriseId: string,
  idleMs: number,
  scoped: { ids: ScopeIds | null } | null,
  now: Date,
): Promise<Caller> {
  const ids = scoped?.ids;
  const withScope = Boolean(ids?.accountId && !ids.malformed);
  const variant: Variant = !scoped ? 'session' : withScope ? 'withScope' : 'withMemberships';
  const [row] = await statement(db, variant).execute({
    tokenHash: sha256(token),
    now,
    enterpriseId,
    ...(withScope ? scopeChainParams(ids!) : {}),
  });
  if (!row) throw unauthenticated();

  if (!row.lastUsedAt || now.getTime() - row.lastUsedAt.getTime() > 60_000) {
    const idle = new Date(Math.min(now.getTime() + idleMs, row.expiresAt.getTime()));
    await db
      .update(sessions)
      .set({ lastUsedAt: now, idleExpiresAt: sql`greatest(${sessions.idleExpiresAt}, ${idle})` })
      .where(eq(sessions.id, row.sessionId));
  }

  return {
    auth: {
      sessionId: row.sessionId,
      expiresAt: row.expiresAt,
      mfaSetupRequired: row.mfaSetupRequired,
      user: { id: row.userId, enterpriseId: row.enterpriseId, name: row.name, email: row.email, avatarFileId: row.avatarFileId },
      impersonation:
        row.parentSessionId && row.impersonatorUserId
          ? { parentSessionId: row.parentSessionId, impersonatorUserId: row.impersonatorUserId, redirect: row.redirect, reason: row.reason }
          : null,
    },
    memberships: membershipsOf(row.memberships),
    chain: chainOf(row.chain),
  };
}
