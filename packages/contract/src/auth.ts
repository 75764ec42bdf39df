import { z } from 'zod';
import { endpoint } from './endpoint';
import { email, okResponse, requiredString, timestamp, uuid } from './common';
import { userLocales } from './enums';
import { messages } from './messages';

const tags = ['auth'];

export const password = z
  .string({ error: messages.required })
  .min(1, { error: messages.required })
  .max(200, { error: messages.invalid });

/** A new password: at least 10 characters with a letter and a digit. */
export const newPassword = password.refine((v) => v.length >= 10 && /[A-Za-z]/.test(v) && /\d/.test(v), {
  error: messages.passwordTooWeak,
});

export const tokenResponse = z.object({
  access_token: z.string(),
  token_type: z.literal('Bearer'),
  expires_at: timestamp,
  /** Set on an impersonation token: where the staff member was. */
  redirect: z.string().optional(),
  /** Set on an impersonation token: the staff session's token, kept to return to. */
  parent: z.string().optional(),
});

/** A password sign-in of someone with two-step sign-in on: send a code with `mfa_token` to `/auth/login/mfa` (mfa.ts). */
export const mfaChallenge = z.object({
  mfa_required: z.literal(true),
  mfa_token: z.string(),
  expires_at: timestamp,
});
export type MfaChallenge = z.infer<typeof mfaChallenge>;

export const login = endpoint({
  method: 'POST',
  path: '/auth/login',
  summary: 'Sign in with email and password (a challenge instead of a token when two-step sign-in is on)',
  tags,
  access: { public: true },
  body: z.strictObject({ email, password }),
  response: z.union([tokenResponse, mfaChallenge]),
});

const employerRef = z.object({ id: uuid, name: z.string() });
const siteRef = z.object({ id: uuid, name: z.string(), slug: z.string(), employers: z.array(employerRef) });
export const accountRef = z.object({ id: uuid, name: z.string(), slug: z.string(), sites: z.array(siteRef) });
export type AccountRef = z.infer<typeof accountRef>;

/** Scope key → permission strings, e.g. `{"account:…": ["all"], "site:…": ["jobs.view"]}` (spec §6). */
export const permissionsMap = z.record(z.string(), z.array(z.string()));
export type PermissionsMap = z.infer<typeof permissionsMap>;

export const me = endpoint({
  method: 'GET',
  path: '/auth/me',
  summary: 'The signed-in user, their permissions and the accounts, sites and employers they can reach',
  tags,
  access: { subject: 'portal', action: 'access' },
  duringMfaSetup: true,
  response: z.object({
    id: uuid,
    name: z.string(),
    email: z.string(),
    avatar: z.string().nullable(),
    permissions: permissionsMap,
    accounts: z.array(accountRef),
    /**
     * With a branding token that hides some of the user's accounts: those accounts and where each one's portal is,
     * so someone signed in on another tenant's host learns where they belong (only their own accepted accounts).
     */
    accounts_elsewhere: z.array(z.object({ id: uuid, name: z.string(), url: z.string() })).optional(),
    impersonating: z
      .object({
        by: z.object({ id: uuid, name: z.string() }),
        redirect: z.string().nullable(),
        reason: z.string().nullable(),
        expires_at: timestamp,
      })
      .optional(),
    /** This session must set up two-step sign-in before anything else (an account requires it). */
    mfa_setup_required: z.literal(true).optional(),
  }),
});

export const logout = endpoint({
  method: 'DELETE',
  path: '/auth/logout',
  summary: 'Sign out: revoke the current token',
  tags,
  access: { subject: 'portal', action: 'access' },
  duringMfaSetup: true,
  status: 204,
  response: z.null(),
});

export const forgotPassword = endpoint({
  method: 'POST',
  path: '/auth/forgot-password',
  summary: 'Email a single-use password reset link (always the same answer)',
  tags,
  access: { public: true },
  body: z.strictObject({ email }),
  response: okResponse,
});

export const resetPassword = endpoint({
  method: 'POST',
  path: '/auth/reset-password',
  summary: 'Set a new password with a reset token',
  tags,
  access: { public: true },
  body: z
    .strictObject({
      token: z.string({ error: messages.required }).min(1, { error: messages.required }).max(200),
      password: newPassword,
      password_confirmation: password,
    })
    .refine((b) => b.password === b.password_confirmation, {
      path: ['password_confirmation'],
      error: messages.confirmation,
    }),
  response: okResponse,
});

/** The signed-in user's own profile; `me` carries what the portal needs on every page, this adds the editable rest. */
export const userAccount = z.object({
  id: uuid,
  name: z.string(),
  email: z.string(),
  avatar: z.string().nullable(),
  locale: z.enum(userLocales),
});
export type UserAccount = z.infer<typeof userAccount>;

export const getUserAccount = endpoint({
  method: 'GET',
  path: '/v1/user-account',
  summary: "The signed-in user's profile: name, email, avatar and language",
  tags,
  access: { subject: 'portal', action: 'access' },
  duringMfaSetup: true,
  response: userAccount,
});

export const updateUserAccount = endpoint({
  method: 'PATCH',
  path: '/v1/user-account',
  summary: "Update the signed-in user's name and language (the email is not editable here)",
  tags,
  access: { subject: 'portal', action: 'access' },
  body: z.strictObject({
    name: requiredString(120).optional(),
    locale: z.enum(userLocales, { error: messages.invalid }).optional(),
  }),
  response: userAccount,
});

export const changePassword = endpoint({
  method: 'POST',
  path: '/v1/user-account/change-password',
  summary: "Change the signed-in user's password (other sessions are signed out)",
  tags,
  access: { subject: 'portal', action: 'access' },
  notWhileImpersonating: true,
  body: z
    .strictObject({
      current_password: password,
      password: newPassword,
      password_confirmation: password,
    })
    .refine((b) => b.password === b.password_confirmation, {
      path: ['password_confirmation'],
      error: messages.confirmation,
    }),
  response: okResponse,
});

export const uploadAvatar = endpoint({
  method: 'POST',
  path: '/v1/user-account/avatar',
  summary: 'Upload a new avatar (PNG, JPEG or WEBP, up to 5 MB)',
  tags,
  access: { subject: 'portal', action: 'access' },
  multipart: true,
  response: z.object({ avatar: z.string() }),
});

export const removeAvatar = endpoint({
  method: 'DELETE',
  path: '/v1/user-account/avatar',
  summary: "Remove the signed-in user's avatar (initials are shown instead)",
  tags,
  access: { subject: 'portal', action: 'access' },
  status: 204,
  response: z.null(),
});
