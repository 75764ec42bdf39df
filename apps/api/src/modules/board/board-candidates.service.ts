import type { AuditAction } from '@hireline/contract/audit-actions';
import { candidateMessages } from '@hireline/contract/board-candidates';
import { messages } from '@hireline/contract/messages';
import type { DbOrTx } from '../../db/client';
import type { AppDeps } from '../../deps';
import { audit, auditEntry, type AuditEntry } from '../../platform/audit';
import { hashPassword, newToken, sha256, verifyPassword } from '../../platform/crypto';
import { isKnownDevice, KNOWN_NETWORK_MS, progressiveDelayMs } from '../../platform/login-guard';
import { HttpError, invalid } from '../../platform/errors';
import { candidateActor } from '../../platform/actor';
import { endOtherSeekerSessions, endSeekerSession, startSeekerSession, type SeekerAuth } from '../../platform/seeker-sessions';
import type { ClientInfo } from '../../platform/sessions';
import { mailAlreadyRegistered, mailResetLink, mailVerifyLink } from './board-candidate-mail';
import { elsewhereRefusal } from './board-elsewhere';
import type { Board } from './board-host.service';
import * as repo from './board-candidates.repo';
import type { CandidateRow } from './board-candidates.repo';

/*
 * A candidate's account on a board: registering, confirming the email, signing in and out, resetting the password.
 * Every answer that takes an email is the same whether or not the email is known, so nobody learns who has an account.
 */

const MINUTE = 60_000;
const HOUR = 60 * MINUTE;
const VERIFY_TTL_MS = 24 * HOUR;
const RESET_TTL_MS = HOUR;
/** A sign-in before confirming mails a fresh link, but not again within this (repeated attempts must not spam). */
const VERIFY_RESEND_MS = 10 * MINUTE;

/** An audit_logs row about a candidate; `data` never holds personal data (the log outlives an erasure). */
export function candidateAudit(
  enterpriseId: string,
  s: { id: string; accountId: string },
  action: AuditAction,
  opts: { ip: string | null; auth?: SeekerAuth | null; data?: Record<string, unknown> },
): AuditEntry {
  return auditEntry(candidateActor(enterpriseId, opts.auth, opts.ip), { type: 'seeker', id: s.id, accountId: s.accountId }, action, opts.data);
}

/** Only an enabled candidate whose data was not erased may sign in or be mailed account links. */
const active = (s: CandidateRow | null): s is CandidateRow => !!s && s.enabled && !s.erasedAt;

async function newVerifyLink(deps: AppDeps, tx: DbOrTx, board: Board, s: CandidateRow, pendingPasswordHash: string | null = null) {
  const token = newToken();
  await repo.insertToken(tx, {
    accountId: s.accountId,
    seekerId: s.id,
    tokenHash: sha256(token),
    purpose: 'verify',
    pendingPasswordHash,
    expiresAt: new Date(Date.now() + VERIFY_TTL_MS),
  });
  await mailVerifyLink(deps, tx, board, s, token);
}

/** A fresh confirmation link unless one went out in the last ten minutes. */
async function resendVerifyLink(deps: AppDeps, board: Board, s: CandidateRow) {
  await deps.db.transaction(async (tx) => {
    if (await repo.tokenSentSince(tx, s.id, 'verify', new Date(Date.now() - VERIFY_RESEND_MS))) return;
    await newVerifyLink(deps, tx, board, s);
  });
}

/** A board session for a candidate who just proved who they are, recorded and counted as activity. */
async function signIn(tx: DbOrTx, deps: AppDeps, enterpriseId: string, s: CandidateRow, client: ClientInfo, action: AuditAction, data = {}) {
  const session = await startSeekerSession(tx, deps.config, { accountId: s.accountId, seekerId: s.id, client });
  await repo.updateSeeker(tx, s.id, { lastActiveAt: new Date() });
  await audit(tx, candidateAudit(enterpriseId, s, action, { ip: client.ip, data: { session_id: session.sessionId, ...data } }));
  return session;
}

