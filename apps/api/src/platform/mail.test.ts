import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openTestDatabase } from '../db/testing';
import { emailOutbox } from '../db/schema/platform';
import { createMailer, parseMailbox, requeueStuck, type MailTransport } from './mail';

let database: Awaited<ReturnType<typeof openTestDatabase>>;
beforeAll(async () => {
  database = await openTestDatabase();
});
afterAll(() => database.dispose());

const mail = (key: string) => ({ to: 'ann@example.test', subject: 'Hello', html: '<p>Hi</p>', text: 'Hi', event: 'test', dedupeKey: key });

describe('mail outbox', () => {
  it('queues one email per dedupe key and sends it once', async () => {
    const sent: string[] = [];
    const transport: MailTransport = { kind: 'smtp', send: async (m) => void sent.push(m.to) };
    const mailer = createMailer(database.db, transport, 'from@example.test');
    await mailer.queue(database.db, mail('once'));
    await mailer.queue(database.db, mail('once'));
    expect(await mailer.deliverDue()).toBe(1);
    expect(await mailer.deliverDue()).toBe(0);
    expect(sent).toEqual(['ann@example.test']);
  });

  it('keeps a failed email queued with back-off and the error', async () => {
    const mailer = createMailer(database.db, { kind: 'smtp', send: async () => { throw new Error('421 try later'); } }, 'f@example.test');
    await mailer.queue(database.db, mail('fails'));
    await mailer.deliverDue();
    const [row] = await database.db.select().from(emailOutbox).where(eq(emailOutbox.dedupeKey, 'fails'));
    expect(row).toMatchObject({ status: 'queued', attempts: 1, lastError: '421 try later' });
    expect(row!.nextAttemptAt.getTime()).toBeGreaterThan(Date.now());
  });

  it('reclaims a row left sending only once its claim is old, however long ago it was queued', async () => {
    await database.db.insert(emailOutbox).values({ ...mail('stuck'), toEmail: 'ann@example.test', status: 'queued', nextAttemptAt: new Date(Date.now() - 3_600_000) });
    let release!: () => void;
    const slow = createMailer(database.db, { kind: 'smtp', send: () => new Promise<void>((r) => (release = r)) }, 'f@example.test');
    const delivering = slow.deliverDue();
    await new Promise((r) => setTimeout(r, 50));
    await requeueStuck(database.db); // another process starting now must not steal the row being sent
    const [during] = await database.db.select().from(emailOutbox).where(eq(emailOutbox.dedupeKey, 'stuck'));
    expect(during!.status).toBe('sending');
    release();
    await delivering;
    await database.db.update(emailOutbox).set({ status: 'sending', nextAttemptAt: new Date(Date.now() - 11 * 60_000) }).where(eq(emailOutbox.dedupeKey, 'stuck'));
    await requeueStuck(database.db);
    const [after] = await database.db.select().from(emailOutbox).where(eq(emailOutbox.dedupeKey, 'stuck'));
    expect(after!.status).toBe('queued');
  });

  it('reads MAIL_FROM with or without a display name', () => {
    expect(parseMailbox('"Hireline, Mail" <no-reply@hireline.test>')).toEqual({ name: 'Hireline, Mail', address: 'no-reply@hireline.test' });
    expect(parseMailbox('no-reply@hireline.test')).toEqual({ name: '', address: 'no-reply@hireline.test' });
  });
});
