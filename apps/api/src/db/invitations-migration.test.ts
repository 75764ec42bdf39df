import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { and, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { sha256 } from '../platform/crypto';
import { createTenant, type Tenant } from '../test/factories';
import { createTestApp, type TestApp } from '../test/harness';
import { migrationsFolder } from './migrate';
import { memberships, passwordResets, roles, users } from './schema/identity';

/*
 * Migration 0016's data steps, run again over rows set back to how a database made before it holds them: every
 * membership accepted, except those still waiting on an open invitation link of their account for someone who never
 * set a password; the site manager copies gain users.all once.
 */

let t: TestApp;
let a: Tenant;
let b: Tenant;
beforeAll(async () => {
  t = await createTestApp();
  a = await createTenant(t.deps.db, { name: 'Alpha' });
  b = await createTenant(t.deps.db, { name: 'Beta' });
});
afterAll(() => t.close());

/** The statements after the columns exist: the two membership updates and the roles update. */
const dataSteps = () =>
  readFileSync(join(migrationsFolder, '0016_invitations.sql'), 'utf8')
    .split('--> statement-breakpoint')
    .map((s) => s.trim())
    .filter((s) => s.split('\n').find((line) => !line.startsWith('--'))?.startsWith('UPDATE'));

it('marks old memberships accepted, keeps open invitations pending, and gives the site manager users.all once', async () => {
  const db = t.deps.db;
  const [invitee] = await db.insert(users).values({ enterpriseId: a.enterpriseId, email: 'waiting@example.test', name: 'Waiting' }).returning();
  const [consultant] = await db.select().from(roles).where(and(eq(roles.accountId, a.account.id), eq(roles.key, 'consultant')));
  const [consultantB] = await db.select().from(roles).where(and(eq(roles.accountId, b.account.id), eq(roles.key, 'consultant')));
  await db.insert(memberships).values([
    { userId: invitee!.id, enterpriseId: a.enterpriseId, scopeType: 'site', accountId: a.account.id, siteId: a.sites[0].id, roleId: consultant!.id },
    { userId: invitee!.id, enterpriseId: b.enterpriseId, scopeType: 'site', accountId: b.account.id, siteId: b.sites[0].id, roleId: consultantB!.id },
  ]);
  // Alpha's link is open; Beta's was used long ago.
  await db.insert(passwordResets).values([
    { userId: invitee!.id, tokenHash: sha256('alpha'), purpose: 'invite', accountId: a.account.id, expiresAt: new Date(Date.now() + 86_400_000) },
    { userId: invitee!.id, tokenHash: sha256('beta'), purpose: 'invite', accountId: b.account.id, expiresAt: new Date(Date.now() + 86_400_000), usedAt: new Date() },
  ]);
  await db.update(memberships).set({ acceptedAt: null, invitedName: null });
  await db.update(roles).set({ permissions: sql`array_remove(${roles.permissions}, 'users.all')` }).where(eq(roles.key, 'site_manager'));

  const steps = dataSteps();
  expect(steps).toHaveLength(3);
  for (const step of steps) await db.execute(sql.raw(step));
  await db.execute(sql.raw(steps[2]!));

  const rows = await db.select().from(memberships);
  const pending = rows.filter((m) => m.acceptedAt === null);
  expect(pending.map((m) => [m.userId, m.accountId, m.invitedName])).toEqual([[invitee!.id, a.account.id, 'Waiting']]);
  expect(rows.filter((m) => m.userId === a.users.accountAdmin.id).every((m) => m.acceptedAt !== null)).toBe(true);
  const [manager] = await db.select().from(roles).where(and(eq(roles.accountId, a.account.id), eq(roles.key, 'site_manager')));
  expect(manager!.permissions.filter((p) => p === 'users.all')).toHaveLength(1);
  const [employerAdmin] = await db.select().from(roles).where(and(eq(roles.accountId, a.account.id), eq(roles.key, 'employer_admin')));
  expect(employerAdmin!.permissions).toContain('users.all');
  const [consultantAfter] = await db.select().from(roles).where(eq(roles.id, consultant!.id));
  expect(consultantAfter!.permissions).not.toContain('users.all');
});
