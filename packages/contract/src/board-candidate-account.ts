import { z } from 'zod';
import { endpoint } from './endpoint';
import { email, optionalText, requiredString } from './common';
import { newPassword, password, tokenResponse } from './auth';
import { messages } from './messages';
import { domain, seeker, tags } from './board-candidates';

/*
 * A candidate's account on a job board (board-candidates.ts has the rest of what candidates do there): register,
 * confirm the email, sign in, reset the password and sign out. Each names its board like the read side (`domain`, or
 * the request's Host).
 */

export const registerCandidate = endpoint({
  method: 'POST',
  path: '/v1/board/candidates/register',
  summary:
    'Create a candidate account; answers the same whether or not the email is known and mails a confirmation link (or, for a known candidate, a sign-in reminder)',
  tags,
  access: { public: true },
  body: z.strictObject({ domain, name: requiredString(120), email, password: newPassword, phone: optionalText(40).optional() }),
  status: 202,
  response: z.object({ message: z.string() }),
});

export const verifyCandidate = endpoint({
  method: 'POST',
  path: '/v1/board/candidates/verify',
  summary: 'Confirm the email address with the mailed token; signs the candidate in',
  tags,
  access: { public: true },
  body: z.strictObject({ domain, token: z.string({ error: messages.required }).min(1, { error: messages.required }).max(200) }),
  response: tokenResponse,
});

export const resendVerification = endpoint({
  method: 'POST',
  path: '/v1/board/candidates/resend-verification',
  summary: 'Mail a new confirmation link (same answer whether or not the email is known)',
  tags,
  access: { public: true },
  body: z.strictObject({ domain, email }),
  status: 202,
  response: z.object({ message: z.string() }),
});

export const candidateLogin = endpoint({
  method: 'POST',
  path: '/v1/board/candidates/login',
  summary: "Sign in to the board's account with email and password (403 until the email is confirmed)",
  tags,
  access: { public: true },
  body: z.strictObject({ domain, email, password }),
  response: tokenResponse,
});

export const candidateForgotPassword = endpoint({
  method: 'POST',
  path: '/v1/board/candidates/forgot-password',
  summary: 'Mail a password reset link (same answer whether or not the email is known)',
  tags,
  access: { public: true },
  body: z.strictObject({ domain, email }),
  status: 202,
  response: z.object({ message: z.string() }),
});

export const candidateResetPassword = endpoint({
  method: 'POST',
  path: '/v1/board/candidates/reset-password',
  summary: 'Set a new password with the mailed token; ends other sessions and signs the candidate in',
  tags,
  access: { public: true },
  body: z.strictObject({ domain, token: z.string({ error: messages.required }).min(1).max(200), password: newPassword }),
  response: tokenResponse,
});

export const candidateLogout = endpoint({
  method: 'DELETE',
  path: '/v1/board/candidates/session',
  summary: 'Sign out of the board (a staff member acting as the candidate ends that)',
  tags,
  access: seeker,
  status: 204,
  response: z.null(),
});
