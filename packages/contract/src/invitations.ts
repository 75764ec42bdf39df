import { z } from 'zod';
import { endpoint } from './endpoint';
import { messages } from './messages';
import { newPassword, password } from './auth';
import { messageCatalog as codes } from './message-codes';

/*
 * Accepting an invitation (DESIGN §10: a person joins an account by an invitation they accept). The emailed link
 * carries a token bound to one account and one person; the token travels in the body, never in a URL the API logs.
 * Someone with no password who belongs nowhere yet accepts by choosing one; anyone else accepts signed in as
 * themselves, and no password is set then.
 */

const tags = ['auth'];

export const invitationMessages = {
  invalid: codes['invitations.invalid'],
  signIn: codes['invitations.sign_in'],
  acceptedWithPassword: codes['invitations.accepted_with_password'],
  accepted: codes['invitations.accepted'],
} as const;

const token = z.string({ error: messages.required }).min(1, { error: messages.required }).max(200, { error: messages.invalid });

/** `password`: choose a first password to accept; `session`: sign in as this person, then accept. */
export const acceptModes = ['password', 'session'] as const;
export type AcceptMode = (typeof acceptModes)[number];

export const readInvitation = endpoint({
  method: 'POST',
  path: '/auth/invitation',
  summary: 'What an invitation link is for: the account, the name and email it was sent to, and how to accept it',
  tags,
  access: { public: true },
  body: z.strictObject({ token }),
  response: z.object({
    account: z.object({ name: z.string() }),
    name: z.string(),
    email: z.string(),
    accept_with: z.enum(acceptModes),
    /** Whether the caller is signed in as the invited person (then accepting is one click). */
    signed_in_as_invitee: z.boolean(),
  }),
});
export type InvitationInfo = z.infer<typeof readInvitation.response>;

export const acceptInvitation = endpoint({
  method: 'POST',
  path: '/auth/invitation/accept',
  summary: "Accept an invitation: with a first password, or signed in as the invited person; only that account's access",
  tags,
  access: { public: true },
  notWhileImpersonating: true,
  body: z
    .strictObject({ token, password: newPassword.optional(), password_confirmation: password.optional() })
    .refine((b) => b.password === undefined || b.password === b.password_confirmation, {
      path: ['password_confirmation'],
      error: messages.confirmation,
    }),
  response: z.object({ message: z.string(), accept_with: z.enum(acceptModes) }),
});
