import { eq } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client';
import { files } from '../../db/schema/platform';

export async function findFile(db: DbOrTx, id: string) {
  const [row] = await db.select().from(files).where(eq(files.id, id)).limit(1);
  return row ?? null;
}
