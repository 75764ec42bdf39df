import type { AuditAction } from '@hireline/contract/audit-actions';
import { messages } from '@hireline/contract/messages';
import { mfaMessages } from '@hireline/contract/mfa';
import type { AppDeps } from '../../deps';
import { audit } from '../../platform/audit';
import type { AuthContext } from '../../platform/auth';
import { newToken, sha256, verifyPassword } from '../../platform/crypto';
import { conflict, HttpError, invalid } from '../../platform/errors';
import { SIGN_IN_LIMIT_PER_ACCOUNT, SIGN_IN_LIMIT_PER_ADDRESS, SIGN_IN_WINDOW_MS } from '../../platform/login-guard';
import type { Membership } from '../../platform/scope';
import { seal, unseal } from '../../platform/secret-box';
import { startSession, type ClientInfo } from '../../platform/sessions';
import type { Enterprise } from '../../platform/tenancy';
import * as authRepo from './auth.repo';
import { newRecoveryCodes, newTotpSecret, recoveryCodeHash, setupCodes, totpStep } from './mfa-totp';
import * as repo from './mfa.repo';
import { signInWindow } from './sign-in-window';
import { messageCatalog as codes } from '@hireline/contract/message-codes';

/** The key the TOTP secrets are sealed under is derived for this purpose only (DESIGN §10). */
const PURPOSE = 'mfa-totp' as const;
const CHALLENGE_TTL_MS = 5 * 60_000;
const CHALLENGE_ATTEMPTS = 5;
const FIFTEEN_MINUTES = 15 * 60_000;

/**
 * The sign-in limits' keys, the same as the password step's (auth.service.ts, sign-in-window.ts): a wrong code is a
 * guess like a wrong password, and the account's counter is only cleared once the second step succeeds.
 */
const ipKey = (ip: string) => `login:ip:${ip}`;

const codeError = () => invalid({ code: [mfaMessages.invalidCode] });

/** After a correct password: a challenge when the person has two-step sign-in on, else null (a token follows). */
export async function challengeIfEnabled(deps: AppDeps, userId: string) {
  const mfa = await repo.findMfa(deps.db, userId);
  if (!mfa?.confirmedAt) return null;
  const token = newToken();
  const expiresAt = new Date(Date.now() + CHALLENGE_TTL_MS);
  await repo.insertChallenge(deps.db, userId, sha256(token), expiresAt);
  return { mfa_required: true as const, mfa_token: token, expires_at: expiresAt.toISOString() };
}

/**
 * Whether an account of this person requires two-step sign-in. The enterprise's own staff are not bound by an
 * account's rule: their work spans accounts, and no account admin sets the terms of their sign-in.
 */
export async function requiredFor(deps: AppDeps, memberships: Membership[]) {
  if (memberships.some((m) => m.scopeType === 'enterprise')) return false;
  const accountIds = [...new Set(memberships.map((m) => m.accountId).filter((id): id is string => id !== null))];
  return repo.anyAccountRequires(deps.db, accountIds);
}

/** A password sign-in without two-step sign-in set up, where an account requires it: the session may only set it up. */
export async function setupRequiredAtSignIn(deps: AppDeps, userId: string, memberships: Membership[]) {
  if (!(await requiredFor(deps, memberships))) return false;
  const mfa = await repo.findMfa(deps.db, userId);
  return !mfa?.confirmedAt;
}

/** Checks a code against the person's confirmed or pending secret and uses its time step up (no replay). */
async function useCode(deps: AppDeps, mfa: { userId: string; secretEnc: string }, code: string) {
  const secret = unseal(deps.config.appSecret, PURPOSE, mfa.secretEnc);
  const step = secret ? totpStep(secret, code) : null;
  return step !== null && (await repo.claimStep(deps.db, mfa.userId, step));
}

export async function loginWithCode(
  deps: AppDeps,
  enterprise: Enterprise,
  body: { mfa_token: string; code?: string; recovery_code?: string },
  client: ClientInfo,
  device?: string,
) {
  await deps.rateLimiter.hit(ipKey(client.ip), SIGN_IN_LIMIT_PER_ADDRESS, SIGN_IN_WINDOW_MS);
  const challenge = await repo.attemptChallenge(deps.db, sha256(body.mfa_token), CHALLENGE_ATTEMPTS);
  const user = challenge && (await authRepo.findUserById(deps.db, enterprise.id, challenge.userId));
  const mfa = user && (await repo.findMfa(deps.db, user.id));
  if (!challenge || !user || !user.enabled || !mfa?.confirmedAt) {
    throw invalid({ mfa_token: [mfaMessages.challengeExpired] });
  }
  // The window the password step counted against: the owner's known browser or network keeps its own.
  const account = await signInWindow(deps, enterprise.id, user.email, user.id, client, device);
  await deps.rateLimiter.hit(account, SIGN_IN_LIMIT_PER_ACCOUNT, SIGN_IN_WINDOW_MS);

  const method = body.recovery_code !== undefined ? 'recovery_code' : 'totp';
  const ok =
    method === 'recovery_code'
      ? await repo.useRecoveryCode(deps.db, user.id, recoveryCodeHash(body.recovery_code!))
      : await useCode(deps, mfa, body.code!);
  if (!ok) {
    await audit(deps.db, {
      enterpriseId: enterprise.id,
      actorUserId: user.id,
      action: 'auth.mfa_failed',
      data: { method },
      ip: client.ip,
    });
    deps.metrics.logins.inc({ outcome: 'failed' });
    throw method === 'recovery_code' ? invalid({ recovery_code: [mfaMessages.invalidCode] }) : codeError();
  }
  if (!(await repo.finishChallenge(deps.db, challenge.id))) throw invalid({ mfa_token: [mfaMessages.challengeExpired] });
  await deps.rateLimiter.reset(account);
  // A sign-in that succeeded is no guess: both of its steps are taken back from the address (wrong codes stay).
  await deps.rateLimiter.undo(ipKey(client.ip));
  await deps.rateLimiter.undo(ipKey(client.ip));
  const session = await startSession(deps, { enterpriseId: enterprise.id, userId: user.id, client, data: { mfa: method } });
  deps.metrics.logins.inc({ outcome: 'success' });
  return { session, userId: user.id };
}

