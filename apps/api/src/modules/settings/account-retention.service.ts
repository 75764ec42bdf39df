import type { AccountRetention } from '@hireline/contract/retention';
import type { AppDeps } from '../../deps';
import type { Actor } from '../../platform/actor';
import { audit } from '../../platform/audit';
import { notFound } from '../../platform/errors';
import * as repo from './account-retention.repo';
import { settingsAudit } from './settings-scope';

/*
 * The account's retention periods (platform/retention-apply.ts applies them on its next run). The audit entry keeps
 * each changed period before and after: a shortened period removes records for good, so who shortened it matters.
 */

const fieldOf = {
  audit_days: 'auditDays',
  mail_days: 'mailDays',
  notification_days: 'notificationDays',
  application_days: 'applicationDays',
  candidate_days: 'candidateDays',
} as const satisfies Record<keyof AccountRetention, keyof repo.RetentionRow>;

const answer = (row: repo.RetentionRow): AccountRetention => ({
  audit_days: row.auditDays,
  mail_days: row.mailDays,
  notification_days: row.notificationDays,
  application_days: row.applicationDays,
  candidate_days: row.candidateDays,
});

export async function getRetention(deps: AppDeps, accountId: string) {
  const row = await repo.retentionOf(deps.db, accountId);
  if (!row) throw notFound();
  return answer(row);
}

export async function updateRetention(deps: AppDeps, accountId: string, actor: Actor, body: Partial<AccountRetention>) {
  return deps.db.transaction(async (tx) => {
    const before = await repo.retentionOf(tx, accountId);
    if (!before) throw notFound();
    const changes: Partial<repo.RetentionRow> = {};
    const data: Record<string, { from: number; to: number }> = {};
    for (const [key, field] of Object.entries(fieldOf) as [keyof AccountRetention, keyof repo.RetentionRow][]) {
      const value = body[key];
      if (value === undefined || value === before[field]) continue;
      changes[field] = value;
      data[key] = { from: before[field], to: value };
    }
    if (!Object.keys(changes).length) return answer(before);
    await repo.setRetention(tx, accountId, changes);
    await audit(tx, settingsAudit(actor, accountId, 'account.retention_update', { type: 'account', id: accountId }, data));
    return answer({ ...before, ...changes });
  });
}
