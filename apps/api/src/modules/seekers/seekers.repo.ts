import { and, eq, getTableColumns, inArray, isNull, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client';
import { seekerSessions } from '../../db/schema/identity';
import { files } from '../../db/schema/platform';
import { seekerDocuments, seekers } from '../../db/schema/seekers';
import { forbidden, notFound } from '../../platform/errors';
import { newestFirst } from '../../platform/order';
import type { ResolvedScope } from '../../platform/scope';
import { reach } from './seeker.policy';

/* One seeker at a time: find in the account, write, their documents and stored files. Lists: seekers-query.repo. */

// Neither the search document (for queries only) nor the password hash (no staff screen shows it) is ever read back.
const { search: _search, passwordHash: _passwordHash, ...seekerColumns } = getTableColumns(seekers);
export { seekerColumns };

export type SeekerRow = Omit<typeof seekers.$inferSelect, 'search' | 'passwordHash'>;
export type SeekerPatch = Partial<Omit<typeof seekers.$inferInsert, 'id' | 'accountId' | 'search' | 'profileId'>>;
export type FileRow = typeof files.$inferSelect;

/**
 * The account whose candidates the caller works with. Seekers belong to the account (DESIGN §5), so a site or
 * account selection is enough; none selected is 404 like any other scoped read. A caller confined to employers is
 * refused even with a custom seekers permission: the account's candidate pool (and deleting or erasing from it) is
 * not an employer's business, and the applications to their own jobs are reached through the applications API.
 */
export function seekerAccount(scope: ResolvedScope): string {
  if (!scope.accountId) throw notFound();
  if (scope.employerIds) throw forbidden();
  return scope.accountId;
}

/** A seeker the caller may reach ({@link reach}), or null: another tenant's seeker is "not found". `lock` serialises state changes. */
export async function findSeeker(db: DbOrTx, accountId: string, id: string, opts: { lock?: boolean } = {}): Promise<SeekerRow | null> {
  const q = db.select(seekerColumns).from(seekers).where(and(eq(seekers.id, id), reach(accountId))).limit(1);
  const [row] = opts.lock ? await q.for('update') : await q;
  return row ?? null;
}

export async function updateSeeker(db: DbOrTx, id: string, patch: SeekerPatch): Promise<void> {
  await db.update(seekers).set(patch).where(eq(seekers.id, id));
}

/** Applications (with their history and feedback), documents and impersonation sessions go with it (ON DELETE CASCADE). */
export async function deleteSeeker(db: DbOrTx, id: string): Promise<void> {
  await db.delete(seekers).where(eq(seekers.id, id));
}

/** The resume's file row, when it is one of the account's. */
export async function resumeOf(db: DbOrTx, s: SeekerRow): Promise<FileRow | null> {
  if (!s.resumeFileId) return null;
  const [row] = await db.select().from(files).where(and(eq(files.id, s.resumeFileId), eq(files.accountId, s.accountId))).limit(1);
  return row ?? null;
}

/** The seeker's documents, newest first (seeker_documents_seeker_created_idx). */
export async function documentsOf(db: DbOrTx, s: SeekerRow) {
  return db
    .select({ file: files, kind: seekerDocuments.kind })
    .from(seekerDocuments)
    .innerJoin(files, eq(files.id, seekerDocuments.fileId))
    .where(and(eq(seekerDocuments.seekerId, s.id), eq(files.accountId, s.accountId)))
    .orderBy(...newestFirst(seekerDocuments.createdAt, seekerDocuments.id));
}

/** A file the seeker's profile shows (their resume or one of their documents); anything else is not theirs to serve. */
export async function profileFile(db: DbOrTx, s: SeekerRow, fileId: string): Promise<FileRow | null> {
  const listed = db
    .select({ one: sql`1` })
    .from(seekerDocuments)
    .where(and(eq(seekerDocuments.seekerId, s.id), eq(seekerDocuments.fileId, fileId)));
  const [row] = await db
    .select()
    .from(files)
    .where(
      and(
        eq(files.id, fileId),
        eq(files.accountId, s.accountId),
        s.resumeFileId === fileId ? undefined : sql`exists (${listed})`,
      ),
    )
    .limit(1);
  return row ?? null;
}

/** Rows only; the bytes go after the transaction commits (see removeBytes). */
export async function deleteFiles(db: DbOrTx, ids: string[]): Promise<void> {
  if (ids.length) await db.delete(files).where(inArray(files.id, ids));
}

export async function deleteDocuments(db: DbOrTx, seekerId: string): Promise<void> {
  await db.delete(seekerDocuments).where(eq(seekerDocuments.seekerId, seekerId));
}

/** Ends every board session of the seeker (their own and staff acting as them), so a disabled or erased seeker is out at once. */
export async function revokeSessions(db: DbOrTx, seekerId: string): Promise<void> {
  await db
    .update(seekerSessions)
    .set({ revokedAt: new Date() })
    .where(and(eq(seekerSessions.seekerId, seekerId), isNull(seekerSessions.revokedAt)));
}
