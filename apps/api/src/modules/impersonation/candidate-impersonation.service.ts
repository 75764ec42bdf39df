import { impersonationMessages } from '@hireline/contract/impersonation';
import { can, type AppAbility } from '@hireline/access/ability';
import type { AppDeps } from '../../deps';
import { audit, auditEntry } from '../../platform/audit';
import { conflict, forbidden, notFound, type HttpError } from '../../platform/errors';
import type { ResolvedScope } from '../../platform/scope';
import { startSeekerImpersonation } from '../../platform/seeker-sessions';
import * as repo from './candidate-impersonation.repo';
import * as staffRepo from './impersonation.repo';
import type { Staff } from './impersonation.service';

/*
 * Acting as a candidate: a board session of theirs, opened on the job board in a new tab, while the staff member's
 * portal session carries on untouched. Candidates hold no permissions, so the rule is the staff member's own: the
 * impersonate permission on seekers (a candidate of the selected account) or on applications (the candidate of an
 * application in the selected site). Employer staff never act as candidates.
 */

interface Target {
  type: 'seeker' | 'applicant';
  id: string;
  reason: string;
  redirect?: string | undefined;
}

/** `http://localhost:3100` + `jobs.acme.localhost` → `http://jobs.acme.localhost:3100`: the board on this deployment's scheme and port. */
export function boardOrigin(appUrl: string, domain: string) {
  const url = new URL(appUrl);
  return `${url.protocol}//${domain}${url.port ? `:${url.port}` : ''}`;
}

export async function startAsCandidate(deps: AppDeps, staff: Staff, ability: AppAbility, scope: ResolvedScope, b: Target) {
  const { enterpriseId } = staff.auth.user;
  const subjectType = b.type === 'seeker' ? 'seeker' : 'application';
  // The staff member acts as themselves until the candidate's session exists.
  const actor = { enterpriseId, userId: staff.auth.user.id, impersonatorUserId: null, ip: staff.client.ip };
  const refuse = async (error: HttpError, refusal: string): Promise<never> => {
    const subject = { type: subjectType, id: b.id, accountId: scope.accountId };
    await audit(deps.db, auditEntry(actor, subject, 'auth.impersonation_refused', { refusal, reason: b.reason }));
    throw error;
  };

  if (!scope.accountId) throw notFound();
  if (scope.employerIds) return refuse(forbidden(), 'employer_scope');
  if (!can(ability, 'impersonate', b.type === 'seeker' ? 'seekers' : 'applications')) return refuse(forbidden(), 'permission');
  const application = b.type === 'applicant' ? await repo.findApplication(deps.db, scope.accountId, scope.siteId, b.id) : null;
  if (b.type === 'applicant' && !application) return refuse(notFound(), 'out_of_reach');
  const seeker = await repo.findSeeker(deps.db, scope.accountId, application?.seekerId ?? b.id);
  if (!seeker) return refuse(notFound(), 'out_of_reach');
  if (!seeker.enabled || seeker.erasedAt) return refuse(conflict(impersonationMessages.candidateDisabled), 'disabled');
  const domain = await repo.boardDomain(deps.db, scope.accountId, seeker.id, application?.siteId ?? scope.siteId);
  if (!domain) return refuse(conflict(impersonationMessages.noBoard), 'no_board');

  // Time-boxed, and never outliving the staff session, which is not extended for it.
  const parent = await staffRepo.findSession(deps.db, staff.auth.sessionId);
  if (!parent) throw notFound();
  const expiresAt = new Date(Math.min(Date.now() + deps.config.impersonationMs, parent.expiresAt.getTime(), parent.idleExpiresAt.getTime()));
  const started = await deps.db.transaction(async (tx) => {
    const s = await startSeekerImpersonation(tx, {
      accountId: seeker.accountId,
      seekerId: seeker.id,
      parentSessionId: staff.auth.sessionId,
      impersonatorUserId: staff.auth.user.id,
      type: b.type,
      reason: b.reason,
      expiresAt,
      client: staff.client,
    });
    await audit(
      tx,
      auditEntry(actor, { type: 'seeker', id: seeker.id, accountId: seeker.accountId }, 'auth.impersonation_start', {
        type: b.type,
        reason: b.reason,
        session_id: s.sessionId,
        expires_at: expiresAt.toISOString(),
        ...(application ? { application_id: application.id } : {}),
      }),
    );
    return s;
  });
  // The token travels in the fragment: browsers never send it to a server or in a Referer.
  const fragment = new URLSearchParams({ token: started.token, expires: expiresAt.toISOString(), by: staff.auth.user.name });
  return {
    access_token: started.token,
    token_type: 'Bearer' as const,
    expires_at: expiresAt.toISOString(),
    redirect: b.redirect ?? '/',
    parent: staff.token,
    board_url: `${boardOrigin(deps.config.appUrl, domain)}/impersonate#${fragment}`,
  };
}
