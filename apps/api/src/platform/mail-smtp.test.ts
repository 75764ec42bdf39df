import { eq, sql } from 'drizzle-orm';
import type { AddressInfo } from 'node:net';
import { SMTPServer } from 'smtp-server';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { openTestDatabase, type TestDatabase } from '../db/testing';
import { emailOutbox } from '../db/schema/platform';
import { createMailer, requeueStuck, smtpTransport } from './mail';

/*
 * Delivery through a real SMTP server started here: what arrives, a refusal retried with back-off, a process that
 * died mid-send, and two processes delivering from one outbox.
 */

interface Received {
  to: string[];
  raw: string;
}

let database: TestDatabase;
let server: SMTPServer;
let url: string;
const received: Received[] = [];
/** How many more deliveries the server turns away with a temporary failure. */
let refuse = 0;

beforeAll(async () => {
  database = await openTestDatabase();
  server = new SMTPServer({
    authOptional: true,
    // A connection nodemailer left open after a refusal must not hold the test's end for the default 30 s.
    closeTimeout: 100,
    disabledCommands: ['STARTTLS'],
    onRcptTo(_address, _session, callback) {
      if (refuse > 0) {
        refuse--;
        const err = Object.assign(new Error('Mailbox busy, try later'), { responseCode: 451 });
        return callback(err);
      }
      callback();
    },
    onData(stream, session, callback) {
      const chunks: Buffer[] = [];
      stream.on('data', (c: Buffer) => chunks.push(c));
      stream.on('end', () => {
        received.push({ to: session.envelope.rcptTo.map((r) => r.address), raw: Buffer.concat(chunks).toString('utf8') });
        callback();
      });
    },
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  url = `smtp://127.0.0.1:${(server.server.address() as AddressInfo).port}`;
});
afterAll(async () => {
  await new Promise<void>((resolve) => server.close(() => resolve()));
  await database.dispose();
});
beforeEach(() => {
  received.length = 0;
  refuse = 0;
});

const mail = (key: string, to = 'ann@example.test') => ({
  to,
  toName: 'Ann',
  subject: `Subject ${key}`,
  html: `<p>Hello ${key}</p>`,
  text: `Hello ${key}`,
  event: 'test',
  dedupeKey: key,
});
const row = async (key: string) => (await database.db.select().from(emailOutbox).where(eq(emailOutbox.dedupeKey, key)))[0]!;
const makeDue = (key: string) => database.db.update(emailOutbox).set({ nextAttemptAt: sql`now() - interval '1 second'` }).where(eq(emailOutbox.dedupeKey, key));

describe('SMTP delivery', () => {
  it('delivers subject, both parts and a message id naming the outbox row', async () => {
    const mailer = createMailer(database.db, smtpTransport(url), 'Hireline <mail@hireline.test>');
    await mailer.queue(database.db, mail('smtp-1'));
    expect(await mailer.deliverDue()).toBe(1);
    expect(received).toHaveLength(1);
    const got = received[0]!;
    expect(got.to).toEqual(['ann@example.test']);
    expect(got.raw).toContain('Subject: Subject smtp-1');
    expect(got.raw).toContain('Content-Type: text/plain');
    expect(got.raw).toContain('Content-Type: text/html');
    const r = await row('smtp-1');
    expect(got.raw).toContain(`Message-ID: <${r.id}@hireline.mail>`);
    expect(r).toMatchObject({ status: 'sent', attempts: 1, lastError: null });
  });

  it('keeps a refused email queued with the error and delivers it once on the retry', async () => {
    const mailer = createMailer(database.db, smtpTransport(url), 'mail@hireline.test');
    await mailer.queue(database.db, mail('smtp-retry'));
    refuse = 1;
    expect(await mailer.deliverDue()).toBe(0);
    const failed = await row('smtp-retry');
    expect(failed).toMatchObject({ status: 'queued', attempts: 1 });
    expect(failed.lastError).toContain('Mailbox busy');
    expect(failed.nextAttemptAt.getTime()).toBeGreaterThan(Date.now() + 30_000);
    expect(await mailer.deliverDue()).toBe(0); // backing off
    await makeDue('smtp-retry');
    expect(await mailer.deliverDue()).toBe(1);
    expect(received).toHaveLength(1);
    expect(await row('smtp-retry')).toMatchObject({ status: 'sent', attempts: 2, lastError: null });
  });

  it('after a crash mid-send, the restarted process sends the email again exactly once', async () => {
    const mailer = createMailer(database.db, smtpTransport(url), 'mail@hireline.test');
    await mailer.queue(database.db, mail('smtp-crash'));
    // What a process that died after claiming the row leaves behind.
    await database.db.update(emailOutbox).set({ status: 'sending', attempts: 1, nextAttemptAt: sql`now() - interval '11 minutes'` }).where(eq(emailOutbox.dedupeKey, 'smtp-crash'));
    expect(await mailer.deliverDue()).toBe(0);
    await requeueStuck(database.db);
    expect(await mailer.deliverDue()).toBe(1);
    await requeueStuck(database.db);
    expect(await mailer.deliverDue()).toBe(0);
    expect(received).toHaveLength(1);
  });

  it('two processes delivering one outbox at once send every email once', async () => {
    const one = createMailer(database.db, smtpTransport(url), 'mail@hireline.test');
    const two = createMailer(database.db, smtpTransport(url), 'mail@hireline.test');
    const keys = Array.from({ length: 12 }, (_, i) => `smtp-pair-${i}`);
    await one.queue(database.db, keys.map((k, i) => mail(k, `person${i}@example.test`)));
    const [a, b] = await Promise.all([one.deliverDue(50), two.deliverDue(50)]);
    expect(a + b).toBe(12);
    expect(received.map((r) => r.to[0]).sort()).toEqual(keys.map((_, i) => `person${i}@example.test`).sort());
  });
});
