import type { AppDeps } from '../../deps';
import { audit } from '../../platform/audit';
import { renderSimpleEmail } from '../../platform/email-layout';
import { conflict } from '../../platform/errors';
import type { AccountActor } from './account-access';
import { lockMember, userAudit, userMessages } from './account-users.service';
import * as mfaRepo from './account-user-mfa.repo';
import * as repo from './users.repo';

export const mfaResetMessages = { notOn: 'Two-step sign-in is not on for this person.' };

/**
 * A member lost their authenticator and their recovery codes: an account admin turns two-step sign-in off for them,
 * so their next password sign-in works with the password alone (and, where the account requires it, sets it up
 * again). Like disabling, only for someone whose access is all in this account: one account's admin never weakens
 * the sign-in of a person another tenant (or the enterprise) relies on. Audited; the person is emailed, so a reset
 * they did not ask for does not go unnoticed.
 */
export async function resetMfa(deps: AppDeps, actor: AccountActor, userId: string) {
  await deps.db.transaction(async (tx) => {
    const { user } = await lockMember(tx, actor, userId);
    if (await repo.hasAccessElsewhere(tx, actor.accountId, userId)) throw conflict(userMessages.accessElsewhere);
    if (!(await mfaRepo.removeMfa(tx, userId))) throw conflict(mfaResetMessages.notOn);
    const brand = await mfaRepo.accountName(tx, actor.accountId);
    const { html, text } = renderSimpleEmail({
      brand,
      heading: 'Two-step sign-in was reset',
      paragraphs: [
        `Hello ${user.name},`,
        `${actor.name}, an administrator of ${brand}, turned off two-step sign-in for your account. You can now sign in with your password alone, and set up an authenticator again from your profile's Security tab.`,
        'If you did not ask for this, tell your administrator at once.',
      ],
    });
    await deps.mailer.queue(tx, {
      to: user.email,
      toName: user.name,
      subject: 'Two-step sign-in was reset',
      html,
      text,
      event: 'user.mfa_reset',
      dedupeKey: `user.mfa_reset:${userId}:${Date.now()}`,
      accountId: actor.accountId,
      locale: 'en',
    });
    await audit(tx, userAudit(actor, userId, 'user.mfa_reset'));
  });
}
