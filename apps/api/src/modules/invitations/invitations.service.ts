import { invitationMessages, type AcceptMode, type InvitationInfo } from '@hireline/contract/invitations';
import { messages } from '@hireline/contract/messages';
import type { DbOrTx } from '../../db/client';
import type { AppDeps } from '../../deps';
import { audit, auditEntry } from '../../platform/audit';
import type { AuthContext } from '../../platform/auth';
import { hashPassword, sha256 } from '../../platform/crypto';
import { HttpError, invalid } from '../../platform/errors';
import { notify } from '../../platform/notify/notify';
import type { ClientInfo } from '../../platform/sessions';
import type { Enterprise } from '../../platform/tenancy';
import * as repo from './invitations.repo';

/*
 * Accepting an invitation: the link's account, and only its, gains the person. A first password is set only for
 * someone who has none and belongs nowhere yet (nobody else's access hangs on it); anyone else must be signed in as
 * themselves to accept, so one account's invitation never sets or resets a password that opens another account.
 */

const invalidLink = () => invalid({ token: [invitationMessages.invalid] });

/**
 * How this person accepts: choosing a first password only when no other account hangs on it (no password yet, no
 * access anywhere, no other account's invitation waiting); otherwise signed in as themselves. Someone with no
 * password who was invited by two accounts chooses one through "forgot password", which reaches only their mailbox.
 */
async function modeOf(db: DbOrTx, inv: repo.OpenInvitation): Promise<AcceptMode> {
  if (inv.user.passwordHash !== null) return 'session';
  if (await repo.belongsAnywhere(db, inv.user.id)) return 'session';
  if (await repo.pendingElsewhere(db, inv.accountId, inv.user.id)) return 'session';
  return 'password';
}

/** An open link whose account still has an invitation of the person waiting; anything else is the same 422. */
async function openInvitation(db: DbOrTx, enterprise: Enterprise, token: string, lock = false) {
  const inv = await repo.findOpenInvitation(db, enterprise.id, sha256(token), { lock });
  const pending = inv && (await repo.pendingIn(db, inv.accountId, inv.user.id));
  if (!inv || !pending) throw invalidLink();
  return { inv, typedName: pending.name };
}

const isInvitee = (auth: AuthContext | null, userId: string) => auth !== null && auth.impersonation === null && auth.user.id === userId;

export async function read(deps: AppDeps, enterprise: Enterprise, auth: AuthContext | null, token: string, client: ClientInfo): Promise<InvitationInfo> {
  await deps.rateLimiter.hit(`invitation:ip:${client.ip}`, 60, 60 * 60_000);
  const { inv, typedName } = await openInvitation(deps.db, enterprise, token);
  return {
    account: { name: inv.accountName },
    // What the inviting account typed, which is all the link shows before the person is signed in.
    name: typedName || inv.user.email,
    email: inv.user.email,
    accept_with: await modeOf(deps.db, inv),
    signed_in_as_invitee: isInvitee(auth, inv.user.id),
  };
}

export async function accept(
  deps: AppDeps,
  enterprise: Enterprise,
  auth: AuthContext | null,
  b: { token: string; password?: string | undefined },
  client: ClientInfo,
) {
  await deps.rateLimiter.hit(`invitation:ip:${client.ip}`, 60, 60 * 60_000);
  const passwordHash = b.password === undefined ? null : await hashPassword(b.password);
  const mode = await deps.db.transaction(async (tx) => {
    const { inv } = await openInvitation(tx, enterprise, b.token, true);
    // Signed in as the person (by password or single sign-on), accepting sets nothing; else only someone new may
    // choose a first password, and whatever password comes for anyone else is never used.
    const how: AcceptMode = isInvitee(auth, inv.user.id) ? 'session' : await modeOf(tx, inv);
    if (how === 'session' && !isInvitee(auth, inv.user.id)) throw new HttpError(403, invitationMessages.signIn);
    if (how === 'password') {
      if (!passwordHash) throw invalid({ password: [messages.required] });
      await repo.setFirstPassword(tx, inv.user.id, passwordHash);
    }
    await repo.acceptPending(tx, inv.accountId, inv.user.id);
    await repo.closeInvitations(tx, inv.accountId, inv.user.id);
    await repo.revokeOtherSessions(tx, inv.user.id, how === 'session' ? auth!.sessionId : null);
    const invitee = { enterpriseId: enterprise.id, userId: inv.user.id, impersonatorUserId: null, ip: client.ip };
    await audit(tx, auditEntry(invitee, { type: 'user', id: inv.user.id, accountId: inv.accountId }, 'user.accept_invitation', { with: how }));
    if (inv.invitedBy) {
      await notify(deps, tx, {
        event: 'invitation.accepted',
        accountId: inv.accountId,
        siteId: null,
        userIds: [inv.invitedBy],
        vars: { invitee_name: inv.user.name || inv.user.email, invitee_email: inv.user.email },
        link: `/${inv.accountSlug}/users`,
        key: inv.id,
      });
    }
    return how;
  });
  return { message: mode === 'password' ? invitationMessages.acceptedWithPassword : invitationMessages.accepted, accept_with: mode };
}
