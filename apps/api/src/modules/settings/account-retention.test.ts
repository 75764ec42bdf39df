import { and, eq, inArray } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { messages } from '@hireline/contract/messages';
import { retentionDaysMessage } from '@hireline/contract/retention';
import { auditLogs } from '../../db/schema/platform';
import { accounts } from '../../db/schema/tenancy';
import { createTenant, type Tenant } from '../../test/factories';
import { createTestApp, type TestApp } from '../../test/harness';
import { login } from '../../test/login';
import { accountClient, type AccountClient } from '../../test/client';
import { coded } from '../../test/errors';

/* The account's retention periods at Settings: safe defaults, bounded changes, audited, one account's alone. */

const PATH = '/v1/accounts/retention';
const DEFAULTS = { audit_days: 730, mail_days: 90, notification_days: 365, application_days: 730, candidate_days: 1095 };

let t: TestApp;
let acme: Tenant;
let globex: Tenant;
let acmeAdmin: AccountClient;
let globexAdmin: AccountClient;

beforeAll(async () => {
  t = await createTestApp();
  acme = await createTenant(t.deps.db);
  globex = await createTenant(t.deps.db);
  acmeAdmin = accountClient(t, await login(t.app, acme.users.accountAdmin.email), acme.account.id);
  globexAdmin = accountClient(t, await login(t.app, globex.users.accountAdmin.email), globex.account.id);
});
afterAll(() => t.close());
beforeEach(async () => {
  await t.deps.db
    .update(accounts)
    .set({ retentionAuditDays: 730, retentionMailDays: 90, retentionNotificationDays: 365, retentionApplicationDays: 730, retentionCandidateDays: 1095 })
    .where(inArray(accounts.id, [acme.account.id, globex.account.id]));
});

describe('account retention settings', () => {
  it('start at the safe defaults', async () => {
    const got = await acmeAdmin.get(PATH);
    expect(got.statusCode, got.body).toBe(200);
    expect(got.json()).toEqual(DEFAULTS);
  });

  it('change the given periods only, audited with before and after, leaving another account’s untouched', async () => {
    const set = await acmeAdmin.patch(PATH, { mail_days: 30, candidate_days: 3650 });
    expect(set.statusCode, set.body).toBe(200);
    expect(set.json()).toEqual({ ...DEFAULTS, mail_days: 30, candidate_days: 3650 });
    expect((await acmeAdmin.get(PATH)).json()).toEqual({ ...DEFAULTS, mail_days: 30, candidate_days: 3650 });
    expect((await globexAdmin.get(PATH)).json()).toEqual(DEFAULTS);

    const entries = await t.deps.db
      .select({ data: auditLogs.data, actor: auditLogs.actorUserId })
      .from(auditLogs)
      .where(and(eq(auditLogs.action, 'account.retention_update'), eq(auditLogs.accountId, acme.account.id)));
    expect(entries).toEqual([
      { actor: acme.users.accountAdmin.id, data: { mail_days: { from: 90, to: 30 }, candidate_days: { from: 1095, to: 3650 } } },
    ]);
    // Sending the same values again changes nothing and records nothing.
    expect((await acmeAdmin.patch(PATH, { mail_days: 30 })).statusCode).toBe(200);
    const again = await t.deps.db.select().from(auditLogs).where(and(eq(auditLogs.action, 'account.retention_update'), eq(auditLogs.accountId, acme.account.id)));
    expect(again).toHaveLength(1);
  });

  it('refuses periods out of bounds or not whole days with the coded message, changing nothing', async () => {
    const bad = await acmeAdmin.patch(PATH, { audit_days: 29, mail_days: 3651, notification_days: 90.5 });
    expect(bad.statusCode).toBe(422);
    expect(bad.json()).toEqual(
      coded({
        message: messages.givenDataInvalid,
        errors: { audit_days: [retentionDaysMessage], mail_days: [retentionDaysMessage], notification_days: [retentionDaysMessage] },
      }),
    );
    expect(bad.json().error_codes.audit_days).toEqual([{ code: 'retention.days', params: { min: 30, max: 3650 } }]);
    expect((await acmeAdmin.patch(PATH, { audit_days: '365' })).statusCode).toBe(422);
    expect((await acmeAdmin.patch(PATH, { other_days: 365 })).statusCode).toBe(422);
    expect((await acmeAdmin.get(PATH)).json()).toEqual(DEFAULTS);
  });

  it('is for the account’s admins: other staff are refused, another account’s admin finds no such account', async () => {
    const as = async (email: string, extra: { siteId?: string } = {}) => accountClient(t, await login(t.app, email), acme.account.id, extra);
    const patch = { audit_days: 30 };
    expect((await (await as(acme.users.employerAdmin.email)).get(PATH)).statusCode).toBe(403);
    expect((await (await as(acme.users.siteManager.email, { siteId: acme.sites[0].id })).patch(PATH, patch)).statusCode).toBe(403);
    expect((await (await as(globex.users.accountAdmin.email)).get(PATH)).statusCode).toBe(404);
    expect((await (await as(globex.users.accountAdmin.email)).patch(PATH, patch)).statusCode).toBe(404);
    expect((await acmeAdmin.get(PATH)).json()).toEqual(DEFAULTS);
  });
});
