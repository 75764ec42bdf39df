import { and, asc, eq, gt, inArray, isNull, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client';
import { applications } from '../../db/schema/applications';
import { seekerSessions, seekerTokens } from '../../db/schema/identity';
import { files } from '../../db/schema/platform';
import { fieldOptions } from '../../db/schema/settings';
import { seekerDocuments, seekers } from '../../db/schema/seekers';
import { newestFirst } from '../../platform/order';

/* Candidates' own account on the board: their seeker row in the board's account, their one-time links and files. */

export type CandidateRow = typeof seekers.$inferSelect;
export type FileRow = typeof files.$inferSelect;
export type TokenPurpose = 'verify' | 'reset';

/** The account's seeker with this (lower-case) email, password hash included: signing in needs it. */
export async function findByEmail(db: DbOrTx, accountId: string, email: string): Promise<CandidateRow | null> {
  const [row] = await db
    .select()
    .from(seekers)
    .where(and(eq(seekers.accountId, accountId), eq(seekers.email, email)))
    .limit(1);
  return row ?? null;
}

/** Whether one of the candidate's own board sessions (not staff acting as them) started from this address since `since`. */
export async function signedInFrom(db: DbOrTx, accountId: string, seekerId: string, ip: string, since: Date): Promise<boolean> {
  const [row] = await db
    .select({ id: seekerSessions.id })
    .from(seekerSessions)
    .where(
      and(
        eq(seekerSessions.accountId, accountId),
        eq(seekerSessions.seekerId, seekerId),
        eq(seekerSessions.ip, ip),
        isNull(seekerSessions.impersonatorUserId),
        gt(seekerSessions.createdAt, since),
      ),
    )
    .limit(1);
  return !!row;
}

/** `lock` serialises changes to one candidate (verify, reset, delete). */
export async function findById(db: DbOrTx, accountId: string, id: string, opts: { lock?: boolean } = {}): Promise<CandidateRow | null> {
  const q = db.select().from(seekers).where(and(eq(seekers.id, id), eq(seekers.accountId, accountId))).limit(1);
  const [row] = opts.lock ? await q.for('update') : await q;
  return row ?? null;
}

/** A new candidate, or null when the email was registered a moment ago by a concurrent request. */
export async function insertSeeker(
  db: DbOrTx,
  v: { accountId: string; name: string; email: string; phone: string | null; passwordHash: string },
): Promise<CandidateRow | null> {
  const [row] = await db.insert(seekers).values(v).onConflictDoNothing({ target: [seekers.accountId, seekers.email] }).returning();
  return row ?? null;
}

export async function updateSeeker(db: DbOrTx, id: string, patch: Partial<Omit<typeof seekers.$inferInsert, 'id' | 'accountId'>>) {
  await db
    .update(seekers)
    .set({ ...patch, updatedAt: new Date() })
    .where(eq(seekers.id, id));
}

export async function insertToken(
  db: DbOrTx,
  v: { accountId: string; seekerId: string; tokenHash: string; purpose: TokenPurpose; expiresAt: Date; pendingPasswordHash?: string | null },
) {
  await db.insert(seekerTokens).values(v);
}

/** Whether a link of this kind went to the candidate since `since` (repeated sign-in attempts do not mail again). */
export async function tokenSentSince(db: DbOrTx, seekerId: string, purpose: TokenPurpose, since: Date): Promise<boolean> {
  const [row] = await db
    .select({ id: seekerTokens.id })
    .from(seekerTokens)
    .where(and(eq(seekerTokens.seekerId, seekerId), eq(seekerTokens.purpose, purpose), gt(seekerTokens.createdAt, since)))
    .limit(1);
  return !!row;
}

/** Marks a link used and returns it, only if it was still valid and of this account: single use even under races. */
export async function consumeToken(db: DbOrTx, accountId: string, tokenHash: string, purpose: TokenPurpose, now = new Date()) {
  const [row] = await db
    .update(seekerTokens)
    .set({ usedAt: now })
    .where(
      and(
        eq(seekerTokens.tokenHash, tokenHash),
        eq(seekerTokens.purpose, purpose),
        eq(seekerTokens.accountId, accountId),
        isNull(seekerTokens.usedAt),
        gt(seekerTokens.expiresAt, now),
      ),
    )
    .returning({ seekerId: seekerTokens.seekerId, pendingPasswordHash: seekerTokens.pendingPasswordHash });
  return row ?? null;
}

/** The candidate's other open links of this kind stop working once one was used. */
export async function retireTokens(db: DbOrTx, seekerId: string, purpose: TokenPurpose) {
  await db
    .update(seekerTokens)
    .set({ usedAt: new Date() })
    .where(and(eq(seekerTokens.seekerId, seekerId), eq(seekerTokens.purpose, purpose), isNull(seekerTokens.usedAt)));
}

/** The site's options of these kinds in its order, disabled ones too (a stored value keeps its label). */
export async function optionsOf(db: DbOrTx, site: { id: string; accountId: string }, kinds: Array<'visa_type' | 'work_type'>) {
  return db
    .select({ kind: fieldOptions.kind, value: fieldOptions.value, label: fieldOptions.label, enabled: fieldOptions.enabled })
    .from(fieldOptions)
    .where(and(eq(fieldOptions.siteId, site.id), eq(fieldOptions.accountId, site.accountId), inArray(fieldOptions.kind, kinds)))
    .orderBy(asc(fieldOptions.kind), asc(fieldOptions.position), asc(fieldOptions.label));
}

/** A file of the candidate's account. */
export async function fileOf(db: DbOrTx, accountId: string, fileId: string): Promise<FileRow | null> {
  const [row] = await db
    .select()
    .from(files)
    .where(and(eq(files.id, fileId), eq(files.accountId, accountId)))
    .limit(1);
  return row ?? null;
}

/** The profile's documents, newest first (seeker_documents_seeker_created_idx). */
export async function documentsOf(db: DbOrTx, s: { id: string; accountId: string }): Promise<FileRow[]> {
  const rows = await db
    .select({ file: files })
    .from(seekerDocuments)
    .innerJoin(files, eq(files.id, seekerDocuments.fileId))
    .where(and(eq(seekerDocuments.seekerId, s.id), eq(files.accountId, s.accountId)))
    .orderBy(...newestFirst(seekerDocuments.createdAt, seekerDocuments.id));
  return rows.map((r) => r.file);
}

export async function insertDocument(db: DbOrTx, s: { id: string; accountId: string }, fileId: string) {
  await db.insert(seekerDocuments).values({ accountId: s.accountId, seekerId: s.id, fileId, kind: 'document' });
}

/** The candidate's own document entry for this file, or null (another candidate's is not theirs to touch). */
export async function findDocument(db: DbOrTx, seekerId: string, fileId: string) {
  const [row] = await db
    .select({ id: seekerDocuments.id, storageKey: files.storageKey })
    .from(seekerDocuments)
    .innerJoin(files, eq(files.id, seekerDocuments.fileId))
    .where(and(eq(seekerDocuments.seekerId, seekerId), eq(seekerDocuments.fileId, fileId)))
    .limit(1)
    .for('update', { of: seekerDocuments });
  return row ?? null;
}

export async function deleteDocument(db: DbOrTx, id: string) {
  await db.delete(seekerDocuments).where(eq(seekerDocuments.id, id));
}

/** Whether one of the candidate's applications was sent with the file: the employer keeps what they received. */
export async function sentWithApplication(db: DbOrTx, seekerId: string, fileId: string): Promise<boolean> {
  const [row] = await db
    .select({ one: sql`1` })
    .from(applications)
    .where(and(eq(applications.seekerId, seekerId), eq(applications.resumeFileId, fileId)))
    .limit(1);
  return !!row;
}

export async function deleteFile(db: DbOrTx, fileId: string) {
  await db.delete(files).where(eq(files.id, fileId));
}
