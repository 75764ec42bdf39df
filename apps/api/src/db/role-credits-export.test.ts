import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { and, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { createTenant, type Tenant } from '../test/factories';
import { createTestApp, type TestApp } from '../test/harness';
import { migrationsFolder } from './migrate';
import { roles } from './schema/identity';

/*
 * Migration 0015 gives the built-in roles that look after credits the new credits.export on databases made before it.
 * Here it runs again over roles set back to how such a database holds them.
 */

let t: TestApp;
let a: Tenant;
beforeAll(async () => {
  t = await createTestApp();
  a = await createTenant(t.deps.db);
});
afterAll(() => t.close());

const permissionsOf = async (key: string) =>
  (await t.deps.db.select({ p: roles.permissions }).from(roles).where(and(eq(roles.accountId, a.account.id), eq(roles.key, key))))[0]!.p;

it('adds credits.export to the site manager and employer admin roles that see credits, once, and to nothing else', async () => {
  const db = t.deps.db;
  const without = sql`array_remove(${roles.permissions}, 'credits.export')`;
  await db.update(roles).set({ permissions: without }).where(eq(roles.accountId, a.account.id));
  // An account that took seeing credits away from its employer admins, and a custom role of its own.
  await db
    .update(roles)
    .set({ permissions: sql`array_remove(${roles.permissions}, 'credits.view')` })
    .where(and(eq(roles.accountId, a.account.id), eq(roles.key, 'employer_admin')));
  await db.insert(roles).values({ enterpriseId: a.enterpriseId, accountId: a.account.id, key: 'bookkeeper', name: 'Bookkeeper', level: 'site', permissions: ['credits.view'] });

  const migration = readFileSync(join(migrationsFolder, '0015_role_credits_export.sql'), 'utf8');
  // One statement, so it runs through either driver as it is.
  await db.execute(sql.raw(migration));
  await db.execute(sql.raw(migration));

  expect((await permissionsOf('site_manager')).filter((p) => p === 'credits.export')).toHaveLength(1);
  expect(await permissionsOf('employer_admin')).not.toContain('credits.export');
  expect(await permissionsOf('bookkeeper')).toEqual(['credits.view']);
  expect(await permissionsOf('employer_user')).not.toContain('credits.export');
});
