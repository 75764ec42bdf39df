import { and, eq } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client';
import { sessions, users } from '../../db/schema/identity';

/* SQL of impersonation: the person acted as, the staff session it hangs from, the child session itself. */

export async function findUser(db: DbOrTx, enterpriseId: string, id: string) {
  const [row] = await db
    .select({ id: users.id, name: users.name, enabled: users.enabled })
    .from(users)
    .where(and(eq(users.enterpriseId, enterpriseId), eq(users.id, id)))
    .limit(1);
  return row ?? null;
}

export async function findSession(db: DbOrTx, id: string) {
  const [row] = await db
    .select({ expiresAt: sessions.expiresAt, idleExpiresAt: sessions.idleExpiresAt })
    .from(sessions)
    .where(eq(sessions.id, id))
    .limit(1);
  return row ?? null;
}

export async function insertChildSession(
  db: DbOrTx,
  s: {
    userId: string;
    tokenHash: string;
    parentSessionId: string;
    impersonatorUserId: string;
    reason: string;
    redirect: string;
    expiresAt: Date;
    ip: string;
    userAgent: string | null;
  },
) {
  const [row] = await db
    .insert(sessions)
    .values({ ...s, impersonationType: 'user', idleExpiresAt: s.expiresAt, lastUsedAt: new Date() })
    .returning({ id: sessions.id });
  return row!.id;
}
