import { asc, eq } from 'drizzle-orm';
import { auditLogs } from '../db/schema/platform';
import type { TestApp } from './harness';

/* What a request left in the audit log. */

/** Audit rows about one subject, oldest first. */
export async function auditOf(t: TestApp, subjectId: string) {
  return t.deps.db.select().from(auditLogs).where(eq(auditLogs.subjectId, subjectId)).orderBy(asc(auditLogs.createdAt), asc(auditLogs.id));
}
