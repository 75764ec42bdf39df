import type { AuditAction } from '@hireline/contract/audit-actions';
import type { DbOrTx } from '../db/client';
import { auditLogs } from '../db/schema/platform';

export interface AuditEntry {
  enterpriseId: string;
  accountId?: string | null;
  actorUserId?: string | null;
  impersonatorUserId?: string | null;
  /** One of the contract's list, which the portal labels: a new action is added there first. */
  action: AuditAction;
  subjectType?: string | null;
  subjectId?: string | null;
  data?: Record<string, unknown>;
  ip?: string | null;
}

/**
 * Who an entry records as acting, and from where. `userId` is null when no user acted: a candidate (the subject of
 * the entry), a scheduled sweep, or a user since deleted.
 */
export interface AuditActor {
  enterpriseId: string;
  userId: string | null;
  /** The staff member behind an impersonated session, recorded beside the person acted as. */
  impersonatorUserId: string | null;
  ip: string | null;
}

/** What an entry is about, and the account it belongs to (null: nothing inside one account). */
export interface AuditSubject {
  type: string;
  id: string;
  accountId: string | null;
}

/** The one shape of an audit row about a subject: who acted (and who impersonated them), on what, and the change. */
export const auditEntry = (actor: AuditActor, subject: AuditSubject, action: AuditAction, data: Record<string, unknown> = {}): AuditEntry => ({
  enterpriseId: actor.enterpriseId,
  accountId: subject.accountId,
  actorUserId: actor.userId,
  impersonatorUserId: actor.impersonatorUserId,
  action,
  subjectType: subject.type,
  subjectId: subject.id,
  data,
  ip: actor.ip,
});

/**
 * Appends to the audit log (the table refuses updates and deletes). Call inside the same transaction as the change;
 * a list (a bulk change) is one INSERT.
 */
export async function audit(db: DbOrTx, entry: AuditEntry | AuditEntry[]): Promise<void> {
  const list = Array.isArray(entry) ? entry : [entry];
  if (!list.length) return;
  await db.insert(auditLogs).values(list.map((e) => ({
    enterpriseId: e.enterpriseId,
    accountId: e.accountId ?? null,
    actorUserId: e.actorUserId ?? null,
    impersonatorUserId: e.impersonatorUserId ?? null,
    action: e.action,
    subjectType: e.subjectType ?? null,
    subjectId: e.subjectId ?? null,
    data: e.data ?? {},
    ip: e.ip ?? null,
  })));
}
