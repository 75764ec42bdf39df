import { z } from 'zod';
import { endpoint } from './endpoint';
import { email, idParams, listQuery, manyFilter, paginated, requiredString, roleKey, timestamp, uuid } from './common';
import { memberStatuses, roleRef } from './employer-users';
import { messages } from './messages';
import { formatMessage } from './message-codes';

/*
 * The selected account's staff (`/{account}/users`): who has access, where and with which role, inviting people,
 * changing their access, disabling, enabling and removing them, and the account's roles. The account is the one in
 * `X-AF-AID` (no site needed) and the permission must be held at the account itself (`users.*`; a role held only at
 * a site or employer does not count). A role may only be given or edited by someone who holds all of its permissions
 * there. Memberships and role permissions are read on every request, so a change applies to the person's next one.
 */

const tags = ['users'];

/** Where a membership applies within the account. */
export const membershipScopes = ['account', 'site', 'employer'] as const;
export type MembershipScope = (typeof membershipScopes)[number];

export const MAX_MEMBERSHIPS = 20;

const ref = z.object({ id: uuid, name: z.string() });

export const accountMembership = z.object({
  scope: z.enum(membershipScopes),
  site: ref.nullable(),
  employer: ref.nullable(),
  role: roleRef,
});

/** An account's people add to an employer's the state of an employer registration that holds them out. */
export const accountMemberStatuses = [...memberStatuses, 'registration_pending', 'registration_declined'] as const;
export type AccountMemberStatus = (typeof accountMemberStatuses)[number];

/**
 * What an account admin can do to one of its people (changing their roles is `update_access`); the list and every
 * answer about a person say which are allowed now.
 */
export const accountUserActions = ['update_access', 'resend_invitation', 'reset_mfa', 'disable', 'enable', 'remove'] as const;
export type AccountUserAction = (typeof accountUserActions)[number];

export const accountUser = z.object({
  id: uuid,
  name: z.string(),
  email: z.string(),
  avatar: z.string().nullable(),
  /**
   * invited = has not accepted this account's invitation yet (the list then shows only what the account typed);
   * disabled = cannot sign in anywhere; registration_pending / registration_declined = an employer registrant whose
   * only access here is an employer whose registration awaits approval / was declined (sign-in says the same).
   */
  status: z.enum(accountMemberStatuses),
  /** Within this account only. */
  memberships: z.array(accountMembership),
  last_active_at: timestamp.nullable(),
  created_at: timestamp,
  /** Two-step sign-in is on: an admin may reset it (a lost device). */
  mfa_enabled: z.boolean().optional(),
  /**
   * What the caller may do to the person now: they hold the permission and every role the person has here, it is not
   * themselves, and the person's standing allows it (never the account's last admin disabled or removed; disabling,
   * enabling and resetting two-step sign-in only for someone whose access is all in this account). The CSV export
   * lists none.
   */
  allowed_actions: z.array(z.enum(accountUserActions)),
});
export type AccountUser = z.infer<typeof accountUser>;

export const accountUserSorts = ['name', '-name', '-created_at', 'email'] as const;


export const accountUserListQuery = listQuery.extend({
  sort: z.enum(accountUserSorts, { error: messages.invalid }).default('name'),
  status: manyFilter(z.enum(accountMemberStatuses, { error: messages.invalid })).optional(),
  /** A role key: people holding it anywhere in the account. */
  role: roleKey.optional(),
});

/** One place someone gets access: the account itself, a site of it, or an employer of that site. */
export const membershipInput = z
  .strictObject({
    scope: z.enum(membershipScopes, { error: messages.invalid }),
    site_id: uuid.nullable().optional(),
    employer_id: uuid.nullable().optional(),
    role: roleKey,
  })
  .refine((m) => m.scope === 'account' || Boolean(m.site_id), { path: ['site_id'], error: messages.required })
  .refine((m) => m.scope !== 'account' || !m.site_id, { path: ['site_id'], error: messages.invalid })
  .refine((m) => m.scope !== 'employer' || Boolean(m.employer_id), { path: ['employer_id'], error: messages.required })
  .refine((m) => m.scope === 'employer' || !m.employer_id, { path: ['employer_id'], error: messages.invalid });
export type MembershipInput = z.infer<typeof membershipInput>;

export const membershipsInput = z
  .array(membershipInput, { error: messages.required })
  .min(1, { error: messages.required })
  .max(MAX_MEMBERSHIPS, { error: formatMessage('too_many_at_once', { max: MAX_MEMBERSHIPS }) });

export const accountUserParams = z.object({ user: uuid });

export const listAccountUsers = endpoint({
  method: 'GET',
  path: '/v1/accounts/users',
  summary:
    "The selected account's staff with their access in it, searched (name, email), filtered (status, role), sorted and paged; " +
    '`Accept: text/csv` exports the filtered list',
  tags,
  level: 'account',
  access: { subject: 'users', action: 'view' },
  query: accountUserListQuery,
  response: paginated(accountUser),
});

