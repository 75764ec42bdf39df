import type { AppDeps } from '../../deps';
import type { Actor } from '../../platform/actor';
import { audit } from '../../platform/audit';
import { notFound } from '../../platform/errors';
import { parseMailbox } from '../../platform/mail';
import * as repo from './account-mail-sender.repo';
import { settingsAudit } from './settings-scope';

/*
 * The account's email sender (platform/mail.ts decides each mail's From when it is queued): a change applies to mail
 * queued from then on; mail already in the outbox goes as it was decided.
 */

const answer = (deps: AppDeps, row: repo.MailSenderRow) => ({
  mail_from_address: row.mailFromAddress,
  mail_reply_to: row.mailReplyTo,
  default_from_address: parseMailbox(deps.config.mailFrom).address,
});

export async function getMailSender(deps: AppDeps, accountId: string) {
  const row = await repo.mailSenderOf(deps.db, accountId);
  if (!row) throw notFound();
  return answer(deps, row);
}

export async function updateMailSender(
  deps: AppDeps,
  accountId: string,
  actor: Actor,
  body: { mail_from_address?: string | null; mail_reply_to?: string | null },
) {
  return deps.db.transaction(async (tx) => {
    const before = await repo.mailSenderOf(tx, accountId);
    if (!before) throw notFound();
    const changes: Partial<repo.MailSenderRow> = {};
    if (body.mail_from_address !== undefined && body.mail_from_address !== before.mailFromAddress)
      changes.mailFromAddress = body.mail_from_address;
    if (body.mail_reply_to !== undefined && body.mail_reply_to !== before.mailReplyTo) changes.mailReplyTo = body.mail_reply_to;
    if (!Object.keys(changes).length) return answer(deps, before);
    await repo.setMailSender(tx, accountId, changes);
    const data = {
      ...('mailFromAddress' in changes ? { mail_from_address: changes.mailFromAddress } : {}),
      ...('mailReplyTo' in changes ? { mail_reply_to: changes.mailReplyTo } : {}),
    };
    await audit(tx, settingsAudit(actor, accountId, 'account.mail_sender_update', { type: 'account', id: accountId }, data));
    return answer(deps, { ...before, ...changes });
  });
}
