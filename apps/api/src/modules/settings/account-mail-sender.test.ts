import { and, eq, inArray, isNull } from 'drizzle-orm';
import addressparser from 'nodemailer/lib/addressparser/index.js';
import type { AddressInfo } from 'node:net';
import { SMTPServer } from 'smtp-server';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { messages } from '@hireline/contract/messages';
import { memberships, roles, users } from '../../db/schema/identity';
import { auditLogs } from '../../db/schema/platform';
import { accounts } from '../../db/schema/tenancy';
import { hashPassword } from '../../platform/crypto';
import { withTenants } from '../../db/tenant-context';
import type { OutgoingMail } from '../../platform/mail';
import { createTenant, PASSWORD, type Tenant } from '../../test/factories';
import { createTestApp, type TestApp } from '../../test/harness';
import { login } from '../../test/login';
import { accountAccess, invite } from '../../test/people';
import { accountClient, type AccountClient } from '../../test/client';
import { coded } from '../../test/errors';

/*
 * Every email speaks as its tenant, as received by a real SMTP server: From named after the site or account (never
 * another tenant's), from the account's own address and Reply-To once its admin sets them, else MAIL_FROM's address.
 */

const ACME = 'Acme, "Best" Jobs';
const GLOBEX = 'جلوبكس للتوظيف';
const DEPLOYMENT = { name: 'Hireline Mail', address: 'no-reply@hireline.test' };

let t: TestApp;
let acme: Tenant;
let globex: Tenant;
let acmeAdmin: AccountClient;
let globexAdmin: AccountClient;
let server: SMTPServer;
const received: { to: string; envelopeFrom: string; raw: string }[] = [];

