import pg from 'pg';
import type { Storage } from '../platform/storage';
import type { Query } from '../ops/manifest';

/**
 * One fingerprint per table of the application's schemas: the md5 of all its rows as text, in a fixed order. Two
 * databases with equal fingerprints hold the same rows, value for value, whatever their physical order.
 */
export async function fingerprintsWith(query: Query): Promise<Record<string, string>> {
  const names = await query<{ name: string }>(
    `select quote_ident(schemaname) || '.' || quote_ident(tablename) as name from pg_tables
      where schemaname in ('public', 'drizzle') order by 1`,
  );
  const out: Record<string, string> = {};
  for (const { name } of names) {
    const [row] = await query<{ md5: string | null }>(`select md5(string_agg(t::text, ',' order by t::text)) as md5 from ${name} t`);
    out[name] = row!.md5 ?? 'empty';
  }
  return out;
}

/** The fingerprints of a PostgreSQL database, read as its owner (row-level security does not hide rows from it). */
export async function tableFingerprints(url: string): Promise<Record<string, string>> {
  const c = new pg.Client({ connectionString: url });
  await c.connect();
  try {
    return await fingerprintsWith(async (text) => (await c.query(text)).rows);
  } finally {
    await c.end();
  }
}

/** Every file a storage holds, by key. */
export async function storedFiles(storage: Storage): Promise<Map<string, Buffer>> {
  const out = new Map<string, Buffer>();
  for await (const key of storage.list()) out.set(key, (await storage.get(key))!);
  return out;
}
