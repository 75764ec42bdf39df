import { and, eq, isNull } from 'drizzle-orm';
import type { Tx } from '../db/client';
import { passwordResets, users } from '../db/schema/identity';
import type { AppDeps } from '../deps';
import { newToken, sha256 } from './crypto';
import { renderSimpleEmail } from './email-layout';

/*
 * Bringing a person into a scope (an employer today, an account or site with the users screen): the user is found by
 * email in the enterprise or created without a password, and emailed either a link to set their first password at
 * `/auth/profile/password` (it lasts a week and works once, through the reset-password endpoint) or, when they
 * already sign in, a note that they now have access. The membership itself is the caller's to write.
 */

export const INVITE_TTL_MS = 7 * 24 * 60 * 60_000;

export interface Invitation {
  accountId: string;
  siteId?: string | null;
  /** Who invites (told when the invitation is accepted), and to what ("Acme Plumbing on Acme Jobs"), as the email says it. */
  inviterId: string | null;
  inviterName: string;
  scopeLabel: string;
  brand: { name: string; color?: string | undefined };
}

export type InvitedUser = typeof users.$inferSelect;

/** The user for this email, created without a password when the enterprise has none. */
export async function findOrCreateUser(tx: Tx, enterpriseId: string, email: string, name: string): Promise<{ user: InvitedUser; created: boolean }> {
  const [existing] = await tx.select().from(users).where(and(eq(users.enterpriseId, enterpriseId), eq(users.email, email))).limit(1);
  if (existing) return { user: existing, created: false };
  const [user] = await tx.insert(users).values({ enterpriseId, email, name }).returning();
  return { user: user!, created: true };
}

/** Queues the right email for the user: set a password (invalidating earlier invitation links) or sign in. */
export async function sendInvitation(deps: AppDeps, tx: Tx, user: InvitedUser, inv: Invitation): Promise<void> {
  const intro = `${inv.inviterName} has given you access to ${inv.scopeLabel}.`;
  let mail: { heading: string; paragraphs: string[]; action: { label: string; url: string }; key: string };
  if (user.passwordHash === null) {
    const token = newToken();
    const now = new Date();
    // Only the newest link works: a resent invitation replaces the one before it.
    await tx
      .update(passwordResets)
      .set({ usedAt: now })
      .where(and(eq(passwordResets.userId, user.id), eq(passwordResets.purpose, 'invite'), isNull(passwordResets.usedAt)));
    await tx.insert(passwordResets).values({
      userId: user.id,
      tokenHash: sha256(token),
      purpose: 'invite',
      invitedBy: inv.inviterId,
      accountId: inv.accountId,
      expiresAt: new Date(now.getTime() + INVITE_TTL_MS),
    });
    mail = {
      heading: `You are invited to ${inv.brand.name}`,
      paragraphs: [`Hello ${user.name},`, intro, 'Choose a password to sign in. The link works once and expires in 7 days.'],
      action: { label: 'Set your password', url: `${deps.config.appUrl}/auth/profile/password?token=${encodeURIComponent(token)}` },
      key: `invite:${sha256(token)}`,
    };
  } else {
    mail = {
      heading: `You now have access to ${inv.scopeLabel}`,
      paragraphs: [`Hello ${user.name},`, intro, 'Sign in with your usual email and password to find it in your account menu.'],
      action: { label: 'Sign in', url: `${deps.config.appUrl}/login` },
      key: `access:${user.id}:${inv.scopeLabel}:${Date.now()}`,
    };
  }
  const { html, text } = renderSimpleEmail({ brand: inv.brand.name, color: inv.brand.color, heading: mail.heading, paragraphs: mail.paragraphs, action: mail.action });
  await deps.mailer.queue(tx, {
    to: user.email,
    toName: user.name,
    subject: mail.heading,
    html,
    text,
    event: 'user.invited',
    dedupeKey: mail.key,
    accountId: inv.accountId,
    siteId: inv.siteId ?? null,
    locale: user.locale,
  });
}