export async function register(
  deps: AppDeps,
  board: Board,
  enterpriseId: string,
  b: { name: string; email: string; password: string; phone?: string | null | undefined },
  client: ClientInfo,
) {
  const accountId = board.site.accountId;
  await deps.rateLimiter.hit(`board:register:ip:${client.ip}`, 30, HOUR);
  await deps.rateLimiter.hit(`board:register:${accountId}:${b.email}`, 5, HOUR);
  // Hashed whatever happens next, so a known email takes as long to answer as a new one.
  const passwordHash = await hashPassword(b.password);
  await deps.db.transaction(async (tx) => {
    let seeker = await repo.findByEmail(tx, accountId, b.email);
    if (!seeker) {
      const created = await repo.insertSeeker(tx, { accountId, name: b.name, email: b.email, phone: b.phone ?? null, passwordHash });
      if (created) {
        await newVerifyLink(deps, tx, board, created);
        await audit(tx, candidateAudit(enterpriseId, created, 'seeker.register', { ip: client.ip }));
        return;
      }
      // Registered a moment ago by a concurrent request: answer as for any known email.
      seeker = await repo.findByEmail(tx, accountId, b.email);
    }
    if (!active(seeker)) return;
    // A candidate the staff added (or who applied without an account) claims it by confirming the address; the
    // row stays as it is until then, so registering someone else's email changes nothing.
    if (!seeker.passwordHash) await newVerifyLink(deps, tx, board, seeker, passwordHash);
    else await mailAlreadyRegistered(deps, tx, board, seeker);
  });
  return { message: candidateMessages.checkEmail };
}

export async function verify(deps: AppDeps, board: Board, enterpriseId: string, token: string, client: ClientInfo) {
  await deps.rateLimiter.hit(`board:verify:ip:${client.ip}`, 30, HOUR);
  const accountId = board.site.accountId;
  return deps.db.transaction(async (tx) => {
    const link = await repo.consumeToken(tx, accountId, sha256(token), 'verify');
    const seeker = link ? await repo.findById(tx, accountId, link.seekerId, { lock: true }) : null;
    if (!link || !active(seeker)) throw invalid({ token: [candidateMessages.verifyInvalid] });
    // The chosen password applies only to a candidate still without one: one set since (a reset) is kept.
    const claims = !!link.pendingPasswordHash && !seeker.passwordHash;
    await repo.updateSeeker(tx, seeker.id, {
      emailVerifiedAt: seeker.emailVerifiedAt ?? new Date(),
      ...(claims ? { passwordHash: link.pendingPasswordHash } : {}),
    });
    await repo.retireTokens(tx, seeker.id, 'verify');
    // A password was just set: a reset link mailed before can no longer set another.
    if (claims) await repo.retireTokens(tx, seeker.id, 'reset');
    const session = await signIn(tx, deps, enterpriseId, seeker, client, 'seeker.verify', { password_set: claims });
    return session.token;
  });
}

export async function resendVerification(deps: AppDeps, board: Board, email: string, client: ClientInfo) {
  await deps.rateLimiter.hit(`board:resend:ip:${client.ip}`, 30, HOUR);
  await deps.rateLimiter.hit(`board:resend:${board.site.accountId}:${email}`, 5, HOUR);
  const seeker = await repo.findByEmail(deps.db, board.site.accountId, email);
  // Without a password there is nothing to sign in with yet: registering (or a reset) is how such a candidate starts.
  if (active(seeker) && !seeker.emailVerifiedAt && seeker.passwordHash) await resendVerifyLink(deps, board, seeker);
  return { message: candidateMessages.checkEmail };
}

