import type { AuditAction } from '@hireline/contract/audit-actions';
import type { Tx } from '../../db/client';
import type { AppDeps } from '../../deps';
import { audit, auditEntry, type AuditEntry } from '../../platform/audit';
import { notFound } from '../../platform/errors';
import type { ResolvedScope } from '../../platform/scope';
import { filesHeldFor, removeBytes } from '../../platform/seeker-privacy';
import * as apps from './seeker-applications.repo';
import { loadDetail } from './seeker-present';
import { refusal, type Caller } from './seeker.policy';
import * as repo from './seekers.repo';
import { seekerAccount, type SeekerRow } from './seekers.repo';
import type { Actor } from '../../platform/actor';

/* Enable, disable (final), tags and delete (permanent). Privacy requests (export, erase) are in seeker-privacy. */

export type { Actor } from '../../platform/actor';

export { messagesFor } from './seeker.policy';

/** An audit_logs row about a seeker. `data` never holds personal data: the log outlives an erasure. */
export const seekerAudit = (actor: Actor, s: Pick<SeekerRow, 'id' | 'accountId'>, action: AuditAction, data: Record<string, unknown> = {}): AuditEntry =>
  auditEntry(actor, { type: 'seeker', id: s.id, accountId: s.accountId }, action, data);

/** Runs `change` on the locked seeker row, then reads the profile back in the same transaction. */
async function changeSeeker(deps: AppDeps, scope: ResolvedScope, actor: Actor, id: string, change: (tx: Tx, s: SeekerRow) => Promise<void>) {
  const accountId = seekerAccount(scope);
  return deps.db.transaction(async (tx) => {
    const seeker = await repo.findSeeker(tx, accountId, id, { lock: true });
    if (!seeker) throw notFound();
    await change(tx, seeker);
    return loadDetail({ db: tx, accountId, siteId: scope.siteId, ability: actor.ability }, id);
  });
}

/** Only a seeker who was never disabled (e.g. created disabled) can be enabled: disabling is irreversible. */
export function enableSeeker(deps: AppDeps, scope: ResolvedScope, actor: Actor, id: string) {
  return changeSeeker(deps, scope, actor, id, async (tx, s) => {
    const refused = refusal(s, actor, 'enable');
    if (refused === 'unchanged') return;
    if (refused) throw refused;
    await repo.updateSeeker(tx, s.id, { enabled: true });
    await audit(tx, seekerAudit(actor, s, 'seeker.enable'));
  });
}

/** For good: the seeker can no longer sign in or apply, and any session acting as them ends now. */
export function disableSeeker(deps: AppDeps, scope: ResolvedScope, actor: Actor, id: string) {
  return changeSeeker(deps, scope, actor, id, async (tx, s) => {
    const refused = refusal(s, actor, 'disable');
    if (refused && refused !== 'unchanged') throw refused;
    await repo.updateSeeker(tx, s.id, { enabled: false, disabledAt: new Date() });
    await repo.revokeSessions(tx, s.id);
    await audit(tx, seekerAudit(actor, s, 'seeker.disable'));
  });
}

/** Tags organise the list; an erased seeker keeps none (they could say something about the person). */
export async function setTags(deps: AppDeps, scope: ResolvedScope, caller: Caller, id: string, tags: string[]) {
  const seeker = await repo.findSeeker(deps.db, seekerAccount(scope), id);
  if (!seeker) throw notFound();
  const refused = refusal(seeker, caller, 'update_tags');
  if (refused && refused !== 'unchanged') throw refused;
  const next = [...new Set(tags)];
  await repo.updateSeeker(deps.db, id, { tags: next });
  return { tags: next };
}

/** Permanent: the seeker, their applications (answers, history, feedback), documents and stored files. */
export async function deleteSeeker(deps: AppDeps, scope: ResolvedScope, actor: Actor, id: string) {
  const accountId = seekerAccount(scope);
  const keys = await deps.db.transaction(async (tx) => {
    const seeker = await repo.findSeeker(tx, accountId, id, { lock: true });
    if (!seeker) throw notFound();
    const held = await filesHeldFor(tx, seeker);
    const applications = await apps.countApplications(tx, seeker.id, null);
    await repo.deleteFiles(tx, held.map((f) => f.id));
    await repo.deleteSeeker(tx, seeker.id);
    await audit(tx, seekerAudit(actor, seeker, 'seeker.delete', { applications, files: held.length, erased: seeker.erasedAt !== null }));
    return held.map((f) => f.storageKey);
  });
  await removeBytes(deps.storage, keys);
}
