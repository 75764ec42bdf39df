import type { AppDeps } from '../../deps';
import type { Actor } from '../../platform/actor';
import { audit } from '../../platform/audit';
import { notFound } from '../../platform/errors';
import * as repo from './account-security.repo';
import { settingsAudit } from './settings-scope';

/*
 * The account's sign-in rules. Requiring two-step sign-in applies from each staff member's next password sign-in
 * (sessions already open stay as they are); someone without it set up is then held to its setup until done.
 */

export async function getSecurity(deps: AppDeps, accountId: string) {
  const requireMfa = await repo.requireMfaOf(deps.db, accountId);
  if (requireMfa === null) throw notFound();
  return { require_mfa: requireMfa };
}

export async function updateSecurity(deps: AppDeps, accountId: string, actor: Actor, body: { require_mfa: boolean }) {
  return deps.db.transaction(async (tx) => {
    const before = await repo.requireMfaOf(tx, accountId);
    if (before === null) throw notFound();
    if (before !== body.require_mfa) {
      await repo.setRequireMfa(tx, accountId, body.require_mfa);
      await audit(tx, settingsAudit(actor, accountId, 'account.security_update', { type: 'account', id: accountId }, { require_mfa: body.require_mfa }));
    }
    return { require_mfa: body.require_mfa };
  });
}
