import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { seekers } from './schema/seekers';
import { openTestDatabase, type TestDatabase } from './testing';
import { createTenant } from '../test/factories';

// Profile ids stay unique past the sixth digit (migration 0005): SK-999999 is followed by SK-1000000.
let database: TestDatabase;
beforeAll(async () => {
  database = await openTestDatabase();
});
afterAll(() => database?.dispose());

it('numbers candidates SK-000001 onwards and keeps going past SK-999999', async () => {
  const { account } = await createTenant(database.db);
  const add = async (n: number) =>
    (await database.db.insert(seekers).values({ accountId: account.id, name: `S${n}`, email: `s${n}@pid.test` }).returning())[0]!.profileId;
  expect(await add(1)).toMatch(/^SK-\d{6}$/);
  await database.db.execute(sql`select setval('seeker_profile_seq', 999998)`);
  expect([await add(2), await add(3), await add(4)]).toEqual(['SK-999999', 'SK-1000000', 'SK-1000001']);
});
