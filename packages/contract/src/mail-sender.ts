import { z } from 'zod';
import { email } from './common';
import { endpoint } from './endpoint';
import { messages } from './messages';

/*
 * The account's email sender. Every email of the account (and of its sites) is named after its site or account;
 * by default it is sent from the deployment's MAIL_FROM address with no Reply-To. An account may send from its own
 * address (its domain must authorise this server: SPF, DKIM) and have replies go to another.
 */

const tags = ['accounts'];
const access = { subject: 'accounts', action: 'update' } as const;

/** An email address, or `''`/null for none (the deployment's default). */
const optionalEmail = z
  .string({ error: messages.invalid })
  .trim()
  .transform((v) => (v === '' ? null : v))
  .pipe(email.nullable())
  .nullable();

export const accountMailSender = z.object({
  /** Null: mail goes from the deployment's address (`default_from_address`). */
  mail_from_address: z.string().nullable(),
  /** Null: no Reply-To, replies go to the From address. */
  mail_reply_to: z.string().nullable(),
  /** The deployment's MAIL_FROM address, used when the account has none of its own. */
  default_from_address: z.string(),
});
export type AccountMailSender = z.infer<typeof accountMailSender>;

export const getAccountMailSender = endpoint({
  method: 'GET',
  path: '/v1/accounts/mail-sender',
  summary: "The selected account's email sender: its own From address and Reply-To, if set",
  tags,
  level: 'account',
  access,
  response: accountMailSender,
});

export const updateAccountMailSenderBody = z.strictObject({
  mail_from_address: optionalEmail.optional(),
  mail_reply_to: optionalEmail.optional(),
});

export const updateAccountMailSender = endpoint({
  method: 'PATCH',
  path: '/v1/accounts/mail-sender',
  summary: "Set (or clear, with null) the account's own sender address and Reply-To for the mail it queues from now on",
  tags,
  level: 'account',
  access,
  body: updateAccountMailSenderBody,
  response: accountMailSender,
});
