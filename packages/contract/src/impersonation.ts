import { z } from 'zod';
import { endpoint } from './endpoint';
import { requiredString, timestamp, uuid } from './common';
import { messages } from './messages';
import { messageCatalog as codes } from './message-codes';

/*
 * Acting as someone else (spec §1, §3 auth token, §4): staff with `users.impersonate` start a child session of a
 * person whose permissions are a strict subset of theirs, for a stated reason and a limited time. The staff session
 * is kept as it is (not extended) and comes back when the child ends. Candidates (seekers and applicants) are
 * impersonated on the job board.
 */

const tags = ['auth'];

export const impersonationMessages = {
  self: codes['impersonation.self'],
  disabled: codes['impersonation.user_disabled'],
  notSubset: codes['impersonation.not_subset'],
  whileImpersonating: codes['impersonation.while_impersonating'],
  notImpersonating: codes['impersonation.not_impersonating'],
  redirect: codes.redirect_path,
  candidateDisabled: codes['impersonation.candidate_disabled'],
  noBoard: codes['impersonation.no_board'],
} as const;

/** A path on this site (`/acme/jobs/users`), never `//host`, `/\host` or an absolute URL. */
const sitePath = z
  .string({ error: impersonationMessages.redirect })
  .max(2000, { error: impersonationMessages.redirect })
  // eslint-disable-next-line no-control-regex
  .regex(/^\/(?![/\\])[^\\\u0000-\u001f\u007f]*$/, { error: impersonationMessages.redirect });

/**
 * `user`: the portal switches to that person. `seeker` (a candidate, by seeker id) and `applicant` (the candidate
 * of an application, by application id): the job board opens signed in as them at `board_url`, and the staff
 * member's portal session carries on as it was.
 */
export const impersonationTargets = ['user', 'seeker', 'applicant'] as const;

export const startImpersonationBody = z.strictObject({
  type: z.enum(impersonationTargets, { error: (issue) => (issue.input === undefined ? messages.required : messages.invalid) }),
  id: uuid,
  reason: requiredString(500),
  /** Where the staff member is now, to come back to when the impersonation ends. */
  redirect: sitePath.optional(),
});

export const startImpersonation = endpoint({
  method: 'POST',
  path: '/auth/impersonate',
  summary:
    "Act as another user for a stated reason: a child token that lasts IMPERSONATION_MINUTES (never past the staff session), with `parent` (the caller's own token, kept untouched) and `redirect`. Needs users.impersonate at every scope the person has access to, and every permission they have plus more; never yourself, a disabled user, or while already impersonating. " +
    'A candidate (`seeker`, or `applicant` by application) needs seekers.impersonate or applications.impersonate in the selected scope and opens on the job board (`board_url`)',
  tags,
  access: { subject: 'portal', action: 'access' },
  notWhileImpersonating: true,
  body: startImpersonationBody,
  status: 201,
  response: z.object({
    access_token: z.string(),
    token_type: z.literal('Bearer'),
    expires_at: timestamp,
    redirect: z.string(),
    parent: z.string(),
    /** Candidates only: the board page that takes the token (in the URL fragment, never sent to a server). */
    board_url: z.string().optional(),
  }),
});

export const stopImpersonation = endpoint({
  method: 'DELETE',
  path: '/auth/impersonate',
  summary: "End the impersonation this token is: it stops working at once; answers where the staff member was. Signing out does the same",
  tags,
  access: { subject: 'portal', action: 'access' },
  response: z.object({ redirect: z.string() }),
});