export const inviteAccountUser = endpoint({
  method: 'POST',
  path: '/v1/accounts/users',
  summary: 'Invite someone by email with their access in the account; a new person is emailed a link to set a password',
  tags,
  level: 'account',
  givesRole: true,
  access: { subject: 'users', action: 'create' },
  body: z.strictObject({ email, name: requiredString(120), memberships: membershipsInput }),
  status: 201,
  response: accountUser,
});

export const replaceAccountUserMemberships = endpoint({
  method: 'PUT',
  path: '/v1/accounts/users/:user/memberships',
  summary: "Replace a person's access in this account (at least one; to take it all away, remove them)",
  tags,
  level: 'account',
  givesRole: true,
  access: { subject: 'users', action: 'update' },
  params: accountUserParams,
  body: z.strictObject({ memberships: membershipsInput }),
  response: accountUser,
});

export const disableAccountUser = endpoint({
  method: 'POST',
  path: '/v1/accounts/users/:user/disable',
  summary: 'Disable a person: they are signed out at once and cannot sign in (409 when they also have access elsewhere)',
  tags,
  level: 'account',
  access: { subject: 'users', action: 'update' },
  params: accountUserParams,
  response: accountUser,
});

export const enableAccountUser = endpoint({
  method: 'POST',
  path: '/v1/accounts/users/:user/enable',
  summary: 'Enable a disabled person again',
  tags,
  level: 'account',
  access: { subject: 'users', action: 'update' },
  params: accountUserParams,
  response: accountUser,
});

export const removeAccountUser = endpoint({
  method: 'DELETE',
  path: '/v1/accounts/users/:user',
  summary: "Remove a person's access to this account; one left with no access anywhere is signed out",
  tags,
  level: 'account',
  access: { subject: 'users', action: 'delete' },
  params: accountUserParams,
  status: 204,
  response: z.null(),
});

export const resendAccountInvitation = endpoint({
  method: 'POST',
  path: '/v1/accounts/users/:user/invitation',
  summary: 'Email a new set-password link to someone who has not set a password yet (the previous link stops working)',
  tags,
  level: 'account',
  access: { subject: 'users', action: 'update' },
  params: accountUserParams,
  response: z.object({ message: z.string() }),
});

/* Roles: the account's copies of the default bundles and its custom roles. */

export const accountRoleLevels = membershipScopes;

export const accountRole = z.object({
  id: uuid,
  key: z.string(),
  name: z.string(),
  level: z.enum(accountRoleLevels),
  permissions: z.array(z.string()),
  members_count: z.number().int(),
  /** A default bundle's copy: editable, never deletable. */
  built_in: z.boolean(),
  /** The caller holds every permission of the role, so may edit it and give it to people. */
  editable: z.boolean(),
});
export type AccountRole = z.infer<typeof accountRole>;

/** `subject.action`, `subject.all` or `all`, checked against the vocabulary by the API. */
const permission = z.string({ error: messages.invalid }).trim().min(1, { error: messages.invalid }).max(64, { error: messages.invalid });
const permissionList = z.array(permission, { error: messages.invalid }).max(300, { error: messages.invalid });

export const listAccountRoles = endpoint({
  method: 'GET',
  path: '/v1/accounts/roles',
  summary: "The account's roles with how many memberships use each, and the subjects and actions permissions are made of",
  tags,
  level: 'account',
  access: { subject: 'users', action: 'view' },
  response: z.object({
    data: z.array(accountRole),
    vocabulary: z.object({ subjects: z.array(z.string()), actions: z.array(z.string()) }),
  }),
});

export const createAccountRole = endpoint({
  method: 'POST',
  path: '/v1/accounts/roles',
  summary: 'Create a custom role (its key is made from the name)',
  tags,
  level: 'account',
  givesRole: true,
  access: { subject: 'users', action: 'update' },
  body: z.strictObject({
    name: requiredString(80),
    level: z.enum(accountRoleLevels, { error: messages.invalid }),
    permissions: permissionList,
  }),
  status: 201,
  response: accountRole,
});

export const updateAccountRole = endpoint({
  method: 'PATCH',
  path: '/v1/accounts/roles/:id',
  summary: "Rename a role or change its permissions; every member's next request uses them",
  tags,
  level: 'account',
  givesRole: true,
  access: { subject: 'users', action: 'update' },
  params: idParams,
  body: z.strictObject({ name: requiredString(80).optional(), permissions: permissionList.optional() }),
  response: accountRole,
});

export const deleteAccountRole = endpoint({
  method: 'DELETE',
  path: '/v1/accounts/roles/:id',
  summary: 'Delete a custom role that no membership uses (409 for a built-in role or one in use)',
  tags,
  level: 'account',
  givesRole: true,
  access: { subject: 'users', action: 'update' },
  params: idParams,
  status: 204,
  response: z.null(),
});
