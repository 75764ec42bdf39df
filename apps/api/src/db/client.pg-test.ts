import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { urlOf } from '../test/processes';
import { openDatabase, type Database } from './client';
import { openTestDatabase, type TestDatabase } from './testing';

let scratch: TestDatabase;
let database: Database;

beforeAll(async () => {
  scratch = await openTestDatabase({ kind: 'postgres' });
  database = await openDatabase({ url: urlOf(scratch.pool) });
  database.actAs('hireline_api');
});
afterAll(async () => {
  await database?.close();
  await scratch?.dispose();
});

describe('the API on a PostgreSQL server', () => {
  it('runs every statement without JIT compilation, which costs more than any page it serves', async () => {
    const { rows } = await database.db.execute<{ jit: string }>(sql`show jit`);
    expect(rows[0]!.jit).toBe('off');
  });

  it('plans each run of a prepared list with its values, never one generic plan for every value', async () => {
    const { rows } = await database.db.execute<{ plan_cache_mode: string }>(sql`show plan_cache_mode`);
    expect(rows[0]!.plan_cache_mode).toBe('force_custom_plan');
  });

  it('acts as the row-level-security role, not as the owner it migrated with', async () => {
    const { rows } = await database.db.execute<{ role: string }>(sql`select current_user as role`);
    expect(rows[0]!.role).toBe('hireline_api');
  });
});