export async function status(deps: AppDeps, auth: AuthContext, memberships: Membership[]) {
  const mfa = await repo.findMfa(deps.db, auth.user.id);
  const enabled = Boolean(mfa?.confirmedAt);
  return {
    enabled,
    enabled_at: mfa?.confirmedAt?.toISOString() ?? null,
    recovery_codes_left: enabled ? await repo.recoveryCodesLeft(deps.db, auth.user.id) : 0,
    required: await requiredFor(deps, memberships),
  };
}

/** Codes and passwords checked on a signed-in session are limited too: a stolen session cannot grind them. */
const selfLimit = (deps: AppDeps, auth: AuthContext) => deps.rateLimiter.hit(`mfa:user:${auth.user.id}`, 10, FIFTEEN_MINUTES);

export async function startSetup(deps: AppDeps, auth: AuthContext, enterprise: Enterprise) {
  const secret = newTotpSecret();
  if (!(await repo.putPendingSecret(deps.db, auth.user.id, seal(deps.config.appSecret, PURPOSE, secret)))) {
    throw conflict(mfaMessages.alreadyEnabled);
  }
  return { secret, ...(await setupCodes(secret, auth.user.email, enterprise.name)) };
}

async function freshRecoveryCodes(deps: AppDeps, auth: AuthContext, action: AuditAction, ip: string) {
  const codes = newRecoveryCodes();
  await deps.db.transaction(async (tx) => {
    if (action === 'auth.mfa_enabled') {
      await repo.confirm(tx, auth.user.id);
      await repo.clearSetupRequired(tx, auth.user.id);
    }
    await repo.replaceRecoveryCodes(tx, auth.user.id, codes.map(recoveryCodeHash));
    await audit(tx, { enterpriseId: auth.user.enterpriseId, actorUserId: auth.user.id, action, ip });
  });
  return { recovery_codes: codes };
}

export async function confirmSetup(deps: AppDeps, auth: AuthContext, code: string, client: ClientInfo) {
  await selfLimit(deps, auth);
  const mfa = await repo.findMfa(deps.db, auth.user.id);
  if (!mfa) throw conflict(mfaMessages.noSetup);
  if (mfa.confirmedAt) throw conflict(mfaMessages.alreadyEnabled);
  if (!(await useCode(deps, mfa, code))) throw codeError();
  return freshRecoveryCodes(deps, auth, 'auth.mfa_enabled', client.ip);
}

async function confirmed(deps: AppDeps, auth: AuthContext) {
  const mfa = await repo.findMfa(deps.db, auth.user.id);
  if (!mfa?.confirmedAt) throw conflict(mfaMessages.notEnabled);
  return mfa;
}

export async function regenerateRecoveryCodes(deps: AppDeps, auth: AuthContext, code: string, client: ClientInfo) {
  await selfLimit(deps, auth);
  const mfa = await confirmed(deps, auth);
  if (!(await useCode(deps, mfa, code))) throw codeError();
  return freshRecoveryCodes(deps, auth, 'auth.mfa_recovery_codes_regenerated', client.ip);
}

export async function disable(
  deps: AppDeps,
  auth: AuthContext,
  memberships: Membership[],
  body: { password?: string; code?: string },
  client: ClientInfo,
) {
  await selfLimit(deps, auth);
  const mfa = await confirmed(deps, auth);
  if (await requiredFor(deps, memberships)) throw new HttpError(403, mfaMessages.requiredByAccount);
  if (body.code !== undefined) {
    if (!(await useCode(deps, mfa, body.code))) throw codeError();
  } else {
    const user = await authRepo.findUserById(deps.db, auth.user.enterpriseId, auth.user.id);
    if (!(await verifyPassword(user?.passwordHash, body.password ?? ''))) {
      throw invalid({ password: [messages.currentPasswordIncorrect] });
    }
  }
  await deps.db.transaction(async (tx) => {
    await repo.removeMfa(tx, auth.user.id);
    await audit(tx, { enterpriseId: auth.user.enterpriseId, actorUserId: auth.user.id, action: 'auth.mfa_disabled', ip: client.ip });
  });
  return { message: codes['mfa.turned_off'] };
}
