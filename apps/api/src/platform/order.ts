import { sql, type SQL } from 'drizzle-orm';
import type { AnyPgColumn } from 'drizzle-orm/pg-core';

/**
 * Newest first, spelled the way the indexes are built: drizzle writes an index's `.desc()` as `DESC NULLS LAST`,
 * while a plain `desc()` in a query means `DESC NULLS FIRST` in PostgreSQL, an order no such index can produce, so
 * the planner sorted every matching row instead of reading the first few from the index (bench/README.md: the
 * dashboard's latest applications sorted a whole site). The columns given here are never null, so the rows come
 * out in the same order either way.
 */
export const newestFirst = (...columns: AnyPgColumn[]): SQL[] => columns.map((c) => sql`${c} desc nulls last`);
