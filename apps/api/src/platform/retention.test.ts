import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { idempotencyKeys } from '../db/schema/credits';
import { passwordResets, seekerSessions, seekerTokens, sessions } from '../db/schema/identity';
import { seekers } from '../db/schema/seekers';
import { createTenant, type Tenant } from '../test/factories';
import { createTestApp, type TestApp } from '../test/harness';
import { IDEMPOTENCY_KEEP_MS, purgeExpired } from './retention';

let t: TestApp;
let a: Tenant;
beforeAll(async () => {
  t = await createTestApp();
  a = await createTenant(t.deps.db);
});
afterAll(() => t.close());

const HOUR = 3_600_000;
const at = (hours: number) => new Date(Date.now() + hours * HOUR);

it('removes staff and candidate sessions and links a day past their end, and keeps everything still usable or recent', async () => {
  const db = t.deps.db;
  const userId = a.users.accountAdmin.id;
  const [seeker] = await db.insert(seekers).values({ accountId: a.account.id, name: 'Purge Candidate', email: 'purge@example.test' }).returning();
  const session = (tag: string, expiresAt: Date, idleExpiresAt: Date, revokedAt: Date | null = null) => ({ tag, expiresAt, idleExpiresAt, revokedAt });
  const cases = [
    session('live', at(10), at(1)),
    session('expired-long-ago', at(-30), at(-30)),
    session('idle-long-ago', at(10), at(-25)),
    session('revoked-long-ago', at(10), at(1), at(-25)),
    session('expired-recently', at(-2), at(-2)),
  ];
  for (const c of cases) {
    await db.insert(sessions).values({ userId, tokenHash: `staff-${c.tag}`, expiresAt: c.expiresAt, idleExpiresAt: c.idleExpiresAt, revokedAt: c.revokedAt });
    await db.insert(seekerSessions).values({
      accountId: a.account.id,
      seekerId: seeker!.id,
      tokenHash: `seeker-${c.tag}`,
      expiresAt: c.expiresAt,
      idleExpiresAt: c.idleExpiresAt,
      revokedAt: c.revokedAt,
    });
  }
  await db.insert(passwordResets).values([
    { userId, tokenHash: 'reset-live', expiresAt: at(1) },
    { userId, tokenHash: 'reset-old', expiresAt: at(-25) },
    { userId, tokenHash: 'reset-used', expiresAt: at(1), usedAt: at(-26) },
  ]);
  await db.insert(seekerTokens).values([
    { accountId: a.account.id, seekerId: seeker!.id, tokenHash: 'verify-live', purpose: 'verify', expiresAt: at(20) },
    { accountId: a.account.id, seekerId: seeker!.id, tokenHash: 'verify-old', purpose: 'verify', expiresAt: at(-25) },
    { accountId: a.account.id, seekerId: seeker!.id, tokenHash: 'reset-used', purpose: 'reset', expiresAt: at(1), usedAt: at(-30) },
  ]);

  const key = (k: string, createdAt: Date) => ({ accountId: a.account.id, userId, key: k, method: 'POST', path: '/v1/jobs/x/post', requestHash: k, statusCode: 200, response: {}, createdAt });
  await db.insert(idempotencyKeys).values([
    key('key-recent', at(-1)),
    key('key-old', new Date(Date.now() - IDEMPOTENCY_KEEP_MS - HOUR)),
  ]);

  expect(await purgeExpired(db)).toEqual({ sessions: 3, resets: 2, seekerSessions: 3, seekerTokens: 2, idempotencyKeys: 1 });
  const left = async <T extends { tokenHash: string }>(rows: Promise<T[]>) => (await rows).map((r) => r.tokenHash).sort();
  expect(await left(db.select().from(sessions).where(eq(sessions.userId, userId)))).toEqual(['staff-expired-recently', 'staff-live']);
  expect(await left(db.select().from(seekerSessions).where(eq(seekerSessions.seekerId, seeker!.id)))).toEqual(['seeker-expired-recently', 'seeker-live']);
  expect(await left(db.select().from(passwordResets).where(eq(passwordResets.userId, userId)))).toEqual(['reset-live']);
  expect(await left(db.select().from(seekerTokens).where(eq(seekerTokens.seekerId, seeker!.id)))).toEqual(['verify-live']);
  const keys = await db.select({ key: idempotencyKeys.key }).from(idempotencyKeys).where(eq(idempotencyKeys.userId, userId));
  expect(keys.map((k) => k.key)).toEqual(['key-recent']);
  // Run again: nothing left to remove.
  expect(await purgeExpired(db)).toEqual({ sessions: 0, resets: 0, seekerSessions: 0, seekerTokens: 0, idempotencyKeys: 0 });
});
