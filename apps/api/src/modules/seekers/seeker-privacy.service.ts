import type { AppDeps } from '../../deps';
import { audit } from '../../platform/audit';
import { notFound } from '../../platform/errors';
import type { ResolvedScope } from '../../platform/scope';
import { eraseSeekerData, removeBytes, seekerExport } from '../../platform/seeker-privacy';
import { seekerAudit, type Actor } from './seeker-lifecycle.service';
import { refusal } from './seeker.policy';
import { loadDetail } from './seeker-present';
import * as repo from './seekers.repo';
import { seekerAccount } from './seekers.repo';

/*
 * Privacy requests made to the staff: everything held on a seeker (export), and erasing their personal data (erase).
 * What is gathered and what is wiped is platform/seeker-privacy.ts, the same as when candidates ask on the board.
 */

/** Everything held on the seeker in the account, on every site: profile, documents, applications with all they hold. */
export async function exportSeeker(deps: AppDeps, scope: ResolvedScope, actor: Actor, id: string) {
  const accountId = seekerAccount(scope);
  const doc = await seekerExport(deps.db, accountId, id);
  if (!doc) throw notFound();
  const counts = { applications: doc.applications.length, documents: doc.documents.length };
  await audit(deps.db, seekerAudit(actor, { id, accountId }, 'seeker.export', counts));
  return doc;
}

/**
 * Removes the seeker's personal data for good, in one transaction (see eraseSeekerData); stored bytes go after the
 * commit. Answers the profile as it now stands.
 */
export async function eraseSeeker(deps: AppDeps, scope: ResolvedScope, actor: Actor, id: string, reason: string) {
  const accountId = seekerAccount(scope);
  const { detail, keys } = await deps.db.transaction(async (tx) => {
    const seeker = await repo.findSeeker(tx, accountId, id, { lock: true });
    if (!seeker) throw notFound();
    const refused = refusal(seeker, actor, 'erase');
    if (refused && refused !== 'unchanged') throw refused;
    const erased = await eraseSeekerData(tx, seeker);
    await audit(tx, seekerAudit(actor, seeker, 'seeker.erase', { reason, files: erased.files }));
    const detail = await loadDetail({ db: tx, accountId, siteId: scope.siteId, ability: actor.ability }, seeker.id);
    return { detail, keys: erased.keys };
  });
  await removeBytes(deps.storage, keys);
  return detail;
}
