import type { UserAccount } from '@hireline/contract/auth';
import { userLocales, type UserLocale } from '@hireline/contract/enums';
import { messages } from '@hireline/contract/messages';
import type { AppDeps } from '../../deps';
import { audit } from '../../platform/audit';
import type { AuthContext } from '../../platform/auth';
import { hashPassword, newToken, sha256, verifyPassword } from '../../platform/crypto';
import { HttpError, invalid, unauthenticated } from '../../platform/errors';
import { signedFileUrl } from '../../platform/files';
import {
  progressiveDelayMs,
  SIGN_IN_LIMIT_PER_ACCOUNT,
  SIGN_IN_LIMIT_PER_ADDRESS,
  SIGN_IN_WINDOW_MS,
} from '../../platform/login-guard';
import { loadMemberships, type Membership } from '../../platform/scope';
import { endSession, startSession, type ClientInfo } from '../../platform/sessions';
import type { Enterprise } from '../../platform/tenancy';
import { withTenants } from '../../db/tenant-context';
import { composeMail } from '../../platform/notify/compose';
import { asLocale } from '../../platform/notify/locale';
import * as repo from './auth.repo';
import * as mfa from './mfa.service';
import { signInWindow } from './sign-in-window';
import { messageCatalog as codes } from '@hireline/contract/message-codes';

const RESET_TTL_MS = 60 * 60_000;

export type { ClientInfo };

/**
 * A user may sign in only if at least one of their memberships is in an enabled account, or an invitation of an enabled
 * account waits for them: accepting it is done signed in (and grants nothing until then).
 */
async function canSignIn(deps: AppDeps, enterpriseId: string, userId: string, ms: Membership[]) {
  if (ms.some((m) => m.scopeType === 'enterprise')) return true;
  const reachable = await repo.reachableAccounts(deps.db, enterpriseId, ms);
  return reachable.length > 0 || (await repo.hasPendingInvitation(deps.db, enterpriseId, userId));
}

export async function login(
  deps: AppDeps,
  enterprise: Enterprise,
  email: string,
  password: string,
  client: ClientInfo,
  device?: string,
) {
  // Per address and per account (platform/login-guard.ts): neither one address nor a botnet grinds a password.
  await deps.rateLimiter.hit(`login:ip:${client.ip}`, SIGN_IN_LIMIT_PER_ADDRESS, SIGN_IN_WINDOW_MS);
  const user = await repo.findUserByEmail(deps.db, enterprise.id, email);
  const windowKey = await signInWindow(deps, enterprise.id, email, user?.id ?? null, client, device);
  const attempts = await deps.rateLimiter.hit(windowKey, SIGN_IN_LIMIT_PER_ACCOUNT, SIGN_IN_WINDOW_MS);

  const ok = await verifyPassword(user?.passwordHash, password);
  const ms = user && ok && user.enabled ? await loadMemberships(deps.db, user.id) : [];
  if (!user || !ok || !user.enabled || !(await canSignIn(deps, enterprise.id, user.id, ms))) {
    // Only once the password is right may the answer tell a registrant that their employer awaits a decision.
    const registration = user && ok && user.enabled ? await repo.registrationStateOf(deps.db, enterprise.id, user.id) : null;
    await audit(deps.db, {
      enterpriseId: enterprise.id,
      actorUserId: user?.id ?? null,
      action: 'auth.login_failed',
      data: registration ? { email, registration } : { email },
      ip: client.ip,
    });
    if (registration) {
      await deps.rateLimiter.reset(windowKey);
      await deps.rateLimiter.undo(`login:ip:${client.ip}`);
      throw new HttpError(403, codes[registration === 'pending' ? 'auth.registration_pending' : 'auth.registration_declined']);
    }
    deps.metrics.logins.inc({ outcome: 'failed' });
    // Each wrong guess in the window is answered later than the last.
    await deps.pause(progressiveDelayMs(attempts));
    // One message for every reason: it must not tell which emails exist or are disabled.
    throw new HttpError(422, messages.invalidCredentials, { email: [messages.invalidCredentials] });
  }
  // With two-step sign-in on, the password alone gives no token and its guess stays counted until the code.
  const challenge = await mfa.challengeIfEnabled(deps, user.id);
  if (challenge) return { kind: 'challenge' as const, challenge };
  await deps.rateLimiter.reset(windowKey);
  // Only guesses count against the address: an office behind one address signs in all morning.
  await deps.rateLimiter.undo(`login:ip:${client.ip}`);
  const mfaSetupRequired = await mfa.setupRequiredAtSignIn(deps, user.id, ms);
  const session = await startSession(deps, { enterpriseId: enterprise.id, userId: user.id, client, mfaSetupRequired });
  deps.metrics.logins.inc({ outcome: 'success' });
  return { kind: 'session' as const, session, userId: user.id };
}

/** Signing out; while impersonating, only the impersonation ends (and is recorded), the staff session stays. */
export async function logout(deps: AppDeps, auth: AuthContext, client: ClientInfo) {
  await endSession(deps.db, auth, client.ip);
}

/**
 * `host` is the portal host the request came to (normalised): the reset link and the email's brand are the account
 * of that portal when the user belongs to it, else of the user's first account (auth.repo resetAccountOf).
 */
