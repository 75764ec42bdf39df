import { eq } from 'drizzle-orm';
import { employers } from '../../db/schema/employers';
import type { TestApp } from '../../test/harness';

/* An employer's row as stored, for the employer tests. */

export async function employerRow(t: TestApp, id: string) {
  const [row] = await t.deps.db.select().from(employers).where(eq(employers.id, id));
  return row ?? null;
}

