import { eq } from 'drizzle-orm';
import { messages } from '@hireline/contract/messages';
import type { Db } from '../db/client';
import { enterprises } from '../db/schema/tenancy';
import { HttpError } from './errors';

export interface Enterprise {
  id: string;
  key: string;
  name: string;
}

/**
 * Resolves `X-AF-EID` to the enterprise. Enterprises are few and never
 * renamed in place, so a short per-process cache keeps this off the hot path.
 */
export function enterpriseResolver(db: Db, ttlMs = 60_000) {
  const cache = new Map<string, { value: Enterprise | null; at: number }>();
  return async function resolve(key: string | undefined): Promise<Enterprise> {
    if (!key || key.length > 100) throw new HttpError(400, messages.unknownEnterprise);
    const hit = cache.get(key);
    let value: Enterprise | null;
    if (hit && Date.now() - hit.at < ttlMs) value = hit.value;
    else {
      const [row] = await db
        .select({ id: enterprises.id, key: enterprises.key, name: enterprises.name })
        .from(enterprises)
        .where(eq(enterprises.key, key))
        .limit(1);
      value = row ?? null;
      cache.set(key, { value, at: Date.now() });
    }
    if (!value) throw new HttpError(400, messages.unknownEnterprise);
    return value;
  };
}
