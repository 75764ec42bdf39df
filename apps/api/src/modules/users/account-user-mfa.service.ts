import type { AppDeps } from '../../deps';
import { audit } from '../../platform/audit';
import { composeMail } from '../../platform/notify/compose';
import { asLocale } from '../../platform/notify/locale';
import { userAudit } from './account-users.service';
import * as mfaRepo from './account-user-mfa.repo';
import type { AccountActor } from './user.policy';
import { lockMember } from './user-standing';
import { mfaResetMessages } from '@hireline/contract/admin-messages';

export { mfaResetMessages };

/**
 * A member lost their authenticator and their recovery codes: an account admin turns two-step sign-in off for them,
 * so their next password sign-in works with the password alone (and, where the account requires it, sets it up
 * again). Like disabling, only for someone whose access is all in this account: one account's admin never weakens
 * the sign-in of a person another tenant (or the enterprise) relies on. Audited; the person is emailed, so a reset
 * they did not ask for does not go unnoticed.
 */
export async function resetMfa(deps: AppDeps, actor: AccountActor, userId: string) {
  await deps.db.transaction(async (tx) => {
    // The policy refuses someone with access elsewhere, or whose two-step sign-in is not on.
    const { user } = await lockMember(tx, actor, userId, 'reset_mfa');
    await mfaRepo.removeMfa(tx, userId);
    const mail = await composeMail(deps, tx, {
      kind: 'user.mfa_reset',
      accountId: actor.accountId,
      audience: 'portal',
      to: { email: user.email, name: user.name, locale: asLocale(await mfaRepo.localeOf(tx, userId)) },
      vars: { admin_name: actor.name },
      action: '/login',
      dedupeKey: `user.mfa_reset:${userId}:${Date.now()}`,
    });
    await deps.mailer.queue(tx, mail);
    await audit(tx, userAudit(actor, userId, 'user.mfa_reset'));
  });
}
