import { inArray, sql, type Placeholder, type SQL } from 'drizzle-orm';
import type { PgColumn } from 'drizzle-orm/pg-core';
import { notFound } from './errors';
import type { ResolvedScope } from './scope';

/** The selected site, narrowed to the employers the caller is confined to (or the one selected). */
export interface SiteSlice {
  accountId: string;
  siteId: string;
  /** null = the whole site. */
  employerIds: string[] | null;
}

/**
 * What a site-level query may read. An employer user sees their employers' share of the site, and a selected
 * employer narrows everything to that employer. Without a selected site there is nothing to read: 404.
 */
export function siteSlice(scope: ResolvedScope): SiteSlice {
  if (!scope.accountId || !scope.siteId) throw notFound();
  return {
    accountId: scope.accountId,
    siteId: scope.siteId,
    employerIds: scope.employerId ? [scope.employerId] : scope.employerIds,
  };
}

/** A slice's ids, or the placeholders a prepared statement takes them as (platform/prepared.ts). */
export interface SliceIds {
  siteId: string | Placeholder;
  employerIds: string[] | Placeholder | null;
}

/**
 * The employer condition of a slice on a column holding an employer id; nothing when the whole site is readable.
 * A placeholder stands for the whole list, one array parameter.
 */
export const inEmployers = (column: PgColumn, ids: string[] | Placeholder | null): SQL | undefined =>
  ids === null ? undefined : Array.isArray(ids) ? inArray(column, ids) : sql`${column} = any(${ids})`;
