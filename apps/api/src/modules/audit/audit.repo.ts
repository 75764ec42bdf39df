import { and, asc, desc, eq, exists, gte, ilike, inArray, isNotNull, like, lt, or, sql, type SQL } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type { AuditSort } from '@hireline/contract/audit';
import { auditActions } from '@hireline/contract/audit-actions';
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

const WHOLE_UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
const ID_FRAGMENT = /^[0-9a-f-]+$/i;

/**
 * The text search: entries whose action or subject id contains the text, case-insensitively. Written as ILIKE on both
 * columns it read an account's whole trail under row-level security (1–1.7 s for 375,000 entries on the bench data),
 * for a rare text or none. Actions come only from the contract's list (platform/audit.ts takes an AuditAction), so
 * the keys that contain the text are found here and compared with `= any(…)`; subject ids are record ids (uuids), so
 * a whole uuid is an equality the subject index serves, and a text with any character no uuid holds matches no
 * subject. Only a fragment of an id (hex digits and dashes) is still looked for in every entry.
 */
function textMatch(q: string): SQL {
  const text = q.toLowerCase();
  const actions = auditActions.filter((action) => action.toLowerCase().includes(text));
  const subject = WHOLE_UUID.test(q) ? eq(auditLogs.subjectId, text) : ID_FRAGMENT.test(q) ? ilike(auditLogs.subjectId, likeContains(q)) : undefined;
  return or(actions.length ? inArray(auditLogs.action, actions) : undefined, subject) ?? sql`false`;
}

/**
 * The slice (audit_logs_account_created_idx with an account, audit_logs_enterprise_created_idx without) and filters.
 * The enterprise is always part of the condition, also with an account, so a row can never come from another one.
 */
export function listWhere(db: DbOrTx, s: AuditSlice, f: AuditFilters): SQL {
  return and(
    eq(auditLogs.enterpriseId, s.enterpriseId),
    s.accountId ? eq(auditLogs.accountId, s.accountId) : undefined,
    f.q ? textMatch(f.q) : undefined,
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

/**
 * The page's entries: their ids first, skipped through the created_at index alone (it holds both tenant columns), then
 * their rows. Subject ids are free text (a job reference, a setting key), not always a uuid: one in a uuid's own
 * spelling is read as a uuid here, anything else as none, so the person it names is found by primary key. The limit
 * keeps PostgreSQL from merging this into the query that joins the names: there the uuid's test (a regular
 * expression, which row-level security counts as able to leak what it reads) could not pick the person by key, and
 * each entry read its whole account's candidates (compared as text before, the same: a minute a page of a
 * 500,000-candidate account).
 */
function pageEntries(db: DbOrTx, where: SQL, sort: AuditSort, limit: number, offset: number) {
  const page = db.select({ id: auditLogs.id }).from(auditLogs).where(where).orderBy(...orders[sort]).limit(limit).offset(offset).as('page');
  const uuid = sql<string | null>`(case when ${auditLogs.subjectId} ~ '^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$' then ${auditLogs.subjectId}::uuid end)`;
  return db
    .select({
      id: auditLogs.id,
      enterpriseId: auditLogs.enterpriseId,
      accountId: auditLogs.accountId,
      actorUserId: auditLogs.actorUserId,
      impersonatorUserId: auditLogs.impersonatorUserId,
      createdAt: auditLogs.createdAt,
      action: auditLogs.action,
      subjectType: auditLogs.subjectType,
      subjectId: auditLogs.subjectId,
      subjectUuid: uuid.as('subject_uuid'),
      data: auditLogs.data,
      ip: auditLogs.ip,
    })
    .from(auditLogs)
    .innerJoin(page, eq(page.id, auditLogs.id))
    .limit(limit)
    .as('entry');
}

/**
 * One page, each entry with its actor, impersonator, account and the person it is about read in the same query (no
 * query per row), for the page's rows only: joined for every skipped row, page 20,000 of an account took 0.65 s
 * (bench/README.md).
 */
export async function listEntries(db: DbOrTx, where: SQL, sort: AuditSort, limit: number, offset: number) {
  const e = pageEntries(db, where, sort, limit, offset);
  const aboutUser = and(
    eq(e.subjectType, 'user'),
    eq(subjectUser.id, e.subjectUuid),
    // Named once they accepted the entry's account: before, their name is not the account's to see (as in its users list).
    // An entry of no account (an enterprise staff member acted as) is read by enterprise staff alone: named in the enterprise.
    sql`(case when ${e.accountId} is null then ${subjectUser.enterpriseId} = ${e.enterpriseId}
    else exists (select 1 from ${memberships} where ${memberships.userId} = ${subjectUser.id} and ${memberships.accountId} = ${e.accountId}
    and ${memberships.acceptedAt} is not null) end)`,
  );
  // A candidate of this account only: the entry's account is the seeker's.
  const aboutSeeker = and(eq(e.subjectType, 'seeker'), eq(seekers.id, e.subjectUuid), eq(seekers.accountId, e.accountId));
  const order = sort === 'created_at' ? [sql`${e.createdAt} asc nulls first`, asc(e.id)] : [sql`${e.createdAt} desc nulls last`, desc(e.id)];
  return db
    .select({
      id: e.id,
      createdAt: e.createdAt,
      action: e.action,
      subjectType: e.subjectType,
      subjectId: e.subjectId,
      data: e.data,
      ip: e.ip,
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
    .from(e)
    .leftJoin(actor, eq(actor.id, e.actorUserId))
    .leftJoin(impersonator, eq(impersonator.id, e.impersonatorUserId))
    .leftJoin(accounts, eq(accounts.id, e.accountId))
    .leftJoin(subjectUser, aboutUser)
    .leftJoin(seekers, aboutSeeker)
    .orderBy(...order);
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
