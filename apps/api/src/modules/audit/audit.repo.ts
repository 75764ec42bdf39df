import { and, asc, desc, eq, exists, gte, ilike, isNotNull, like, lt, or, sql, type SQL } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type { AuditSort } from '@hireline/contract/audit';
import type { DbOrTx } from '../../db/client';
import { memberships, users } from '../../db/schema/identity';
import { seekers } from '../../db/schema/seekers';
import { auditLogs } from '../../db/schema/platform';
import { accounts } from '../../db/schema/tenancy';
import { cappedTotal } from '../../platform/capped-count';
import { afterRow } from '../../platform/keyset';
import { likeContains } from '../../platform/text-search';
import type { Total, TotalsCache } from '../../platform/totals-cache';

/* The audit trail, read only: one page of entries with who acted (and who impersonated them), and the page's total. */

/** Whose entries: an enterprise's, narrowed to one account (the account endpoint always, the enterprise one when asked). */
export interface AuditSlice {
  enterpriseId: string;
  accountId: string | null;
}

export interface AuditFilters {
  q?: string;
  actor?: string;
  actorEmail?: string;
  impersonatedOnly?: boolean;
  action?: string;
  subjectType?: string;
  subjectId?: string;
  from?: string;
  to?: string;
}

const DAY = 24 * 60 * 60 * 1000;
const dayStart = (day: string) => new Date(`${day}T00:00:00.000Z`);
/** `job.` → `job.%`, the user's `%` and `_` (common in action keys) taken literally. */
const likePrefix = (text: string) => `${text.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;

/** The user acted, or impersonated the one who did: "what did this person do" includes what they did as others. */
const byUser = (id: string) => or(eq(auditLogs.actorUserId, id), eq(auditLogs.impersonatorUserId, id));

/**
 * The same for an email fragment, as a subquery on users (by primary key) so the filter stays on audit_logs alone and
 * the count needs no join.
 */
const byEmail = (db: DbOrTx, text: string) =>
  exists(
    db
      .select({ one: sql`1` })
      .from(users)
      .where(
        and(
          or(eq(users.id, auditLogs.actorUserId), eq(users.id, auditLogs.impersonatorUserId)),
          ilike(users.email, likeContains(text)),
        ),
      ),
  );

/**
 * The slice (audit_logs_account_created_idx with an account, audit_logs_enterprise_created_idx without) and filters.
 * The enterprise is always part of the condition, also with an account, so a row can never come from another one.
 */
export function listWhere(db: DbOrTx, s: AuditSlice, f: AuditFilters): SQL {
  const pattern = f.q ? likeContains(f.q) : null;
  return and(
    eq(auditLogs.enterpriseId, s.enterpriseId),
    s.accountId ? eq(auditLogs.accountId, s.accountId) : undefined,
    pattern ? or(ilike(auditLogs.action, pattern), ilike(auditLogs.subjectId, pattern)) : undefined,
    f.actor ? byUser(f.actor) : undefined,
    f.actorEmail ? byEmail(db, f.actorEmail) : undefined,
    f.impersonatedOnly ? isNotNull(auditLogs.impersonatorUserId) : undefined,
    f.action ? (f.action.endsWith('.') ? like(auditLogs.action, likePrefix(f.action)) : eq(auditLogs.action, f.action)) : undefined,
    f.subjectType ? eq(auditLogs.subjectType, f.subjectType) : undefined,
    f.subjectId ? eq(auditLogs.subjectId, f.subjectId) : undefined,
    f.from ? gte(auditLogs.createdAt, dayStart(f.from)) : undefined,
    f.to ? lt(auditLogs.createdAt, new Date(dayStart(f.to).getTime() + DAY)) : undefined,
  )!;
}

/**
 * Newest first by default; the id (time-ordered) breaks ties within one transaction. `desc nulls last` and
 * `asc nulls first` are the created_at indexes' own order, read forwards or backwards.
 */
const orders: Record<AuditSort, SQL[]> = {
  '-created_at': [sql`${auditLogs.createdAt} desc nulls last`, desc(auditLogs.id)],
  created_at: [sql`${auditLogs.createdAt} asc nulls first`, asc(auditLogs.id)],
};

const actor = alias(users, 'actor');
const impersonator = alias(users, 'impersonator');
const subjectUser = alias(users, 'subject_user');
/* Ids are compared as text: subject ids are free text (a job reference, a setting key), not always a uuid. */
const aboutUser = and(
  eq(auditLogs.subjectType, 'user'),
  sql`${subjectUser.id}::text = ${auditLogs.subjectId}`,
  // Named once they accepted the entry's account: before, their name is not the account's to see (as in its users list).
  // An entry of no account (an enterprise staff member acted as) is read by enterprise staff alone: named in the enterprise.
  sql`(case when ${auditLogs.accountId} is null then ${subjectUser.enterpriseId} = ${auditLogs.enterpriseId}
    else exists (select 1 from ${memberships} where ${memberships.userId} = ${subjectUser.id} and ${memberships.accountId} = ${auditLogs.accountId}
    and ${memberships.acceptedAt} is not null) end)`,
);
const aboutSeeker = and(eq(auditLogs.subjectType, 'seeker'), sql`${seekers.id}::text = ${auditLogs.subjectId}`);

/** One page, each entry with its actor, impersonator and account read in the same query (no query per row). */
export async function listEntries(db: DbOrTx, where: SQL, sort: AuditSort, limit: number, offset: number) {
  return db
    .select({
      id: auditLogs.id,
      createdAt: auditLogs.createdAt,
      action: auditLogs.action,
      subjectType: auditLogs.subjectType,
      subjectId: auditLogs.subjectId,
      data: auditLogs.data,
      ip: auditLogs.ip,
      actorId: actor.id,
      actorName: actor.name,
      actorEmail: actor.email,
      impersonatorId: impersonator.id,
      impersonatorName: impersonator.name,
      impersonatorEmail: impersonator.email,
      accountId: accounts.id,
      accountName: accounts.name,
      subjectName: sql<string | null>`coalesce(${subjectUser.name}, ${seekers.name})`,
      subjectSeekerId: seekers.id,
    })
    .from(auditLogs)
    .leftJoin(actor, eq(actor.id, auditLogs.actorUserId))
    .leftJoin(impersonator, eq(impersonator.id, auditLogs.impersonatorUserId))
    .leftJoin(accounts, eq(accounts.id, auditLogs.accountId))
    .leftJoin(subjectUser, aboutUser)
    // A candidate of this account only: the entry's account is the seeker's.
    .leftJoin(seekers, and(aboutSeeker, eq(seekers.accountId, auditLogs.accountId)))
    .where(where)
    .orderBy(...orders[sort])
    .limit(limit)
    .offset(offset);
}

export type EntryRow = Awaited<ReturnType<typeof listEntries>>[number];

/** Entries after the entry `lastId` in the list's order, for an export's next batch. */
export const afterEntry = (sort: AuditSort, lastId: string | null) =>
  afterRow(auditLogs.createdAt, auditLogs.id, sort === 'created_at' ? 'asc' : 'desc', lastId);

export { COUNT_CAP } from '../../platform/capped-count';

/**
 * The list's total, as the jobs and seekers lists do it (ADR 008): the trail only grows (every sign-in adds to it),
 * so exact up to {@link COUNT_CAP}, beyond it the planner's row estimate; totals above a thousand are kept a few
 * seconds per query (platform/totals-cache.ts), keyed by the SQL and its parameters, which carry the tenant's ids.
 */
export function countEntries(db: DbOrTx, where: SQL, totals: TotalsCache): Promise<Total> {
  return cappedTotal(db, auditLogs, where, totals, 'audit');
}