beforeAll(async () => {
  server = new SMTPServer({
    authOptional: true,
    closeTimeout: 100,
    disabledCommands: ['STARTTLS'],
    onData(stream, session, callback) {
      const chunks: Buffer[] = [];
      stream.on('data', (c: Buffer) => chunks.push(c));
      stream.on('end', () => {
        const envelopeFrom = session.envelope.mailFrom ? session.envelope.mailFrom.address : '';
        received.push({ to: session.envelope.rcptTo[0]!.address, envelopeFrom, raw: Buffer.concat(chunks).toString('utf8') });
        callback();
      });
    },
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const url = `smtp://127.0.0.1:${(server.server.address() as AddressInfo).port}`;
  t = await createTestApp({ SMTP_URL: url, MAIL_FROM: `${DEPLOYMENT.name} <${DEPLOYMENT.address}>` });
  acme = await createTenant(t.deps.db, { name: ACME });
  globex = await createTenant(t.deps.db, { name: GLOBEX });
  acmeAdmin = accountClient(t, await login(t.app, acme.users.accountAdmin.email), acme.account.id);
  globexAdmin = accountClient(t, await login(t.app, globex.users.accountAdmin.email), globex.account.id);
});
afterAll(async () => {
  await t.close();
  await new Promise<void>((resolve) => server.close(() => resolve()));
});
beforeEach(async () => {
  received.length = 0;
  // Each test starts from accounts with no sender of their own, whatever an earlier one left.
  await t.deps.db.update(accounts).set({ mailFromAddress: null, mailReplyTo: null }).where(inArray(accounts.id, [acme.account.id, globex.account.id]));
});

/** RFC 2047 encoded words (`=?UTF-8?B?…?=`, `=?UTF-8?Q?…?=`) back to text; the space between two of them is dropped. */
function decodeWords(value: string) {
  return value
    .replace(/(\?=)\s+(=\?)/g, '$1$2')
    .replace(/=\?([^?]+)\?([BQ])\?([^?]*)\?=/gi, (_m, _charset: string, enc: string, text: string) =>
      enc.toUpperCase() === 'B'
        ? Buffer.from(text, 'base64').toString('utf8')
        : Buffer.from(text.replace(/_/g, ' ').replace(/=([0-9A-F]{2})/gi, (_x, h: string) => String.fromCharCode(parseInt(h, 16))), 'latin1').toString('utf8'),
    );
}

/** A header of a received message, unfolded and decoded; undefined when absent. */
function header(raw: string, name: string) {
  const head = raw.slice(0, raw.indexOf('\r\n\r\n')).replace(/\r\n[ \t]+/g, ' ');
  const line = head.split('\r\n').find((l) => l.toLowerCase().startsWith(`${name.toLowerCase()}:`));
  return line === undefined ? undefined : decodeWords(line.slice(name.length + 1).trim());
}

/** The From of the one message received for `to`, as a receiver's mail program reads it. */
function fromOf(to: string) {
  const got = received.filter((r) => r.to === to);
  expect(got, `one message to ${to}`).toHaveLength(1);
  const [mailbox] = addressparser(header(got[0]!.raw, 'From')!, { flatten: true });
  return { name: mailbox!.name, address: mailbox!.address, replyTo: header(got[0]!.raw, 'Reply-To') };
}

const mail = (key: string, to: string, tenant: Partial<Pick<OutgoingMail, 'accountId' | 'siteId'>>): OutgoingMail => ({
  to,
  subject: `Subject ${key}`,
  html: `<p>${key}</p>`,
  text: key,
  event: 'test.sender',
  dedupeKey: `sender:${key}`,
  ...tenant,
});

/** Queued as a request of that tenant's staff queues it: in a transaction that sees only that tenant's rows. */
const queueAs = (tenant: Tenant | null, list: OutgoingMail[]) =>
  withTenants(tenant ? [tenant.account.id] : '*', () => t.deps.db.transaction((tx) => t.deps.mailer.queue(tx, list)));

describe('the From of each tenant’s email', () => {
  it('is named after the site or account it concerns, never the other tenant’s, else the deployment; encoded so it reads back whole', async () => {
    await queueAs(acme, [
      mail('acme-account', 'a1@example.test', { accountId: acme.account.id }),
      mail('acme-site', 'a2@example.test', { accountId: acme.account.id, siteId: acme.sites[0].id }),
    ]);
    await queueAs(globex, [
      mail('globex-account', 'g1@example.test', { accountId: globex.account.id }),
      mail('globex-site', 'g2@example.test', { accountId: globex.account.id, siteId: globex.sites[1].id }),
    ]);
    await queueAs(null, [mail('deployment', 'd1@example.test', {})]);
    // A site of another account named on Acme's mail lends it neither its name nor its account's sender.
    await queueAs(acme, [mail('acme-foreign-site', 'a3@example.test', { accountId: acme.account.id, siteId: globex.sites[0].id })]);
    expect(await t.deps.mailer.deliverDue(50)).toBe(6);

    const none = { address: DEPLOYMENT.address, replyTo: undefined };
    expect(fromOf('a1@example.test')).toEqual({ name: ACME, ...none });
    expect(fromOf('a2@example.test')).toEqual({ name: `${ACME} Jobs`, ...none });
    expect(fromOf('a3@example.test')).toEqual({ name: ACME, ...none });
    expect(fromOf('g1@example.test')).toEqual({ name: GLOBEX, ...none });
    expect(fromOf('g2@example.test')).toEqual({ name: `${GLOBEX} Second`, ...none });
    expect(fromOf('d1@example.test')).toEqual({ name: DEPLOYMENT.name, ...none });
    // Names that need it travel quoted or encoded, never as raw header text.
    const rawFrom = (to: string) => received.find((r) => r.to === to)!.raw.match(/^From: .*$/m)![0];
    expect(rawFrom('a1@example.test')).toContain('"Acme, \\"Best\\" Jobs"');
    expect(rawFrom('g1@example.test')).toMatch(/=\?UTF-8\?[BQ]\?/i);
    for (const r of received.filter((x) => x.to.startsWith('a'))) expect(header(r.raw, 'From')).not.toContain(GLOBEX);
    for (const r of received.filter((x) => x.to.startsWith('g'))) expect(header(r.raw, 'From')).not.toContain('Acme');
  });
});

describe('an account’s own sender address and Reply-To', () => {
  it('is set by its admin (audited) and goes on its mail only, here an invitation; the other account keeps the default', async () => {
    expect((await acmeAdmin.get('/v1/accounts/mail-sender')).json()).toEqual({
      mail_from_address: null,
      mail_reply_to: null,
      default_from_address: DEPLOYMENT.address,
    });
    const set = await acmeAdmin.patch('/v1/accounts/mail-sender', { mail_from_address: ' Jobs@Acme.test ', mail_reply_to: 'hr@acme.test' });
    expect(set.statusCode, set.body).toBe(200);
    expect(set.json()).toEqual({ mail_from_address: 'jobs@acme.test', mail_reply_to: 'hr@acme.test', default_from_address: DEPLOYMENT.address });
    const logged = await t.deps.db
      .select()
      .from(auditLogs)
      .where(and(eq(auditLogs.action, 'account.mail_sender_update'), eq(auditLogs.accountId, acme.account.id)));
    expect(logged.map((l) => l.data)).toEqual([{ mail_from_address: 'jobs@acme.test', mail_reply_to: 'hr@acme.test' }]);
    expect((await globexAdmin.get('/v1/accounts/mail-sender')).json()).toMatchObject({ mail_from_address: null, mail_reply_to: null });

    expect((await invite(acmeAdmin, 'new.acme@example.test', [accountAccess('account_admin')])).statusCode).toBe(201);
    expect((await invite(globexAdmin, 'new.globex@example.test', [accountAccess('account_admin')])).statusCode).toBe(201);
    expect(await t.deps.mailer.deliverDue(50)).toBe(2);
    expect(fromOf('new.acme@example.test')).toEqual({ name: ACME, address: 'jobs@acme.test', replyTo: 'hr@acme.test' });
    expect(fromOf('new.globex@example.test')).toEqual({ name: GLOBEX, address: DEPLOYMENT.address, replyTo: undefined });
    // Bounces still go to the deployment: MAIL_FROM's address stays the envelope sender.
    expect(received.map((r) => r.envelopeFrom)).toEqual([DEPLOYMENT.address, DEPLOYMENT.address]);

    // Cleared (an empty field), Acme's next mail goes from the deployment's address again.
    const cleared = await acmeAdmin.patch('/v1/accounts/mail-sender', { mail_from_address: '', mail_reply_to: null });
    expect(cleared.json()).toMatchObject({ mail_from_address: null, mail_reply_to: null });
    await queueAs(acme, [mail('acme-after', 'a4@example.test', { accountId: acme.account.id })]);
    await t.deps.mailer.deliverDue(50);
    expect(fromOf('a4@example.test')).toEqual({ name: ACME, address: DEPLOYMENT.address, replyTo: undefined });
  });

  it('refuses what is not an email address with the contract’s message, and changes nothing', async () => {
    const bad = await acmeAdmin.patch('/v1/accounts/mail-sender', { mail_from_address: 'jobs at acme', mail_reply_to: 'hr@' });
    expect(bad.statusCode).toBe(422);
    expect(bad.json()).toEqual(coded({
      message: messages.givenDataInvalid,
      errors: { mail_from_address: [messages.invalid], mail_reply_to: [messages.invalid] },
    }));
    expect((await acmeAdmin.patch('/v1/accounts/mail-sender', { mail_from_address: 42 })).statusCode).toBe(422);
    expect((await acmeAdmin.patch('/v1/accounts/mail-sender', { other: 'x' })).statusCode).toBe(422);
    expect((await acmeAdmin.get('/v1/accounts/mail-sender')).json()).toMatchObject({ mail_from_address: null, mail_reply_to: null });
  });

  it('may be changed by the account’s admins and enterprise staff only; another account’s admin finds no such account', async () => {
    const patch = { mail_from_address: 'intruder@evil.test' };
    const as = async (email: string, extra: { siteId?: string } = {}) => accountClient(t, await login(t.app, email), acme.account.id, extra);
    expect((await (await as(acme.users.employerAdmin.email)).patch('/v1/accounts/mail-sender', patch)).statusCode).toBe(403);
    expect((await (await as(acme.users.employerAdmin.email)).get('/v1/accounts/mail-sender')).statusCode).toBe(403);
    expect((await (await as(acme.users.siteManager.email, { siteId: acme.sites[0].id })).patch('/v1/accounts/mail-sender', patch)).statusCode).toBe(403);
    expect((await (await as(globex.users.accountAdmin.email)).patch('/v1/accounts/mail-sender', patch)).statusCode).toBe(404);
    expect((await (await as(globex.users.accountAdmin.email)).get('/v1/accounts/mail-sender')).statusCode).toBe(404);
    expect((await acmeAdmin.get('/v1/accounts/mail-sender')).json()).toMatchObject({ mail_from_address: null });

    // Enterprise staff act on any account of the enterprise.
    const db = t.deps.db;
    await db
      .insert(roles)
      .values({ enterpriseId: acme.enterpriseId, key: 'enterprise_admin', name: 'Enterprise admin', level: 'enterprise', permissions: ['all'] })
      .onConflictDoNothing();
    const [role] = await db.select().from(roles).where(and(eq(roles.key, 'enterprise_admin'), isNull(roles.accountId)));
    const [boss] = await db
      .insert(users)
      .values({ enterpriseId: acme.enterpriseId, email: 'boss@enterprise.test', name: 'Enterprise Boss', passwordHash: await hashPassword(PASSWORD) })
      .returning();
    await db.insert(memberships).values({ userId: boss!.id, enterpriseId: acme.enterpriseId, scopeType: 'enterprise', roleId: role!.id });
    const staff = await as('boss@enterprise.test');
    const byStaff = await staff.patch('/v1/accounts/mail-sender', { mail_reply_to: 'careers@acme.test' });
    expect(byStaff.statusCode, byStaff.body).toBe(200);
    expect(byStaff.json()).toMatchObject({ mail_from_address: null, mail_reply_to: 'careers@acme.test' });
    expect((await staff.patch('/v1/accounts/mail-sender', { mail_reply_to: null })).statusCode).toBe(200);
  });
});
