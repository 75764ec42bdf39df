import { and, eq, isNull } from 'drizzle-orm';
import type { Tx } from '../db/client';
import { passwordResets, users } from '../db/schema/identity';
import type { AppDeps } from '../deps';
import { newToken, sha256 } from './crypto';
import { composeMail } from './notify/compose';
import { asLocale } from './notify/locale';

/*
 * How a person joins an account (DESIGN §10): an invitation they accept. The inviting service writes the memberships
 * pending (`accepted_at` null, with the name it typed), finds or creates the user by email in the enterprise, and
 * calls sendInvitation, which emails a link to `/auth/invitation` bound to this account and this user. Accepting it
 * (modules/invitations) turns that account's pending memberships into access, and nothing else: it sets a first
 * password only for someone who has none and belongs nowhere yet; anyone else accepts signed in as themselves.
 * The email says the same whoever the person is, so the inviting account learns nothing about them from it.
 */

export const INVITE_TTL_MS = 7 * 24 * 60 * 60_000;

export interface Invitation {
  accountId: string;
  siteId?: string | null;
  /**
   * Who invites (told when the invitation is accepted), and to what ("Acme Plumbing on Acme Jobs"), as the email says
   * it; the email is branded as the site, else the account.
   */
  inviterId: string | null;
  inviterName: string;
  scopeLabel: string;
  /** The name the inviting account typed: the person's own name elsewhere is not theirs to see or use. */
  name: string;
}

export type InvitedUser = typeof users.$inferSelect;

/** The user for this email, created without a password when the enterprise has none. */
export async function findOrCreateUser(tx: Tx, enterpriseId: string, email: string, name: string): Promise<{ user: InvitedUser; created: boolean }> {
  const [existing] = await tx.select().from(users).where(and(eq(users.enterpriseId, enterpriseId), eq(users.email, email))).limit(1);
  if (existing) return { user: existing, created: false };
  const [user] = await tx.insert(users).values({ enterpriseId, email, name }).returning();
  return { user: user!, created: true };
}

/** A pending membership as the inviting services write it. */
export const pendingMembership = (typedName: string) => ({ acceptedAt: null, invitedName: typedName });

/** Queues the invitation email with a new link; earlier links of this account for this person stop working. */
export async function sendInvitation(deps: AppDeps, tx: Tx, user: InvitedUser, inv: Invitation): Promise<void> {
  const token = newToken();
  const now = new Date();
  // Only the newest link of this account works; another account's invitation of the same person is left alone.
  await tx
    .update(passwordResets)
    .set({ usedAt: now })
    .where(
      and(
        eq(passwordResets.userId, user.id),
        eq(passwordResets.purpose, 'invite'),
        eq(passwordResets.accountId, inv.accountId),
        isNull(passwordResets.usedAt),
      ),
    );
  await tx.insert(passwordResets).values({
    userId: user.id,
    tokenHash: sha256(token),
    purpose: 'invite',
    invitedBy: inv.inviterId,
    accountId: inv.accountId,
    expiresAt: new Date(now.getTime() + INVITE_TTL_MS),
  });
  // The invited person signs in to the account's portal: the link is on its domain, in the person's language.
  const mail = await composeMail(deps, tx, {
    kind: 'user.invited',
    accountId: inv.accountId,
    siteId: inv.siteId ?? null,
    audience: 'portal',
    to: { email: user.email, name: inv.name, locale: asLocale(user.locale) },
    vars: { inviter_name: inv.inviterName, scope_label: inv.scopeLabel },
    action: `/auth/invitation?token=${encodeURIComponent(token)}`,
    dedupeKey: `invite:${sha256(token)}`,
  });
  await deps.mailer.queue(tx, mail);
}
