import { z } from 'zod';
import { endpoint } from './endpoint';
import { email, requiredString, roleKey, timestamp, uuid } from './common';

/*
 * The people who sign in for an employer. Managing them is part of managing the employer, so it needs
 * `employers.update` on it (a site manager, or the employer's own admin); reading needs `employers.view`.
 * Inviting an email that has no user yet creates one without a password and emails a link to set it at
 * `/auth/profile/password`; an existing user simply gains the membership and is told by email.
 */

const tags = ['employers'];

export const employerParams = z.object({ employer: uuid });
export const employerUserParams = z.object({ employer: uuid, user: uuid });

export const roleRef = z.object({ key: z.string(), name: z.string() });

export const memberStatuses = ['invited', 'active', 'disabled'] as const;

export const employerUser = z.object({
  id: uuid,
  name: z.string(),
  email: z.string(),
  avatar: z.string().nullable(),
  role: roleRef,
  /** invited = has not set a password yet. */
  status: z.enum(memberStatuses),
  member_since: timestamp,
  last_active_at: timestamp.nullable(),
});
export type EmployerUser = z.infer<typeof employerUser>;

export const listEmployerUsers = endpoint({
  method: 'GET',
  path: '/v1/employers/:employer/users',
  summary: "An employer's users with their roles, and the roles they may be given",
  tags,
  access: { subject: 'employers', action: 'view' },
  params: employerParams,
  response: z.object({ data: z.array(employerUser), roles: z.array(roleRef) }),
});


export const inviteEmployerUser = endpoint({
  method: 'POST',
  path: '/v1/employers/:employer/users',
  summary: 'Invite someone by email to sign in for this employer with a role; they are emailed a link',
  tags,
  givesRole: true,
  access: { subject: 'employers', action: 'update' },
  params: employerParams,
  body: z.strictObject({ email, name: requiredString(120), role: roleKey }),
  status: 201,
  response: employerUser,
});

export const updateEmployerUser = endpoint({
  method: 'PATCH',
  path: '/v1/employers/:employer/users/:user',
  summary: "Change a user's role for this employer",
  tags,
  givesRole: true,
  access: { subject: 'employers', action: 'update' },
  params: employerUserParams,
  body: z.strictObject({ role: roleKey }),
  response: employerUser,
});

export const removeEmployerUser = endpoint({
  method: 'DELETE',
  path: '/v1/employers/:employer/users/:user',
  summary: "Remove a user from this employer; one left with no membership anywhere is signed out",
  tags,
  access: { subject: 'employers', action: 'update' },
  params: employerUserParams,
  status: 204,
  response: z.null(),
});

export const resendEmployerInvitation = endpoint({
  method: 'POST',
  path: '/v1/employers/:employer/users/:user/invitation',
  summary: 'Email a new set-password link to a user who has not set a password yet (the previous link stops working)',
  tags,
  access: { subject: 'employers', action: 'update' },
  params: employerUserParams,
  response: z.object({ message: z.string() }),
});
