import { eq } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client';
import { accounts } from '../../db/schema/tenancy';
import type { AppDeps } from '../../deps';
import type { Actor } from '../../platform/actor';
import { audit } from '../../platform/audit';
import { notFound } from '../../platform/errors';
import { settingsAudit } from './settings-scope';

/*
 * The account's sign-in rules. Requiring two-step sign-in applies from each staff member's next password sign-in
 * (sessions already open stay as they are); someone without it set up is then held to its setup until done.
 */

async function requireMfaOf(db: DbOrTx, accountId: string) {
  const [row] = await db.select({ requireMfa: accounts.requireMfa }).from(accounts).where(eq(accounts.id, accountId)).limit(1);
  if (!row) throw notFound();
  return row.requireMfa;
}

export async function getSecurity(deps: AppDeps, accountId: string) {
  return { require_mfa: await requireMfaOf(deps.db, accountId) };
}

export async function updateSecurity(deps: AppDeps, accountId: string, actor: Actor, body: { require_mfa: boolean }) {
  return deps.db.transaction(async (tx) => {
    const before = await requireMfaOf(tx, accountId);
    if (before !== body.require_mfa) {
      await tx.update(accounts).set({ requireMfa: body.require_mfa }).where(eq(accounts.id, accountId));
      await audit(tx, settingsAudit(actor, accountId, 'account.security_update', { type: 'account', id: accountId }, { require_mfa: body.require_mfa }));
    }
    return { require_mfa: body.require_mfa };
  });
}