export async function login(
  deps: AppDeps,
  board: Board,
  enterpriseId: string,
  email: string,
  password: string,
  client: ClientInfo,
  device?: string,
) {
  const accountId = board.site.accountId;
  // Per client across addresses, per address and client, and per address across clients (DESIGN §10: per account and
  // per IP): neither one client nor one guess list grinds on, nor many clients on one candidate's password.
  await deps.rateLimiter.hit(`board:login:ip:${client.ip}`, 50, 15 * MINUTE);
  const key = `board:login:${accountId}:${email}:${client.ip}`;
  const attempts = await deps.rateLimiter.hit(key, 10, 15 * MINUTE);

  const seeker = await repo.findByEmail(deps.db, accountId, email);
  // A browser or network the candidate signed in from before is not held to the window shared across addresses, which anyone
  // could fill with wrong guesses to lock them out (platform/login-guard.ts); its own window above still holds.
  const known =
    !!seeker &&
    (isKnownDevice(deps.config.appSecret, device, seeker.id, Date.now(), 'candidate') ||
      (await repo.signedInFrom(deps.db, accountId, seeker.id, client.ip, new Date(Date.now() - KNOWN_NETWORK_MS))));
  const across = `board:login:${accountId}:${email}`;
  const acrossAttempts = known ? 0 : await deps.rateLimiter.hit(across, 30, 15 * MINUTE);
  // Checked against a dummy hash when there is no password, so an unknown email answers as slowly as a wrong password.
  // Unknown here: the one check is against this email's candidate of another account, if any (board-elsewhere.ts).
  const elsewhere = seeker ? null : await elsewhereRefusal(deps, enterpriseId, accountId, email, password);
  const ok = seeker ? await verifyPassword(seeker.passwordHash, password) : false;
  if (!ok || !active(seeker)) {
    // Their correct password, for their account on another board: they are told where it is.
    if (elsewhere) throw elsewhere;
    if (seeker) await audit(deps.db, candidateAudit(enterpriseId, seeker, 'seeker.login_failed', { ip: client.ip }));
    // Each wrong guess in a window is answered later than the last.
    await deps.pause(progressiveDelayMs(Math.max(attempts, acrossAttempts)));
    // One answer for every reason: it must not tell which emails exist or are disabled.
    throw new HttpError(401, messages.invalidCredentials);
  }
  if (!seeker.emailVerifiedAt) {
    await resendVerifyLink(deps, board, seeker);
    throw new HttpError(403, candidateMessages.verifyFirst);
  }
  await deps.rateLimiter.reset(key);
  // A sign-in from a known network leaves the shared window as it is: whoever filled it stays held.
  if (!known) await deps.rateLimiter.reset(across);
  await deps.rateLimiter.undo(`board:login:ip:${client.ip}`);
  const session = await deps.db.transaction((tx) => signIn(tx, deps, enterpriseId, seeker, client, 'seeker.login'));
  return { token: session.token, seekerId: seeker.id };
}

export async function forgotPassword(deps: AppDeps, board: Board, enterpriseId: string, email: string, client: ClientInfo) {
  await deps.rateLimiter.hit(`board:forgot:ip:${client.ip}`, 20, HOUR);
  await deps.rateLimiter.hit(`board:forgot:${board.site.accountId}:${email}`, 5, HOUR);
  const seeker = await repo.findByEmail(deps.db, board.site.accountId, email);
  if (active(seeker)) {
    const token = newToken();
    await deps.db.transaction(async (tx) => {
      const expiresAt = new Date(Date.now() + RESET_TTL_MS);
      await repo.insertToken(tx, { accountId: seeker.accountId, seekerId: seeker.id, tokenHash: sha256(token), purpose: 'reset', expiresAt });
      await mailResetLink(deps, tx, board, seeker, token);
      await audit(tx, candidateAudit(enterpriseId, seeker, 'seeker.password_reset_requested', { ip: client.ip }));
    });
  }
  return { message: messages.passwordResetSent };
}

/** A new password from a mailed link: it proves the address too, ends every other session and signs in. */
export async function resetPassword(deps: AppDeps, board: Board, enterpriseId: string, token: string, password: string, client: ClientInfo) {
  await deps.rateLimiter.hit(`board:reset:ip:${client.ip}`, 30, HOUR);
  const passwordHash = await hashPassword(password);
  const accountId = board.site.accountId;
  return deps.db.transaction(async (tx) => {
    const link = await repo.consumeToken(tx, accountId, sha256(token), 'reset');
    const seeker = link ? await repo.findById(tx, accountId, link.seekerId, { lock: true }) : null;
    if (!active(seeker)) throw invalid({ token: [messages.passwordResetInvalid] });
    await repo.updateSeeker(tx, seeker.id, { passwordHash, emailVerifiedAt: seeker.emailVerifiedAt ?? new Date() });
    await repo.retireTokens(tx, seeker.id, 'reset');
    const session = await signIn(tx, deps, enterpriseId, seeker, client, 'seeker.password_reset');
    await endOtherSeekerSessions(tx, seeker.id, session.sessionId);
    return session.token;
  });
}

/** Signing out; a staff member acting as the candidate ends that, which is recorded as theirs. */
export async function logout(deps: AppDeps, enterpriseId: string, auth: SeekerAuth, ip: string) {
  await deps.db.transaction(async (tx) => {
    const ended = await endSeekerSession(tx, auth.sessionId);
    if (!ended || !auth.impersonation) return;
    const staff = { enterpriseId, userId: auth.impersonation.impersonatorUserId, impersonatorUserId: null, ip };
    const subject = { type: 'seeker', id: auth.seeker.id, accountId: auth.seeker.accountId };
    await audit(tx, auditEntry(staff, subject, 'auth.impersonation_stop', { session_id: auth.sessionId }));
  });
}