export async function forgotPassword(deps: AppDeps, enterprise: Enterprise, email: string, client: ClientInfo, host: string | null = null) {
  await deps.rateLimiter.hit(`forgot:ip:${client.ip}`, 20, 60 * 60_000);
  await deps.rateLimiter.hit(`forgot:account:${enterprise.id}:${email}`, 5, 60 * 60_000);
  const user = await repo.findUserByEmail(deps.db, enterprise.id, email);
  if (user && user.enabled) {
    const token = newToken();
    // Nobody is signed in: the user's accounts, their domains and wording are read outside any one tenant.
    await withTenants('*', async () => {
      const accountId = await repo.resetAccountOf(deps.db, user.id, host);
      await deps.db.transaction(async (tx) => {
        await repo.insertPasswordReset(tx, user.id, sha256(token), new Date(Date.now() + RESET_TTL_MS));
        const mail = await composeMail(deps, tx, {
          kind: 'auth.password_reset',
          accountId,
          audience: 'portal',
          to: { email: user.email, name: user.name, locale: asLocale(user.locale) },
          vars: {},
          action: `/reset-password?token=${encodeURIComponent(token)}`,
          dedupeKey: `auth.password_reset:${sha256(token)}`,
        });
        await deps.mailer.queue(tx, mail);
        await audit(tx, { enterpriseId: enterprise.id, actorUserId: user.id, action: 'auth.password_reset_requested', ip: client.ip });
      });
    });
  }
  // The same answer whether or not the email exists.
  return { message: messages.passwordResetSent };
}

export async function resetPassword(deps: AppDeps, enterprise: Enterprise, token: string, password: string, client: ClientInfo) {
  await deps.rateLimiter.hit(`reset:ip:${client.ip}`, 30, 60 * 60_000);
  const passwordHash = await hashPassword(password);
  await deps.db.transaction(async (tx) => {
    const reset = await repo.consumePasswordReset(tx, sha256(token));
    const user = reset && (await repo.findUserById(tx, enterprise.id, reset.userId));
    if (!user || !user.enabled) throw invalid({ token: [messages.passwordResetInvalid] });
    await repo.setPassword(tx, user.id, passwordHash);
    await repo.retireResetLinks(tx, user.id);
    await repo.revokeUserSessions(tx, user.id);
    await audit(tx, { enterpriseId: enterprise.id, actorUserId: user.id, action: 'auth.password_reset', ip: client.ip });
  });
  return { message: codes['auth.password_reset'] };
}

export async function changePassword(
  deps: AppDeps,
  auth: AuthContext,
  current: string,
  password: string,
  client: ClientInfo,
) {
  const user = await repo.findUserById(deps.db, auth.user.enterpriseId, auth.user.id);
  if (!user || !(await verifyPassword(user.passwordHash, current))) {
    throw invalid({ current_password: [messages.currentPasswordIncorrect] });
  }
  const passwordHash = await hashPassword(password);
  await deps.db.transaction(async (tx) => {
    await repo.setPassword(tx, user.id, passwordHash);
    // A reset link mailed before the change (perhaps to whoever knew the old password) no longer works.
    await repo.retireResetLinks(tx, user.id);
    // Everyone else holding a token for this user is signed out; the person changing it stays in.
    await repo.revokeUserSessions(tx, user.id, auth.sessionId);
    await audit(tx, { enterpriseId: auth.user.enterpriseId, actorUserId: user.id, action: 'auth.password_changed', ip: client.ip });
  });
  return { message: codes['auth.password_changed'] };
}

type UserRow = NonNullable<Awaited<ReturnType<typeof repo.findUserById>>>;

function toUserAccount(deps: AppDeps, user: UserRow): UserAccount {
  return {
    id: user.id,
    name: user.name,
    email: user.email,
    avatar: user.avatarFileId ? signedFileUrl(deps.config.appSecret, user.avatarFileId) : null,
    // The column is free text (older rows, imports); answer a language the portal knows.
    locale: (userLocales as readonly string[]).includes(user.locale) ? (user.locale as UserLocale) : 'en',
  };
}

async function currentUser(deps: AppDeps, auth: AuthContext) {
  const user = await repo.findUserById(deps.db, auth.user.enterpriseId, auth.user.id);
  // Authentication just found this user; only a concurrent delete gets here.
  if (!user) throw unauthenticated();
  return user;
}

export async function getUserAccount(deps: AppDeps, auth: AuthContext) {
  return toUserAccount(deps, await currentUser(deps, auth));
}

export async function updateUserAccount(
  deps: AppDeps,
  auth: AuthContext,
  patch: { name?: string; locale?: UserLocale },
  client: ClientInfo,
) {
  const user = await deps.db.transaction(async (tx) => {
    const row = await repo.updateProfile(tx, auth.user.id, patch);
    if (!row) throw unauthenticated();
    await audit(tx, {
      enterpriseId: auth.user.enterpriseId,
      actorUserId: auth.user.id,
      impersonatorUserId: auth.impersonation?.impersonatorUserId ?? null,
      action: 'auth.profile_updated',
      data: { fields: Object.keys(patch) },
      ip: client.ip,
    });
    return row;
  });
  return toUserAccount(deps, user);
}

export async function removeAvatar(deps: AppDeps, auth: AuthContext) {
  await repo.setAvatar(deps.db, auth.user.id, null);
}
