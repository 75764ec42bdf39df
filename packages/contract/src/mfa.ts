import { z } from 'zod';
import { endpoint } from './endpoint';
import { okResponse, timestamp, uuid } from './common';
import { messages } from './messages';
import { password, tokenResponse } from './auth';
import { messageCatalog as codes } from './message-codes';

/*
 * Two-step sign-in for staff: a TOTP authenticator (RFC 6238, 6 digits, 30 s) with ten single-use recovery codes.
 * A password sign-in of someone who has it answers a challenge instead of a token; the code (or a recovery code)
 * sent with the challenge's token to `/auth/login/mfa` gives the token. Single sign-on and acting as someone never
 * ask for it (docs/sso.md).
 */

const tags = ['auth'];

export const mfaMessages = {
  invalidCode: codes['mfa.code_invalid'],
  challengeExpired: codes['mfa.challenge_expired'],
  alreadyEnabled: codes['mfa.already_enabled'],
  notEnabled: codes['mfa.not_enabled'],
  noSetup: codes['mfa.no_setup'],
  requiredByAccount: codes['mfa.required_by_account'],
  setupRequired: codes.mfa_setup_required,
  passwordOrCode: codes['mfa.password_or_code'],
} as const;

/** The 403 `code` of every request refused until the caller sets two-step sign-in up. */
export const MFA_SETUP_REQUIRED = 'mfa_setup_required';

/** Six digits; spaces (as apps group them) are ignored. */
export const totpCode = z
  .string({ error: messages.required })
  .transform((v) => v.replace(/\s+/g, ''))
  .pipe(z.string().min(1, { error: messages.required }).regex(/^\d{6}$/, { error: messages.invalid }));

/** A recovery code as shown (`abcde-fghij`), case and dashes ignored. */
export const recoveryCode = z
  .string({ error: messages.required })
  .transform((v) => v.toLowerCase().replace(/[\s-]+/g, ''))
  .pipe(z.string().min(1, { error: messages.required }).regex(/^[a-z2-7]{10}$/, { error: messages.invalid }));

export const loginMfa = endpoint({
  method: 'POST',
  path: '/auth/login/mfa',
  summary: "Second step of a password sign-in: the challenge's token with a code from the authenticator or a recovery code",
  tags,
  access: { public: true },
  body: z
    .strictObject({
      mfa_token: z.string({ error: messages.required }).min(1, { error: messages.required }).max(200, { error: messages.invalid }),
      code: totpCode.optional(),
      recovery_code: recoveryCode.optional(),
    })
    .refine((b) => b.code !== undefined || b.recovery_code !== undefined, { path: ['code'], error: messages.required }),
  response: tokenResponse,
});

export const mfaStatus = z.object({
  enabled: z.boolean(),
  enabled_at: timestamp.nullable(),
  recovery_codes_left: z.number().int(),
  /** An account of theirs requires it: it cannot be turned off. */
  required: z.boolean(),
});
export type MfaStatus = z.infer<typeof mfaStatus>;

const self = { subject: 'portal', action: 'access' } as const;

export const getMfa = endpoint({
  method: 'GET',
  path: '/v1/user-account/mfa',
  summary: "The signed-in user's two-step sign-in: on or off, recovery codes left, whether an account requires it",
  tags,
  access: self,
  duringMfaSetup: true,
  response: mfaStatus,
});

export const startMfaSetup = endpoint({
  method: 'POST',
  path: '/v1/user-account/mfa/setup',
  summary: 'Begin setting up an authenticator: a new secret, as text, as an otpauth:// link and as a QR code (SVG data URL)',
  tags,
  access: self,
  notWhileImpersonating: true,
  duringMfaSetup: true,
  response: z.object({ secret: z.string(), otpauth_url: z.string(), qr_code: z.string() }),
});

export const recoveryCodesResponse = z.object({ recovery_codes: z.array(z.string()) });

export const confirmMfaSetup = endpoint({
  method: 'POST',
  path: '/v1/user-account/mfa/confirm',
  summary: 'Finish the setup with a code from the authenticator; answers the ten recovery codes, shown this once',
  tags,
  access: self,
  notWhileImpersonating: true,
  duringMfaSetup: true,
  body: z.strictObject({ code: totpCode }),
  response: recoveryCodesResponse,
});

export const regenerateRecoveryCodes = endpoint({
  method: 'POST',
  path: '/v1/user-account/mfa/recovery-codes',
  summary: 'Replace the recovery codes (the old ones stop working); needs a code from the authenticator',
  tags,
  access: self,
  notWhileImpersonating: true,
  body: z.strictObject({ code: totpCode }),
  response: recoveryCodesResponse,
});

export const disableMfa = endpoint({
  method: 'POST',
  path: '/v1/user-account/mfa/disable',
  summary: 'Turn two-step sign-in off with the password or a code (refused while an account requires it)',
  tags,
  access: self,
  notWhileImpersonating: true,
  body: z
    .strictObject({ password: password.optional(), code: totpCode.optional() })
    .refine((b) => b.password !== undefined || b.code !== undefined, { path: ['password'], error: mfaMessages.passwordOrCode }),
  response: okResponse,
});

export const accountSecurity = z.object({ require_mfa: z.boolean() });

export const getAccountSecurity = endpoint({
  method: 'GET',
  path: '/v1/accounts/security',
  summary: "The selected account's sign-in rules: whether its staff must use two-step sign-in",
  tags,
  level: 'account',
  access: { subject: 'accounts', action: 'update' },
  response: accountSecurity,
});

export const updateAccountSecurity = endpoint({
  method: 'PATCH',
  path: '/v1/accounts/security',
  summary: "Require (or stop requiring) two-step sign-in of the account's staff from their next password sign-in",
  tags,
  level: 'account',
  access: { subject: 'accounts', action: 'update' },
  body: z.strictObject({ require_mfa: z.boolean({ error: messages.invalid }) }),
  response: accountSecurity,
});

export const resetAccountUserMfa = endpoint({
  method: 'POST',
  path: '/v1/accounts/users/:user/mfa/reset',
  summary: "Turn a member's two-step sign-in off (a lost device); audited, and the person is emailed",
  tags: ['users'],
  level: 'account',
  access: { subject: 'users', action: 'update' },
  params: z.object({ user: uuid }),
  status: 204,
  response: z.null(),
});
